"""`skillgit verify`: does the proposed skill change what the agent does next?"""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from skillgit.cli.options import DAYS
from skillgit.errors import EXIT_OK, UsageError
from skillgit.printable import printable
from skillgit.redact.screen import echo_composed, screened_output

if TYPE_CHECKING:
    from skillgit.config import Config
    from skillgit.llm.base import Backend
    from skillgit.verify.budget import Estimate
    from skillgit.verify.run import Verifier, VerifyReport

NEEDS_MODEL = ("verify needs a model: it asks one what the agent does next, without and with "
               "the skill, and the offline heuristic engine cannot answer that. ")


@click.command("verify")
@click.argument("branches", nargs=-1)
@click.option("--source", type=click.Path(exists=True, path_type=Path), default=None,
              help="Sessions to build replay cases from (default: the agents' own folders).")
@click.option("--agent", "agents", multiple=True, metavar="NAME", help="Only these agents.")
@click.option("--since", type=DAYS, default=None, metavar="DAYS",
              help="Only sessions active in the last DAYS days.")
@click.option("--llm", "llm_name", default=None, metavar="NAME",
              help="Engine (default: SKILLGIT_LLM, .skillgit.yaml, auto-detect).")
@click.option("--model", default=None, help="Model for the engine (default: SKILLGIT_MODEL).")
@click.option("--samples", type=click.IntRange(1, 20), default=None,
              help="Answers per case and condition (default: verify.samples, 3).")
@click.option("--max-calls", type=click.IntRange(min=0), default=None, metavar="N",
              help="Hard cap on requests (default: verify.max_calls; verify.max_usd caps cost).")
@click.option("--workers", type=click.IntRange(1, 32), default=None,
              help="Requests at once (default: verify.workers, 4).")
@click.option("--from-digests", is_flag=True, help="Also replay from the team's shared digests "
              "(refs/skillgit/digests/* on --remote) where a session is not here.")
@click.option("--remote", default=None, metavar="NAME|URL", help="Where --from-digests "
              "fetches (default: share.remote, publish.remote, else origin).")
@click.option("--dry-run", is_flag=True, help="Print the replay cases, the messages each "
              "would send and the estimate; send nothing, write nothing.")
@click.option("--json", "as_json", is_flag=True, help="One JSON report on stdout.")
@click.option("--repo", "repo_path", default=".", show_default=True,
              type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="The skills repository.")
@screened_output
def verify(branches: tuple[str, ...], source: Path | None, agents: tuple[str, ...],
           since: float | None, llm_name: str | None, model: str | None, samples: int | None,
           max_calls: int | None, workers: int | None, from_digests: bool, remote: str | None,
           dry_run: bool, as_json: bool, repo_path: Path) -> int:
    """Replay each proposal's evidence (the moment the user corrected the agent) and ask the
    model for the agent's next action without and with the proposed skill; write "without
    a/N, with b/N" into the proposal's commit (trailer Skillgit-Effect) for its pull request.
    BRANCHES: proposal branches or skill names (default: every proposal)."""
    from skillgit.config import load_config
    from skillgit.gitops import GitRepo
    from skillgit.judge.model_judge import judge_label
    from skillgit.redact import Redactor
    from skillgit.transcripts.discover import SessionQuery, iter_conversations
    from skillgit.verify.cache import VerifyCache, default_verify_dir
    from skillgit.verify.run import VerifyOptions, pick_branches
    from skillgit.verify.run import verify as run_verify
    from skillgit.wire.commit import resolve_identity

    config = load_config(cwd=repo_path)
    backend = model_backend(llm_name or config.verify.llm, model or config.verify.model, config)
    section = config.verify
    options = VerifyOptions(
        samples=samples or section.samples,
        max_calls=max_calls if max_calls is not None else section.max_calls,
        max_usd=section.max_usd, workers=workers or section.workers,
        token_budget=section.token_budget, dry_run=dry_run,
        identity=resolve_identity(None, os.environ, config.mine.identity),
        context=json.dumps([sorted(config.redact.extra_patterns),
                            str(source.resolve()) if source else "", sorted(agents), since,
                            os.environ.get("HOME", ""), from_digests and (remote or "")]))
    redactor = Redactor.from_environment(list(config.redact.extra_patterns))
    query = SessionQuery(agents=agents, source=source, since_days=since)
    loaded: list[Any] = []

    def sessions() -> list[Any]:
        if not loaded:
            loaded.append(list(iter_conversations(query, redactor, on_warning=_warn)))
        found: list[Any] = loaded[0]
        return found

    shared: list[Any] = []

    def digests() -> list[Any]:
        if from_digests and not shared:
            from skillgit.share.run import team_digests
            shared.append(team_digests(repo_path, config, remote, os.environ, _warn))
        return shared[0] if shared else []

    def said(found: Estimate, cap: int | None) -> None:
        capped = "no cap" if cap is None else f"capped at {cap} requests"
        click.echo(f"skillgit: verify: estimate {found.text()}; {capped}", err=True)

    with GitRepo(repo_path) as repo:
        picked = pick_branches(repo, branches, options.identity)
        report = run_verify(repo, picked, backend, judge_label(backend),
                            VerifyCache(default_verify_dir()), sessions, options, said,
                            digests=digests)
    if as_json:
        echo_composed(report_json(report, dry_run))
    else:
        for line in report_lines(report, dry_run):
            if isinstance(line, dict):
                echo_composed(line)    # a replay case, one JSON object a line
            else:
                click.echo(printable(line))
    u = report.usage
    click.echo(f"skillgit: verify: {u.calls} requests, {u.input_tokens} tokens in, "
               f"{u.output_tokens} out; {report.cached} answers from the cache", err=True)
    return EXIT_OK


