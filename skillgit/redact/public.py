"""Values in a public role, known by their structure: no rule masks what lies inside them.

Default-deny masks a token that looks random unless it is known to be safe. These are the
random-looking values whose *structure* says they are public — each recogniser checks
something a secret of the same alphabet would not have:

- public keys and certificates (`ssh-ed25519 AAAA…`, `-----BEGIN PUBLIC KEY-----` blocks);
- `data:` URIs (content embedded in a page, not a credential);
- Nix store paths (`/nix/store/<32 base32>-name`: a hash of the build inputs);
- ULIDs whose first ten characters decode to a time between 2000 and 2100 (an id);
- Ethereum addresses (`0x` + exactly 40 hex; a private key is 64);
- bech32 / bech32m strings with a valid checksum (Bitcoin and other addresses, `age1…`
  public keys): a random secret passes the checksum once in a billion;
- the public members of a JSON Web Key (`n`, `e`, `x`, `y`, `x5c`, `x5t`, `kid`: never `d`,
  `p`, `q`);
- the cells under a table header naming an id or a digest (`CONTAINER ID`, `DIGEST`);
- the value of a key named an id (`messageId`, `event_id`; not `secret_id`, `session_id`, an SSO id,
  `appid`);
- the value of a key named public (`PublicKey = …`, `public_key: …`, `pubkey=…`);
- a hashed `known_hosts` entry's salt and host hash (`|1|salt|hash key-type …`);
- a colon-hex fingerprint (`MD5 fingerprint is 00:26:…`, `SHA-1 46:2C:…`);
- IPFS content ids (a hash of the content) and IBANs whose check digits hold;
- Amazon Resource Names (`arn:aws:secretsmanager:…:secret:prod/db-Qx81Lm` names a secret);
- publishable keys, public by design (`pk_live_…`, `pk_test_…`, Mapbox `pk.eyJ…`);
- base64 of a JSON document or a sentence that names no credential, or of a certificate or
  public key (its decoded start says so).
"""

from __future__ import annotations

import base64
import binascii
import functools
import re
from datetime import datetime, timezone

from skillgit.redact.columns import cells_under
from skillgit.redact.public_roles import public_role_spans
from skillgit.redact.values import random_value

_PUBLIC_KEY_LINE = re.compile(
    r"(?:ssh-(?:rsa|dss|ed25519)|ecdsa-sha2-\S+|sk-ssh-\S+|sk-ecdsa-\S+)\s+AAAA"
    r"|-----BEGIN (?:CERTIFICATE|PUBLIC KEY|RSA PUBLIC KEY|PGP PUBLIC KEY BLOCK|X509 CRL"
    r"|CERTIFICATE REQUEST|NEW CERTIFICATE REQUEST|TRUSTED CERTIFICATE|PKCS7|DH PARAMETERS"
    r"|EC PARAMETERS)-----")
_BLOCK_END = re.compile(r"-----END [A-Z0-9 ]+-----")
_SPACE = re.compile(r"\s")
MAX_BLOCK = 16384

_CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
_BECH32_CONSTANTS = (1, 0x2BC830A3)  # bech32, bech32m
_PUBLIC_HRP = frozenset({"bc", "tb", "ltc", "age", "addr", "stake", "cosmos", "osmo", "bnb",
                         "terra", "npub"})
"""Prefixes only public values carry (addresses, `age1…` recipients, `npub1…`): a secret of
these systems is spelled otherwise (`AGE-SECRET-KEY-1…`, `nsec1…`)."""

