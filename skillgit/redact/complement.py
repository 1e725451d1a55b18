"""A made-up value standing as a clause's complement, whatever the language around it.

People hand each other passwords in prose, in whatever language they write ("the kiosk one is
…", "wifi for the makerspace: …"), and such a value is made by a person: words, capitals and
digits joined (a word, `_`, four digits and two letters; two names and four digits joined by
dashes). The credential vocabulary (`vocab.py`) names
"password" in many languages but never in all of them, and a human-made password is too short
and too word-like for the random-token net (`deny.py`). What every language shares is where such
a value stands and what it is made of:

- **position**: the complement of a clause — after a colon, or after one short word (a copula
  or a particle of one to four letters: `is`, `ni`, `er`, `est`, `jest`) — and the last thing in
  it: the line ends, or a mark, a dash or a bracket closes the clause right after it;
- **shape**: no word of any language: capitals, small letters and digits together, with a
  capitalised part (`Kigali`, `Sk`), its parts joined by a mark (`-`, `_`, `#`) or written in
  letters ASCII has not: letters and digits alone are an identifier's (`TestUser42`, `Route53`,
  `OAuth2Client`); no path, URL, assignment, dotted name, `host:port`,
  masked value (`••••`) or option.

A hostname (`db-primary-01`), a version, a ticket (`PROJ-123`), a UUID, a digest, a board name
(`nrf52840dk_nrf52840`) and a device (`ttyACM0`) miss the shape; a product name standing inside
a sentence misses the position. Markers are no value (brackets), so redacting twice gives the
same text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise

from skillgit.redact.vocab import NAME_ROOTS, PASSWORD_WORDS, literal_trie

KIND = "named-in-prose"

_CANDIDATE = re.compile(
    r"(?:(?:(?<=\S)|(?<=\S[ \u00a0])):[ \t]+|(?<![\w'\u2019-])[^\W\d_]{1,4}[ \t]+)"
    r"([^\s/\\`'\"<>()\[\]{}|,;:=*•]{8,64}?)"
    r"(?=[.!?]?[ \t]*$|[.!?]?[ \t]+[\u2014\u2013-][ \t]|[,;!?)](?:[ \t]|$)|\.[ \t]+\S)",
    re.M)
"""A run of 8 to 64 characters after a colon or one short word, ending its clause."""
_NAMED_A_NAME = re.compile(
    r"(?i)(?<![\w-])(?:ssid|name|hostname|host|user(?:name)?|branch|tag|label|network|"
    r"device|model|server|node|cluster|project|repo(?:sitory)?|board|sku|ticket)"
    r"[\"'`)]?[ \t]*(?::|[^\W\d_]{1,4})?[ \t]*$")
"""What the clause names just before the value, when it is a name (`SSID is Funivia-07`,
`host: Lab-Pi-04`): a name is public; the value of a credential is named otherwise."""
_CREDENTIAL_WORD = re.compile(literal_trie(tuple(dict.fromkeys((*NAME_ROOTS, *PASSWORD_WORDS)))))
"""A credential named earlier in the clause: then the name word is what the credential is for."""
_SEPARATOR = re.compile(r"[^\w]|_")
_NOT_A_VALUE = re.compile(r"\.\w|^[-$%@#+~]|\d{1,3}(?:\.\d{1,3}){3}")
"""A dotted name or version, an option, a variable, a mention or an IP address."""


def named_a_name(text: str, start: int) -> bool:
    """Whether the clause names the value starting at `start` a name just before it, and
    names no credential before that ("the password for the server is …" names a password)."""
    if _NAMED_A_NAME.search(text, max(0, start - 40), start) is None:
        return False
    clause = max(text.rfind(mark, 0, start) for mark in (". ", "\n", "; ", ", "))
    return _CREDENTIAL_WORD.search(text[max(0, clause, start - 80):start].lower()) is None


def made_up(token: str) -> bool:
    """Whether `token` is no word of any language: capitals, small letters and digits, with a
    capitalised part, and not words joined to a number."""
    if _NOT_A_VALUE.search(token):
        return False
    if not (any(c.isdigit() for c in token) and any(c.isupper() for c in token)
            and any(c.islower() for c in token)):
        return False
    if not any(a.isupper() and b.islower() for a, b in pairwise(token)):
        return False  # no capitalised part: `8923a1f0cb7e5d2a-JNB`, `ttyACM0`
    # letters and digits alone are an identifier's (`TestUser42`, `Route53`, `OAuth2Client`):
    # a person joins the parts with a mark, or writes letters ASCII has not
    return bool(_SEPARATOR.search(token)) or not token.isascii()


def iter_complement_matches(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of each made-up value standing as a clause's complement."""
    if not any(c.isdigit() for c in text):
        return
    for match in _CANDIDATE.finditer(text):
        token = match.group(1).rstrip(".")
        if made_up(token) and not named_a_name(text, match.start(1)):
            yield KIND, match.start(1), match.start(1) + len(token)