def model_backend(llm_name: str | None, model: str | None, config: Config) -> Backend:
    """The model `verify` asks; a usage error (exit 2) for the offline heuristic engine."""
    from skillgit.cli.llm import find_backend
    from skillgit.distill.engines import create_engine
    from skillgit.llm.base import EngineUnavailable
    from skillgit.llm.select import BASE_URL_VARIABLES, HEURISTIC, enable_hint, select_engine

    selection = select_engine(llm_name, model, os.environ, config)
    if selection.engine == HEURISTIC:
        raise NeedsModel(NEEDS_MODEL + "Name one with --llm and --model, or verify.llm and "
                         "verify.model in .skillgit.yaml (verify.base_url: its server). "
                         + enable_hint())
    if config.verify.base_url is not None:
        if selection.engine not in BASE_URL_VARIABLES:
            raise UsageError(f"{config.source_of('verify.base_url')}: engine "
                             f"{selection.engine!r} takes no server URL (an OpenAI-compatible "
                             "engine does, e.g. --llm openai)")
        selection = replace(selection, settings=selection.settings.model_copy(
            update={"base_url": config.verify.base_url}))
    backend = find_backend(create_engine(selection), selection)
    if backend is None:
        raise EngineUnavailable(f"engine {selection.engine!r} offers no model to ask")
    return backend


class NeedsModel(UsageError):
    """The engine chosen for verify is the offline one, which cannot say what an agent does."""


def make_verifier(llm_name: str | None, model: str | None, config: Config,
                  source: str = "") -> Verifier:
    """What `skillgit eval --verify-llm` and `mine`'s verify step measure with (the config's
    `verify` settings). `source`: what the cases are built from, part of their cache key."""
    from skillgit.judge.model_judge import judge_label
    from skillgit.verify.run import Verifier, VerifyOptions
    from skillgit.wire.commit import resolve_identity

    backend = model_backend(llm_name, model, config)
    section = config.verify
    return Verifier(backend, judge_label(backend), VerifyOptions(
        samples=section.samples, max_calls=section.max_calls, max_usd=section.max_usd,
        workers=section.workers, token_budget=section.token_budget,
        identity=resolve_identity(None, os.environ, config.mine.identity),
        context=json.dumps([sorted(config.redact.extra_patterns), source]
                           if source else sorted(config.redact.extra_patterns))))


def _warn(message: str) -> None:
    click.echo(f"skillgit: warning: {printable(message)}", err=True)


def report_json(report: VerifyReport, dry_run: bool) -> dict[str, Any]:
    from skillgit.verify.effect import NO_EFFECT_LABEL, trailer_value

    out: list[dict[str, Any]] = []
    for p in report.proposals:
        item: dict[str, Any] = {"branch": p.branch, "status": p.status, "written": p.written,
                                "notes": p.cases.notes}
        if dry_run:
            sent: dict[str, dict[str, Any]] = {}
            for job in p.planned:
                if job.sample == 0:   # every sample sends the same two messages
                    sent.setdefault(job.case.case_id, {})[job.condition] = job.as_sent()
            item["cases"] = [{**json.loads(c.model_dump_json()),
                              "requests": sent.get(c.case_id, {})} for c in p.cases.cases]
        if p.effect is not None:
            item["effect"] = {"without": p.effect.without, "with": p.effect.with_skill,
                              "n": p.effect.samples, "unparsed": p.effect.unparsed,
                              "trailer": trailer_value(p.effect), "rows": p.effect.rows,
                              "labels": [] if p.effect.gain else [NO_EFFECT_LABEL]}
        out.append(item)
    e = report.estimate
    return {"engine": report.engine, "dry_run": dry_run, "proposals": out,
            "estimate": {"requests": e.requests, "worst_requests": e.worst_requests,
                         "input_tokens": e.input_tokens, "output_tokens": e.output_tokens,
                         "usd": e.usd, "cap": report.cap},
            "usage": report.usage.model_dump(), "cached": report.cached}


def report_lines(report: VerifyReport, dry_run: bool) -> list[str | dict[str, Any]]:
    """The text report; a dry run's replay cases are values (one JSON object a line)."""
    from skillgit.verify.effect import trailer_value

    lines: list[str | dict[str, Any]] = []
    for p in report.proposals:
        if dry_run:
            lines.append(f"{p.branch}: {len(p.cases.cases)} replay cases")
            lines += [json.loads(c.model_dump_json()) for c in p.cases.cases]
        elif p.effect is not None:
            verdict = "" if p.effect.gain else " (no measured effect)"
            lines.append(f"{p.status} {p.branch}: {trailer_value(p.effect)}{verdict}"
                         + (f" [{p.written}]" if p.written else ""))
        else:
            why = {"incomplete": ": the request cap was reached; nothing written",
                   "no-cases": ": no replay case; nothing measured",
                   "foreign": ": not skillgit's commit; left alone"}.get(p.status, "")
            lines.append(f"{p.status} {p.branch}{why}")
        lines += [f"  note: {note}" for note in p.cases.notes]
    return lines
