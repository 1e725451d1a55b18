"""The sieve: the few stretches of a text where a secret rule could possibly match.

A full scan costs about one pass over the text per rule (31 token rules, 13 context anchors,
the entropy runs), and almost all text is prose that no rule can match. `sieve` finds, with a
handful of C-speed string operations, the stretches that could hold a match:

- every token rule matches only `RUN_CHARS` (ASCII letters and digits, `_-+/=.:`), at least
  `MIN_RUN` of them in a row, and so does every entropy candidate (24 or more). A rule may
  look one character past either end of its match (the bounded check, lookaheads), so a run
  is kept with one neighbour on each side. Non-ASCII characters (`\\d` also matches other
  scripts' digits) and `?` count as run characters, which only ever keeps more;
  a run made of lower-case letters, `.`, `/` and `:` alone (`src/session.py:`) is dropped
  unless it holds 16 hex letters in a row, `hv` or `hooks.`: a token rule or an entropy
  candidate made of those characters only starts so (`dapi` + hex, `hvs.`, a Slack webhook),
  every other one needs a digit, an upper-case letter, `_`, `-`, `+` or `=` (see `_PLAIN`);
- every context rule needs a credential word with a `:` or `=` right after it (`api_key:`,
  `Authorization =`), `bearer`, URL userinfo (`://user:pass@`) or a `-u`/`--user` option; the
  command-line and prose rules (`flags.py`, `prose.py`) need a secret word (`pass`, `token`,
  `key`, …) in a shape they use (`--api-key X`, `token is X`, `use the token X`) or a short
  option (` -p`, ` -a`, …), all within their line. Such a line is kept whole together with
  the line before it (`api` + newline + `key=`). A `:` alone (`src/x.py:12: …`, `12:30`)
  or a credential word alone (`src/token.py`, `the token config`) keeps nothing: tool output
  and grep hits, which have a `:` on every line, are sieved too.

The rules then run over the kept stretches joined by newlines and find exactly the matches
they find in the whole text (a property test checks this on stitched secret-shaped text and on
the real transcripts). Text holding `-----BEGIN` or `Private-Lines:` is not sieved: a PEM
block or a PuTTY key spans lines; nor is text of which more than `MAX_KEPT_SHARE` would be kept.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass

from skillgit.redact.pairs import CALL_PAIRS
from skillgit.redact.phrases import AS_THE_SECRET_SHAPES, PIN_SHAPES
from skillgit.redact.prose import ASCII_FOREIGN_ROOTS, NON_ASCII_FOREIGN_ROOTS
from skillgit.redact.vocab import ROOTS, foreign_words_in, root_positions

MIN_RUN = 15
"""The shortest match of any token rule (`xapp-` and ten more characters)."""
RUN_CHARS = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-+/=.:?")
"""`?` stands for every non-ASCII character (see `_classes`)."""
NOT_SIEVED = ("-----BEGIN", "Private-Lines")
_LINE_WORDS = ("bearer", "pass", "pw", "rabbitmq", "<<<", "stdin", "sudo", "machine ", "-user",
               "from-literal=", "[redacted:", "keygen", "openssl", "sig=", "signature=",
               "securestring", "identified")
"""Lower-case needles that keep their line whatever stands around them (few: each costs a
pass over the text); `-user` is `--user`, `--proxy-user`. The foreign words for password
are looked for only in text that holds one (`vocab.foreign_words_in`, asked once per text)."""
_LINKS = ("for|of|on|to|in|at|from|is|was|are|were|has|changed|set|reset|updated|rotated|"
          "should|would|will|becomes|create")
_INTROS = ("with", "and", "using", "use", "plus")
_KEY_QUALIFIERS = ("api", "access", "secret", "auth", "private", "client", "app", "master",
                   "license", "signing", "encryption")
"""prose._KEY_QUALIFIER; joined to `key` by `_` or `-` it is a glued name."""


def _word_in_use(root: str) -> re.Pattern[str]:
    """`root` where a rule could use it: a `:`/`=` right after it or after its ending
    (`orization`, `entials`), as every context rule's key needs; a qualifier or a link after it
    (`token for prod: X`, `token is X`: prose._TAIL; `secret create`:
    command_values._STDIN_SINK); an intro before it (`use the token X`: prose._INTRO; any
    run of two blanks stands for `[ \t]+`); or a name glued to it that ends where a flag, a
    config key or an assignment ends (`--api-key X`, `github.token X`, `GH_TOKEN=X`). A word
    alone in a sentence or in a path (`src/token.py: …`) is used by no rule but the one naming
    a long token near it, which `_runs` keeps. One regex per word, so the text is searched at
    C speed from its literal."""
    intros = [f"(?<={intro}[ \t]{root})" for intro in _INTROS]
    intros += [f"(?<={intro}[ \t]the[ \t]{root})" for intro in _INTROS]
    intros += [f"(?<=[ \t][ \t]{root})", f"(?<=[ \t][ \t]the[ \t]{root})"]
    if root == "key":  # prose's anchor starts at the qualifier: `use the api key X`
        intros += [f"(?<={qualifier}[ \t]key)" for qualifier in _KEY_QUALIFIERS]
    return re.compile(
        root + r"(?:(?<=[^\s]" + root + r")[a-z0-9_\-]{0,64}(?:[ \t=\r\n]|\Z)"
        r"|[a-z]{0,9}\\?[\"'`]?\]?[ \t]{0,4}[:=>]|[a-z]{0,9}\\?[\"'`]\]?[ \t]{0,4},"
        r"|[a-z]{0,9}[ \t]+(?:" + _LINKS + r")(?![a-z])|" + "|".join(intros) + ")")


_SHAPES = [_word_in_use(root) for root in ("token", "key", "secret", "cred", "auth")] + [
    re.compile(r"config(?:ure)?[ \t]+(?:set|--)"),  # command_values._CONFIG_SET
    re.compile(r"login[ \t]+-"),  # `… | docker login -` (command_values._STDIN_SINK)
    re.compile(r"://(?:[a-z0-9_\-]{1,15}[/;])?[^\s/@]{0,128}:[^\s/]{1,256}@"),  # userinfo
    re.compile(r"-(?<![a-z0-9_\-]-)[pawxbu]"),  # a short option of flags.py's tools, any case
    re.compile(r":(?:\d{1,5}|\*):[^\s:]+:[^\s:]+:[^\s]"),  # a .pgpass line (configs.py)
    *PIN_SHAPES,  # a PIN: `pin is`, `SIM_PIN=`, `pin code:`, `access code is` (phrases.py)
    re.compile(r"insert[ \t]+into"),  # tables._INSERT
    *CALL_PAIRS,  # `auth=("user", "…")` (pairs.py)
    *AS_THE_SECRET_SHAPES,  # "use `X` as the token" (phrases.py)
]
"""Shapes that keep their line (and the line before it)."""
_GOES_ON = ("\\", "|", ">", "-", "+")
"""The last character of a line whose value is on the next line (a shell line continuation,
a YAML block scalar `|`, `>-`, `|+`): that line is kept too."""
_LOOK_BEHIND = 64
"""Characters kept before a long run: a credential word stands at most this far before the
token it names (`prose._NEAR`)."""
MIN_SIEVED_LENGTH = 256
"""Shorter texts are scanned whole: there is little to skip."""
MAX_KEPT_SHARE = 0.5
"""When more than this share would be kept, the whole text is scanned instead."""

_RUN_TABLE = bytes(0x61 if chr(code) in RUN_CHARS else 0x20 for code in range(256))
_PLAIN = frozenset("ghijklmnopqrstuvwxyz./:")
"""Run characters that, with the hex letters `a`-`f`, make a plain run: no token rule's match
and no entropy candidate (which needs a digit and an upper-case letter) is made of them alone
unless it holds `_PLAIN_SIGNS`; a named token (`prose._OPAQUE`) needs a digit, `key-` or 16
hex characters. A plain run is no possible token."""
_PLAIN_SIGNS = ("hv", "hooks.")
"""`hv[sbr].` (Vault) and `https://hooks.slack.com/…`, the rules a plain run can match."""
_KIND_TABLE = bytes((0x68 if "a" <= chr(code) <= "f" else 0x61 if chr(code) in _PLAIN
                     else 0x62 if chr(code) in RUN_CHARS else 0x20) for code in range(256))
"""`h` for a hex letter, `a` for another plain character, `b` for any other run character."""
_HEX_LETTERS = b"h" * 16


@dataclass(frozen=True)
class Sieved:
    """The kept stretches of a text, joined by newlines, and where each came from."""

    text: str
    lowered: str
    starts: list[int]
    """Offset of each stretch in `text`."""
    origins: list[int]
    """Offset of each stretch in the original text."""

    def to_original(self, start: int, end: int) -> tuple[int, int]:
        """Map a span inside one stretch back to the original text."""
        index = bisect_right(self.starts, start) - 1
        shift = self.origins[index] - self.starts[index]
        return start + shift, end + shift


def sieve(text: str, lowered: str) -> Sieved | None:
    """The stretches of `text` any rule could match, or None to scan the whole text.

    `lowered` is `lower_same_length(text)`; its stretches are kept alongside."""
    size = len(text)
    if size < MIN_SIEVED_LENGTH or any(marker in text for marker in NOT_SIEVED):
        return None
    budget = int(MAX_KEPT_SHARE * size)
    lines = _context_lines(text, lowered, budget)
    if lines is None:
        return None
    merged = _merge(lines + _runs(text))
    if sum(end - start for start, end in merged) > budget:
        return None
    starts: list[int] = []
    position = 0
    for start, end in merged:
        starts.append(position)
        position += end - start + 1
    return Sieved(
        text="\n".join(text[start:end] for start, end in merged),
        lowered="\n".join(lowered[start:end] for start, end in merged),
        starts=starts,
        origins=[start for start, _ in merged],
    )


def _merge(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Overlapping or touching spans joined, in order."""
    spans.sort()
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            if end > merged[-1][1]:
                merged[-1] = (merged[-1][0], end)
        else:
            merged.append((start, end))
    return merged


