"""Shapes of keys that are no single token, found whole (the net's second half, `deny.py`):
JSON byte arrays of many byte values, word-list mnemonics (12 to 24 plain words alone on a line
or after a seed/mnemonic word), colon-separated hex dumps of private values (`openssl … -text`),
a line or a word that is one password-shaped token (`lone-secret`), positions no word names
(`user/pass@host`, `AUTH`/`PASS` dialogue lines, `-pw X`, `net use … /user:N X`) and the value
after a word of the credential vocabulary in another language, whatever its shape."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator

from skillgit.redact.apart import apart_values
from skillgit.redact.assembled import assembled
from skillgit.redact.blocks import secret_output
from skillgit.redact.gapped import gapped_values
from skillgit.redact.labelled import generic_values, labelled_values, random_quoted
from skillgit.redact.lone import LONE_LINE, four_class_words, lone_secret
from skillgit.redact.maps import principal_values
from skillgit.redact.positions import position_values
from skillgit.redact.secret_columns import named_rows, secret_cells
from skillgit.redact.shapes import holds_spaced_hex, line_matches
from skillgit.redact.tokens import (
    KIND_BYTES,
    KIND_DUMP,
    KIND_LONE,
    KIND_MNEMONIC,
    KIND_POSITION,
    KIND_WORD,
    _line_of,
)
from skillgit.redact.triggers import gated, triggers
from skillgit.redact.values import CODE_EXPRESSION, is_placeholder, looks_opaque
from skillgit.redact.vocab import (
    COPULAS,
    MNEMONIC_WORDS,
    PASSWORD_WORDS,
    ROOTS,
    SECRET_WORDS,
    foreign_words_in,
)

_BYTE = r"(?:0[xX][0-9a-fA-F]{1,2}|\d{1,3})"
_BYTE_ARRAY = re.compile(rf"[\[{{]\s*(?:{_BYTE}\s*,\s*){{7,}}{_BYTE}\s*,?\s*[\]}}]")
"""Eight or more byte values, decimal or `0x` hex, in a list or an initializer (`[…]` in
JSON, Python or Rust, `{…}` in C): sixteen random ones are a key; fewer, printable, under a
credential's name, are its value spelled in bytes."""
_CREDENTIAL_ROOT = re.compile("|".join(ROOTS))
_SPACED_BYTES = re.compile(r"(?<![0-9A-Fa-f] )(?<![\w|])((?:[0-9A-Fa-f]{2} ){15,63}[0-9A-Fa-f]{2})"
                           r"(?![ ]?[0-9A-Fa-f]{1,2}\b)(?![\w|])")
"""Sixteen or more hex bytes read out with blanks (`5A B3 E5 …`, a 128-bit key), not a dump's
line (an offset before it, its text column after it)."""
_DUMP_LINE = re.compile(r"^[ \t]*(?:[0-9a-fA-F]{2}:)+[0-9a-fA-F]{0,2}[ \t]*$", re.M)
_INLINE_DUMP = re.compile(r"(?<![0-9A-Fa-f:])(?:[0-9a-fA-F]{2}:){15,}[0-9a-fA-F]{2}"
                          r"(?![0-9A-Fa-f:])")
_DUMP_HINT = re.compile(r":(?<=[0-9a-fA-F]{2}:)(?:[0-9a-fA-F]{2}:){7}")
"""Eight `xx:` in a row, which every dump reported holds (a dump line's pairs are in one run,
and one line of a block has eight or more; an inline dump has fifteen): found from the
colons, where the dump regexes try nearly every character."""
_PUBLIC_DUMP_LABEL = re.compile(r"(?i)modulus|pub|signature|serial|fingerprint|keyid|"
                                r"identifier|x509|subject|issuer|generator|prime|\bsha-?\d|"
                                r"\bmd5\b|\bcert")
_MNEMONIC_LINE = re.compile(r"^[ \t\"'`>*\-]*((?:\d{1,2}[.):]?[ \t]*)?[a-z]{3,8}"
                            r"(?:[ \t,]+(?:\d{1,2}[.):]?[ \t]*)?[a-z]{3,8}){11,23})"
                            r"[ \t\"'`,.]*$", re.M)
_MNEMONIC_LINE_CHARS = r"[a-z\d \t\"'`>*\-.):,]{47,}+$"
"""A line `_MNEMONIC_LINE` can match holds only the characters of its parts, 47 or more (twelve
words of three letters and the blanks between them)."""
_MNEMONIC_CANDIDATES = (re.compile(_MNEMONIC_LINE_CHARS, re.M),
                        re.compile("\n" + _MNEMONIC_LINE_CHARS, re.M))
"""The first line, and every other line from its newline (searched from that literal)."""


