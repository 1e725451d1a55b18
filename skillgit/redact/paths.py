"""Rewriting personal paths: home directories to `~`, configured roots to their replacement.

Rewritten: the given home directory, configured roots (longest first), the generic forms
`/home/<user>/`, `/Users/<user>/`, WSL's `/mnt/c/Users/<user>/` and `C:\\Users\\<user>\\`
(also with JSON-escaped backslashes or forward slashes), and the given home in the dashed
form agents use for project folder names (`-home-alice-proj`). A prefix counts only at the
start of a path, not inside one (`/mnt/home/x/` stays), and a rewritten `~/` never forms a new
prefix, so rewriting twice changes nothing more than rewriting once.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

_NOT_IN_PATH = r"[\w.~\-\]]"
"""A prefix right after one of these is inside a longer path (or glued to a redaction marker,
which keeps a second pass from rewriting what the first pass left alone)."""
_SHARED_ACCOUNTS = r"(?!(?:Shared|Public|Default|All Users|Guest)(?:[\\/]|$))"
# After a prefix: a separator, or the end of the path (`/work/repo` must not match the start
# of `/work/repository`; a following `[` is a redaction marker glued to the name).
_PREFIX_END = r"(?:(?P<sep>\\\\|[\\/])|(?![\w.\-\[]))"
_POSIX_USER = (r"(?:home/|Users/|(?:mnt/|cygdrive/)?[A-Za-z]/(?i:users)/)" + _SHARED_ACCOUNTS
               + r"[A-Za-z0-9._\-]{1,64}(?: [A-Za-z0-9._\-]{1,64}(?=/))?")
"""`/home/<u>`, `/Users/<u>`, and a Windows home seen from WSL, Cygwin or Git Bash:
`/mnt/c/Users/<u>`, `/cygdrive/c/Users/<u>`, `/c/Users/<u>`."""
_WIN_NAME = r"[^\\/:*?\"'<>|\s\[\]~]{1,64}"
# Anchored on the drive colon (a cheap literal); the drive letter is the character before.
_WINDOWS_USER = re.compile(
    r":(?<=[A-Za-z]:)(?:(?<!" + _NOT_IN_PATH + r"[A-Za-z]:)|(?<=\\[nrt][A-Za-z]:))"
    r"(?:\\\\?|/)(?i:users)(?:\\\\?|/)"
    + _SHARED_ACCOUNTS + _WIN_NAME + r"(?: " + _WIN_NAME + r"(?=[\\/]))?" + _PREFIX_END)
_WINDOWS_KEYWORDS = ("sers\\", "sers/", "SERS\\", "SERS/")
_POSIX_KEYWORDS = ("/home/", "/Users/", "/mnt/", "/cygdrive/", "/users/", "/USERS/")


def _normalise_root(root: str) -> str:
    stripped = root.rstrip("/\\")
    return stripped if len(stripped) > 1 else ""


def _at_path_start(char: str) -> str:
    """A look-behind, placed after the (escaped) first character `char` of a prefix, that
    holds where a path can start: not inside a longer name, but right after a JSON escape
    such as the `\\n` in raw transcript JSON."""
    return (r"(?:(?<!" + _NOT_IN_PATH + char + r")|(?<=\\[nrt]" + char + r"))")


def _pattern_for(first: str, alternatives: list[tuple[str, str]]) -> re.Pattern[str]:
    """One regex for every prefix that starts with `first`: the literal first character lets
    the regex engine skip ahead, and the look-behind keeps matches at the start of a path."""
    char = re.escape(first)
    body = "|".join(f"(?P<{name}>{rest})" for name, rest in alternatives)
    return re.compile(char + _at_path_start(char) + r"(?:" + body + ")" + _PREFIX_END)


def _dashed(home: str) -> str:
    """The folder-name form of a home path (`/Users/a_b` -> `-Users-a-b`)."""
    return re.sub(r"[^A-Za-z0-9]", "-", home)


class PathRewriter:
    """Rewrites home directories and configured roots in text."""

    def __init__(self, home: str | None, roots: Mapping[str, str] | None) -> None:
        replacements: dict[str, str] = {}
        for root, replacement in (roots or {}).items():
            normal = _normalise_root(str(root))
            if normal:
                replacements[normal] = replacement
        home_root = _normalise_root(home) if home else ""
        if home_root and home_root not in replacements:
            replacements[home_root] = "~"
        ordered = sorted(replacements, key=len, reverse=True)
        self._by_group = {f"r{i}": replacements[root] for i, root in enumerate(ordered)}
        by_first: dict[str, list[tuple[str, str]]] = {}
        for i, root in enumerate(ordered):
            by_first.setdefault(root[0], []).append((f"r{i}", re.escape(root[1:])))
        self._keywords: tuple[str, ...] = (*_POSIX_KEYWORDS, *ordered)
        by_first.setdefault("/", []).append(("user", _POSIX_USER))
        self._patterns = tuple(_pattern_for(first, alts) for first, alts in by_first.items())
        dashed = _dashed(home_root) if home_root.count("/") + home_root.count("\\") >= 2 else ""
        self._dashed: re.Pattern[str] | None = None
        if dashed:
            self._keywords += (dashed,)
            first = re.escape(dashed[0])
            self._dashed = re.compile(first + _at_path_start(first) + re.escape(dashed[1:])
                                      + r"(?=-|[^\w.\[]|$)")

    def rewrite(self, text: str) -> str:
        spans: list[tuple[int, int, str]] = []
        if any(word in text for word in _WINDOWS_KEYWORDS):
            for match in _WINDOWS_USER.finditer(text):
                spans.append((match.start() - 1, match.end(), self._replacement(match, "~")))
        if any(word in text for word in self._keywords):
            for pattern in self._patterns:
                for match in pattern.finditer(text):
                    replacement = self._replacement(match, self._root_replacement(match))
                    spans.append((match.start(), match.end(), replacement))
            if self._dashed is not None:
                spans.extend((m.start(), m.end(), "~") for m in self._dashed.finditer(text))
        if not spans:
            return text
        spans.sort(key=lambda span: (span[0], -span[1]))
        parts: list[str] = []
        cursor = 0
        for start, end, replacement in spans:
            if start < cursor:
                continue  # `C:/Users/x/` also holds `/Users/x/`; the earlier match wins
            parts.append(text[cursor:start])
            parts.append(replacement)
            cursor = end
        parts.append(text[cursor:])
        return "".join(parts)

    def _root_replacement(self, match: re.Match[str]) -> str:
        for name, value in match.groupdict().items():
            if value is not None and name in self._by_group:
                return self._by_group[name]
        return "~"

    @staticmethod
    def _replacement(match: re.Match[str], replacement: str) -> str:
        """What replaces `match`: the replacement plus `/` when a path continues."""
        if match.group("sep") is None:
            return replacement or "."
        if not replacement or replacement.endswith(("/", "\\")):
            return replacement
        return replacement + "/"
