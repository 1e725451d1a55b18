"""Values printed under a label: a line naming a credential that ends with a colon, then
one value per line below it; a generic label's value (`New value: …`) under a line naming a
credential; and quoted strings random over every printable class.

Installers, vaults and people print a secret on the line after its label rather than beside
it ("Password for the elastic user (reset with …):" then the password indented; "these are
my recovery codes:" then one code per line). The label names what the lines are, so a value
there needs no name of its own; it must still have a shape no ordinary word has (letters
mixed with digits or symbols, a long run of digits), so that a list of names, words or
environment variables under such a label stays.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from skillgit.redact.clause import value_shaped
from skillgit.redact.values import code_shaped, is_placeholder, random_printable, random_value
from skillgit.redact.vocab import (
    CODE_WORDS,
    ENGLISH_PASSWORD_WORDS,
    PASSWORD_WORDS,
    SECRET_WORDS,
    literal_trie,
)

KIND = "labelled-value"
KIND_RANDOM = "random-string"
MAX_LINES = 24
"""Value lines read under one label."""
_LABEL_LENGTH = 200
_LABEL_WORDS = tuple(dict.fromkeys((*ENGLISH_PASSWORD_WORDS, "token", "secret", "credential",
                                    "api key", "access key", "private key", "pin", *CODE_WORDS,
                                    *PASSWORD_WORDS, *SECRET_WORDS)))
_ANY_LABEL_WORD = re.compile(literal_trie(_LABEL_WORDS))
"""Any of `_LABEL_WORDS` in a label: one search of their letter tree (a flat alternation tries
every word at every character), not one per word."""
_PUBLIC_LABEL = re.compile(r"(?i)public|fingerprint|\bid\b|identifier|name|hash|digest|"
                           r"checksum|expir|scope|permission|usage|format")
"""A label about a key rather than of one: its fingerprint, id, name, scopes, expiry."""
_COLON_END = re.compile(r"[:\uff1a][ \t]*\r?\n")
_VALUE_LINE = re.compile(r"[ \t]*(?:[-*•][ \t]+|\d{1,2}[.)][ \t]+)?(?P<v>[^\s\"'`<>]{4,128})"
                         r"[ \t]*\r?(?:\n|$)")


def labelled_values(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of each value on the lines under a credential's label; under a
    line naming codes (`my recovery codes are`, a `" TOTP_AUTH` option) with no colon, two or
    more lines of codes and nothing else."""
    if ":" in text or "\uff1a" in text:
        for colon in _COLON_END.finditer(text):
            line_start = text.rfind("\n", max(0, colon.start() - _LABEL_LENGTH),
                                    colon.start()) + 1
            label = lowered[line_start:colon.start()]
            if not label or _ANY_LABEL_WORD.search(label) is None or _PUBLIC_LABEL.search(label):
                continue
            codes = any(word in label for word in CODE_WORDS)
            yield from ((KIND, a, b) for a, b in _values_below(text, colon.end(), codes))
    if "\n" not in text:
        return
    for word in _CODE_WORD.finditer(lowered):
        line_end = lowered.find("\n", word.end())
        if line_end < 0 or lowered[:line_end].rstrip().endswith((":", "\uff1a")):
            continue
        spans = list(_values_below(text, line_end + 1, True, only_codes=True))
        if len(spans) >= 2:
            yield from ((KIND, a, b) for a, b in spans)


_CODE_WORD = re.compile(r"(?<![a-z0-9])(?:" + literal_trie(CODE_WORDS) + r")(?![a-z0-9])")