def _mnemonic_lines(text: str) -> Iterator[re.Match[str]]:
    """`_MNEMONIC_LINE.finditer(text)`: tried only at the start of the lines made of its
    characters (it matches whole lines, from a line's start); at every character within
    `triggers.every_row_runs`."""
    if not gated():
        yield from _MNEMONIC_LINE.finditer(text)
        return
    first, others = _MNEMONIC_CANDIDATES
    if first.match(text) is not None:
        match = _MNEMONIC_LINE.match(text)
        if match is not None:
            yield match
    for line in others.finditer(text):
        match = _MNEMONIC_LINE.match(text, line.start() + 1)
        if match is not None:
            yield match


_MNEMONIC_AFTER = re.compile(
    r"(?i)(?:" + "|".join(re.escape(word) for word in MNEMONIC_WORDS)
    + r")(?:[^\n.]|\.(?=\S)){0,160}?"
    r"(?:[:=\u2014\u2013]|\b(?:is|are|was)\b)"  # the same sentence, then `:`, a dash or "is"
    r"\s*[\"'`]?((?:(?:\d{1,2}[.)][ \t]*)?[^\W\d_]{3,8}(?:[ \t,]+|[ \t]*\n[ \t]*(?=\d{1,2}[.)])))"
    r"{11,23}"
    r"(?:\d{1,2}[.)][ \t]*)?[^\W\d_]{3,8})")
"""The word list after a word for a mnemonic, on its line or on the lines under it, numbered or
not (a grid `1. orbit   2. velvet …`), in any alphabet (Spanish's list is accented)."""
_MNEMONIC_AFTER_GATE = triggers(_MNEMONIC_AFTER)
_MNEMONIC_COUNTS = frozenset((12, 15, 18, 21, 24))
_STOP = frozenset("""
the and for you not but are was with this that from have has had will would can could should
all any some into onto over under then than when what which who how why its our your their
his her she him they them use used using run runs make made add adds set get got see also
just only more most such each very too out off one two six ten new old now yes via per let
""".split())




def _structures(text: str, lowered: str, gaps: list[tuple[int, int]]
                ) -> Iterator[tuple[str, int, int]]:
    def free(start: int, end: int) -> bool:
        # a structure is judged whole: a named rule's span inside it is merged into it
        return any(low < end and start < high for low, high in gaps)

    if "," in text and ("[" in text or "{" in text):
        for match in _BYTE_ARRAY.finditer(text):
            values = [int(v[2:], 16) if v[:2] in ("0x", "0X") else int(v)
                      for v in re.findall(r"0[xX][0-9a-fA-F]+|\d+", match.group())]
            if len(values) < 16:  # a credential's value spelled as bytes (`byte[] KS_PASS =
                # {111, 115, …}`): the key names it, the bytes spell printable text
                named = _CREDENTIAL_ROOT.search(lowered, text.rfind("\n", 0, match.start()) + 1,
                                                match.start())
                spelled = "".join(map(chr, values)) if all(32 < v < 127 for v in values) else ""
                if named and any(c.isdigit() for c in spelled) and free(match.start() + 1,
                                                                        match.end() - 1):
                    yield KIND_BYTES, match.start() + 1, match.end() - 1
                continue
            steps = {b - a for a, b in itertools.pairwise(values)}
            if (max(values) <= 255 and len(set(values)) >= 10 and len(steps) > 2
                    and values != sorted(values)  # random bytes are in no order
                    and sum(v > 9 for v in values) * 2 > len(values)
                    and free(match.start() + 1, match.end() - 1)):
                yield KIND_BYTES, match.start() + 1, match.end() - 1
    if text.count(" ") >= 15 and holds_spaced_hex(text):
        for match in _SPACED_BYTES.finditer(text):
            line_start, line_end = _line_of(text, match.start())
            before = text[line_start:match.start()]
            if (len(set(match.group(1).upper().split())) >= 10 and "|" not in before
                    and "|" not in text[match.end():line_end]
                    and not re.match(r"\s*(?:[0-9a-fA-F]{4,8}[:\s]|\w+\s+[0-9A-Fa-f]{3}\s)",
                                     before) and free(match.start(1), match.end(1))):
                yield KIND_BYTES, match.start(1), match.end(1)
    if text.count(":") >= 15 and _DUMP_HINT.search(text) is not None:
        index, lines = 0, list(_DUMP_LINE.finditer(text))
        while index < len(lines):
            first = last = lines[index]
            pairs, widest = last.group().count(":"), last.group().count(":")
            while index + 1 < len(lines) and lines[index + 1].start() == last.end() + 1:
                index += 1
                last = lines[index]
                pairs += last.group().count(":")
                widest = max(widest, last.group().count(":"))
            index += 1
            label_end = first.start() - 1
            label = text[text.rfind("\n", 0, max(0, label_end)) + 1:max(0, label_end)]
            if pairs < 16 or widest < 8 or _PUBLIC_DUMP_LABEL.search(label):
                continue
            start = first.start() + len(first.group()) - len(first.group().lstrip())
            if free(start, last.end()):
                yield KIND_DUMP, start, last.end()
        for match in _INLINE_DUMP.finditer(text):
            line_start, line_end = _line_of(text, match.start())
            if _PUBLIC_DUMP_LABEL.search(text, line_start, line_end) or _DUMP_LINE.match(
                    text, line_start):
                continue
            if free(match.start(), match.end()):
                yield KIND_DUMP, match.start(), match.end()
    for match in _mnemonic_lines(text):
        if (_mnemonic(match.group(1), _ALONE_COUNTS) and _alone(text, match.start(), match.end())
                and free(match.start(1), match.end(1))):
            yield KIND_MNEMONIC, match.start(1), match.end(1)
    for match in _MNEMONIC_AFTER_GATE.finditer(_MNEMONIC_AFTER, text, lowered):
        if _mnemonic(match.group(1)) and free(match.start(1), match.end(1)):
            yield KIND_MNEMONIC, match.start(1), match.end(1)
    yield from _word_values(text, lowered, free)
    yield from ((kind, start, end) for kind, start, end in itertools.chain(
        labelled_values(text, lowered), generic_values(text, lowered), random_quoted(text),
        assembled(text),
        apart_values(text, lowered), gapped_values(text, lowered),
        principal_values(text, lowered),
        *((secret_cells(text, lowered), named_rows(text)) if "  " in text or "\t" in text else ()))
        if free(start, end))
    for start, end in position_values(text, lowered):  # positions no word names (`positions.py`)
        if free(start, end):
            yield KIND_POSITION, start, end
    for match in line_matches(LONE_LINE, text):
        value = match.group(1)
        if lone_secret(value) and free(match.start(1), match.end(1)):
            yield KIND_LONE, match.start(1), match.end(1)
    for start, end in secret_output(text):  # what a secret-printing command printed
        if free(start, end):
            yield KIND_LONE, start, end
    for match in four_class_words(text):  # a new password said without naming it
        value = match.group(1)
        if lone_secret(value) and free(match.start(1), match.end(1)):
            yield KIND_LONE, match.start(1), match.end(1)


