"""Packages named in text under a look-alike name, however the text introduces them.

A command is read by `effects` (`pip install reqeusts`); a rule may name the package in prose
or in a manifest instead. Each reader here yields (start, end, "lookalike"); `effects` judges
the polarity of each like every other hit:
- a dependency declared (`name>=1.2`, `"name": "^1.2.3"`);
- a code span in a sentence that says, in English, to install or use it;
- an install of a name one edit inside another name the same text gives (`biopythn` …
  `biopython`), well-known or not;
- a name set against the well-known one it imitates, or named where packages are spoken of
  (a manifest, a package manager), in any language: "zamiast `python-dateutil` używaj
  `python-dateutils`", "`reqeusts` in requirements.txt". No word of the language is needed:
  the look-alike and its original, or a manifest's name, say it. A singular of a well-known
  plural (`request`, `requests`) is an ordinary word there, not a look-alike.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from skillgit.safety import lookalike
from skillgit.safety.plain import CODE_SPAN, sentence_of

ECOSYSTEMS = ("pypi", "npm", "crates", "gems")
"""Where a name said in prose may come from (a command or a manifest says which)."""
# `name>=1.2` (requirements, pyproject) or `"name": "^1.2.3"` (package.json)
_DECLARED = re.compile(r"(?<![\w.@/-])([A-Za-z][\w.-]{3,})(?:\[[\w,]+\])?\s*(?:>=|==|~=|<=|!=)"
                       r"\s*\d|\"(@?[\w.-]{4,}(?:/[\w.-]+)?)\"\s*:\s*\"[\^~]?\d")
_NAMED_TO_INSTALL = re.compile(
    r"(?i)\b(?:install|use|using|add|depend\s+on|require|import|switch\s+to|pin)\b"
    r"[^.\n]{0,60}?`(@?[a-z][\w.-]{3,}(?:/[\w.-]+)?)`|`(@?[a-z][\w.-]{3,}(?:/[\w.-]+)?)`"
    r"(?=[^.\n]{0,60}?\b(?:install|use|add|depend|require)\b)")
"""A package named in a code span in a sentence that says to install or use it: a name a small
edit away from a well-known one is a look-alike however it is introduced."""
_INSTALLED_NAME = re.compile(
    r"\b(?:pip3?|uv(?:\s+pip)?|pipx|poetry|pdm|conda|npm|pnpm|yarn|bun|gem|cargo)\s+"
    r"(?:install|add|i)\s+(?:-\S+\s+)*([A-Za-z][\w.-]{5,})")
_NAME_WORD = re.compile(r"(?<![\w.-])[A-Za-z][\w.-]{5,}(?![\w-])")
_PACKAGE_NAME = re.compile(r"@?[A-Za-z][\w.-]*[A-Za-z0-9](?:/[\w.-]*[A-Za-z0-9])?")
_FILE_NAME = re.compile(r"(?i).*\.(?:txt|in|toml|cfg|py|json|lock|ya?ml|md|[jt]sx?|rb|rs|go|mod)"
                        r"$|Pipfile|Gemfile|Makefile|Dockerfile|Procfile")
PLACES: dict[str, str] = {
    "pypi": r"requirements[\w.-]*\.(?:txt|in)|constraints\.txt|pyproject\.toml|setup\.(?:py|cfg)|"
            r"Pipfile|environment\.ya?ml|pip3?|uvx?|pipx|poetry|pdm|conda",
    "npm": r"package\.json|npm|npx|pnpm|yarn|bunx?",
    "crates": r"Cargo\.toml|cargo",
    "gems": r"Gemfile|gem|bundle",
}
"""Where packages are spoken of in any language, per ecosystem: a manifest or a package
manager (with none named, a name is read as PyPI's or npm's, as the English readers do)."""
_PLACES = {ecosystem: re.compile(rf"(?i)(?<![\w.-])(?:{words})(?![\w.-])")
           for ecosystem, words in PLACES.items()}
_ANY_PLACE = re.compile(r"(?i)(?<![\w.-])(?:" + "|".join(PLACES.values()) + r")(?![\w.-])")
"""A prefilter: no code span and no place named, no line to read."""


def hits(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, "lookalike") of each package `text` names under a look-alike name, but
    one its own sentence calls out as a fake ("`crossenv` is a known typosquat: remove it")."""
    for start, end, effect in _hits(text):
        if not _CALLED_OUT.search(sentence_of(text, start, end)):
            yield start, end, effect


