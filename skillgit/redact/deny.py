"""The default-deny net: a token survives only if it is known to be safe.

The named rules (`scan.py`) run first and name what they find; the net runs under them, over
the text between their spans, in one pass: one tokenizer `finditer`, then cheap checks per
token (cached by token). A token of 16 or more letters and digits that looks random in any
alphabet (mixed base62/base64, hex, lower-case or upper-case only, long digit runs) and is
not known to be safe is masked as `opaque-value`. "Random" is measured, not listed:

- mixed letters and digits: the mean length of its case/digit runs (identifiers are made of
  words, `getElementById`, `Base64Encoder`; random base62 switches class every two characters)
  and the share of it covered by pronounceable runs;
- one case only: the share of letter pairs that ordinary words rarely hold (`LETTER_PAIRS`, a
  table built from the words of English prose) and the share of vowels;
- hex: random unless a hash in a public role (a git, checksum or digest context on its line);
- digits: a long run (`MIN_DIGITS`) of many different digits that is no epoch timestamp.

Known safe: markers, UUIDs, versions, algorithm-tagged digests (`sha512-…`, `h1:…`,
`sha256:…`), public keys and certificates (their base64 follows `ssh-ed25519`, `BEGIN
CERTIFICATE`, `BEGIN PUBLIC KEY`), documentation example keys (`…EXAMPLE`), paths and
identifiers made of word-like parts, URL hosts.

Shapes of keys that are no single token are found whole: JSON byte arrays of many byte
values, word-list mnemonics (12 to 24 plain words alone on a line or after a seed/mnemonic
word), colon-separated hex dumps of private values (`openssl … -text`), and the value after a
word of the credential vocabulary (`vocab.py`) in any language, whatever its shape.

Every decision depends on the token and its line only, and a marker is safe, so masking and
scanning again gives the same answer (idempotent).
"""

from __future__ import annotations

import re
from functools import cache
from itertools import pairwise
from typing import Protocol, TypeVar

from skillgit.redact.blocks import public_block
from skillgit.redact.clause import clause_matches, clause_words
from skillgit.redact.public import public_near
from skillgit.redact.structures import _structures
from skillgit.redact.tokens import (
    _BARE_HEX,
    _HASH_ABOVE,
    _HASH_CONTEXT,
    _HEX_KIND,
    _TOKEN,
    KIND,
    MIN_LENGTH,
    _line_of,
    token_verdict,
)
from skillgit.redact.vocab import (
    CODE_WORDS,
    ENGLISH_PASSWORD_WORDS,
    NAME_ROOTS,
    PASSPHRASE_KEY_PHRASES,
    PASSWORD_WORDS,
    any_word_test,
    foreign_words_in,
    literal_trie,
)

SHORT_MIN = 8
_SHORT_TOKEN = re.compile(
    r"(?<![^\s\"'`(\[{])(?=[a-z0-9]*[A-Z])(?=[A-Z0-9]*[a-z])(?=[A-Za-z]*\d[A-Za-z]*\d)"
    r"[A-Za-z0-9]{8,15}(?=[\s\"'`)\]}]|[.,;:!?](?:[\s\"'`)]|$)|$)")
"""A whole word of 8 to 15 letters and digits with both cases and two digits or more, standing
alone (after a blank, a quote or a bracket; before one, or a mark that ends a clause): not a
part of a path, a URL, a comma-separated payload or an identifier joined by `_`, `-` or `.`."""


def _class(char: str) -> int:
    return 0 if char.isdigit() else 1 if char.isupper() else 2


def short_random(word: str) -> bool:
    """Whether a short word switches between capitals, small letters and digits as noise does:
    six runs or more, of at most 1.6 characters on average (a random key of eight: about six
    runs;
    words and product names run longer: `iPhone15Pro`, `OAuth2Client`, `x86Arm64`)."""
    runs = 1 + sum(_class(a) != _class(b) for a, b in pairwise(word))
    return len(word) >= SHORT_MIN and runs >= 6 and len(word) <= 1.6 * runs


