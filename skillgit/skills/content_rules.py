"""Rules beyond the spec's fields: body size, links to missing files, home paths, secrets."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import unquote

from skillgit.redact.screen import secret_findings
from skillgit.skills.findings import Level
from skillgit.skills.model import Skill
from skillgit.skills.skill_files import FileProblem, scanned_files
from skillgit.skills.spec_rules import FindingSink
from skillgit.tokens import estimate_tokens

BODY_MAX_LINES = 500
BODY_MAX_TOKENS = 5000

# "(``*)" is "(`+)" spelled so that the regex engine can skip ahead to the next backtick.
_INLINE_CODE = re.compile(r"(``*)(.+?)\1")
_MD_LINK = re.compile(r"\[[^\]\n]*\]\(\s*(<[^>\n]*>|[^)\s]+)(?:\s+[\"'(][^)\n]*)?\)")
_REF_DEF = re.compile(r"^ {0,3}\[[^\]\n]+\]:[ \t]*(<[^>\n]*>|\S+)", re.M)
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_RESOURCE_PATH = re.compile(r"^(?:scripts|references|assets)/[\w./-]+$")
HOME_PATH = re.compile(
    r"(?<![\w~.])(?:/home/[A-Za-z0-9._-]+/|/Users/[A-Za-z0-9._ -]+/|[A-Za-z]:\\Users\\[^\\\s]+\\)"
)


def check_body_size(skill: Skill, sink: FindingSink) -> None:
    body = skill.body
    lines = body.count("\n") + (0 if body.endswith("\n") or not body else 1)
    line = skill.document.body_first_line
    if lines > BODY_MAX_LINES:
        sink.add(Level.WARNING, "body-lines",
                 f"body is {lines} lines; keep SKILL.md under {BODY_MAX_LINES} lines and move "
                 "detail into references/", line)
    tokens = estimate_tokens(body)
    if tokens > BODY_MAX_TOKENS:
        sink.add(Level.WARNING, "body-tokens",
                 f"body is ~{tokens} tokens; the spec recommends under {BODY_MAX_TOKENS}", line)


def _fence_lines(body: str) -> list[tuple[int, str, int]]:
    """(line start, marker, marker end) of every line that is up to three spaces and then three
    or more backticks or tildes, i.e. each match of `^ {0,3}(`{3,}|~{3,})` (multiline) in order;
    found with str.find, which is much faster than a `^`-anchored regex over the whole body."""
    found: list[tuple[int, str, int]] = []
    for char in "`~":
        if char not in body:  # one character is found much faster than three
            continue
        needle = char * 3
        pos = body.find(needle)
        while pos >= 0:  # pos starts a run of `char`: the previous search ended past the last run
            end = pos + 3
            while end < len(body) and body[end] == char:
                end += 1
            start = body.rfind("\n", 0, pos) + 1
            if pos - start <= 3 and body.count(" ", start, pos) == pos - start:
                found.append((start, body[pos:end], end))
            pos = body.find(needle, end)
    found.sort()
    return found


def _prose(body: str) -> str:
    """The body with fenced code blocks blanked out (line count and offsets kept)."""
    lines = _fence_lines(body)
    if not lines:
        return body
    parts: list[str] = []
    done = 0
    fence: tuple[int, str, int] | None = None
    for line in lines:
        _, marker, marker_end = line
        if fence is None:
            fence = line
        elif marker[0] == fence[1][0] and len(marker) >= len(fence[1]):
            end = body.find("\n", marker_end)
            end = len(body) if end < 0 else end
            parts += [body[done:fence[0]], _blank(body[fence[0]:end])]
            done, fence = end, None
    if fence is not None:  # an unclosed fence runs to the end of the body
        parts += [body[done:fence[0]], _blank(body[fence[0]:])]
        done = len(body)
    parts.append(body[done:])
    return "".join(parts)


def _blank(text: str) -> str:
    return "\n" * text.count("\n")