_CALLED_OUT = re.compile(r"(?i)typo-?squat\w*|malicious|malware|impostor|counterfeit|\bfake\b|"
                         r"look-?alike|\bsquat\w*|compromised")
"""Words that call a name out as an imitation: the rule warns against it, it recommends
nothing."""


def _hits(text: str) -> Iterator[tuple[int, int, str]]:
    for m in _NAMED_TO_INSTALL.finditer(text):  # a look-alike name said in prose to install
        group = 1 if m.group(1) else 2
        name, ecosystems = m.group(group), ("pypi", "npm")
        if not any(lookalike.is_known(e, name) for e in ecosystems) and any(
                lookalike.imitates(e, name) for e in ecosystems):  # (no ecosystem said: any)
            yield m.start(group), m.end(group), "lookalike"
    for start, end in _imitating_a_named_package(text):
        yield start, end, "lookalike"
    for start, end in _imitating_source(text):
        yield start, end, "lookalike"
    for m in _DECLARED.finditer(text):  # a dependency declared under a look-alike name
        ecosystem = "pypi" if m.group(1) else "npm"
        if lookalike.imitates(ecosystem, m.group(1) or m.group(2)):
            yield m.start(), m.end(), "lookalike"
    if "`" in text or _ANY_PLACE.search(text):
        for start, end in _set_against_or_placed(text):
            yield start, end, "lookalike"


_BARE = re.compile(r"(?<![\w.@/-])(@?[A-Za-z]\w*[-_.]\w[\w.-]*(?:/[\w.-]+)?)(?![\w@/-])")
"""A bare name shaped like a package's, a separator inside (`python-dateutils`): a bare word
a letter from a package's name (`bundled`, `bundler`) is just a word."""


def _set_against_or_placed(text: str) -> Iterator[tuple[int, int]]:
    """A name that imitates a well-known package: in a code span on a line that names a
    manifest, a package manager or the original; bare on a line that names both a manifest or
    package manager and the original. (Not in quotes: a manifest's strings are scripts and
    commands as often as names.)"""
    for first, line in _lines(text):
        placed = [e for e in ECOSYSTEMS if _PLACES[e].search(line)]
        if not placed and "`" not in line:
            continue
        spans = [(m.start(1), m.group(1), True) for m in CODE_SPAN.finditer(line)]
        if placed:
            spans += [(m.start(1), m.group(1), False) for m in _BARE.finditer(line)]
        for start, raw, in_quotes in spans:
            name = raw.strip()
            if not _PACKAGE_NAME.fullmatch(name) or _FILE_NAME.fullmatch(name) or any(
                    lookalike.is_known(ecosystem, name) for ecosystem in ECOSYSTEMS):
                continue  # (a name well-known in any ecosystem is a real package)
            for ecosystem in placed or ["pypi", "npm"]:
                original = _imitated(ecosystem, name)
                if original is not None and ((placed and in_quotes) or _names(line, original)):
                    yield first + start, first + start + len(raw)
                    break


def _lines(text: str) -> Iterator[tuple[int, str]]:
    """(offset, line) of each line of `text`."""
    offset = 0
    for line in text.split("\n"):
        yield offset, line
        offset += len(line) + 1


def _imitated(ecosystem: str, name: str) -> str | None:
    """The well-known name `name` imitates in `ecosystem`, unless `name` is well-known there
    or the singular of a well-known plural."""
    if lookalike.is_known(ecosystem, name):
        return None
    original = lookalike.imitates(ecosystem, name)
    folded = lookalike.canonical(name)
    if original is None or original in (folded + "s", folded + "es"):
        return None
    return original


def _names(line: str, original: str) -> bool:
    """Whether `line` names the well-known package `original` (separators folded)."""
    pattern = r"[-_.]".join(re.escape(part) for part in original.split("-"))
    return re.search(rf"(?<![\w.-]){pattern}(?![\w-])", line, re.I) is not None


