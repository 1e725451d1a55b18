"""`skillgit eval`: measure an engine (and a judge) on a labelled set of sessions."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

import click

from skillgit.cli.jsonout import versioned
from skillgit.errors import EXIT_FINDINGS, EXIT_OK
from skillgit.printable import json_printable, printable

if TYPE_CHECKING:
    from skillgit.eval.score import Score


@click.command("eval")
@click.argument("path", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--llm", "llm_name", default=None, metavar="NAME",
              help="Distill engine (default: SKILLGIT_LLM, .skillgit.yaml, auto-detect, "
              "heuristic).")
@click.option("--model", default=None, help="Model for the engine (default: SKILLGIT_MODEL).")
@click.option("--judge-llm", default=None, metavar="NAME",
              help="Engine that judges (default: judge.llm, else the distill engine).")
@click.option("--judge-model", default=None, metavar="M", help="Model for the judge engine.")
@click.option("--min-recall", type=click.FloatRange(0.0, 1.0), default=None, metavar="X",
              help="Exit 1 when the recall is below X (0 to 1).")
@click.option("--verify-llm", default=None, metavar="NAME", help="Also measure each found "
              "lesson's effect with this model, as `skillgit verify` does.")
@click.option("--verify-model", default=None, metavar="M", help="Model for --verify-llm.")
@click.option("--json", "as_json", is_flag=True, help="One JSON report on stdout.")
def eval_command(path: Path, llm_name: str | None, model: str | None, judge_llm: str | None,
                 judge_model: str | None, min_recall: float | None, verify_llm: str | None,
                 verify_model: str | None, as_json: bool) -> int:
    """Run the whole pipeline on the labelled set at PATH (sessions/, optional skills/,
    expected.yaml) in a throwaway repository; print recall, spurious proposals, traps
    proposed, leaks of planted secrets, tokens and estimated cost. Exits 1 when a planted
    secret leaked or the recall is below --min-recall."""
    from skillgit.cli.verify import make_verifier
    from skillgit.config import load_config
    from skillgit.distill.engines import resolve_engine
    from skillgit.eval.labelled import load_labelled
    from skillgit.eval.run import run_eval
    from skillgit.judge.model_judge import JudgeSettings, ModelJudge
    from skillgit.judge.select import resolve_judge
    from skillgit.redact import Redactor

    labelled = load_labelled(path)
    config = load_config(cwd=Path.cwd())
    engine = resolve_engine(llm_name, model, os.environ, config)
    backend = resolve_judge(judge_llm, judge_model, engine, os.environ, config)
    redactor = Redactor.from_environment(list(config.redact.extra_patterns))
    settings = JudgeSettings(min_sessions=config.mine.min_sessions,
                             token_budget=config.judge.token_budget,
                             max_candidates=config.judge.max_candidates)

    def make_judge(cache: Path) -> ModelJudge | None:
        return None if backend is None else ModelJudge(backend, redactor=redactor,
                                                       cache_dir=cache, settings=settings)

    verifier = make_verifier(verify_llm, verify_model, config) \
        if verify_llm or verify_model else None
    result = run_eval(labelled, engine, make_judge, redactor, verifier)
    if as_json:
        click.echo(json_printable(json.dumps(versioned(
            {**result.model_dump(), "recall": result.recall, "min_recall": min_recall}))))
    else:
        for line in report_lines(result):
            click.echo(printable(line))
    short = min_recall is not None and result.recall < min_recall
    if short:
        click.echo(f"skillgit: recall {result.recall:.2f} is below --min-recall "
                   f"{min_recall:.2f}", err=True)
    if result.leaks:
        click.echo("skillgit: a planted secret leaked into the output", err=True)
    return EXIT_FINDINGS if short or result.leaks else EXIT_OK


def report_lines(result: Score) -> list[str]:
    from skillgit.judge.prices import cost_text

    u, j = result.usage, result.judge_usage
    return [
        f"engine    {result.engine} (judge: {result.judge})",
        f"recall    {len(result.found)}/{result.lessons} ({result.recall:.2f})"
        + (f"; missed {len(result.missed)}:" if result.missed else ""),
        *(f"  - {lesson}: {result.why_missed.get(lesson, 'no reason recorded')}"
          for lesson in result.missed),
        f"spurious  {len(result.spurious)}" + (f": {', '.join(result.spurious)}"
                                              if result.spurious else ""),
        f"traps     {len(result.traps)} proposed" + (f": {', '.join(result.traps)}"
                                                    if result.traps else ""),
        f"leaks     {len(result.leaks)}" + (f": {'; '.join(result.leaks)}"
                                           if result.leaks else ""),
        f"tokens    distill+write {u.input_tokens} in, {u.output_tokens} out ({u.calls} calls);"
        f" judge {j.input_tokens} in, {j.output_tokens} out ({result.judge_calls} calls)",
        f"cost      {cost_text(result.estimated_cost_usd)} (estimated)",
    ] + [f"effect    {lesson}: {figures}" for lesson, figures in sorted(result.effects.items())]
