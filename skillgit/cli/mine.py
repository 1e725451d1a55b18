"""`skillgit mine`: turn recent agent sessions into proposal branches in this skills repo."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from skillgit import stages
from skillgit.cli.jsonout import versioned
from skillgit.cli.options import DAYS
from skillgit.cli.progress import Progress, wanted
from skillgit.errors import EXIT_OK
from skillgit.printable import json_printable, printable
from skillgit.redact.screen import screened_output
from skillgit.wording import plural

if TYPE_CHECKING:  # imported when mining starts: `mine --help` stays quick
    from skillgit.distill.run import DistillResult
    from skillgit.judge.model_judge import JudgeReport
    from skillgit.mine.cost import SkillCost
    from skillgit.mine.run import MineResult
    from skillgit.verify.after_mine import MineVerify

MAX_REJECTED_SHOWN = 8


@click.command("mine")
@click.option("--since", type=DAYS, default=None, metavar="DAYS",
              help="Only sessions active in the last DAYS days.")
@click.option("--agent", "agents", multiple=True, metavar="NAME",
              help="Only this agent (repeatable): claude-code, codex, gemini, opencode, cursor.")
@click.option("--source", type=click.Path(exists=True, path_type=Path), default=None,
              help="Mine this file or folder instead of the agents' default locations.")
@click.option("--llm", "llm_name", default=None, metavar="NAME",
              help="Engine (default: SKILLGIT_LLM, .skillgit.yaml, auto-detect, heuristic).")
@click.option("--model", default=None, help="Model for the engine (default: SKILLGIT_MODEL).")
@click.option("--judge-llm", default=None, metavar="NAME",
              help="Engine that judges the candidates (default: judge.llm, else the distill "
              "engine; heuristic: the rule-based gate).")
@click.option("--judge-model", default=None, metavar="M",
              help="Model for the judge engine (default: judge.model, else the distill model).")
@click.option("--verify-llm", default=None, metavar="NAME",
              help="Measure each proposal's effect with this engine before it is published "
              "(default: verify.llm; none: no verify step).")
@click.option("--verify-model", default=None, metavar="M",
              help="Model for the verify engine (default: verify.model).")
@click.option("--max", "max_proposals", type=click.IntRange(1, 50), default=None,
              help="At most N proposals per run (default: mine.max_proposals, 5).")
@click.option("--base", default=None, help="Base branch (default: mine.base, else the "
              "checked-out branch).")
@click.option("--skills-dir", default=None, help="Where new skills go (default: mine.skills_dir, "
              "else where most existing skills live, else skills/).")
@click.option("--dry-run", is_flag=True, help="Print branches, messages and diffs; write no git "
              "object (digests are still cached; the remote's skillgit branches are fetched "
              "to read the ledger and open proposals).")
@click.option("--json", "as_json", is_flag=True, help="One JSON summary on stdout.")
@click.option("--repo", "repo_path", default=".", show_default=True,
              type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="The skills repository.")
@click.option("--workers", type=click.IntRange(1, 64), default=None,
              help="Sessions distilled in parallel (default: distill.workers, 4).")
@click.option("--limit", type=click.IntRange(min=1), default=None,
              help="At most N sessions, newest first.")
@click.option("--refresh", is_flag=True, help="Recompute cached digests.")
@click.option("--from-digests", is_flag=True, help="Mine the team's shared digests "
              "(refs/skillgit/digests/* on --remote); with --source, together with those "
              "sessions.")
@click.option("--remote", default=None, metavar="NAME|URL", help="Where the ledger and open "
              "proposals are read (default: publish.remote, else origin) and --from-digests "
              "fetches (default: share.remote, publish.remote, else origin).")
@screened_output
def mine(since: float | None, agents: tuple[str, ...], source: Path | None,
         llm_name: str | None, model: str | None, judge_llm: str | None,
         judge_model: str | None, verify_llm: str | None, verify_model: str | None,
         max_proposals: int | None, base: str | None,
         skills_dir: str | None, dry_run: bool, as_json: bool, repo_path: Path,
         workers: int | None, limit: int | None, refresh: bool, from_digests: bool,
         remote: str | None) -> int:
    """Mine agent sessions into skill proposals: one branch and one commit each.

    Reads transcripts (redacted), distills each session (cached), groups them by kind of
    work, keeps what is repeatable AND (has room to do better OR is a repeated ask), and
    writes skillgit/new/<skill> or skillgit/update/<skill> branches. Never touches your
    work tree, index or checked-out branch.
    """
    from skillgit.config import SKILLS_DIR_RULE, load_config, skills_dir_is_inside
    from skillgit.distill.cache import DigestCache, default_cache_dir, parse_tag
    from skillgit.distill.engines import resolve_engine
    from skillgit.distill.run import DistillOptions
    from skillgit.judge.select import make_judge
    from skillgit.mine.run import MineOptions, dry_run_text, run_mine
    from skillgit.redact import Redactor
    from skillgit.transcripts.discover import SessionQuery
    from skillgit.wire.commit import resolve_identity

    if skills_dir is not None and not skills_dir_is_inside(skills_dir):
        raise click.BadParameter(SKILLS_DIR_RULE, param_hint="'--skills-dir'")
    config = load_config(cwd=repo_path)
    engine = resolve_engine(llm_name, model, os.environ, config)
    patterns = list(config.redact.extra_patterns)
    redactor = Redactor.from_environment(patterns)
    judge = make_judge(judge_llm, judge_model, engine, os.environ, config, redactor,
                       refresh=refresh)
    section = config.mine
    options = MineOptions(
        max_proposals=max_proposals or section.max_proposals, base=base or section.base,
        dry_run=dry_run, skills_dir=skills_dir or section.skills_dir,
        identity=resolve_identity(None, os.environ, section.identity),
        window=config.attribution.window, remote=remote or config.publish.remote)
    distill = DistillOptions(workers=workers or config.distill.workers, limit=limit,
                             refresh=refresh, parse_tag=parse_tag(patterns))
    progress = Progress(enabled=wanted() and not as_json)
    query = SessionQuery(agents=agents, source=source, since_days=since)

    def warn(message: str) -> None:
        click.echo(f"skillgit: warning: {printable(message)}", err=True)

    if not dry_run:  # a PR closed unmerged since the last publish is a "no" to honour now
        from skillgit.github.connect import for_remote
        from skillgit.publish.forge_closed import learn_closed
        for note in learn_closed(repo_path, options.remote,
                                 lambda target: for_remote(target, os.environ),
                                 options.identity):
            click.echo(f"skillgit: {printable(note)}", err=True)
    shared = None
    if from_digests:
        from skillgit.mine.from_digests import mine_shared
        from skillgit.share.run import local_sessions
        local = local_sessions(engine, query, distill, redactor, None, warn) \
            if source is not None else None
        with stages.listening(progress):
            distilled, result, shared = mine_shared(
                repo_path, config, options, engine, redactor, os.environ, remote=remote,
                since_days=since, local=local, on_warning=warn, model_judge=judge)
    else:
        with stages.listening(progress):
            distilled, result = run_mine(
                repo_path, query, options, engine, cache=DigestCache(default_cache_dir()),
                redactor=redactor, distill=distill, model_judge=judge, env=os.environ,
                on_warning=warn)
    progress.done()
    verified: MineVerify | None = None
    verify_lines: list[str] = []
    verify_notes: list[str] = []
    if not dry_run:   # measured into the commits just written (`verify/after_mine.py`)
        from skillgit.cli.mine_verify import mine_verify_step
        step = mine_verify_step(
            repo_path, [(o.branch, o.status) for o in result.outcomes],
            shared.digests if shared is not None else distilled.digests,
            verify_llm, verify_model, config,
            {p.fingerprint: p.verdict.candidate.signals for p in result.found.proposals})
        verified, verify_lines, verify_notes = step.done, step.lines, step.notes
        if verified is not None:
            result.outcomes = [o.model_copy(update={"sha": verified.tips[o.branch]})
                               if o.branch in verified.tips else o for o in result.outcomes]
    if as_json:
        summary = summary_json(distilled, result)
        summary["notes"] = [*summary["notes"], *verify_notes]
        if verified is not None:
            from skillgit.cli.mine_verify import mine_verify_json
            summary["verify"] = mine_verify_json(verified)
        if shared is not None:
            summary["shared"] = {"contributors": len(shared.contributors),
                                 "digests": len(shared.digests), "files": shared.files,
                                 "duplicates": shared.duplicates,
                                 "problems": shared.problems}
        click.echo(json_printable(json.dumps(versioned(summary))))
    elif dry_run:
        click.echo(printable(dry_run_text(repo_path, result), multiline=True), nl=False)
    else:
        from skillgit.cli.mine_verify import measured_outcome
        for outcome in result.outcomes:
            status, measured = measured_outcome(outcome.status, outcome.branch, verified)
            detail = "; ".join(d for d in (outcome.detail, measured) if d)
            click.echo(printable(f"{status:<10} {outcome.branch}"
                                 + (f"  ({detail})" if detail else "")))
    if shared is not None:
        click.echo(printable(f"skillgit: shared digests: {len(shared.digests)} sessions from "
                             f"{len(shared.contributors)} contributors ({shared.duplicates} "
                             f"duplicates merged, {len(shared.problems)} problems)"), err=True)
    for line in summary_lines(distilled, result, shared=shared is not None) + verify_lines:
        click.echo(printable(line), err=True)
    return EXIT_OK


def summary_lines(distilled: DistillResult, result: MineResult, *,
                  shared: bool = False) -> list[str]:
    """The run summary on stderr; `shared`: the sessions mined include teammates' digests
    (`--from-digests`), so they are not all read from local files."""
    s, found = distilled.stats, result.found
    usage = distilled.usage + found.usage
    read = (f"{plural(s.sessions, 'session')} mined ({plural(s.files, 'local file')} read)"
            if shared else
            f"{plural(s.sessions, 'session')} read from {plural(s.files, 'file')}")
    lines = [
        f"skillgit: {read}; digests: {s.cached} cached,"
        f" {s.computed} new ({s.engine_calls} engine calls, {usage.input_tokens} tokens in, "
        f"{usage.output_tokens} out{', estimated' if usage.estimated else ''})",
        f"skillgit: {found.candidates} candidates -> {len(found.proposals)} proposals"
        + (f": {result.count('would-write')} would be written, {result.count('would-update')} "
           "would be updated" if result.dry_run else
           f": {result.count('written')} written, {result.count('updated')} updated")
        + f", {result.count('unchanged')} unchanged, {result.count('foreign')} left alone "
        "(changed by someone else)"
        + (" (dry run: no git object written)" if result.dry_run else ""),
    ]
    lines.append(f"skillgit: {cost_line(distilled, result)}")
    lines += [f"skillgit: note: {note}" for note in result.notes]
    if found.judge is not None:
        lines.append(f"skillgit: {judge_line(found.judge)}")
    if found.withheld:
        from skillgit.mine.propose import withheld_summary
        lines.append(f"skillgit: {withheld_summary(found.withheld)}")
    notable = [r for r in found.rejected if r.sessions >= 2 or not r.missed.startswith("not")]
    if notable:
        lines.append("skillgit: rejected candidates (the dimension each missed):")
        lines += [f"  - \u201c{r.title[:70]}\u201d ({plural(r.sessions, 'session')}): {r.missed}"
                  for r in notable[:MAX_REJECTED_SHOWN]]
        if len(notable) > MAX_REJECTED_SHOWN:
            lines.append(f"  - … and {len(notable) - MAX_REJECTED_SHOWN} more (see --json)")
    one_offs = len(found.rejected) - len(notable)
    if one_offs:
        lines.append(f"skillgit: {one_offs} one-off candidates seen in a single session")
    if found.not_listed:
        lines.append(f"skillgit: {found.not_listed} more candidates ranked below these, "
                     "not listed")
    if result.outcomes and not result.dry_run:
        lines.append("skillgit: review with `skillgit proposals` or "
                     f"`git log -p {result.outcomes[0].branch}`")
    return lines


def summary_json(distilled: DistillResult, result: MineResult) -> dict[str, Any]:
    from skillgit.mine.cost import proposal_cost

    s = distilled.stats
    by_branch = {o.branch: o for o in result.outcomes}
    return {
        "base": {"branch": result.base_branch, "sha": result.base_sha},
        "dry_run": result.dry_run,
        "sessions": s.sessions, "files": s.files,
        "digests": {"cached": s.cached, "new": s.computed, "engine_calls": s.engine_calls},
        "usage": (distilled.usage + result.found.usage).model_dump(),
        "estimated_cost_usd": engine_cost(distilled, result),
        "judge": (result.found.judge.model_dump() if result.found.judge is not None
                  else {"engine": "heuristic", "calls": 0}),
        "candidates": result.found.candidates,
        "proposals": [{
            "branch": p.branch, "kind": p.kind, "skill": p.skill, "summary": p.summary,
            "fingerprint": p.fingerprint, "evidence_sessions": len(p.evidence_sessions),
            "context_tokens": _cost(proposal_cost(p)),
            "status": by_branch[p.branch].status if p.branch in by_branch else None,
            "sha": by_branch[p.branch].sha if p.branch in by_branch else None,
            "review_carefully": [item.model_dump() for item in p.review_carefully],
            "dimensions": {"repeatable": p.verdict.repeatable.holds,
                           "feedback": p.verdict.feedback.holds,
                           "repeated_ask": p.verdict.repeated_ask.holds},
            "judged_by": p.verdict.judged_by, "judge_fallback": p.verdict.fallback,
            "reasons": {"repeatable": p.verdict.repeatable.reason,
                        "feedback": p.verdict.feedback.reason,
                        "repeated_ask": p.verdict.repeated_ask.reason,
                        **{c.name: c.reason for c in p.verdict.checks}},
        } for p in result.found.proposals],
        "rejected": [r.model_dump() for r in result.found.rejected],
        "not_listed": result.found.not_listed,
        "withheld": dict(sorted(result.found.withheld.items())),
        "notes": result.notes,
    }


def _cost(cost: SkillCost | None) -> dict[str, int] | None:
    """The proposed SKILL.md's estimated tokens: always loaded (name + description) and body."""
    return None if cost is None else {"always_loaded": cost.always_loaded, "body": cost.body}


def engine_cost(distilled: DistillResult, result: MineResult) -> float | None:
    """Estimated USD for distilling and writing (the distill engine's price; None: unknown)."""
    from skillgit.judge.prices import estimated_cost

    usage = distilled.usage + result.found.usage
    if usage.calls == 0:
        return 0.0
    return estimated_cost(usage, result.engine)


def cost_line(distilled: DistillResult, result: MineResult) -> str:
    from skillgit.judge.prices import cost_text

    return f"estimated cost of distilling and writing: {cost_text(engine_cost(distilled, result))}"


def judge_line(report: JudgeReport) -> str:
    from skillgit.judge.prices import cost_text

    usage = report.usage
    return (f"judge {report.engine}: {report.candidates} candidates, {report.calls} calls "
            f"({report.cached} cached, {report.merged} merged, {report.fallbacks} kept the "
            f"heuristic verdict), {usage.input_tokens} tokens in, {usage.output_tokens} out"
            f"{', estimated' if usage.estimated else ''}; estimated cost "
            f"{cost_text(report.cost_usd)}")