def _classes(text: str) -> bytes:
    """One byte per character: `a` for a run character, a space for anything else."""
    return text.encode("ascii", "replace").translate(_RUN_TABLE)


def class_runs(classes: bytes, minimum: int) -> list[tuple[int, int]]:
    """The maximal runs of `a` at least `minimum` long in a class map (one byte per character,
    `a` or a space), in order: found with C-speed byte searches."""
    runs: list[tuple[int, int]] = []
    run = b"a" * minimum
    found = classes.find(run)
    while found >= 0:
        end = classes.find(b" ", found + minimum)
        end = len(classes) if end < 0 else end
        runs.append((found, end))
        found = classes.find(run, end)
    return runs


_NAMED_TOKEN = re.compile(r"\d|key-|[0-9a-fA-F]{16}")


def _may_be_named(text: str, start: int, end: int) -> bool:
    """Whether a run could hold a token that a credential word before it names (a digit, a
    `key-` or a long hex part, see `prose._OPAQUE`)."""
    return _NAMED_TOKEN.search(text, start, end) is not None


def _runs(text: str) -> list[tuple[int, int]]:
    """Runs of at least MIN_RUN run characters but plain ones, with one neighbour after and up
    to `_LOOK_BEHIND` characters of their line before."""
    ascii_text = text.encode("ascii", "replace")
    kinds = ascii_text.translate(_KIND_TABLE)
    size = len(kinds)
    spans: list[tuple[int, int]] = []
    for start, end in class_runs(ascii_text.translate(_RUN_TABLE), MIN_RUN):
        if (kinds.find(b"b", start, end) < 0 and kinds.find(_HEX_LETTERS, start, end) < 0
                and all(text.find(sign, start, end) < 0 for sign in _PLAIN_SIGNS)):
            continue  # a plain run
        behind = _LOOK_BEHIND if _may_be_named(text, start, end) else 1
        line_start = text.rfind("\n", max(0, start - behind), start) + 1
        spans.append((max(line_start, start - behind, 0), min(size, end + 1)))
    return spans


