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

import itertools
import re
from collections.abc import Callable, Iterator
from typing import Protocol, TypeVar

from skillgit.redact.clause import clause_matches, clause_words
from skillgit.redact.entropy import NOT_SECRET_PREFIXES as _NOT_SECRET_PREFIXES
from skillgit.redact.public import public_near
from skillgit.redact.values import CODE_EXPRESSION, is_placeholder, looks_opaque
from skillgit.redact.vocab import (
    COPULAS,
    ENGLISH_PASSWORD_WORDS,
    MNEMONIC_WORDS,
    PASSWORD_WORDS,
    SECRET_WORDS,
    foreign_words_in,
)

KIND = "opaque-value"
KIND_BYTES = "key-bytes"
KIND_MNEMONIC = "mnemonic"
KIND_DUMP = "key-hex-dump"
KIND_WORD = "credential-word-value"
KIND_LONE = "lone-secret"
KIND_POSITION = "positional-secret"

MIN_LENGTH = 16
"""Letters and digits a token needs before the net judges it."""
MIN_DIGITS = 14
"""A digit run this long with many different digits is no small number."""
MIN_HEX = 20
"""Hex shorter than this (64 bits) is an id: a short commit, a build hash (`lib-657c4d9fcabfd191`),
an id a program makes up (`u-a7004be48d2a7b73`, `<session-aa054b9d08b252e4>`)."""

LETTER_PAIRS = (
    "abcdfgiklmnprstuvwxy", "babceijloprstuy", "cacdehiklmorstuy", "dabcdefgilmnoprstu",
    "eabcdefghiklmnopqrstuvwxy", "facdefilorstuy", "gaeghilmnorsu", "haeimortu",
    "iabcdefglmnoprstvxz", "jeu", "kaeilnsw", "lacdeilnopstuvy", "mabdeilmopstuy",
    "nacdefgiklnoprstuvy", "oabcdfgiklmnoprstuvwx", "pacdefhiloprstuy", "qu",
    "rabcdefgiklmnoprstuvwy", "sacdefghiklmnoprstuwy", "tabcdefhilmnoprstuwy", "uabcdefgilmnoprst",
    "vaeiov", "wadehinors", "xaceipt", "yeilmnpst", "zaeio",
)
"""Letter pairs found inside at least twenty different words of English prose (the standard
library's docs and this project's own; first letter, then every letter that may follow it).
Random lower-case text holds a pair outside this table every second pair; words rarely do."""
_PAIRS = frozenset(row[0] + follower for row in LETTER_PAIRS for follower in row[1:])

_TOKEN = re.compile(r"\[REDACTED:[^\]\s]{1,64}\]|[A-Za-z0-9+/=_\-.:~@%&?#]{14,}")
"""What the net judges: a marker (skipped), or a run of token characters long enough to hold
16 letters and digits."""
_PIECE = re.compile(r"[^/:.@?&=,;~%#]+")
_PART = re.compile(r"[^_\-+]+")
_RUN = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+")
_SAFE = re.compile(
    r"(?i)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"  # UUID
    r"|v?\d+(?:[._\-]\d+)+(?:[._\-+][\w.\-+]*)?"  # versions, dates
    r"|(?:sha\d{1,3}|md5|h\d|blake\d\w*|sha3-\d+)[-:=][A-Za-z0-9+/=_\-]+"  # tagged digests
    r"|[A-Z0-9+/]*EXAMPLE[A-Z0-9+/]*=*"  # documentation example keys (AWS docs)
    r"|x{4,}\S*|\S*x{6,}"  # placeholders
)
_HEX = re.compile(r"[0-9a-f]+|[0-9A-F]+")
_LONG_RUN = re.compile(r"[A-Za-z0-9]{14}")
_DASHED = re.compile(r"(?:[A-Za-z0-9]{4,}[_\-+]){3}[A-Za-z0-9]{4}")
_HASH_CONTEXT = re.compile(
    r"(?i)commit|\bsha|hash|digest|checksum|integrity|\btree\b|parent|merge|\bhead\b|\brev|"
    r"bisect|cherry-pick|\brebase|\bcheckout\b|\bblame\b|\btrace|\bspan\b|request[_ -]?id|"
    r"correlation|"
    r"\bblob|object|\bref|\bgit\b|\bpick\b|\bfixup\b|\bsquash\b|index [0-9a-f]|\.\.|"
    r"\bfrom [0-9a-f]|\bid\b|\bids\b|ETag|\bmd5|\bcid\b|fingerprint|\bopening\b|"
    r"[\w\-]_?id\b")
