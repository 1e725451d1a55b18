"""Skill use by version, from a `skillgit stats --json` document, as the Action's job summary
and the dashboard issue both show it: per skill, a Mermaid chart of its uses (bars) and
corrected uses (line) by version of its SKILL.md, and table rows with the correction rate.

Two readers: `read_uses` for the job summary (any shape; odd fields become 0 or empty, a
report never fails a run) and `load_usage` for `publish --usage FILE` (the file must be a
stats document: anything else is a `UsageError` naming the file and what is wrong).
Skill names and versions reach a chart only through `mermaid.label`, a table only through
`publish.markdown.inert`; nothing else but integers reaches either.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skillgit.charts import mermaid
from skillgit.errors import UsageError
from skillgit.publish.markdown import inert, table

MAX_FILE_BYTES = 32 * 1024 * 1024       # a stats document far larger than any real one


@dataclass(frozen=True)
class VersionUse:
    version: str          # "(before it was in the repository)" or a commit-based label
    since: str            # ISO date or ""
    invocations: int
    corrected: int


@dataclass(frozen=True)
class SkillUse:
    skill: str
    invocations: int
    versions: tuple[VersionUse, ...]


@dataclass(frozen=True)
class Usage:
    """What `publish --usage` read: the skills' use, and how many sessions it counts."""

    skills: tuple[SkillUse, ...]
    sessions: int | None = None


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _dicts(value: object) -> list[dict[str, Any]]:
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def read_uses(document: Mapping[str, Any] | None) -> list[SkillUse]:
    """The skills of a stats document of any shape (the job summary's reader)."""
    uses = []
    for s in _dicts((document or {}).get("skills")):
        versions = tuple(VersionUse(_str(v.get("version")), _str(v.get("since"))[:10],
                                    _int(v.get("invocations")) or 0,
                                    _int(v.get("corrected_invocations")) or 0)
                         for v in _dicts(s.get("versions")))
        uses.append(SkillUse(_str(s.get("skill")), _int(s.get("invocations")) or 0, versions))
    return uses


def _str(value: object) -> str:
    return value if isinstance(value, str) else ""


def _kind(value: object) -> str:
    """A JSON value's type, in JSON's words."""
    if value is None or isinstance(value, bool):
        return "null" if value is None else "a boolean"
    names = {dict: "an object", list: "an array", str: "a string", int: "a number",
             float: "a number"}
    return names.get(type(value), type(value).__name__)


def _got(entry: Mapping[str, Any], key: str) -> str:
    """What a field holds, for a message: a number itself, else its type; absent: nothing."""
    if key not in entry:
        return "nothing"
    value = entry[key]
    return repr(value)[:40] if _kind(value) == "a number" else _kind(value)


def _count(entry: Mapping[str, Any], key: str, where: str) -> int:
    number = _int(entry.get(key))
    if number is None or number < 0:
        raise ValueError(f"{where}.{key}: expected a whole number >= 0, got {_got(entry, key)}")
    return number


def _text(entry: Mapping[str, Any], key: str, where: str, *, optional: bool = False) -> str:
    value = entry.get(key)
    if isinstance(value, str) or (optional and value is None):
        return value or ""
    raise ValueError(f"{where}.{key}: expected a string, got {_got(entry, key)}")


def _version(entry: object, where: str) -> VersionUse:
    if not isinstance(entry, dict):
        raise ValueError(f"{where}: expected an object, got {_kind(entry)}")
    used = _count(entry, "invocations", where)
    corrected = _count(entry, "corrected_invocations", where)
    if corrected > used:
        raise ValueError(f"{where}: corrected_invocations ({corrected}) is more than "
                         f"invocations ({used})")
    return VersionUse(_text(entry, "version", where),
                      _text(entry, "since", where, optional=True)[:10], used, corrected)


