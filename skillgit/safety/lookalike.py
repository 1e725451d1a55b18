"""Packages a command installs or runs, and whether a name imitates a well-known one.

A look-alike is a name that is not well-known itself but sits a small edit away from one of
the same ecosystem (`packages.WELL_KNOWN`): an edit distance of at most 2 (1 for short names),
a swap of two neighbouring letters, a separator added, dropped or changed (`python_dateutil`,
`pythondateutil`), or a plural (`colorss`, `request`). Nothing here lists known typos."""

from __future__ import annotations

import re
from functools import cache, lru_cache

from skillgit.safety.packages import WELL_KNOWN
from skillgit.safety.resolve import Resolved

# (program, subcommand or "") → ecosystem; the subcommand may be several words.
INSTALLERS: dict[tuple[str, str], str] = {
    ("pip", "install"): "pypi", ("pip3", "install"): "pypi", ("uv", "add"): "pypi",
    ("uv", "pip install"): "pypi", ("uv", "tool install"): "pypi", ("uv", "tool run"): "pypi",
    ("uvx", ""): "pypi", ("pipx", "install"): "pypi", ("pipx", "run"): "pypi",
    ("poetry", "add"): "pypi", ("pdm", "add"): "pypi", ("rye", "add"): "pypi",
    ("conda", "install"): "pypi", ("mamba", "install"): "pypi",
    ("npm", "install"): "npm", ("npm", "i"): "npm", ("npm", "add"): "npm",
    ("npm", "exec"): "npm", ("npx", ""): "npm", ("pnpm", "add"): "npm",
    ("pnpm", "install"): "npm", ("pnpm", "i"): "npm", ("pnpm", "dlx"): "npm", ("pnpx", ""): "npm",
    ("yarn", "add"): "npm", ("yarn", "dlx"): "npm", ("yarn", "global add"): "npm",
    ("bun", "add"): "npm", ("bun", "install"): "npm", ("bun", "i"): "npm", ("bun", "x"): "npm",
    ("bunx", ""): "npm", ("cargo", "add"): "crates", ("cargo", "install"): "crates",
    ("gem", "install"): "gems", ("bundle", "add"): "gems", ("go", "get"): "go",
    ("go", "install"): "go", ("go", "run"): "go"}
# Runners that fetch and run a package in one step (no install the user sees).
RUNS_FETCHED = frozenset({("uvx", ""), ("pipx", "run"), ("uv", "tool run"), ("npx", ""),
                          ("pnpm", "dlx"), ("pnpx", ""), ("yarn", "dlx"), ("bunx", ""),
                          ("bun", "x"), ("npm", "exec")})
# Options whose next word is a value, not a package.
_WITH_VALUE = frozenset({"-r", "--requirement", "-c", "--constraint", "-e", "--editable",
                         "-i", "--index-url", "--extra-index-url", "--index", "-f",
                         "--find-links", "--registry", "--prefix", "-t", "--target", "-C",
                         "--python", "-p", "--package", "--from", "--with", "--spec",
                         "--python-version", "--root", "--group", "-G", "--features",
                         "--source", "--version", "-v", "--tag", "--cwd", "--filter",
                         "--workspace", "-w", "--channel", "-n", "--name", "--bin"})
_VERSION = re.compile(r"(?<=.)(?:@[^/@]*|\[[^\]]*\]|(?:[=<>!~]=?|===).*)$")
_PATHLIKE = re.compile(r"^(?:\.{0,2}/|~|[A-Za-z]:\\)|\.(?:whl|tgz|tar\.gz|zip|gem|crate)$|"
                       r"^[a-z][\w+.-]*:|^\$")


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name.lower())


_KNOWN = {eco: frozenset(canonical(n) for n in names) for eco, names in WELL_KNOWN.items()}


def installed(r: Resolved) -> tuple[str, str, list[str]] | None:
    """(ecosystem, how, package names) when the command installs or runs packages; `how` is
    "run" for a runner that fetches and runs in one step, else "install"."""
    names = [n for n in r.names if n != "?"]
    args = r.arg_texts()
    for name in names:
        program = "pip" if name in ("python", "python3", "py") and args[:2] == ["-m", "pip"] \
            else name
        rest = args[2:] if program != name else args
        for sub_words in (2, 1, 0):
            sub = " ".join(rest[:sub_words]) if len(rest) >= sub_words else None
            key = (program, sub or "") if sub is not None else None
            if key is not None and key in INSTALLERS and (sub_words == 0 or sub):
                how = "run" if key in RUNS_FETCHED else "install"
                given = _option_value(rest[sub_words:], ("--from", "--spec", "--package", "-p"))
                return INSTALLERS[key], how, [given] if how == "run" and given else _packages(
                    rest[sub_words:], first_only=how == "run")  # (`uvx --from pkg==1.2 cmd`:
                #                                                  the package, then its command)
    return None


def _option_value(args: list[str], options: tuple[str, ...]) -> str | None:
    """The value of the first of `options` among `args` (`--from x`, `--from=x`)."""
    for i, arg in enumerate(args):
        if arg in options and i + 1 < len(args):
            return args[i + 1].strip(",;`'\"")
        if arg.startswith(tuple(o + "=" for o in options if o.startswith("--"))):
            return arg.split("=", 1)[1].strip(",;`'\"")
    return None


