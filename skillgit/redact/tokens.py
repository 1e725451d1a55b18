"""The net's first half: whether one token looks random and is not known to be safe
(`token_verdict`, cached by token), and the kinds the net reports. Read by `deny.py`,
`structures.py` and the second detector."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

from skillgit.redact.entropy import NOT_SECRET_PREFIXES as _NOT_SECRET_PREFIXES

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
    # versions, dates; not four or more groups of 4-8 digits (a recovery key's layout)
    r"|(?!\d{4,8}(?:-\d{4,8}){3})v?\d+(?:[._\-]\d+)+(?:[._\-+][\w.\-+]*)?"
    r"|(?:sha\d{1,3}|md5|h\d|blake\d\w*|sha3-\d+)[-:=][A-Za-z0-9+/=_\-]+"  # tagged digests
    r"|[A-Z0-9+/]*EXAMPLE[A-Z0-9+/]*=*"  # documentation example keys (AWS docs)
    r"|x{4,}\S*|\S*x{6,}"  # placeholders
)
CREDENTIAL_PREFIXES = ("sdk", "mob", "api", "key", "apikey", "token", "tok", "secret", "sk", "pat",
                       "auth", "hrku", "access", "priv", "private", "pwd", "pass")
"""Prefixes that make a UUID a credential: a product that issues keys as `<prefix>-<uuid>`
(LaunchDarkly's `sdk-` and `mob-`, Heroku's `HRKU-`) names what it is by its prefix."""
_PREFIXED_UUID = re.compile(r"(?i)(?:" + "|".join(CREDENTIAL_PREFIXES)
                            + r")(?:[-_][a-z]{2,4}\d{1,2})?"  # a region (`pat-eu1-`)
                            r"[-_][0-9a-f]{8}(?:-[0-9a-f]{4}){3}"
                            r"-[0-9a-f]{12}")
_SUFFIXED_UUID = re.compile(r"(?i)[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}:[a-z]{2,4}")
"""A UUID with a product's tag glued after a colon (`<uuid>:fx`, a free plan's key): an id is
written bare, a key in its issuer's format."""
_HEX = re.compile(r"[0-9a-f]+|[0-9A-F]+")
_LONG_RUN = re.compile(r"[A-Za-z0-9]{14}")
_DASHED = re.compile(r"(?:[A-Za-z0-9]{4,}[_\-+]){3}[A-Za-z0-9]{4}")
_HASH_CONTEXT = re.compile(
    r"(?i)commit|\bsha|hash|digest|checksum|integrity|\btree\b|parent|merge|\bhead\b|\brev|"
    r"bisect|cherry-pick|\brebase|\bcheckout\b|\bblame\b|\btrace|\bspan\b|request[_ -]?id|"
    r"correlation|"
    r"\bblob|object|\bref|\bgit\b|\bpick\b|\bfixup\b|\bsquash\b|index [0-9a-f]|\.\.|"
    r"\bfrom [0-9a-f]|\bid\b|\bids\b|ETag|\bmd5|\bcid\b|fingerprint|\bopening\b|"
    r"[\w\-]_?id\b|\bevent\b|/pulls?/\d|/commits?/|/merge_requests/|\bregress|"
    r"\btx(?:id|hash)?\b|transaction|\bserial(?:[ _-]?number)?[ \t]*[=:]|\bx509\b|"
    r"recv-keys?|keyserver|\bgpg\b")
"""Words on a line that put a hex string in a public role (a git object, a digest, an id, an
event; a pull request's or commit's URL, a regression's cause; a certificate's serial; a
public key's id fetched from a key server;
`opening` is the salted hash of a session's opening in skillgit's own digests)."""
_HASH_ABOVE = re.compile(
    r"(?im)hexdigest|\.digest\(|sha\d*sum|md5sum|^\s*(?:pub|sub|sec|ssb|fpr)\s")
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


def pair_rarity(word: str) -> float:
    """Share of letter pairs of lower-case `word` that ordinary words rarely hold."""
    pairs = len(word) - 1
    if pairs <= 0:
        return 0.0
    return sum(word[i:i + 2] not in _PAIRS for i in range(pairs)) / pairs


def _pronounceable(word: str) -> bool:
    """A run of letters that reads like a word (or a part of one)."""
    lower = word.lower()
    vowels = sum(c in _VOWELS for c in lower)
    return vowels * 4 >= len(lower) and pair_rarity(lower) <= (0.25 if len(lower) < 8
                                                                  else 0.15)


def _random_letters(word: str) -> bool:
    """Letters of one case: random when rare letter pairs are frequent or vowels scarce."""
    lower = word.lower()
    rarity = pair_rarity(lower)
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
    rare = sum(pair_rarity(run) * (len(run) - 1) for run in letters)
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


_HEX_BODY = re.compile(r"[0-9a-fA-F]+")


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
    if _PREFIXED_UUID.fullmatch(core) or _SUFFIXED_UUID.fullmatch(core):
        yield start, end, KIND  # a UUID a product issues as a key (`sdk-<uuid>`, `HRKU-<uuid>`)
        return
    if core[:2] in ("0x", "0X") and _HEX_BODY.fullmatch(core, 2):
        if len(core) - 2 >= MIN_HEX:  # `0x…`: hex, which its line decides like any other
            yield start, end, _HEX_KIND
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
    """`ABCD-EFGH-IJKL-MNOP`: groups of one length, a licence or recovery key's layout, maybe
    after a vendor's short prefix of another length (`PRX-4F9K-2QZ7-M8WD`, `E3-7KQ2-9WZP-…`)."""
    groups = re.split(r"[_\-+]", text)
    if len(groups) >= 5 and 1 <= len(groups[0]) <= 5 and len(groups[0]) != len(groups[1]):
        groups = groups[1:]  # the prefix names the product; the groups are the key
    return len(groups) >= 4 and len({len(group) for group in groups}) == 1 and len(
        groups[0]) >= 4


def _line_of(text: str, position: int) -> tuple[int, int]:
    start = text.rfind("\n", 0, position) + 1
    end = text.find("\n", position)
    return start, (len(text) if end < 0 else end)


_SPACE = re.compile(r"\s")