def _imitating_a_named_package(text: str) -> Iterator[tuple[int, int]]:
    """A package installed under a name one edit inside another name the same text gives
    (`pip install biopythn` … `biopython`): the text itself names what it imitates, so no list
    of well-known packages needs to hold it. Same first and last letter, so that a plural or a
    prefix (`pyyaml`/`yaml`, `requests`/`request`) is no imitation."""
    if "install" not in text and " add " not in text and " i " not in text:
        return
    installs = list(_INSTALLED_NAME.finditer(text))
    if not installs:
        return
    words = {w.group().lower().rstrip(".") for w in _NAME_WORD.finditer(text)}
    for m in installs:
        name = m.group(1).lower().rstrip(".")
        for other in words:
            if (other != name and other[0] == name[0] and other[-1] == name[-1]
                    and _one_long_part_apart(name, other)):
                yield m.start(1), m.end(1)
                break


_SOURCE_NAME = re.compile(
    r"\bnpm:(@?[\w.-]+(?:/[\w.-]+)?)@|"
    r"\b(?:forge|soldeer)\s+install\s+(?:-\S+\s+)*([\w.-]+/[\w.-]+)|"
    r"\b(?:github|gitlab|bitbucket)(?:\.com|\.org)?[/:]([\w.-]+/[\w.-]+)|"
    r"\b(?:github|gitlab|bitbucket):([\w.-]+/[\w.-]+)")
"""Where a name says whose code is fetched: an npm alias (`"x": "npm:other@1"`), a Foundry
library (`forge install owner/repo`), a repository's owner and name on a forge."""
_STAND_INS = {
    "digits": ("0 1 3 4 5 7 8", "o l e a s t b"),
    "cyrillic": ("а е о р с х у і ј ѕ ԁ һ к м т в н",  # noqa: RUF001
                 "a e o p c x y i j s d h k m t b h"),
    "greek": ("α ε ο ρ τ υ ν κ ι χ", "a e o p t u v k i x")}  # noqa: RUF001
_HOMOGLYPHS = str.maketrans({a: b for source, latin in _STAND_INS.values()
                             for a, b in zip(source.split(), latin.split(), strict=True)})
"""Digits and letters of other scripts that stand for Latin letters in a name made to look
like another (`0penzeppelin`, a Cyrillic letter in a Latin name); a `1` is read as `l` and
as `i`."""
_WORD_PART = re.compile(r"[^\W_]{5,}")


def _as_latin(part: str) -> set[str]:
    """The Latin names `part` may be made to look like (none when it has no stand-in)."""
    if part.isascii() and not any(c.isdigit() for c in part):
        return set()
    return {part.translate(_HOMOGLYPHS), part.replace("1", "i").translate(_HOMOGLYPHS)} - {part}


def _imitating_source(text: str) -> Iterator[tuple[int, int]]:
    """A source of code named like another name the same text gives: a part of its name that
    is the other's with a digit for a letter (`0penzeppelin/openzeppelin-contracts`) or one
    letter changed, same length, same first and last letter (`@playwrlght/test` for
    `@playwright/test`). The text names what it imitates; no list of packages is needed."""
    if not _SOURCE_NAME.search(text):
        return
    words = {w.group() for w in _WORD_PART.finditer(text.lower()) if w.group().isascii()}
    for m in _SOURCE_NAME.finditer(text):
        group = next(g for g in range(1, 5) if m.group(g))
        for part in _WORD_PART.findall(m.group(group).lower()):
            if part.isdigit():
                continue
            if any(latin.isalpha() and latin in words for latin in _as_latin(part)):
                yield m.start(group), m.end(group)
                break
            if len(part) >= 6 and any(
                    other != part and len(other) == len(part) and other[0] == part[0]
                    and other[-1] == part[-1] and not other.isdigit()
                    and lookalike.distance(part, other) == 1 for other in words):
                yield m.start(group), m.end(group)
                break


def _one_long_part_apart(name: str, other: str) -> bool:
    """One edit apart, inside a part of six letters or more (`biopythn`/`biopython`); not a
    variant's short part (`tensorflow-cpu`/`tensorflow-gpu`)."""
    mine, theirs = re.split(r"[-_.]", name), re.split(r"[-_.]", other)
    if len(mine) != len(theirs):
        return False
    changed = [(a, b) for a, b in zip(mine, theirs, strict=True) if a != b]
    return len(changed) == 1 and min(len(changed[0][0]), len(changed[0][1])) >= 6 and \
        lookalike.distance(*changed[0]) == 1
