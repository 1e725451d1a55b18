"""The Action's machine-readable outputs: `result` (one JSON object) and the pull requests this
run opened or updated (`pull-requests`: numbers, `pull-request-urls`: URLs, comma-separated).

`result` keeps raw strings (skill names, messages), JSON-escaped: a workflow that uses them
passes them through `env:`, never into a script. Its keys are stable; lists are capped so
the outputs stay far below GitHub's 1 MB per job.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from typing import Any

from skillgit.jobsummary.model import (
    ProposalRow,
    RunDocuments,
    count,
    findings,
    proposals,
    rejected,
    strings,
)

RESULT_VERSION = 1
MAX_ITEMS = 200                      # per list in `result`
WROTE = ("opened", "updated")        # the statuses `pull-requests` lists


def written_pulls(rows: list[ProposalRow]) -> list[ProposalRow]:
    """Proposals whose pull request this run opened or updated, in order."""
    return [r for r in rows if r.status in WROTE and r.number is not None]


def result_json(docs: RunDocuments) -> dict[str, Any]:
    rows = proposals(docs)
    found = findings(docs)
    statuses = [r.status for r in rows]
    publish_errors = strings(docs.publish, "errors")
    counts = {
        "sessions": count(docs.mine, "sessions"),
        "candidates": count(docs.mine, "candidates"),
        "proposals": len(rows),
        "rejected": len(rejected(docs)) if docs.mine is not None else None,
        **{status: statuses.count(status) for status in
           ("opened", "updated", "unchanged", "skipped-limit", "failed")},
        "pull_requests": sum(1 for r in rows if r.number is not None),
        "errors": count(docs.checked, "summary", "errors"),
        "warnings": count(docs.checked, "summary", "warnings"),
        "findings": len(found),
    }
    return {
        "version": RESULT_VERSION,
        "mode": docs.mode,
        "exit_code": docs.exit_code,
        "counts": counts,
        "proposals": [{
            "skill": r.skill, "kind": r.kind, "branch": r.branch, "status": r.status or None,
            "evidence_sessions": r.evidence_sessions,
            "context_tokens": (None if r.always_loaded is None else
                               {"always_loaded": r.always_loaded, "body": r.body}),
            "pull_request": (None if r.number is None else
                             {"number": r.number, "url": r.url or None}),
        } for r in rows[:MAX_ITEMS]],
        "pull_requests": [{"number": r.number, "url": r.url or None, "branch": r.branch,
                           "status": r.status}
                          for r in rows if r.number is not None][:MAX_ITEMS],
        "findings": [{"path": f.path, "line": f.line, "level": f.level, "rule": f.rule,
                      "message": f.message[:500]} for f in found[:MAX_ITEMS]],
        "findings_not_listed": max(len(found) - MAX_ITEMS, 0),
        "errors": publish_errors[:MAX_ITEMS],
    }


def pull_request_outputs(docs: RunDocuments) -> dict[str, str]:
    wrote = written_pulls(proposals(docs))
    return {"pull-requests": ",".join(str(r.number) for r in wrote),
            "pull-request-urls": ",".join(r.url for r in wrote if r.url)}


def output_file_text(outputs: Mapping[str, str]) -> str:
    """`$GITHUB_OUTPUT` lines: `name=value` for a one-line value, else the delimiter form
    `name<<DELIM` … `DELIM` with a random delimiter that occurs nowhere in the value (so a
    value can never end its block early and set another output)."""
    lines = []
    for name, value in outputs.items():
        if "\n" not in value and "\r" not in value and name != "result":
            lines.append(f"{name}={value}\n")
            continue
        delimiter = f"skillgit_{secrets.token_hex(16)}"
        while delimiter in value:                       # pragma: no cover (2^-128)
            delimiter = f"skillgit_{secrets.token_hex(16)}"
        lines.append(f"{name}<<{delimiter}\n{value}\n{delimiter}\n")
    return "".join(lines)


def result_text(docs: RunDocuments) -> str:
    return json.dumps(result_json(docs), ensure_ascii=False, separators=(",", ":"))