"""Words on a line that put a hex string in a public role (a git object, a digest, an id;
`opening` is the salted hash of a session's opening in skillgit's own digests)."""
_HASH_ABOVE = re.compile(r"(?i)hexdigest|\.digest\(|sha\d*sum|md5sum|^\s*(?:pub|sub|sec|ssb|fpr)\s")
"""The line above a hex string that names it a digest (a REPL's call, a key listing)."""
_VOWELS = frozenset("aeiouy")
_CONSONANTS6 = re.compile(r"[bcdfghjklmnpqrstvwxz]{6}")
"""Six consonants in a row: rare in words and names (`lightschool` has five)."""
_ACRONYMS = re.compile(
    r"https?|mcp|json|yaml|xml|html|sql|ssl|tls|ssh|npm|cli|api|url|dns|tcp|udp|cpu|gpu|csv|"
    r"jwt|gpg|pgp|svg|png|jpg|css|vpc|rpc|cdn|crl|csr|pem|pkcs|rsa|dsa|aws|gcp|gke|eks|ecr|"
    r"gcr|sdk|ttl|utc|std|src|pkg|cfg|ctx|msg|cmd|mgmt|sync")
"""Acronyms and abbreviations that glue consonants together inside concatenated identifiers
(`unsafehttpwhitelist`, `enableallprojectmcpservers`): read as a word break by the consonant
rule only; the letter-pair rarity still reads the whole token."""


def _pair_rarity(word: str) -> float:
    """Share of letter pairs of lower-case `word` that ordinary words rarely hold."""
    pairs = len(word) - 1
    if pairs <= 0:
        return 0.0
    return sum(word[i:i + 2] not in _PAIRS for i in range(pairs)) / pairs


def _pronounceable(word: str) -> bool:
    """A run of letters that reads like a word (or a part of one)."""
    lower = word.lower()
    vowels = sum(c in _VOWELS for c in lower)
    return vowels * 4 >= len(lower) and _pair_rarity(lower) <= (0.25 if len(lower) < 8
                                                                  else 0.15)


def _random_letters(word: str) -> bool:
    """Letters of one case: random when rare letter pairs are frequent or vowels scarce."""
    lower = word.lower()
    rarity = _pair_rarity(lower)
    vowels = sum(c in _VOWELS for c in lower) / len(lower)
    return (rarity >= 0.2 or (rarity >= 0.12 and vowels < 0.25) or vowels < 0.12
            or _CONSONANTS6.search(_ACRONYMS.sub("-", lower)) is not None)


def _random_mixed(part: str, minimum: int = MIN_LENGTH) -> bool:
    """Letters and digits mixed: random when the runs of one class are short and few of them
    read like words."""
    runs = _RUN.findall(part)
    size = sum(len(run) for run in runs)
    if not runs or size < minimum:
        return False
    worded = sum(len(run) for run in runs
                 if (len(run) >= 4 or (len(run) == 3 and run[0].isupper() and run[1:].islower()))
                 and not run.isdigit() and _pronounceable(run))
    digit_runs = sum(run.isdigit() for run in runs)
    if size / len(runs) < 3.2 and (worded * 2 < size or (digit_runs >= 3
                                                          and worded * 10 < size * 7)):
        return True  # short runs, few words; or digits scattered all through it
    if digit_runs >= 3 and size / len(runs) < 6 and (part.upper() == part
                                                        or part.lower() == part):
        return True  # one case, digits all through it: base32 / base36, not a name
    if worded * 2 >= size:
        return False
    if size / len(runs) >= 6 and part.lower() != part and part.upper() != part:
        # long runs of one case (`aeopcyxij…ABEKMHOPC…`): no base62; judged run by run
        return any(len(run) >= MIN_LENGTH and not run.isdigit() and _random_letters(run)
                   for run in runs)
    # long runs: random when their letter pairs are rare (base32), which names
    # in lower case and digits rarely are (`libxml2`, `x86_64`)
    letters = [run.lower() for run in runs if not run.isdigit()]
    pairs = sum(len(run) - 1 for run in letters)
    rare = sum(_pair_rarity(run) * (len(run) - 1) for run in letters)
    return pairs > 0 and rare / pairs >= (0.35 if any(c.islower() for c in part) else 0.2)