def strict_usage(document: object) -> Usage:
    """A stats document checked field by field; ValueError says where it is wrong."""
    if not isinstance(document, dict):
        raise ValueError(f"expected a JSON object, got {_kind(document)}")
    if not isinstance(document.get("skills"), list):
        raise ValueError(f"skills: expected an array, got {_got(document, 'skills')}")
    skills = []
    for index, entry in enumerate(document["skills"]):
        where = f"skills[{index}]"
        if not isinstance(entry, dict):
            raise ValueError(f"{where}: expected an object, got {_kind(entry)}")
        versions = entry.get("versions")
        if not isinstance(versions, list):
            raise ValueError(f"{where}.versions: expected an array, got "
                             f"{_got(entry, 'versions')}")
        skills.append(SkillUse(
            _text(entry, "skill", where), _count(entry, "invocations", where),
            tuple(_version(v, f"{where}.versions[{i}]") for i, v in enumerate(versions))))
    sessions = _int(document.get("sessions"))
    return Usage(tuple(skills), sessions if sessions is not None and sessions >= 0 else None)


def load_usage(path: Path, option: str = "--usage") -> Usage:
    """The stats document at `path`; a `UsageError` naming `option`, the file and the fault
    when it is missing, unreadable, not JSON or not shaped like `skillgit stats --json`."""
    where = f"{option} {path}"
    try:
        if not path.is_file():
            raise UsageError(f"{where}: no such file" if not path.exists() else
                             f"{where}: not a regular file")
        if path.stat().st_size > MAX_FILE_BYTES:
            raise UsageError(f"{where}: larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB; "
                             "expected the output of `skillgit stats --json`")
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"{where}: cannot read it: {type(exc).__name__}: {exc}") from None
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"{where}: not JSON ({exc.msg} at line {exc.lineno}, column "
                         f"{exc.colno}); expected the output of `skillgit stats --json`"
                         ) from None
    except RecursionError:
        raise UsageError(f"{where}: nested too deeply to be a stats document") from None
    try:
        return strict_usage(document)
    except ValueError as exc:
        raise UsageError(f"{where}: not a `skillgit stats --json` document: {exc}") from None


def version_label(version: str, since: str) -> str:
    """A version as charts and tables name it: "before" for the uses before the skill was in
    the repository, else the version with its date (when given)."""
    if version.startswith("("):
        return "before"
    return f"{version} {since}".strip()


def rate(part: int, whole: int) -> str:
    return "-" if whole <= 0 else f"{round(100 * part / whole)}%"


def most_used(uses: Sequence[SkillUse], limit: int) -> list[SkillUse]:
    """The `limit` most used skills, most used first (ties by name)."""
    return sorted(uses, key=lambda s: (-s.invocations, s.skill))[:max(limit, 0)]


def chart(skill: SkillUse, max_versions: int) -> list[str]:
    """The skill's chart over its latest `max_versions` versions, and a blank line."""
    versions = [mermaid.VersionBar(version_label(v.version, v.since), v.invocations,
                                   v.corrected) for v in skill.versions[-max_versions:]]
    return [*mermaid.usage_chart(skill.skill, versions), ""] if versions else []


def charts(uses: Sequence[SkillUse], max_charts: int, max_versions: int) -> list[str]:
    """Charts of the `max_charts` most used skills."""
    return [line for skill in most_used(uses, max_charts)
            for line in chart(skill, max_versions)]


TABLE_HEADER = table(["Skill", "Version", "Since", "Uses", "Corrected", "Correction rate"], [])


def table_rows(uses: Sequence[SkillUse], max_versions: int | None = None) -> list[str]:
    """One inert row per skill and version (the latest `max_versions` of each, when given),
    under `TABLE_HEADER`."""
    return ["| " + " | ".join([
        inert(s.skill, 80), inert(version_label(v.version, ""), 40), inert(v.since or "-", 10),
        str(int(v.invocations)), str(int(v.corrected)), rate(v.corrected, v.invocations)])
        + " |" for s in uses
        for v in (s.versions if max_versions is None else s.versions[-max_versions:])]
