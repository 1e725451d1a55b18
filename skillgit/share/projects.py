"""The `share: projects:` allow-list: which sessions may leave the machine, by their cwd.

An entry is a folder (`~/src/webapp`, `/srv/api/`, `../webapp` relative to the repository
holding `.skillgit.yaml`) or a glob (`~/work/api-*`); a session belongs to it when its working
directory is that folder or inside it (for a glob: inside a folder the glob matches). `~` is
the home folder, trailing slashes do not matter, and symlinks are seen through on both sides:
a project reached through a link is the same project, and a link inside a project that leads
out of it leads out of the allow-list too (the session's real folder decides). Matching is by
whole path components: `~/src/web` does not admit `~/src/webapp`. An empty or absent list
admits nothing.
"""

from __future__ import annotations

import fnmatch
import os
import posixpath
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

_GLOB = frozenset("*?[")


@dataclass(frozen=True)
class Project:
    """Where a session belongs: its project's root in every spelling it may appear in text
    (longest first: real path, the path as recorded, their `~` forms), and the session's
    folder relative to that root (`.` at the root)."""

    root: str
    spellings: tuple[str, ...]
    subdir: str


def _expand(path: str, home: str) -> str:
    if path == "~" or path.startswith("~/"):
        path = home.rstrip("/") + path[1:]
    return posixpath.normpath(path) if path else path


def _real(path: str) -> str:
    return posixpath.normpath(os.path.realpath(path))


def _tilde(path: str, home: str) -> str | None:
    home = home.rstrip("/")
    if home and (path == home or path.startswith(home + "/")):
        return "~" + path[len(home):]
    return None


def _under(path: str, root: str) -> bool:
    return path == root or root == "/" or path.startswith(root + "/")


def _ancestors(path: str) -> list[str]:
    """`/a/b/c` → ["/", "/a", "/a/b", "/a/b/c"] (shortest first)."""
    parts = path.split("/")
    out = ["/"] if path.startswith("/") else []
    for end in range(2 if path.startswith("/") else 1, len(parts) + 1):
        out.append("/".join(parts[:end]))
    return out


class AllowList:
    def __init__(self, entries: Sequence[str], base: Path, home: str) -> None:
        self.home = home
        self.paths: list[tuple[str, ...]] = []   # each entry's spellings (as given, real)
        self.globs: list[tuple[str, ...]] = []
        # folders (`~` form under this home) of sessions no entry admitted, with their count:
        # `share` says where sessions were when the list admitted none of them
        self.missed: Counter[str] = Counter()
        for entry in entries:
            expanded = _expand(entry.strip(), home)
            if not expanded.startswith("/"):
                expanded = posixpath.normpath(posixpath.join(base.as_posix(), expanded))
            if _GLOB & set(expanded):
                literal = expanded.split("*")[0].split("?")[0].split("[")[0]
                head = literal.rsplit("/", 1)[0] or "/"
                real_head = _real(head)
                forms = {expanded}
                if real_head != head:
                    forms.add(real_head.rstrip("/") + expanded[len(head.rstrip("/")):])
                self.globs.append(tuple(sorted(forms)))
            else:
                self.paths.append(tuple(sorted({expanded, _real(expanded)})))

    def __bool__(self) -> bool:
        return bool(self.paths or self.globs)

    def match(self, cwd: str | None) -> Project | None:
        """The project `cwd` (as recorded: maybe `~/…`) belongs to, or None."""
        if not cwd or not self:
            return None
        recorded = _expand(cwd.strip(), self.home)
        if not recorded.startswith("/"):
            return None  # a relative cwd says nothing about where the work was
        form = _real(recorded)  # where the work really was: a link out of a project is out
        for spellings in self.paths:
            for root in spellings:
                if _under(form, root):
                    return self._project(root, form, recorded)
        for patterns in self.globs:
            for folder in _ancestors(form):
                if any(fnmatch.fnmatchcase(folder, p) for p in patterns):
                    return self._project(folder, form, recorded)
        self.missed[_tilde(recorded, self.home) or recorded] += 1
        return None

    def missed_summary(self, limit: int = 8) -> str:
        """Where the sessions outside the list were, most frequent first: "~/src/api (3),
        /srv/tools (1)" (empty when none were)."""
        shown = [f"{folder} ({n})" for folder, n in self.missed.most_common(limit)]
        more = len(self.missed) - limit
        return ", ".join(shown) + (f", and {more} more folders" if more > 0 else "")

    def _project(self, root: str, form: str, recorded: str) -> Project:
        subdir = posixpath.relpath(form, root) if form != root else "."
        as_recorded = recorded if subdir == "." else recorded[: -len(subdir) - 1] \
            if recorded.endswith("/" + subdir) else root
        names = {root, _real(root), as_recorded}
        names |= {t for name in list(names) if (t := _tilde(name, self.home))}
        names.discard("/")
        return Project(root=_real(root), spellings=tuple(sorted(names, key=len, reverse=True)),
                       subdir=subdir)
