"""Output reporters for validation results: a small registry of text, json and github.

- text: one line per finding, `path:line: LEVEL rule-id message`, for people.
- json: one document with a stable, versioned schema (documented in README), for machines.
- github: workflow commands (`::error file=…,line=…,title=…::message`) that GitHub Actions
  turns into annotations on the pull request.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TextIO

from skillgit.printable import json_printable, printable
from skillgit.skills.findings import Finding, Level
from skillgit.skills.validate import ValidationReport

JSON_SCHEMA_VERSION = 1

# json's own string encoder (the C one when available), as used with ensure_ascii=False.
_string: Callable[[str], str] = json.encoder.encode_basestring

Reporter = Callable[[ValidationReport, TextIO, bool], None]


def _visible(finding: Finding, verbose: bool) -> bool:
    return verbose or finding.level is not Level.INFO


def _summary(report: ValidationReport) -> str:
    n = len(report.skills)
    return (f"{n} skill{'s' if n != 1 else ''} checked ({report.profile} profile): "
            f"{report.count(Level.ERROR)} errors, {report.count(Level.WARNING)} warnings; "
            f"always-loaded context ~{report.context_tokens} tokens")


# A path or message shown escaped (`skillgit.printable`): a SKILL.md must not be able to start
# a line of its own in text output (a workflow command in CI), send terminal escapes or
# reorder what is shown with a bidi override.
_printable = printable


def report_text(report: ValidationReport, out: TextIO, verbose: bool) -> None:
    for f in report.findings:
        if _visible(f, verbose):
            where = f"{f.path}:{f.line}" if f.line else f.path
            out.write(_printable(f"{where}: {f.level.value.upper()} {f.rule} {f.message}") + "\n")


def text_summary(report: ValidationReport) -> str:
    return _summary(report)


def report_json(report: ValidationReport, out: TextIO, verbose: bool) -> None:
    """The JSON document, laid out exactly as `json.dump(..., indent=2, ensure_ascii=False)`
    lays it out, but written directly: the pure-Python encoder that `indent` needs was most of
    the time of a large report."""
    summary = {
        "skills": len(report.skills),
        "errors": report.count(Level.ERROR),
        "warnings": report.count(Level.WARNING),
        "infos": report.count(Level.INFO),
        "context_tokens": report.context_tokens,
    }
    parts = [f'{{\n  "version": {JSON_SCHEMA_VERSION},\n  "profile": {_string(report.profile)},'
             '\n  "summary": {\n']
    parts.append(",\n".join(f'    "{key}": {value}' for key, value in summary.items()))
    parts.append('\n  },\n  "skills": [')
    for index, skill in enumerate(report.skills):
        parts.append(",\n    {\n" if index else "\n    {\n")
        parts.append(f'      "path": {_string(skill.path)},\n'
                     f'      "name": {_value(skill.name)},\n'
                     f'      "context_tokens": {_value(skill.context_tokens)},\n'
                     f'      "errors": {skill.errors},\n'
                     '      "findings": [')
        for number, f in enumerate(sorted(skill.findings, key=Finding.sort_key)):
            parts.append(",\n        {\n" if number else "\n        {\n")
            parts.append(f'          "path": {_string(f.path)},\n'
                         f'          "line": {_value(f.line)},\n'
                         f'          "level": {_string(f.level.value)},\n'
                         f'          "rule": {_string(f.rule)},\n'
                         f'          "message": {_string(f.message)}\n'
                         '        }')
        parts.append("\n      ]\n    }" if skill.findings else "]\n    }")
    parts.append("\n  ]\n}\n" if report.skills else "]\n}\n")
    out.write(json_printable("".join(parts)))  # C1 controls and bidi characters escaped too


def _value(value: str | int | None) -> str:
    """One JSON scalar (null, a number or a string), as json.dumps writes it."""
    if value is None:
        return "null"
    if isinstance(value, str):
        return _string(value)
    return int.__repr__(value)


def _escape_data(value: str) -> str:
    """GitHub's escapes (%25, %0D, %0A), then every other control character shown escaped
    (`\x1b`), as in text output: no terminal escapes or stray bytes reach the Actions log."""
    return _printable(value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))


def _escape_property(value: str) -> str:
    return _escape_data(value).replace(":", "%3A").replace(",", "%2C")


_GITHUB_COMMAND = {Level.ERROR: "error", Level.WARNING: "warning", Level.INFO: "notice"}


def github_annotation(f: Finding) -> str:
    """One workflow command (`::error file=…,line=…,title=…::message`), escaped per GitHub's
    rules, without the newline."""
    props = [f"file={_escape_property(f.path)}"]
    if f.line:
        props.append(f"line={f.line}")
    props.append(f"title={_escape_property('skillgit ' + f.rule)}")
    return f"::{_GITHUB_COMMAND[f.level]} {','.join(props)}::{_escape_data(f.message)}"


def report_github(report: ValidationReport, out: TextIO, verbose: bool) -> None:
    for f in report.findings:
        if _visible(f, verbose):
            out.write(github_annotation(f) + "\n")


REPORTERS: dict[str, Reporter] = {
    "text": report_text,
    "json": report_json,
    "github": report_github,
}