def net_matches(text: str, gaps: list[tuple[int, int]] | None = None, *,
                bare_hex: bool = True, lowered: str | None = None
                ) -> list[tuple[str, int, int]]:
    """(kind, start, end) of every unknown random token, key-shaped structure and value after
    a foreign credential word in `text` (within `gaps`, the stretches no named rule took).

    `bare_hex=False` lets hex that stands alone pass even without a hash's context: the final
    screen withholds a whole proposal on a finding, and a proposal's own fingerprints and the
    digests it cites are bare hex (the redactor masked any such token in the transcripts)."""
    if gaps is None:
        gaps = [(0, len(text))]
    suspects: list[tuple[str, int, int, int]] = []  # kind, start, end, token start
    for low, high in gaps:
        if high - low < MIN_LENGTH:
            continue
        for match in _TOKEN.finditer(text, low, high):
            token = match.group()
            if token.startswith("[REDACTED:"):
                continue
            verdicts = token_verdict(token)
            if not verdicts:
                continue
            suspects.extend((kind, match.start() + start, match.start() + end, match.start())
                            for start, end, kind in verdicts)
    for low, high in gaps:  # short words of noise: too short for the tokenizer
        for match in _SHORT_TOKEN.finditer(text, low, high):
            if short_random(match.group()):
                suspects.append((KIND, match.start(), match.end(), match.start()))
    found: list[tuple[str, int, int]] = []
    public = public_near(text, [(s, e) for _, s, e, _ in suspects]) if suspects else []
    hash_lines: dict[int, bool] = {}  # line start -> whether its hex is in a public role
    for kind, begin, finish, base in suspects:
        if public and any(s <= begin and finish <= e + 2 for s, e in public):
            continue  # (a public value's `=` padding may run past its span)
        if kind == _BARE_HEX and not bare_hex:
            continue
        if kind in (_HEX_KIND, _BARE_HEX):
            if (text[begin - 1:begin] in ("@", "#")
                    or _NAMED_BY_COMMENT.match(text, finish) is not None
                    or _LEADING_ZEROS.match(text, begin) is not None):
                continue
            line_start, line_end = _line_of(text, base)
            if _NAMED_CREDENTIAL.search(text, max(line_start, begin - 48), begin):
                found.append((KIND, begin, finish))  # its own name says what it is
                continue
            hash_line = hash_lines.get(line_start)
            if hash_line is None:
                hash_line = hash_lines[line_start] = _hash_line(text, line_start, line_end)
            if hash_line:
                continue
            kind = KIND
        found.append((kind, begin, finish))
    lowered = text.lower() if lowered is None else lowered
    found.extend(_structures(text, lowered, gaps))
    if (any(hint.search(lowered) for hint in _CLAUSE_HINTS) or foreign_words_in(lowered)
            or _HOLDS_CODE_WORD(lowered)):
        found.extend(clause_matches(text, lowered, _clause_words(), lambda start, end: any(
            low <= start and end <= high for low, high in gaps) and not _tagged_digest(
            text, start)))
    return found


_NAMED_CREDENTIAL = re.compile(r"(?i)(?<![\w-])(?:" + "|".join(NAME_ROOTS) + r")\w*"
                               r"[\"'`]?[ \t]*(?:is|was|=|:)[ \t]*[\"'`]?$")
"""The name right before a hex value, naming a credential ("key is <hex>", `token: <hex>`): the
value's own name decides, whatever other words of its line put other values in a public role
("… and the audience id is <hex>")."""
_PRIVATE_LINE = re.compile(r"(?i)private|secret|pass(?:w|phrase)|"
                           r"\bkey\b(?!.*(?:fingerprint|public|\bpub\b|checksum|digest|\bid\b))")
"""A line naming something private: its id words (`"private_key_id": "<hex>"`) put no hex in a
public role."""
_NAMED_BY_COMMENT = re.compile(r"[ \t]*/\*[^*\n]{1,80}\*/")
"""`<hex> /* AppDelegate.swift */`: an object id named by the comment after it (a project
file's references); a secret is not given a name that way."""
_LEADING_ZEROS = re.compile(r"(?:0[xX])?0000")
"""Hex starting with four zeros: an address or a counter (`0x00007f3a…` in a backtrace); a
random value starts so once in 65536."""


def _hash_line(text: str, start: int, end: int) -> bool:
    """Whether the line [start, end) puts its hex in a public role: a hash's context on it and
    no private word, or on the line above, a checksum line, a block of digests. Asked once per
    line (a JSON Lines record is one line of 100 kB, with many ids on it)."""
    above = text.rfind("\n", 0, max(0, start - 1)) + 1
    return bool((_HASH_CONTEXT.search(text, start, end)
                 and not _PRIVATE_LINE.search(text, start, end))
                or _HASH_ABOVE.search(text, above, start)
                or _checksum_line(text, start, end)
                or public_block(text, start, _HASH_CONTEXT, _HASH_ABOVE))