def _mnemonic(run: str, counts: frozenset[int] = _MNEMONIC_COUNTS) -> bool:
    words = re.findall(r"[^\W\d_]+", run.lower())
    return (len(words) in counts and not any(word in _STOP for word in words)
            and len(set(words)) >= len(words) - 1)


_ALONE_COUNTS = frozenset((12, 24))
_WORD_LINE = re.compile(r"[ \t\"'`]*[a-z]{2,12}(?:[ \t,]+[a-z]{2,12}){3,}[ \t\"'`,.]*")


def _alone(text: str, start: int, end: int) -> bool:
    """A word-list line no other plain-word line touches: a list of words in code or data
    runs over several such lines, a printed mnemonic stands alone."""
    before = text.rfind("\n", 0, max(0, start - 1)) + 1
    after = text.find("\n", end + 1)
    previous = text[before:max(before, start - 1)]
    following = text[end + 1:after if after >= 0 else len(text)]
    return not (_WORD_LINE.fullmatch(previous) or _WORD_LINE.fullmatch(following))


# ------------------------------------------------- values after a credential word
_CREDENTIAL_WORD = re.compile(
    r"(?i)(?<![^\W\d_])(?P<w>" + "|".join(
        re.escape(word) for word in sorted((*PASSWORD_WORDS, *SECRET_WORDS), key=len,
                                           reverse=True))
    + r")[^\W\d_\u3000-\u9fff\uac00-\ud7af]{0,4}"
    r"(?:[ \t]*\([^)\n]{0,30}\))?"
    r"(?P<sep>[ \t]*(?:[:=\uff1a]|(?:" + "|".join(
        re.escape(word) for word in sorted(COPULAS, key=len, reverse=True)) + r")(?![^\W\d_])"
    r")[ \t]*:?[ \t]*)"
    r"(?P<v>[\"'`«“„]?[^\s\"'`»”]{3,128})")
_STRONG = frozenset(PASSWORD_WORDS)


def _word_values(text: str, lowered: str, free: Callable[[int, int], bool]
                 ) -> Iterator[tuple[str, int, int]]:
    """A value after a credential word of another language (English ones have their own
    finders): masked whatever its shape after a word for password, when opaque after one
    for key, secret or token; never an ordinary lower-case word or a placeholder."""
    if not foreign_words_in(lowered):
        return
    for match in _CREDENTIAL_WORD.finditer(text):
        value = match.group("v")
        start = match.start("v")
        if value[:1] in "\"'`«“„":
            value, start = value[1:], start + 1
        value = value.rstrip(".,;:)")
        if len(value) < 4 or value.startswith("[REDACTED:") or is_placeholder(value):
            continue
        if CODE_EXPRESSION.match(value) and not any(c.isdigit() for c in value):
            continue
        if value.isalpha() and (value.islower() or value[1:].islower()):
            continue  # an ordinary word (`the password is too short`, `Passwort ist falsch`)
        strong = match.group("w").lower() in _STRONG
        if not (strong or looks_opaque(value)):
            continue
        if free(start, start + len(value)):
            yield KIND_WORD, start, start + len(value)