# (literals a text must hold one of, pattern; group 1, if any, is the public part)
_SHAPES: tuple[tuple[tuple[str, ...], re.Pattern[str]], ...] = (
    (("data:",), re.compile(r"data:[\w.+/-]+(?:;[\w.=-]+)*;base64,[A-Za-z0-9+/=]+")),
    (("/nix/store/",), re.compile(r"/nix/store/[0-9a-df-np-sv-z]{32}-[^\s/]*")),
    (("0x",), re.compile(r"(?<![0-9A-Za-z])0x[0-9a-fA-F]{40}(?![0-9A-Za-z])")),
    (("kty",), re.compile(r"\"(?:n|e|x|y|x5t|x5t#S256|x5c|kid)\"\s*:\s*\[?\s*"
                          r"\"([A-Za-z0-9_\-+/=]+)\"")),
    (("ingerprint", "INGERPRINT", "SHA", "sha", "MD5", "md5"), re.compile(
        r"(?i)(?:fingerprint|\bsha-?\d+|\bmd5)[^\n]{0,40}?((?:[0-9a-f]{2}:){15,}[0-9a-f]{2})")),
    (("pk_", "pk."), re.compile(r"(?<![\w.-])(?:pk_(?:live|test)_[A-Za-z0-9]{16,}"
                                r"|pk\.eyJ[A-Za-z0-9_\-]{10,}\.[A-Za-z0-9_\-]{10,})")),
    # a payment API's object ids (`evt_…`, `pi_…`, `cus_…`): names of records, not keys
    # (its keys are `sk_`, `rk_`, `whsec_`; a client secret `pi_…_secret_…` runs on)
    (("_",), re.compile(r"(?<![\w-])(?:evt|pi|ch|cus|in|ii|sub|si|prod|price|pm|seti|txn|re|po"
                        r"|acct|py|src|cn|dp|tr|ba|card|plink|prv|ipi|ich)_[A-Za-z0-9]{14,32}"
                        r"(?![\w-])")),
    # what a digest command printed on the line below it (`… | openssl dgst -sha256 -binary |
    # base64`, `sha256sum f`): a hash, whatever its alphabet
    (("dgst", "sum", "digest"), re.compile(
        r"(?m)^[^\n]*\b(?:dgst|sha\d*sum|b2sum|md5sum|shasum|digest)\b[^\n]*\n"
        r"([A-Za-z0-9+/_\-]{20,128}={0,2})[ \t]*$")),
    # values public by design: a PKCE challenge (a hash of the verifier) and a captcha's site
    # key, which the page itself publishes
    (("challenge",), re.compile(r"code_challenge[\"']?\s*[=:]\s*[\"']?([A-Za-z0-9_\-]{32,128})")),
    (("site", "SITE"), re.compile(r"(?i)\bsite[_ -]?key\b[^\n]{0,40}?(?:[=:]|\bis\b)[ \t]*"
                                  r"[\"']?([A-Za-z0-9_\-]{20,64})")),
    # IPFS content ids: a hash of the content (v0 base58 `Qm…`, v1 base32 `baf…`)
    (("Qm", "baf"), re.compile(r"(?<![0-9A-Za-z])(?:Qm[1-9A-HJ-NP-Za-km-z]{44}"
                               r"|baf[a-z][a-z2-7]{52,})(?![0-9A-Za-z])")),
    # an Amazon Resource Name: the name of a resource (a secret's too), not its value
    (("arn:",), re.compile(r"\barn:aws[\w-]*:[\w-]+:[\w-]*:\d{12}:[^\s\"'`]+")),
    (("|1|",), re.compile(r"(?m)^\|1\|[A-Za-z0-9+/]{20,}=*\|[A-Za-z0-9+/]{20,}=*(?=[ \t]+\S)")),
    # an error code opening its message (`AADSTS7000215: …`, `ORA-28001: …`)
    ((":",), re.compile(r"(?<![\w-])[A-Z]{2,10}-?\d{3,8}(?=:[ \t])")),
    (("ail", "rror", "code", "eturn", "hrow", "aise"), re.compile(
        r"(?i:\b(?:fails?|failed|errors?|code|returns?|returned|throws?|raised?)(?:\s+with)?)"
        r"\s+([A-Z]{2,10}-?\d{3,8})\b")),
    # a DNS label of a host name (`4182…-k3v7….apps.googleusercontent.com`): a name, published
    ((".",), re.compile(r"(?<![\w.@/:-])[A-Za-z0-9][A-Za-z0-9-]{15,62}(?=\.(?:[a-z0-9-]+\.)+"
                        r"(?:com|net|org|io|dev|app|cloud)\b)")),
    # a hex digest assigned to a name that says it is one (`EXPECTED_FIRMWARE_SHA256 = "…"`)
    (("sha", "SHA", "md5", "MD5", "igest", "IGEST", "hecksum", "HECKSUM"), re.compile(
        r"(?i)\b(?![\w]*(?:pass|secret|token|hmac|key))\w*(?:sha-?\d+|md5|digest|checksum)\w*"
        r"[\"']?\s*[=:]\s*[\"']?([0-9a-f]{32,128})\b")),
    # a plist's or XML's sibling value under a key naming a public key (`SUPublicEDKey`)
    (("ublic",), re.compile(r"(?i)<(?:key|name)>[^<\n]*public[^<\n]*</(?:key|name)>\s{0,80}"
                            r"<(?:string|value|data)>\s*([A-Za-z0-9+/=_\-]{16,})\s*<")),
    (("ub", "UB", "eer", "EER"), re.compile(
        r"(?i)\b(?:public[_ -]?key|pub[_-]?key|publickey|public|peer)[\"']?"
        r"\s*(?:[=:]|\s(?:is|was))\s*"
        r"[\"']?([A-Za-z0-9+/_\-]{16,}={0,2})")),
)
_ID_VALUE = re.compile(r"(?:[_-]id|Id|ID|(?<![\w-])id)(?:-\d)?[\"']?\s*[=:]\s*[\"']?"
                       r"([A-Za-z0-9_-]{8,128}(?:[+/][A-Za-z0-9_+/-]{1,120})?=*)(?![\w+/=-])")
