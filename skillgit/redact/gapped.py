"""A credential word, up to three short words, then the value: prose in any language.

People name a password and give it in their own grammar, with no colon and often no copula
the vocabulary knows: "az admin konzol jelszava pedig <value>" (Hungarian, "and the admin
console's password <value>"), "admin-salasana on nyt <value>" (Finnish, "is now"). Rather
than a copula per language, up to three short words of any script may stand between the
word (`vocab.py`, with a short inflection) and the value; the value must then have a shape no
word of ordinary language has: after a word for password, the shape of a password in a
clause (`clause.value_shaped`: letters with a symbol or two digits, case flipping like noise,
a long digit run; not a product's name, "dans 1Password") or a random value; after a word
for key, secret or token (weaker: "the key of the door"), a random value only.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator

from skillgit.redact.clause import value_shaped
from skillgit.redact.public import public_spans
from skillgit.redact.triggers import gated, triggers
from skillgit.redact.values import is_placeholder, random_value
from skillgit.redact.vocab import (
    ENGLISH_PASSWORD_WORDS,
    PASSWORD_WORDS,
    SECRET_WORDS,
    foreign_words_in,
    literal_positions,
    literal_trie,
)

KIND = "credential-word-gap"
MAX_GAP_WORDS = 3
_STRONG = tuple(dict.fromkeys(w.lower() for w in (*PASSWORD_WORDS, *ENGLISH_PASSWORD_WORDS)))
_WEAK = tuple(w.lower() for w in SECRET_WORDS if w.lower() not in _STRONG)
_GAPPED = re.compile(
    r"(?<![^\W\d_])(?:(?P<s>" + literal_trie(_STRONG) + r")|(?P<w>" + literal_trie(_WEAK)
    + r"))[^\W\d_]{0,4}(?![^\W\d_])"
    r"(?:[ \t]+[^\W\d_]{1,8}(?![^\W\d_\-])){1," + str(MAX_GAP_WORDS) + r"}"
    r"[ \t]+[\"'`«“„]?(?P<v>[^\s\"'`»”]{6,128})")
"""Read over the lower-cased text (the same length as the text): the value is cut from the
text itself. A gap word is letters only and no compound's part (`the dead-line`)."""
_NEXT_SENTENCE = re.compile(
    r"(?<![^\W\d_])(?P<s>" + literal_trie(_STRONG) + r")[^\W\d_]{0,4}[.!?:]?[ \t]+"
    r"(?:it's|it is|that's|that is|here it is:?)[ \t]+[\"'`«“„](?P<v>[^\s\"'`»”]{6,128})")
"""The value given in the next sentence, quoted, after "it's" ("asks for the keystore
password. It's '…'")."""
_ENGLISH_STARTS = ("pass", "pwd")
"""What every English word for password (`vocab.ENGLISH_PASSWORD_WORDS`) starts with."""
_ENGLISH_WEAK = re.compile(
    r"(?<![\w-])(?:key|secret|token)s?(?![\w-])(?:[ \t]+[^\s.;]{1,24}){0,7}?[ \t]+(?:is|was)"
    r"[ \t]+[\"'`]?(?P<v>[^\s\"'`]{8,128})")
"""An English word for key, secret or token, a few words naming what it is for, a copula,
then the value ("the BISS-1 key for the feed is <hex>"): weak, so the value must be random."""
_ENGLISH_WEAK_GATE = triggers(_ENGLISH_WEAK)
"""Its literals, derived from the row (`triggers.py`): every match starts with one of its
words, so the regex is tried only where one stands (led by a look-behind and an alternation,
it would try a branch at every character)."""
_ABOUT_A_KEY = re.compile(r"\b(?:fingerprint|id|ids|hash|digest|checksum|name|public|pub|version|"
                          r"length|size|type|format|path|file|url|expir\w*|scope\w*|sha\d*|md5)\b"
                          r"|\b(?:sha\d+|md5|sha3-\d+):")
"""Words before the copula (or a tag on the value) saying what is told is about the key."""
_QUALIFIER_REACH = 16
"""Characters before the word where its qualifier stands (`her age public key is …`)."""
_TRAILING = ".,;:)!?"
_SPACELESS = re.compile(r"[\u0e00-\u0e7f\u3000-\u30ff\u3400-\u9fff\uac00-\ud7af\uff00-\uffef]")


def gapped_values(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of each value a few words after a credential word."""
    starts: list[int] | None = None
    if foreign_words_in(lowered) or not gated():
        matches: Iterable[re.Match[str]] = _GAPPED.finditer(lowered)
    else:  # only the English words, all of which start `pass` or `pwd`: tried where they stand
        starts = sorted(p for positions in literal_positions(lowered, _ENGLISH_STARTS).values()
                        for p in positions)
        found = (_GAPPED.match(lowered, position) for position in starts)
        matches = (match for match in found if match is not None)
    if "it" in lowered or "that" in lowered or "here" in lowered:
        matches = itertools.chain(matches, _next_sentences(lowered, starts))
    if (" is " in lowered or " was " in lowered) and (
            "key" in lowered or "secret" in lowered or "token" in lowered):
        matches = itertools.chain(matches, _ENGLISH_WEAK_GATE.finditer(
            _ENGLISH_WEAK, lowered, lowered))  # tried only where `key`, `secret`, `token` stand
    public: tuple[tuple[int, int], ...] | None = None
    for match in matches:
        start, end = match.span("v")
        while end > start and text[end - 1] in _TRAILING:
            end -= 1
        value = text[start:end]
        if value.startswith("[REDACTED:") or _SPACELESS.search(value):
            continue  # (in a script without spaces a run is a phrase, not a value)
        if match.re is _ENGLISH_WEAK and _ABOUT_A_KEY.search(
                lowered, max(0, match.start() - _QUALIFIER_REACH), start):
            continue  # a key's fingerprint, id or name is told (or a public key), not the key
        strong = match.re is not _ENGLISH_WEAK and match.group("s") is not None
        if value_shaped(value) and not is_placeholder(value) and (strong or random_value(value)):
            if not strong:  # a key told by a weak word may be one public by design
                if public is None:
                    public = public_spans(text)
                if any(low <= start and end <= high for low, high in public):
                    continue
            yield KIND, start, end


def _next_sentences(lowered: str, starts: list[int] | None) -> Iterator[re.Match[str]]:
    """`_NEXT_SENTENCE.finditer(lowered)`; tried only at `starts` when given (the text holds
    no foreign word, so a match starts at an English word: the same matches in the same order,
    each looked for from the end of the one before)."""
    if starts is None:
        yield from _NEXT_SENTENCE.finditer(lowered)
        return
    end = 0
    for position in starts:
        if position >= end and (match := _NEXT_SENTENCE.match(lowered, position)) is not None:
            end = match.end()
            yield match