def iter_body_references(skill: Skill) -> Iterator[tuple[int, str]]:
    """(file line, target) for relative link targets and resource paths in the body prose.

    Fenced code blocks are skipped; inline code counts only when it names a path under
    scripts/, references/ or assets/ (the spec's resource folders)."""
    body = skill.body
    if "[" not in body and "`" not in body:
        return
    prose = _prose(body)
    first = skill.document.body_first_line
    found: list[tuple[int, str]] = []
    if "`" in prose:
        for match in _INLINE_CODE.finditer(prose):
            code = match.group(2).strip()
            if _RESOURCE_PATH.match(code):
                found.append((match.start(), code))
        prose = _INLINE_CODE.sub(lambda m: " " * len(m.group(0)), prose)
    if "[" in prose:
        found += [(m.start(), m.group(1)) for m in _MD_LINK.finditer(prose)]
        if "]:" in prose:
            found += [(m.start(), m.group(1)) for m in _REF_DEF.finditer(prose)]
    line, counted = first, 0
    for offset, target in sorted(found):
        line += prose.count("\n", counted, offset)
        counted = offset
        yield line, target


def _local_target(target: str) -> str | None:
    """The file-system part of a link target, or None for URLs, anchors and absolute paths."""
    target = target.strip()
    if target.startswith("<") and target.endswith(">"):
        target = target[1:-1].strip()
    if not target or target.startswith(("#", "/", "~", "\\")) or _SCHEME.match(target):
        return None
    target = target.split("#", 1)[0].split("?", 1)[0]
    if not target or any(ch in target for ch in "{}*$"):
        return None
    return unquote(target)


def check_links(skill: Skill, sink: FindingSink) -> None:
    root = os.path.normpath(skill.directory)
    checked: dict[str, tuple[str, bool, bool] | None] = {}  # a skill often links a file often
    for line, raw in iter_body_references(skill):
        if raw not in checked:
            checked[raw] = _check_target(root, raw)
        result = checked[raw]
        if result is None:
            continue
        target, found, inside = result
        if not found:
            sink.add(Level.ERROR, "broken-link",
                     f"'{target}' does not exist in the skill directory", line)
        elif not inside:
            sink.add(Level.WARNING, "link-outside-skill",
                     f"'{target}' points outside the skill directory; it will be missing "
                     "wherever the skill is installed on its own", line)


def _check_target(root: str, raw: str) -> tuple[str, bool, bool] | None:
    """(local target, exists, inside the skill) for a link target; None when not local."""
    target = _local_target(raw)
    if target is None:
        return None
    resolved = os.path.normpath(os.path.join(root, target))
    inside = resolved == root or resolved.startswith(root + os.sep)
    return target, os.path.exists(resolved), inside


def iter_text_files(skill: Skill) -> Iterator[tuple[Path, str]]:
    """SKILL.md first, then other small text files in the skill directory (no symlinks)."""
    first = True
    for path, text in scanned_files(skill, []):
        yield (skill.skill_md if first else Path(path)), text
        first = False


def check_files(skill: Skill, sink: FindingSink, display: Callable[[str], str]) -> None:
    """Home paths (warning) and likely secrets (error; entropy-only guesses: warning); files
    left unscanned (unreadable, too large, too many) and symlinks leaving the skill."""
    first = True
    problems: list[FileProblem] = []
    for path, text in scanned_files(skill, problems):
        found: list[tuple[Level, str, str, int]] = []
        if _may_hold_home_path(text):
            found += [(Level.WARNING, "home-path",
                       f"absolute home path '{match.group(0)}' will not exist on other "
                       "machines; use a path relative to the skill or the repository",
                       _line_at(text, match.start())) for match in HOME_PATH.finditer(text)]
        for secret in secret_findings(text):  # both detectors, as the final screen
            level = Level.WARNING if secret.kind == "high-entropy" else Level.ERROR
            found.append((level, "secret",
                          f"likely secret ({secret.kind}); remove it and rotate it",
                          _line_at(text, secret.start)))
        if found:
            shown = sink.path if first else display(path)
            sink.rows += [(shown, line, level, rule, message)
                          for level, rule, message, line in found]
        first = False
    sink.rows += [(display(p.path), None, p.level, p.rule, p.message) for p in problems]


def _may_hold_home_path(text: str) -> bool:
    """A cheap substring test before the (slower) HOME_PATH regex."""
    return "/home/" in text or "/Users/" in text or ":\\Users\\" in text or (
        ":\\users\\" in text)


def _line_at(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1