"""`event_id: …`, `"messageId": …`, a response header's `x-request-id: …`, `x-amz-id-2: …`."""
_ID_KEY = re.compile(r"[\w-]*$")
_NOT_AN_ID = re.compile(r"(?i)secret|token|key|pass|session|auth|sso|cookie")
_APP_KEY = re.compile(r"(?i)app[_-]?$")
"""An API's `APPID` is the caller's key unless it is a number (a store's app id is public)."""
_ULID = re.compile(r"(?<![0-9A-Za-z])[0-7][0-9A-HJKMNP-TV-Z]{25}(?![0-9A-Za-z])")
_BECH32_TOKEN = re.compile(r"(?<![0-9A-Za-z])([a-z][a-z0-9]{0,15})1([" + _BECH32 + r"]{6,90})"
                           r"(?![0-9A-Za-z])")


_BASE64_TOKEN = re.compile(r"(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/]{16,}={0,2}(?![A-Za-z0-9+/=_-])")
_SIGNED_PART = re.compile(r"\.[A-Za-z0-9_\-]{10,}")
"""A signature after a dot: the JSON before it is a signed token's payload (`sk.<json>.<sig>`, a
JWT's header and claims), a credential as a whole however harmless its parts decode."""
_PLAIN_WORD = re.compile(r"[A-Za-z][a-z]*[,.!?:;]?")
"""A word of prose as base64 may encode it (`Hello, World!`): no digit, no inner capital."""
_CLAIMS = re.compile(r"\"(?:iat|exp|nbf|iss|aud|sub|jti)\"\s*:")
_GLUED_KINDS = re.compile(r"[A-Za-z]\d|\d[A-Za-z]|[a-z][A-Z]")
_WORD_RUN = re.compile(r"[A-Za-z]{3}")
_USER_PASS = re.compile(r"[^\s:]+:\S+")
"""Text whose words, numbers and punctuation are none glued to another of a different kind
(`MSH|^~\\&|LAB`, a message header in a test) holds a word: a password mixes them
(letters glued to digits, case flipping inside a word)."""
_CREDENTIAL_ROOTS = re.compile(r"(?i)pass|pwd|token|secret|key|cred|auth|bearer|private")


_PUBLIC_ENCODED = (b"-----BEGIN CERTIFICATE", b"-----BEGIN PUBLIC KEY",
                   b"-----BEGIN RSA PUBLIC KEY", b"-----BEGIN PGP PUBLIC KEY",
                   b"\x00\x00\x00\x07ssh-rsa", b"\x00\x00\x00\x0bssh-ed25519",
                   b"\x00\x00\x00\x13ecdsa-sha2-",
                   # media and documents by their magic numbers (a test's fixture, an icon)
                   b"\x89PNG\r\n", b"\xff\xd8\xff", b"GIF87a", b"GIF89a", b"%PDF-", b"wOFF",
                   b"wOF2", b"\x00\x00\x01\x00", b"OggS", b"fLaC", b"ID3", b"\x1aE\xdf\xa3",
                   b"<svg", b"<?xml")
"""How base64 of a certificate, a public key, an SSH public key blob, an image, a font, a
sound or a document starts when decoded (`certificate-authority-data: LS0tLS1CRUdJTi…`,
`iVBORw0KGgo…`): data, not a key. (Archives are left out: they may pack anything.)"""


_PUBLIC_KEY_OIDS = (bytes.fromhex("2a864886f70d010101"), bytes.fromhex("2a8648ce3d0201"),
                    bytes.fromhex("2a8648ce380401"), bytes.fromhex("2b6570"),
                    bytes.fromhex("2b656e"), bytes.fromhex("2b6571"), bytes.fromhex("2b656f"))
