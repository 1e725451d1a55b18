"""Writing the reports where the runner reads them: the job summary appended to
$GITHUB_STEP_SUMMARY, the outputs to $GITHUB_OUTPUT (action/run.py calls `write_reports`)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from skillgit.jobsummary.model import RunDocuments
from skillgit.jobsummary.render import BUDGET, SUMMARY_LIMIT, render
from skillgit.jobsummary.result import output_file_text, pull_request_outputs, result_text

MARGIN = 4096


def summary_budget(path: str) -> int:
    """Bytes this report may add: what the step's summary has left, at most `BUDGET`."""
    try:
        used = os.path.getsize(path)
    except OSError:
        used = 0
    return min(SUMMARY_LIMIT - used - MARGIN, BUDGET)


def write_reports(run: RunDocuments, counts: Mapping[str, str],
                  environ: Mapping[str, str]) -> list[str]:
    """Append the summary (not for review, which writes its own) and write every output:
    `counts` plus `result`, `pull-requests` and `pull-request-urls`. Returns warnings to
    show (a full summary file, a missing GITHUB_OUTPUT)."""
    warnings = []
    summary = environ.get("GITHUB_STEP_SUMMARY", "")
    if summary and run.mode != "review":
        budget = summary_budget(summary)
        if budget < MARGIN:
            warnings.append("the step summary is nearly full (1 MiB): no report added")
        else:
            with open(summary, "a", encoding="utf-8") as out:
                out.write(render(run, budget))
    values = {**counts, **pull_request_outputs(run), "result": result_text(run)}
    text = output_file_text(values)
    output = environ.get("GITHUB_OUTPUT", "")
    if output:
        with open(output, "a", encoding="utf-8") as out:
            out.write(text)
    else:
        warnings.append("GITHUB_OUTPUT is not set: no outputs written")
    return warnings


def report_run(mode: str, code: int, documents: Mapping[str, dict[str, Any]],
               notes: list[str], counts: Mapping[str, str],
               environ: Mapping[str, str]) -> list[str]:
    """`write_reports` for what action/run.py collected. A report that cannot be written is
    a warning (the counts are still written), never a failed run."""
    run = RunDocuments(mode=mode, exit_code=code, mine=documents.get("mine"),
                       publish=documents.get("publish"), stats=documents.get("stats"),
                       checked=documents.get("checked"), notes=list(notes))
    try:
        return write_reports(run, counts, environ)
    except (OSError, ValueError, TypeError) as exc:
        output = environ.get("GITHUB_OUTPUT", "")
        if output:
            with open(output, "a", encoding="utf-8") as out:
                out.write(output_file_text(counts))
        return [f"no job summary or result: {type(exc).__name__}: {exc}"]
