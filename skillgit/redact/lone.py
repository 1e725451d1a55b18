"""Passwords said without a word naming them (`structures.py`, kind `lone-secret`): a line that
is one password-shaped token, and a word anywhere mixing all four of lower case, upper case,
digits and symbols.

Both rows are read only where they can start: the row of words only at the start of a word
holding one of its symbols (found by one pass that skips inside words), not at every
character with four lookaheads each; the row of lines at each line start. The rows themselves
decide, so the matches are those of `row.finditer(text)`, in the same order.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from skillgit.redact.tokens import _random_mixed, token_verdict
from skillgit.redact.triggers import gated

LONE_LINE = re.compile(r"^[ \t]*([^\s\[\]\"'`<>]{8,64})[ \t]*\r?$", re.M)
_LONE_SYMBOLS = frozenset("!#$%^&*@~")
FOUR_CLASSES = re.compile(r"(?<![^\s\"'`])(?=[^\s\"'`]*[!#$%^&*@~])(?=[^\s\"'`]*\d)"
                          r"(?=[^\s\"'`]*[a-z])(?=[^\s\"'`]*[A-Z])"
                          r"([^\s\[\]\"'`<>]{8,40}?)[,.;:!?)]?(?![^\s\"'`])")
"""A word anywhere mixing all four of lower case, upper case, digits and symbols: a password's
shape, whatever is around it (a generator's output, a sentence without a credential word)."""
_SYMBOL_TO_WORD_START = re.compile(r"[!#$%^&*@~][^\s\"'`]*+")
"""Read in the reversed text: from the last symbol of a word (a run without blanks and quotes,
`FOUR_CLASSES`'s own) to the word's start. `FOUR_CLASSES` can only match there: its lookbehind
starts it at a word's start and its first lookahead wants a symbol in that word. Searched from
its symbols (a class the regex engine skips to), not from every character."""
_LONGEST_WORD = 41
"""`FOUR_CLASSES` takes a whole word: 8 to 40 characters and one of `,.;:!?)`."""
_HEX_RUN = re.compile(r"[0-9a-f]{16}|[0-9A-F]{16}")
_NOT_LONE = re.compile(r".*[/\\:.,;()|{}?].*|[$%#@*~!].*|[A-Za-z_][\w\-]*=.*|.*=")
"""Paths, URLs, addresses, code (`x=True,`, `a.b?.c;`), variables, headings, list items, an
assignment or base64's padding (an `=` between symbols and letters of both cases is a
password's)."""


def four_class_words(text: str) -> Iterator[re.Match[str]]:
    """`FOUR_CLASSES.finditer(text)`, tried only at the start of the words holding a symbol
    (at every character within `triggers.every_row_runs`)."""
    if not gated():
        yield from FOUR_CLASSES.finditer(text)
        return
    size = len(text)
    starts = [(size - word.end(), word.end() - word.start())
              for word in _SYMBOL_TO_WORD_START.finditer(text[::-1])]
    for start, to_last_symbol in reversed(starts):
        if to_last_symbol <= _LONGEST_WORD:  # (a longer word holds no match)
            match = FOUR_CLASSES.match(text, start)
            if match is not None:
                yield match


def lone_secret(value: str) -> bool:
    """A line that is one token mixing three of lower case, upper case, digits and symbols
    (`Summer2024!`): what a password manager, a vault or a keychain prints alone. Not a
    path, a URL, an address, a version, a variable, a heading or a list item."""
    if _NOT_LONE.fullmatch(value) or not value.isascii() or _HEX_RUN.search(value):
        return False  # (a long hex run is an id with a suffix, `<sha>#3`: the net's to judge)
    classes = (any(c.islower() for c in value) + any(c.isupper() for c in value)
               + any(c.isdigit() for c in value) + any(c in _LONE_SYMBOLS for c in value))
    return (classes >= 3 and any(c in _LONE_SYMBOLS for c in value)) or (
        classes == 3 and not any(c in _LONE_SYMBOLS for c in value)
        and _random_mixed(value, 8) and token_verdict(value) == ())
