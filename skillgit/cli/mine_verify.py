"""`mine`'s verify step as the command shows it: the verifier its options and `verify.*`
settings name, its stderr lines, its notes for `mine --json`, and how a proposal it measured
is listed. A step that cannot run is a warning naming why: the proposals are written either
way and `mine` exits 0 (`skillgit verify` itself exits 2 without a model)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skillgit.cli.verify import NeedsModel, make_verifier, report_json
from skillgit.errors import UsageError

if TYPE_CHECKING:
    from skillgit.config import Config
    from skillgit.verify.after_mine import MineVerify
    from skillgit.verify.run import Evidence, Verifier


def mine_verifier(verify_llm: str | None, verify_model: str | None,
                  config: Config) -> tuple[Verifier | None, str, str]:
    """`mine`'s verify step: (the verifier, "", "") when a model is configured for it (the
    options, else `verify.llm` / `verify.model`); (None, "", "") when none is, and nothing
    changes; (None, a one-line note, "") when it is the offline engine; (None, "", why) when
    the engine cannot be made (no key, a bad setting): the step cannot run."""
    from skillgit.llm.base import EngineUnavailable

    name, model = verify_llm or config.verify.llm, verify_model or config.verify.model
    if name is None and model is None:
        return None, "", ""
    try:
        return make_verifier(name, model, config, source="mine: the digests' replays"), "", ""
    except NeedsModel:
        where = "--verify-llm" if verify_llm else config.source_of("verify.llm") \
            if config.verify.llm else "the engine found for verify.model"
        return None, (f"verify needs a model, and {where} is the offline heuristic engine, "
                      "which cannot say what an agent does next; the proposals are written "
                      "without a measured effect"), ""
    except (EngineUnavailable, UsageError) as exc:
        return None, "", str(exc)


@dataclass
class MineVerifyStep:
    """What `mine`'s verify step did (None: no model configured for it, or the offline one),
    its lines for stderr, and its notes for `mine --json`'s `notes`."""

    done: MineVerify | None = None
    lines: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def mine_verify_step(repo_path: Path, outcomes: list[tuple[str, str]], digests: list[Any],
                     verify_llm: str | None, verify_model: str | None, config: Config,
                     evidence: Evidence | None = None) -> MineVerifyStep:
    """Run `mine`'s verify step when a model is configured for it. Nothing at all when none
    is; a note for the offline engine; a warning, never an error, when it cannot run (the
    proposals are written either way)."""
    from skillgit.judge.prices import cost_text, estimated_cost
    from skillgit.verify.after_mine import MineVerify, verify_after_mine
    from skillgit.verify.cache import VerifyCache, default_verify_dir
    from skillgit.verify.effect import trailer_value

    verifier, note, problem = mine_verifier(verify_llm, verify_model, config)
    if verifier is None:
        if problem:
            return MineVerifyStep(MineVerify(problem=problem), [not_run_line(problem)])
        return MineVerifyStep(None, [f"skillgit: note: {note}"] if note else [],
                              [note] if note else [])
    done = verify_after_mine(repo_path, outcomes, verifier, VerifyCache(default_verify_dir()),
                             digests, evidence)
    if done.report is None:
        return MineVerifyStep(done, [not_run_line(done.problem)] if done.problem else [])
    report, lines = done.report, []
    for p in report.proposals:
        shown = trailer_value(p.effect) if p.effect is not None else p.status
        gain = "" if p.effect is None or p.effect.gain else " (no measured effect)"
        lines.append(f"skillgit: verify: {p.branch}: {shown}{gain}")
        lines += [f"  note: {n}" for n in p.cases.notes]
    u = report.usage
    cost = estimated_cost(u, verifier.backend.model) if u.calls else 0.0
    lines.append(f"skillgit: verify {report.engine}: {u.calls} requests, {u.input_tokens} "
                 f"tokens in, {u.output_tokens} out; {report.cached} answers from the cache; "
                 f"estimated cost {cost_text(cost)}")
    return MineVerifyStep(done, lines)


def not_run_line(problem: str) -> str:
    return (f"skillgit: warning: verify did not run: {problem}; the proposals are written "
            "without a measured effect")


def measured_outcome(status: str, branch: str, done: MineVerify | None) -> tuple[str, str]:
    """How `mine` shows a proposal the verify step measured: (status, detail). A branch mine
    left `unchanged` whose commit verify then rewrote with new figures is `measured`."""
    from skillgit.verify.effect import trailer_value

    if done is None or done.report is None or branch not in done.tips:
        return status, ""
    effect = next((p.effect for p in done.report.proposals if p.branch == branch), None)
    detail = f"measured: {trailer_value(effect)}" if effect is not None else "measured"
    return ("measured" if status == "unchanged" else status), detail


def mine_verify_json(done: MineVerify) -> dict[str, Any]:
    """The `verify` object of `mine --json`."""
    if done.report is None:
        return {"ran": False, "problem": done.problem}
    return {"ran": True, **report_json(done.report, dry_run=False)}