def _values_below(text: str, position: int, codes: bool, *, only_codes: bool = False
                  ) -> Iterator[tuple[int, int]]:
    """Spans of the values on the lines from `position`: one per line, or several side by
    side when every one of them is a value; `only_codes`: each must be a code, and the first
    line that holds anything else ends them."""
    layouts: set[str] = set()

    def shaped(value: str) -> bool:
        return code_shaped(value) if only_codes else _shaped(value, codes)

    for _ in range(MAX_LINES):
        line = _VALUE_LINE.match(text, position)
        if line is not None:
            value = line.group("v")
            layout = _layout(value)
            if (shaped(value) or layout in layouts) and not is_placeholder(value):
                layouts.update((layout,) if layout else ())
                yield line.start("v"), line.end("v")
            elif only_codes:
                return
            position = line.end()
            continue
        row = _VALUE_ROW.match(text, position)
        if row is None:
            return
        values = list(_ROW_VALUE.finditer(text, row.start(), row.end()))
        if all(shaped(value.group()) and not is_placeholder(value.group()) for value in values):
            yield from (value.span() for value in values)
        elif only_codes:
            return
        position = row.end()


def _layout(value: str) -> str:
    """A value's layout: its letters and digits as one class, its separators as they are
    (`ro7zz-69qgq` and `vbtgm-waiob` share `aaaaa-aaaaa`). The values of one list share it, so
    a code that happens to hold no digit is still one of them; a layout without a separator,
    or shorter than eight, says too little to count."""
    layout = _ALNUM.sub("a", value)
    return layout if len(layout) >= 8 and layout.strip("a") else ""


_ALNUM = re.compile(r"[A-Za-z0-9]")
_VALUE_ROW = re.compile(r"[ \t]*[^\s\"'`<>]{4,128}(?:[ \t]+[^\s\"'`<>]{4,128}){1,7}"
                        r"[ \t]*\r?(?:\n|$)")
"""A line of several values side by side (backup codes printed in columns): each is a value
only when every one on the line is; a line of words is prose."""
_ROW_VALUE = re.compile(r"[^\s\"'`<>]+")


def _shaped(value: str, codes: bool) -> bool:
    """A value under a label: no ordinary word's shape, or, under a word for codes, a code's
    (`4829-1730`)."""
    return value_shaped(value) or (codes and code_shaped(value))


_GENERIC_LINE = re.compile(r"(?im)^[ \t]*(?:(?:new|current|generated|your)[ \t]+)?"
                           r"(?:value|result)[ \t]*[:=][ \t]*(?P<v>[^\s\"'`<>]{4,128})[ \t]*\r?$")
"""A line that gives a value under a generic label (`New value: …`): what the value is, the
lines above it say."""
_ABOVE = 3


def generic_values(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of each value on a generic label's line (`New value: …`) when one of
    the `_ABOVE` lines with text above it names a credential ("Password for the [elastic]
    user successfully reset.") and none of them is about a key rather than of it."""
    if "value" not in lowered and "result" not in lowered:
        return
    for line in _GENERIC_LINE.finditer(text):
        above = [row for row in lowered[max(0, line.start() - _LABEL_LENGTH * _ABOVE):
                                        line.start()].splitlines() if row.strip()][-_ABOVE:]
        if not any(_ANY_LABEL_WORD.search(row) and not _PUBLIC_LABEL.search(row)
                   for row in above):
            continue
        value = line.group("v")
        if (value_shaped(value) or random_value(value)) and not is_placeholder(value):
            yield KIND, line.start("v"), line.end("v")


_PUBLIC_KEY_NAME = re.compile(r"(?i)(?:hash|digest|checksum|fingerprint|integrity|etag|uuid|"
                              r"\bid)\w*[\"'\]]?\s*[:=,]\s*$")
"""A key naming a public role (`blurhash: '…'`, `integrity=`): its value is no key."""
_QUOTED = re.compile(r"([\"'`])([^\s\"'`]{16,256})\1")


def random_quoted(text: str) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of each quoted string random over every printable class (a salt, a
    generated key): its shape alone says what it is, whatever key it is assigned to."""
    if len(text) < 18:
        return
    for match in _QUOTED.finditer(text):
        if random_printable(match.group(2)) and not _PUBLIC_KEY_NAME.search(
                text, max(0, match.start() - 40), match.start()):
            yield KIND_RANDOM, match.start(2), match.end(2)
