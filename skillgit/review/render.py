"""`skillgit review` output on stdout: text for people, json for machines, github for Actions.

- text: the touched skills, then every error and warning, each marked whether it is on a
  changed line.
- github: one workflow command per finding on an added or changed line (annotations); the
  rest is in the job summary.
- json: one document (schema version REVIEW_SCHEMA_VERSION, documented in README).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TextIO

from skillgit.printable import json_printable, printable
from skillgit.report import github_annotation
from skillgit.review.model import ReviewResult
from skillgit.skills.findings import Level

REVIEW_SCHEMA_VERSION = 1


def render_text(result: ReviewResult, out: TextIO) -> None:
    for skill in result.skills:
        moved = f" (from {skill.old_directory or '.'})" if skill.old_directory is not None else ""
        out.write(printable(f"{skill.change}: {skill.directory or '.'}{moved}") + "\n")
    for skill in result.skills:
        for placed in skill.findings:
            f = placed.finding
            if f.level is Level.INFO:
                continue
            where = f"{f.path}:{f.line}" if f.line else f.path
            shifted = placed.moved
            tag = (" (unchanged line)" if not placed.annotated else "" if shifted is None
                   else f" (unchanged line; annotated on {f.path}"
                   + (f":{shifted.line})" if shifted.line else ")"))
            out.write(printable(f"{where}: {f.level.value.upper()} {f.rule} {f.message}{tag}")
                      + "\n")


def render_github(result: ReviewResult, out: TextIO) -> None:
    for placed in result.annotations():
        out.write(github_annotation(placed.annotation) + "\n")


def as_json(result: ReviewResult) -> dict[str, Any]:
    return {
        "version": REVIEW_SCHEMA_VERSION,
        "base": result.base,
        "head": result.head,
        "summary": {"skills": len(result.skills), "errors": result.count(Level.ERROR),
                    "warnings": result.count(Level.WARNING),
                    "context_tokens_delta": result.token_delta,
                    "files_changed": len(result.files)},
        "skills": [{
            "path": s.directory, "old_path": s.old_directory, "change": s.change,
            "name": s.name, "context_tokens_before": s.tokens_before,
            "context_tokens_after": s.tokens_after, "errors": s.count(Level.ERROR),
            "warnings": s.count(Level.WARNING),
            "findings": [{"path": p.finding.path, "line": p.finding.line,
                          "level": p.finding.level.value, "rule": p.finding.rule,
                          "message": p.finding.message, "annotated": p.annotated,
                          "annotated_line": (p.annotation.line if p.annotated else None)}
                         for p in s.findings if p.finding.level is not Level.INFO],
        } for s in result.skills],
        "near_duplicates": [{"skill": d.skill, "other": d.other, "score": d.score}
                            for d in result.near_duplicates],
        "proposal": None if result.proposal is None else {
            "fingerprint": result.proposal.fingerprint, "skill": result.proposal.skill,
            "kind": result.proposal.kind, "evidence": result.proposal.evidence,
            "engine": result.proposal.engine},
    }


def render_json(result: ReviewResult, out: TextIO) -> None:
    out.write(json_printable(json.dumps(as_json(result), indent=2, ensure_ascii=False)) + "\n")


RENDERERS: dict[str, Callable[[ReviewResult, TextIO], None]] = {
    "text": render_text, "json": render_json, "github": render_github}


def summary_line(result: ReviewResult) -> str:
    return (f"{len(result.skills)} skills touched, {len(result.files)} files changed: "
            f"{result.count(Level.ERROR)} errors, {result.count(Level.WARNING)} warnings, "
            f"{len(result.annotations())} on changed lines; always-loaded context "
            f"{result.token_delta:+d} tokens")
