"""Rules beyond the spec's fields: body size, links to missing files, home paths, secrets."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import unquote

from skillgit.redact import find_secrets
from skillgit.skills.findings import Level
from skillgit.skills.model import Skill
from skillgit.skills.spec_rules import FindingSink
from skillgit.tokens import estimate_tokens

BODY_MAX_LINES = 500
BODY_MAX_TOKENS = 5000
MAX_SCANNED_FILE_BYTES = 1024 * 1024
MAX_SCANNED_FILES = 200

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_INLINE_CODE = re.compile(r"(`+)(.+?)\1")
_MD_LINK = re.compile(r"!?\[[^\]\n]*\]\(\s*(<[^>\n]*>|[^)\s]+)(?:\s+[\"'(][^)\n]*)?\)")
_REF_DEF = re.compile(r"^ {0,3}\[[^\]\n]+\]:\s*(<[^>\n]*>|\S+)")
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


def iter_body_references(skill: Skill) -> Iterator[tuple[int, str]]:
    """(file line, target) for relative link targets and resource paths in the body prose.

    Fenced code blocks are skipped; inline code counts only when it names a path under
    scripts/, references/ or assets/ (the spec's resource folders)."""
    fence: str | None = None
    for offset, text in enumerate(skill.body.split("\n")):
        line = skill.document.body_first_line + offset
        opener = _FENCE.match(text)
        if fence is not None:
            if opener and opener.group(1)[0] == fence[0] and len(opener.group(1)) >= len(fence):
                fence = None
            continue
        if opener:
            fence = opener.group(1)
            continue
        for match in _INLINE_CODE.finditer(text):
            code = match.group(2).strip()
            if _RESOURCE_PATH.match(code):
                yield line, code
        prose = _INLINE_CODE.sub("", text)
        for match in _MD_LINK.finditer(prose):
            yield line, match.group(1)
        ref = _REF_DEF.match(prose)
        if ref:
            yield line, ref.group(1)


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
    for folder, dirs, files in os.walk(skill.directory):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "node_modules")
        for name in sorted(files):
            path = Path(folder) / name
            if path == skill.skill_md or path.is_symlink():
                continue
            count += 1
            if count > MAX_SCANNED_FILES:
                return
            text = _read_text(path)
            if text is not None:
                yield path, text


def _read_text(path: Path) -> str | None:
    try:
        if path.stat().st_size > MAX_SCANNED_FILE_BYTES:
            return None
        data = path.read_bytes()
    except OSError:
        return None
    if b"\0" in data[:8192]:
        return None
    return data.decode("utf-8", errors="replace")


def check_files(skill: Skill, sink: FindingSink, display: Callable[[Path], str]) -> None:
    """Home paths (warning) and likely secrets (error; entropy-only guesses: warning)."""
    for path, text in iter_text_files(skill):
        file_sink = sink if path == skill.skill_md else FindingSink(display(path))
        for match in HOME_PATH.finditer(text):
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


def _line_at(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1