"""rsaEncryption, id-ecPublicKey, DSA, Ed25519, X25519, Ed448, X448: the algorithm a DER
public key (SubjectPublicKeyInfo) names first. A private key's DER opens with a version
number instead, an encrypted one with its cipher's OID (PBES2)."""


def _der_body(data: bytes, at: int) -> int | None:
    """Where the content of the DER element at `at` starts (None: no definite length)."""
    if at + 1 >= len(data):
        return None
    size = data[at + 1]
    if size < 0x80:
        return at + 2
    return at + 2 + (size & 0x7F) if 1 <= size & 0x7F <= 3 else None


def _public_der(data: bytes) -> bool:
    """A DER public key (`MIIBIjAN…`, a DKIM record's `p=`) or certificate: a sequence whose
    first element is a sequence naming a public key's algorithm, or a certificate's
    to-be-signed part (`[0]` version 3 first)."""
    if data[:1] != b"\x30":
        return False
    inner = _der_body(data, 0)
    if inner is None or data[inner:inner + 1] != b"\x30":
        return False
    first = _der_body(data, inner)
    if first is None:
        return False
    if data[first:first + 5] == b"\xa0\x03\x02\x01\x02":
        return True  # a certificate's tbsCertificate
    if data[first:first + 1] != b"\x06" or first + 2 > len(data):
        return False
    oid = data[first + 2:first + 2 + data[first + 1]]
    return oid in _PUBLIC_KEY_OIDS