def _root_of(needle: str | re.Pattern[str]) -> str | None:
    """The root of the vocabulary (`vocab.ROOTS`) a needle starts with, if any: such a needle
    is tried only where its root stands (`root_positions`, found once per text)."""
    literal = needle if isinstance(needle, str) else needle.pattern
    return next((root for root in sorted(ROOTS, key=len, reverse=True)
                 if literal.startswith(root) and (isinstance(needle, str) or re.escape(
                     literal[:len(root)]) == root)), None)


_NEEDLES: tuple[tuple[str | re.Pattern[str], str | None], ...] = (
    *((word, _root_of(word)) for word in _LINE_WORDS),
    *((shape, _root_of(shape)) for shape in _SHAPES))
_FOREIGN_NEEDLES = tuple((word, None) for word in (*ASCII_FOREIGN_ROOTS,
                                                    *NON_ASCII_FOREIGN_ROOTS))


def _hits(lowered: str, needle: str | re.Pattern[str], root: str | None,
          positions: dict[str, tuple[int, ...]]) -> Iterator[int]:
    """Where `needle` matches in `lowered`, in order. A regex's matches never cross a line
    end, so the caller, which skips the hits on lines it keeps already, sees the same hits as
    a search from each kept line's end would."""
    if root is not None:
        for found in positions.get(root, ()):
            if isinstance(needle, str):
                if lowered.startswith(needle, found):
                    yield found
            elif needle.match(lowered, found) is not None:
                yield found
    elif isinstance(needle, str):
        found = lowered.find(needle)
        while found >= 0:
            yield found
            found = lowered.find(needle, found + 1)
    else:
        for match in needle.finditer(lowered):
            yield match.start()


def _context_lines(text: str, lowered: str, budget: int) -> list[tuple[int, int]] | None:
    """Lines holding a line word or a shape, each from the start of the line before it; None
    as soon as those lines alone are longer than `budget`."""
    spans: list[tuple[int, int]] = []
    own = 0
    size = len(text)
    needles = _NEEDLES + _FOREIGN_NEEDLES if foreign_words_in(lowered) else _NEEDLES
    positions = root_positions(lowered)
    for needle, root in needles:
        if (root not in positions if root is not None
                else isinstance(needle, str) and needle not in lowered):
            continue  # (most needles: no generator for them)
        end = 0
        for found in _hits(lowered, needle, root, positions):
            if found < end:
                continue  # on a line already kept
            line_start = text.rfind("\n", 0, found) + 1
            newline = text.find("\n", found)
            end = size if newline < 0 else newline + 1
            if newline > 0 and text[max(0, newline - 4):newline].rstrip(" \t\r")[-1:] in _GOES_ON:
                # the value is on the next line: `password: |`, `--password \`
                newline = text.find("\n", end)
                end = size if newline < 0 else newline + 1
            own += end - line_start
            if own > budget:
                return None
            start = text.rfind("\n", 0, line_start - 1) + 1 if line_start else 0
            spans.append((start, end))
    return spans