def _packages(args: list[str], *, first_only: bool) -> list[str]:
    out: list[str] = []
    skip = False
    for arg in args:
        if skip:
            skip = False
            continue
        if arg == "--":
            continue
        if arg.startswith("-"):
            skip = arg in _WITH_VALUE
            continue
        out.append(arg.strip(",;`'\""))
        if first_only:
            break
    return [a for a in out if a]


def bare_name(spec: str) -> str | None:
    """The package name of an install argument (`requests[socks]>=2`, `@scope/x@1`), or None
    for a path, URL, file or variable."""
    if not spec or _PATHLIKE.search(spec) or "://" in spec:
        return None
    name = _VERSION.sub("", spec)
    return name if re.fullmatch(r"@?[\w.-]+(?:/[\w.-]+)*", name) else None


_EXACT = re.compile(r"(?<=.)(?:@|===?)v?\d+\.\d+\.\d+(?:[-+][\w.]+)?$")
"""An exact release: `pkg@2.13.4`, `pkg==24.1.0` (not `@latest`, `@^2`, `@2`, `>=1`)."""


def pinned(spec: str) -> bool:
    """Whether an install or run argument names one exact release of its package."""
    return _EXACT.search(spec) is not None


def is_known(ecosystem: str, name: str) -> bool:
    folded = canonical(name)
    known = _KNOWN.get(ecosystem, frozenset())
    if ecosystem == "go":  # a package inside a known module: `golang.org/x/tools/gopls`
        parts = folded.split("/")
        return any("/".join(parts[:n]) in known for n in range(1, len(parts) + 1))
    return folded in known


@lru_cache(maxsize=4096)
def imitates(ecosystem: str, name: str) -> str | None:
    """The well-known name that `name` imitates, or None (a well-known name imitates none)."""
    folded = canonical(name)
    known = _KNOWN.get(ecosystem, frozenset())
    if folded in known or len(folded) < 4:
        return None
    squeezed = folded.replace("-", "")
    limit = 1 if len(folded) < 6 else 2
    for other in _near(ecosystem, folded, limit):
        if abs(len(other) - len(folded)) > limit + 1:
            continue
        if other.replace("-", "") == squeezed or folded in (other + "s", other + "es") or \
                other in (folded + "s", folded + "es") or distance(folded, other) <= limit:
            return other
    return _imitating_part(ecosystem, folded, known)


def _imitating_part(ecosystem: str, folded: str, known: frozenset[str]) -> str | None:
    """A part of a longer name that is a well-known name with two letters swapped or one
    replaced (`reqeusts-toolbelt-plus`): the part imitates, whatever is around it. Only edits
    that keep the length: `requests-mock` and `pytest-xdist` add to a name, they do not
    imitate it."""
    parts = folded.split("-")
    if len(parts) < 2:
        return None
    for part in parts:
        if len(part) < 6 or part in known:
            continue
        for other in _near(ecosystem, part, 1):
            if len(other) == len(part) and "-" not in other and distance(part, other) == 1:
                return other
    return None


def _deletions(name: str, most: int) -> set[str]:
    """`name` with up to `most` letters deleted (each way)."""
    out, edge = {name}, {name}
    for _ in range(most):
        edge = {word[:i] + word[i + 1:] for word in edge for i in range(len(word))}
        out |= edge
    return out


class _Index:
    """The well-known names of one ecosystem, found by what every look-alike shares with its
    original: a string both reach by deleting at most 2 letters each (an edit, a swap or a
    letter added is one deletion on one side or both), the name without separators, or a
    plural. Only a necessary condition: `imitates` still checks each name it returns."""

    def __init__(self, known: frozenset[str]) -> None:
        self.order = {name: at for at, name in enumerate(known)}  # the order `known` iterates
        self.by_deletion: dict[str, list[str]] = {}
        self.by_squeezed: dict[str, list[str]] = {}
        for name in known:
            for shorter in _deletions(name, 2):
                self.by_deletion.setdefault(shorter, []).append(name)
            self.by_squeezed.setdefault(name.replace("-", ""), []).append(name)


@cache
def _index(ecosystem: str) -> _Index:
    return _Index(_KNOWN.get(ecosystem, frozenset()))


def _near(ecosystem: str, folded: str, limit: int) -> list[str]:
    """The well-known names that may stand within `limit` of `folded` (a superset of those
    that do), in the order the ecosystem's set iterates, so the first match is the one a scan
    of the whole set would find."""
    index = _index(ecosystem)
    found: set[str] = set(index.by_squeezed.get(folded.replace("-", ""), ()))
    for shorter in _deletions(folded, limit):
        found.update(index.by_deletion.get(shorter, ()))
    for plural in (folded[:-1], folded[:-2], folded + "s", folded + "es"):
        if plural in index.order:
            found.add(plural)
    return sorted(found, key=index.order.__getitem__)


def distance(a: str, b: str) -> int:
    """Optimal-string-alignment distance: edits and swaps of neighbours (capped at 3)."""
    if abs(len(a) - len(b)) > 2:
        return 3
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cost = 0 if ca == cb else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                current[j] = min(current[j], previous2[j - 2] + 1)
        previous2, previous = previous, current
    return min(previous[-1], 3)