def _harmless_base64(token: str) -> bool:
    """Base64 of a JSON document, a sentence naming no credential, or a certificate or public
    key: data, not a key. (A random key decodes to bytes that are no text; `user:password`
    names a credential.)"""
    head = token[:64 - 64 % 4]
    try:
        decoded_head = base64.b64decode(head, validate=True)
        if decoded_head.startswith(_PUBLIC_ENCODED) or _public_der(decoded_head):
            return True
    except (binascii.Error, ValueError):
        pass
    padded = token + "=" * (-len(token) % 4)
    try:
        decoded = base64.b64decode(padded, validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return False
    if not decoded.isprintable() or _CREDENTIAL_ROOTS.search(decoded) or _CLAIMS.search(decoded):
        return False  # names a credential, or is a token's claims (a JWT's middle part)
    if any(_keylike(value) for value in _JSON_STRING.findall(decoded)):
        return False  # a document that holds a key (a tunnel token's `"s": "<base64>"`)
    structured = (decoded.lstrip().startswith(("{", "[")) and decoded.count('"') >= 4) or (
        _GLUED_KINDS.search(decoded) is None and _WORD_RUN.search(decoded) is not None
        and _USER_PASS.fullmatch(decoded) is None)
    sentence = ((decoded.count(" ") >= 3 and sum(c.isalpha() for c in decoded) > len(decoded) // 2)
                or (decoded.count(" ") >= 1 and all(_PLAIN_WORD.fullmatch(word)
                                                    for word in decoded.split())))
    return structured or sentence


_JSON_STRING = re.compile(r"\"([A-Za-z0-9+/=_\-]{20,})\"")


def _keylike(value: str) -> bool:
    """A string of a decoded document that is a key: long, both cases and digits, random (a
    hex digest or a UUID, one case only, is an id or a hash)."""
    return (any(c.islower() for c in value) and any(c.isupper() for c in value)
            and any(c.isdigit() for c in value) and random_value(value))


_HEADER = re.compile(r"(?m)^[ \t]*[A-Z][A-Z0-9_]*(?: [A-Z][A-Z0-9_]*)*"
                     r"(?:[ \t]{2,}[A-Z][A-Z0-9_]*(?: [A-Z][A-Z0-9_]*)*)+[ \t]*$")
_CELL = re.compile(r"[A-Z][A-Z0-9_]*(?: [A-Z][A-Z0-9_]*)*")
_ID_HEADER = re.compile(r"(?:\b|_)(?:ID|IDS|DIGEST|SHA|HASH|CHECKSUM|FINGERPRINT|COMMIT|REVISION|"
                        r"ETAG|UUID|KID)$")

def _id_columns(text: str) -> list[tuple[int, int]]:
    """The cells under a table header naming an id or a digest (`CONTAINER ID`, `DIGEST`):
    what a CLI prints in that column is an identifier, whatever its shape."""
    spans: list[tuple[int, int]] = []
    for header in _HEADER.finditer(text):
        line_start = header.start()
        columns = [cell.start() - line_start for cell in _CELL.finditer(header.group())
                   if _ID_HEADER.search(cell.group())]
        spans.extend(cells_under(text, header.end() + 1, columns))
    return spans


_IBAN = re.compile(r"(?<![0-9A-Za-z])[A-Z]{2}\d{2}[A-Z0-9]{11,30}(?![0-9A-Za-z])")


def _iban_ok(iban: str) -> bool:
    """An IBAN whose check digits hold (ISO 13616, mod 97): an account's public address."""
    moved = iban[4:] + iban[:4]
    return int("".join(str(int(c, 36)) for c in moved)) % 97 == 1


def _ulid_time_ok(ulid: str) -> bool:
    millis = 0
    for char in ulid[:10]:
        millis = millis * 32 + _CROCKFORD.index(char)
    year = datetime.fromtimestamp(millis / 1000, tz=timezone.utc).year if millis < 2**44 else 0
    return 2000 <= year <= 2100


def _bech32_ok(hrp: str, data: str) -> bool:
    values = [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]
    values += [_BECH32.index(c) for c in data]
    check = 1
    for value in values:
        top = check >> 25
        check = (check & 0x1FFFFFF) << 5 ^ value
        for i, generator in enumerate((0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD,
                                       0x2A1462B3)):
            if (top >> i) & 1:
                check ^= generator
    return check in _BECH32_CONSTANTS


@functools.lru_cache(maxsize=8)
def public_spans(text: str) -> tuple[tuple[int, int], ...]:
    """Stretches of `text` in a public role (cached: every finding in a text asks)."""
    spans: list[tuple[int, int]] = []
    if "AAAA" in text or "-----BEGIN" in text:
        for match in _PUBLIC_KEY_LINE.finditer(text):
            if match.group().startswith("-----BEGIN"):
                end_mark = _BLOCK_END.search(text, match.end())
                end = end_mark.end() if end_mark else min(len(text), match.end() + MAX_BLOCK)
                spans.append((match.start(), end))
            else:
                space = _SPACE.search(text, match.end())
                spans.append((match.start(), space.start() if space else len(text)))
    for literals, pattern in _SHAPES:
        if any(literal in text for literal in literals):
            for match in pattern.finditer(text):
                spans.append(match.span(1) if pattern.groups else match.span())
    if "id" in text or "Id" in text or "ID" in text:  # the value of a key named an id
        for match in _ID_VALUE.finditer(text):
            key = _ID_KEY.search(text, max(0, match.start() - 40), match.start())
            name = key.group() if key else ""
            if _APP_KEY.search(name) and not match.group(1).isdigit():
                continue
            if not _NOT_AN_ID.search(name + match.group()[:4]):
                spans.append(match.span(1))
    if "  " in text:
        spans.extend(_id_columns(text))
    spans.extend(public_role_spans(text))  # VINs, public columns, public-key commands
    for match in _IBAN.finditer(text):
        if _iban_ok(match.group()):
            spans.append(match.span())
    for match in _ULID.finditer(text):
        if _ulid_time_ok(match.group()):
            spans.append(match.span())
    for match in _BASE64_TOKEN.finditer(text):
        if _harmless_base64(match.group()) and not _SIGNED_PART.match(text, match.end()):
            spans.append(match.span())
    if "1" in text:
        for match in _BECH32_TOKEN.finditer(text):
            if match.group(1) in _PUBLIC_HRP or _bech32_ok(match.group(1), match.group(2)):
                spans.append(match.span())
    return tuple(spans)


WINDOW = 512
"""Characters around a finding that its public role may depend on (a key's name, a label, a
prefix); a PEM block's start is looked for in the whole text."""
SMALL = 4096


def public_near(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The public spans that may hold one of `spans`: in a small text all of them; in a large
    one only those within `WINDOW` of a span (each stretch read once), and PEM blocks."""
    if len(text) <= SMALL:
        return list(public_spans(text))
    windows: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        low, high = max(0, start - WINDOW), min(len(text), end + WINDOW)
        if windows and low <= windows[-1][1]:
            windows[-1] = (windows[-1][0], max(windows[-1][1], high))
        else:
            windows.append((low, high))
    found = [(low + a, low + b) for low, high in windows
             for a, b in public_spans(text[low:high])]
    if "-----BEGIN" in text:  # a block may start far before the finding inside it
        for match in _PUBLIC_KEY_LINE.finditer(text):
            if match.group().startswith("-----BEGIN"):
                end_mark = _BLOCK_END.search(text, match.end())
                found.append((match.start(), end_mark.end() if end_mark
                              else min(len(text), match.end() + MAX_BLOCK)))
    return found