def _tagged_digest(text: str, start: int) -> bool:
    """An algorithm's tag right before `start` (`sha256:…`, `sha512-…`, `h1:…`): a digest."""
    return (_SAFE_DIGEST.search(text, max(0, start - 16), start) is not None
            or _SAFE_DIGEST_AT.match(text, start) is not None)


def _checksum_line(text: str, start: int, end: int) -> bool:
    """`<hex>  file` (sha256sum) or `file: <hex>`: a digest of a named file."""
    line = text[start:end].strip()
    return re.fullmatch(r"[0-9a-fA-F]{16,}\s+\*?\S+|\S+\.\w+:\s*[0-9a-fA-F]{16,}", line) is not None


# ---------------------------------------------------------------- structures
@cache
def _clause_words() -> re.Pattern[str]:
    """The credential clause's words, compiled on first use: the largest pattern of all (~60 ms),
    which a process whose texts hold no clause hint (`validate`, `review`) never needs."""
    return clause_words(PASSWORD_WORDS, ENGLISH_PASSWORD_WORDS, PASSPHRASE_KEY_PHRASES)


_HOLDS_CODE_WORD = any_word_test(CODE_WORDS)
_CLAUSE_HINTS = (re.compile(r"pin(?<=\bpin)\b"), re.compile(r"log(?<=\blog)(?:[io]n\b|\w* in\b)"),
                 re.compile(r"kennung"), re.compile(r"pw(?<=\bpw)"), re.compile(r"pass(?:w|ph|c)"),
                 re.compile(r"sign(?<=\bsign)\w* in\b"),
                 re.compile(literal_trie(tuple(p for p in PASSPHRASE_KEY_PHRASES if p.isascii()))))
"""A cheap look for an English (or `clause._EXTRA`) word before the clause pattern runs
(three regexes that each start with a literal: one regex of the three tries a branch at
nearly every character)."""


def without_public(text: str, matches: list[M], *, examples: bool = True) -> list[M]:
    """`matches` (found by any rule) without those known to be no secret: a documentation
    example key (`AKIAIOSFODNN7EXAMPLE`), an algorithm-tagged digest (`h1:…`, `sha512-…`) or
    part of a public key or certificate. `examples=False` keeps example keys (the final
    screen stays strict about them: a proposal quoting one is better withheld)."""
    if not matches:
        return matches
    example = examples and "EXAMPLE" in text
    public = public_near(text, [(m.start, m.end) for m in matches])
    tagged = ":" in text or "-" in text
    repeated = _REPEATED.search(text) is not None
    if not (example or public or tagged or repeated):
        return matches  # (matches is not empty: the spans are worth their cost here)
    kept: list[M] = []
    for match in matches:
        start, end = match.start, match.end
        if example and "EXAMPLE" in text[start:end]:
            continue
        if tagged:
            low = start
            while low and start - low < 16 and text[low - 1] not in _TOKEN_END:
                low -= 1
            if _SAFE_DIGEST.search(text, low, start) or _SAFE_DIGEST_AT.match(text, start):
                continue
        body = re.split(r"[_\-]", text[start:end])[-1]
        if repeated and len(body) >= 6 and len(set(body.lower())) == 1:
            continue  # a placeholder: `sk_test_xxxxxxxxxxxx`, `ghp_************`
        while end > start + 1 and text[end - 1] in ".,;:)":
            end -= 1  # a sentence's full stop after a public value
        if public and any(low <= start and end <= high for low, high in public):
            continue
        kept.append(match)
    return kept


class _Span(Protocol):
    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...


M = TypeVar("M", bound=_Span)


_REPEATED = re.compile(r"([xX*.0])\1{5}")
"""Six of one character in a row: a placeholder's body (`sk_test_xxxxxx`, `ghp_******`)."""
_TOKEN_END = frozenset(" \t\n\r\"'`,;()[]{}<>|\\")
_DIGEST_TAG = r"(?i)(?<![A-Za-z0-9])(?:sha\d{1,3}|md5|h\d|blake\d\w*|sha3-\d+)[-:=]"
_SAFE_DIGEST = re.compile(_DIGEST_TAG + "$")
"""An algorithm's tag right before a span: the span is that algorithm's digest."""
_SAFE_DIGEST_AT = re.compile(_DIGEST_TAG)
