"""Rules beyond the spec's fields: body size, links to missing files, home paths, secrets."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import unquote

from skillgit.redact import find_secrets
from skillgit.skills.findings import Level
from skillgit.skills.model import SKILL_FILE, Skill
from skillgit.skills.spec_rules import FindingSink
from skillgit.tokens import estimate_tokens

BODY_MAX_LINES = 500
BODY_MAX_TOKENS = 5000
MAX_SCANNED_FILE_BYTES = 1024 * 1024
MAX_SCANNED_FILES = 200

_INLINE_CODE = re.compile(r"(`+)(.+?)\1")
_MD_LINK = re.compile(r"\[[^\]\n]*\]\(\s*(<[^>\n]*>|[^)\s]+)(?:\s+[\"'(][^)\n]*)?\)")
_REF_DEF = re.compile(r"^ {0,3}\[[^\]\n]+\]:[ \t]*(<[^>\n]*>|\S+)", re.M)
_FENCE_LINE = re.compile(r"^ {0,3}(`{3,}|~{3,})", re.M)
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


def _prose(body: str) -> str:
    """The body with fenced code blocks blanked out (line count and offsets kept)."""
    if "```" not in body and "~~~" not in body:
        return body
    parts: list[str] = []
    done = 0
    fence: re.Match[str] | None = None
    for match in _FENCE_LINE.finditer(body):
        marker = match.group(1)
        if fence is None:
            fence = match
        elif marker[0] == fence.group(1)[0] and len(marker) >= len(fence.group(1)):
            end = body.find("\n", match.end())
            end = len(body) if end < 0 else end
            parts += [body[done:fence.start()], _blank(body[fence.start():end])]
            done, fence = end, None
    if fence is not None:  # an unclosed fence runs to the end of the body
        parts += [body[done:fence.start()], _blank(body[fence.start():])]
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
    for offset, target in sorted(found):
        yield first + prose.count("\n", 0, offset), target


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
    for line, raw in iter_body_references(skill):
        target = _local_target(raw)
        if target is None:
            continue
        resolved = os.path.normpath(os.path.join(root, target))
        inside = resolved == root or resolved.startswith(root + os.sep)
        if not os.path.exists(resolved):
            sink.add(Level.ERROR, "broken-link",
                     f"'{target}' does not exist in the skill directory", line)
        elif not inside:
            sink.add(Level.WARNING, "link-outside-skill",
                     f"'{target}' points outside the skill directory; it will be missing "
                     "wherever the skill is installed on its own", line)


def iter_text_files(skill: Skill) -> Iterator[tuple[Path, str]]:
    """SKILL.md first, then other small text files in the skill directory (no symlinks)."""
    yield skill.skill_md, skill.document.to_text()
    count = 0
    stack = [str(skill.directory)]
    while stack:
        try:
            entries = sorted(os.scandir(stack.pop()), key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            if entry.is_symlink():
                continue
            if entry.is_dir():
                if not entry.name.startswith(".") and entry.name != "node_modules":
                    stack.append(entry.path)
                continue
            if entry.name == SKILL_FILE and os.path.dirname(entry.path) == str(skill.directory):
                continue
            count += 1
            if count > MAX_SCANNED_FILES:
                return
            text = _read_text(entry)
            if text is not None:
                yield Path(entry.path), text


def _read_text(entry: os.DirEntry[str]) -> str | None:
    try:
        if entry.stat(follow_symlinks=False).st_size > MAX_SCANNED_FILE_BYTES:
            return None
        with open(entry.path, "rb") as handle:
            data = handle.read()
    except OSError:
        return None
    if b"\0" in data[:8192]:
        return None
    return data.decode("utf-8", errors="replace")


def check_files(skill: Skill, sink: FindingSink, display: Callable[[Path], str]) -> None:
    """Home paths (warning) and likely secrets (error; entropy-only guesses: warning)."""
    for path, text in iter_text_files(skill):
        file_sink = sink if path == skill.skill_md else FindingSink(display(path))
        for match in (HOME_PATH.finditer(text) if _may_hold_home_path(text) else ()):
            file_sink.add(Level.WARNING, "home-path",
                          f"absolute home path '{match.group(0)}' will not exist on other "
                          "machines; use a path relative to the skill or the repository",
                          _line_at(text, match.start()))
        for secret in find_secrets(text):
            level = Level.WARNING if secret.kind == "high-entropy" else Level.ERROR
            file_sink.add(level, "secret",
                          f"likely secret ({secret.kind}); remove it and rotate it",
                          _line_at(text, secret.start))
        if file_sink is not sink:
            sink.findings.extend(file_sink.findings)


def _may_hold_home_path(text: str) -> bool:
    """A cheap substring test before the (slower) HOME_PATH regex."""
    return "/home/" in text or "/Users/" in text or ":\\Users\\" in text or (
        ":\\users\\" in text)


def _line_at(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1