def _random_digits(part: str) -> bool:
    if len(part) < MIN_DIGITS or len(set(part)) < 6:
        return False
    # epoch seconds, milliseconds, microseconds, nanoseconds of this century
    return not (len(part) in (13, 16, 19) and part[0] == "1" and part[1] in "5678")


_HEX_KIND = "hex"
_BARE_HEX = "bare-hex"
"""Hex standing alone (no prefix glued to it): a secret printed bare, or one of the many
digests and ids a project writes itself (a proposal's fingerprint, a session's hash)."""


def _part_verdict(part: str, minimum: int = MIN_LENGTH) -> str | None:
    """`KIND`, `_HEX_KIND` (random unless a hash in a public role) or None (safe)."""
    if part.isdigit():
        return KIND if _random_digits(part) else None
    if len(part) < minimum or len(set(part)) < min(8, len(part) // 3):
        return None  # short, or too few different characters (`AAAAAAAAgAQAEAAA`)
    rising = sum(a < b for a, b in itertools.pairwise(part))
    if rising * 5 >= (len(part) - 1) * 4:
        return None  # an alphabet or a character set written in order (`abcdef…xyz0123`)
    if _HEX.fullmatch(part) and any(c.isdigit() for c in part) and any(
            c.isalpha() for c in part):
        return _HEX_KIND if len(part) >= MIN_HEX else None
    if part.isalpha():
        if not part.isascii():
            return None
        if part.islower() or part.isupper():
            return KIND if _random_letters(part) else None
        if part[0].isupper() and part[1:].islower():
            return KIND if _random_letters(part) else None
        return KIND if _random_mixed(part, minimum) else None
    if not part.isalnum() or not part.isascii():
        return None
    return KIND if _random_mixed(part, minimum) else None


def _name_like(part: str) -> bool:
    """A path component: lower case or digits (`src`, `v1`), or runs that read as words
    (`UserCard.tsx`); not a chunk of base64 (`PV5McQszMv`)."""
    runs = _RUN.findall(part)
    if part.replace(".", "").replace("_", "").replace("-", "").islower() or part.isdigit():
        return True
    return any(len(run) >= 3 and not run.isdigit() and _pronounceable(run) for run in runs) and all(
        len(run) < 4 or run.isdigit() or _pronounceable(run) for run in runs)


def _path_like(token: str) -> bool:
    """Parts between `/` that read as names (`src`, `UserCard.tsx`), not base64."""
    parts = [part for part in token.split("/") if part]
    words = sum(1 for part in parts if "+" not in part and _name_like(part))
    return len(parts) >= 2 and words * 2 > len(parts)


_CACHE: dict[str, tuple[tuple[int, int, str], ...]] = {}
_CACHE_SIZE = 65536


def token_verdict(token: str) -> tuple[tuple[int, int, str], ...]:
    """The (start, end, kind) of what `token` holds that must be masked (kind `_HEX_KIND`
    for a hex string, which its line decides); empty when it is safe. Cached by token."""
    found = _CACHE.get(token)
    if found is None:
        found = tuple(_verdict(token))
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.clear()
        _CACHE[token] = found
    return found


def _verdict(token: str) -> Iterator[tuple[int, int, str]]:
    if (_LONG_RUN.search(token) is None and "+" not in token and "/" not in token
            and not _DASHED.search(token)):
        return  # no run of letters and digits long enough to judge: most tokens
    start, end = 0, len(token)
    while start < end and token[start] in "=-_.:/+~@%&?#":
        start += 1
    while end > start and token[end - 1] in "-_.:/+~@%&?#":
        end -= 1
    core = token[start:end]
    if len(core) < MIN_LENGTH or _SAFE.fullmatch(core.rstrip("=")):
        return
    if core.startswith(_NOT_SECRET_PREFIXES):
        return
    if "://" in core:
        # a URL: the host is public; a path or query part goes only when it is long and
        # random in mixed case (a CDN's or a gist's hex id is no secret; userinfo and
        # credential-named parameters are the named rules')
        scheme = core.find("://") + 3
        host_end = core.find("/", scheme)
        if host_end < 0:
            return
        yield from ((start + host_end + s, start + host_end + e, k)
                    for s, e, k in _pieces(core[host_end:]) if k == KIND and e - s >= 24)
        return
    base64ish = core.rstrip("=")
    if (("+" in base64ish or "/" in base64ish) and base64ish.replace("+", "").replace(
            "/", "").isalnum() and not _path_like(base64ish)):
        joined = base64ish.replace("+", "").replace("/", "")
        one_case = joined.isalpha() and (joined.islower() or joined.isupper())
        if (not one_case and len(base64ish) >= MIN_LENGTH
                and _part_verdict(joined, MIN_LENGTH - 2) == KIND):
            yield start, end, KIND
            return
    yield from ((start + s, start + e, k) for s, e, k in _pieces(core))


def _pieces(core: str) -> Iterator[tuple[int, int, str]]:
    for piece in _PIECE.finditer(core):
        text = piece.group()
        if len(text) < MIN_LENGTH and not text.isdigit():
            continue
        if _SAFE.fullmatch(text) or text.startswith(_NOT_SECRET_PREFIXES):
            continue
        verdicts = [_part_verdict(part.group()) for part in _PART.finditer(text)]
        if "+" in text and KIND not in verdicts and _part_verdict(
                text.replace("+", ""), MIN_LENGTH - 2) == KIND:
            verdicts.append(KIND)  # base64 with a `+` inside (`user/<base64>@host`)
        if len(verdicts) > 1 and KIND not in verdicts and _HEX_KIND not in verdicts:
            whole = text.replace("_", "").replace("-", "").replace("+", "")
            if _dashed_groups(text) and _part_verdict(whole) == KIND:
                verdicts.append(KIND)
        if KIND in verdicts:
            yield piece.start(), piece.end(), KIND
        elif _HEX_KIND in verdicts and ("/" not in core or "@" in core):
            # hex in a path is a build or content hash (`deps/lib-657c4d9fcabfd191.rlib`)
            yield piece.start(), piece.end(), _HEX_KIND if len(verdicts) > 1 else _BARE_HEX


def _dashed_groups(text: str) -> bool:
    """`ABCD-EFGH-IJKL-MNOP`: groups of one length, a licence or recovery key's layout."""
    groups = re.split(r"[_\-+]", text)
    return len(groups) >= 4 and len({len(group) for group in groups}) == 1 and len(
        groups[0]) >= 4


def _line_of(text: str, position: int) -> tuple[int, int]:
    start = text.rfind("\n", 0, position) + 1
    end = text.find("\n", position)
    return start, (len(text) if end < 0 else end)


_SPACE = re.compile(r"\s")


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
    found: list[tuple[str, int, int]] = []
    public = public_near(text, [(s, e) for _, s, e, _ in suspects]) if suspects else []
    for kind, begin, finish, base in suspects:
        if public and any(s <= begin and finish <= e + 2 for s, e in public):
            continue  # (a public value's `=` padding may run past its span)
        if kind == _BARE_HEX and not bare_hex:
            continue
        if kind in (_HEX_KIND, _BARE_HEX):
            line_start, line_end = _line_of(text, base)
            above = text.rfind("\n", 0, max(0, line_start - 1)) + 1
            if (text[begin - 1:begin] in ("@", "#")
                    or _HASH_CONTEXT.search(text, line_start, line_end)
                    or _HASH_ABOVE.search(text, above, line_start)
                    or _checksum_line(text, line_start, line_end)):
                continue
            kind = KIND
        found.append((kind, begin, finish))
    lowered = text.lower() if lowered is None else lowered
    found.extend(_structures(text, lowered, gaps))
    if any(hint.search(lowered) for hint in _CLAUSE_HINTS) or foreign_words_in(lowered):
        found.extend(clause_matches(text, lowered, _CLAUSE_WORDS, lambda start, end: any(
            low <= start and end <= high for low, high in gaps)))
    return found


def _checksum_line(text: str, start: int, end: int) -> bool:
    """`<hex>  file` (sha256sum) or `file: <hex>`: a digest of a named file."""
    line = text[start:end].strip()
    return re.fullmatch(r"[0-9a-fA-F]{16,}\s+\*?\S+|\S+\.\w+:\s*[0-9a-fA-F]{16,}", line) is not None


# ---------------------------------------------------------------- structures
_BYTE_ARRAY = re.compile(r"\[\s*(?:\d{1,3}\s*,\s*){15,}\d{1,3}\s*,?\s*\]")
_DUMP_LINE = re.compile(r"^[ \t]*(?:[0-9a-fA-F]{2}:)+[0-9a-fA-F]{0,2}[ \t]*$", re.M)
_INLINE_DUMP = re.compile(r"(?<![0-9A-Fa-f:])(?:[0-9a-fA-F]{2}:){15,}[0-9a-fA-F]{2}"
                          r"(?![0-9A-Fa-f:])")
_DUMP_HINT = re.compile(r":(?<=[0-9a-fA-F]{2}:)(?:[0-9a-fA-F]{2}:){7}")
"""Eight `xx:` in a row, which every dump reported holds (a dump line's pairs are in one run,
and one line of a block has eight or more; an inline dump has fifteen): found from the
colons, where the dump regexes try nearly every character."""
_PUBLIC_DUMP_LABEL = re.compile(r"(?i)modulus|pub|signature|serial|fingerprint|keyid|"
                                r"identifier|x509|subject|issuer|generator|prime")
_MNEMONIC_LINE = re.compile(r"^[ \t\"'`>*\-]*((?:\d{1,2}[.):]?[ \t]*)?[a-z]{3,8}"
                            r"(?:[ \t,]+(?:\d{1,2}[.):]?[ \t]*)?[a-z]{3,8}){11,23})"
                            r"[ \t\"'`,.]*$", re.M)
_MNEMONIC_AFTER = re.compile(
    r"(?i)(?:" + "|".join(re.escape(word) for word in MNEMONIC_WORDS) + r")[^\n]{0,40}?[:=]"
    r"[ \t]*[\"'`]?((?:[a-z]{3,8}[ \t,]+){11,23}[a-z]{3,8})")
_MNEMONIC_COUNTS = frozenset((12, 15, 18, 21, 24))
_STOP = frozenset("""
the and for you not but are was with this that from have has had will would can could should
all any some into onto over under then than when what which who how why its our your their
his her she him they them use used using run runs make made add adds set get got see also
just only more most such each very too out off one two six ten new old now yes via per let
""".split())


_CLAUSE_WORDS = clause_words(PASSWORD_WORDS, ENGLISH_PASSWORD_WORDS)
_CLAUSE_HINTS = (re.compile(r"pin(?<=\bpin)\b"), re.compile(r"log(?<=\blog)(?:[io]n\b|\w* in\b)"),
                 re.compile(r"kennung"), re.compile(r"pw(?<=\bpw)"), re.compile(r"pass(?:w|ph|c)"),
                 re.compile(r"sign(?<=\bsign)\w* in\b"))
"""A cheap look for an English (or `clause._EXTRA`) word before the clause pattern runs
(three regexes that each start with a literal: one regex of the three tries a branch at
nearly every character)."""


def _structures(text: str, lowered: str, gaps: list[tuple[int, int]]
                ) -> Iterator[tuple[str, int, int]]:
    def free(start: int, end: int) -> bool:
        # a structure is judged whole: a named rule's span inside it is merged into it
        return any(low < end and start < high for low, high in gaps)

    if "," in text and "[" in text:
        for match in _BYTE_ARRAY.finditer(text):
            values = [int(v) for v in re.findall(r"\d+", match.group())]
            steps = {b - a for a, b in itertools.pairwise(values)}
            if (max(values) <= 255 and len(set(values)) >= 10 and len(steps) > 2
                    and sum(v > 9 for v in values) * 2 > len(values)
                    and free(match.start() + 1, match.end() - 1)):
                yield KIND_BYTES, match.start() + 1, match.end() - 1
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
    for match in _MNEMONIC_LINE.finditer(text):
        if (_mnemonic(match.group(1), _ALONE_COUNTS) and _alone(text, match.start(), match.end())
                and free(match.start(1), match.end(1))):
            yield KIND_MNEMONIC, match.start(1), match.end(1)
    if any(word in lowered for word in MNEMONIC_WORDS):
        for match in _MNEMONIC_AFTER.finditer(text):
            if _mnemonic(match.group(1)) and free(match.start(1), match.end(1)):
                yield KIND_MNEMONIC, match.start(1), match.end(1)
    yield from _word_values(text, lowered, free)
    for row, (needs, syntax) in enumerate(zip(_POSITION_NEEDS, _POSITIONS, strict=True)):
        if not (any if row == _ANY_OF else all)(literal in lowered for literal in needs):
            continue  # the row's literals are absent: its regex cannot match (a prefilter)
        for match in syntax.finditer(text):
            value = match.group("v")
            if _positional_value(value) and free(match.start("v"), match.end("v")):
                yield KIND_POSITION, match.start("v"), match.end("v")
    for match in _LONE_LINE.finditer(text):
        value = match.group(1)
        if _lone_secret(value) and free(match.start(1), match.end(1)):
            yield KIND_LONE, match.start(1), match.end(1)
    for match in _FOUR_CLASSES.finditer(text):  # a new password said without naming it
        value = match.group(1)
        if _lone_secret(value) and free(match.start(1), match.end(1)):
            yield KIND_LONE, match.start(1), match.end(1)


_POSITIONS = (
    # `user/password@host` (sqlplus, rman, expdp, a DSN without a scheme)
    # (not `owner/repo@v6`, `@main`, `@<sha>`: an action's or a package's version)
    re.compile(r"(?<![\w/.\-@:])[A-Za-z][\w.\-]{0,40}/(?P<v>[^\s/@\\\"'`]{4,128})@(?!v?\d[\w.\-]*(?![\w.\-])"
               r"|(?:main|master|HEAD|latest|stable|next|[0-9a-f]{7,40})(?![\w.\-]))[\w.\-]{2,}"),
    # a dialogue's secret line: `AUTH [user] secret` (redis, SMTP), `PASS secret` (FTP, POP3)
    re.compile(r"(?im)^[ \t]*(?:(?:[>$#]+|[a-z]{1,2}:)[ \t]*)?(?:auth|pass)[ \t]+(?:[^\s]+[ \t]+)?"
               r"(?P<v>[^\s\"'`]{4,128})[ \t]*\r?$"),
    # positional command-line secrets: PuTTY's `-pw X`, `net use … /user:NAME X`
    re.compile(r"(?<![\w\-])-pw[ \t]+(?P<v>[^\s\"'`]{4,128})"),
    re.compile(r"(?i)\bnet[ \t]+use\b[^\n]{0,200}?/user:[^\s]+[ \t]+(?P<v>[^\s/\"'`]{4,128})"),
)
"""Positions that hold a secret without a word naming it (one row per syntax)."""
_POSITION_NEEDS = (("/", "@"), ("auth", "pass", "\u017f"), ("-pw",), ("net", "/user:"))
"""What each row of `_POSITIONS` cannot match without (lower case; all of a row's literals,
but the second row's: one of them, U+017F being an `s` to its case-blind regex), derived by hand
from the row next to it; `test_deny` holds each row's own examples, so a wrong literal fails
there."""
_ANY_OF = 1
"""The row of `_POSITION_NEEDS` that needs one of its literals, not all."""


def _positional_value(value: str) -> bool:
    """A value in a secret's position: not a placeholder, a marker, a variable or a word."""
    if value.startswith(("[REDACTED:", "$", "%", "<", "{")) or is_placeholder(value):
        return False
    return looks_opaque(value) and not _SAFE.fullmatch(value)


_LONE_LINE = re.compile(r"^[ \t]*([^\s\[\]\"'`<>]{8,64})[ \t]*\r?$", re.M)
_LONE_SYMBOLS = frozenset("!#$%^&*@~")
_FOUR_CLASSES = re.compile(r"(?<!\S)(?=\S*[!#$%^&*@~])(?=\S*\d)(?=\S*[a-z])(?=\S*[A-Z])"
                           r"([^\s\[\]\"'`<>]{8,40}?)[,.;:!?)]?(?!\S)")
"""A word anywhere mixing all four of lower case, upper case, digits and symbols: a password's
shape, whatever is around it (a generator's output, a sentence without a credential word)."""
_HEX_RUN = re.compile(r"[0-9a-f]{16}|[0-9A-F]{16}")
_NOT_LONE = re.compile(r".*[/\\:=.,;()|{}?].*|[$%#@*~!].*")
"""Paths, URLs, addresses, code (`x=True,`, `a.b?.c;`), variables, headings, list items."""


def _lone_secret(value: str) -> bool:
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


def _mnemonic(run: str, counts: frozenset[int] = _MNEMONIC_COUNTS) -> bool:
    words = re.findall(r"[a-z]+", run)
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
