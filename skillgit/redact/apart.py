"""A credential's name and its value in syntaxes that keep them apart (one row per syntax).

No `KEY=VALUE` rule reads these: something stands between the name and the value, or the
name is an element's or a label's text rather than a key.

- the value wrapped in a decoding or constructor call: `X_SECRET = bytes.fromhex("…")`,
  `Buffer.from("…", "hex")`, `base64.b64decode("…")`, `hex.DecodeString("…")`;
- the fallback of an environment lookup, which is the secret wherever the variable is unset:
  `os.environ.get("DJANGO_SECRET_KEY", "…")`, `getenv`, `env('X', '…')`,
  `process.env.X || "…"`, `import.meta.env.X ?? "…"`, `os.environ.get("X") or "…"`;
- sibling elements, a name and its value: a plist's `<key>X_PASSWORD</key><string>…</string>`,
  a Hadoop property's `<name>…secret.key</name><value>…</value>`;
- a row of a CLI's aligned table, `SecretID:   <uuid>`: a label naming a secret keeps its value
  secret whatever its shape (a UUID too).

Whether a name names a credential is read from its words and the one vocabulary (`vocab.py`):
its last word is a credential word (`…_PASSWORD`, `…_SECRET`, `…Token`), or `key` after a
qualifier (`SECRET_KEY`, `api_key`; not `SORT_KEY`, `public_key`). Each row's gate is derived
from the row (`triggers.py`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from skillgit.redact.triggers import triggers
from skillgit.redact.values import is_placeholder, random_value
from skillgit.redact.vocab import ENGLISH_PASSWORD_WORDS

KIND = "credential-apart"

_WORDS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_LAST_WORDS = frozenset((*ENGLISH_PASSWORD_WORDS, "pass", "pw", "secret", "secrets", "token",
                         "apikey", "credential", "credentials", "creds", "psk", "pin"))
_KEY_QUALIFIERS = frozenset(("secret", "api", "access", "private", "signing", "encryption",
                             "master", "auth", "app", "client", "hmac", "shared", "license",
                             "licence", "session", "crypt", "cipher", "aes", "jwt", "webhook"))
_VALUE_WORDS = frozenset(("value", "b64", "base64", "hex", "bytes", "raw", "plain", "str"))
"""A last word saying how the credential is written (`SIGNING_KEY_HEX`): the word before it
names it."""


def credential_name(name: str, *, label: bool = False) -> bool:
    """Whether `name` (an identifier, a dotted property, a label) names a credential: its
    last word (after one of `_VALUE_WORDS`; after `id` too in a `label`) is a credential
    word, or `key` after a qualifier."""
    words = [word.lower() for word in _WORDS.findall(name)]
    if words and words[-1] in _VALUE_WORDS:
        words.pop()
    if label and words and words[-1] == "id":
        words.pop()
    if not words or "public" in words or "pub" in words:
        return False
    if words[-1] in _LAST_WORDS:
        return True
    return words[-1] == "key" and len(words) >= 2 and words[-2] in _KEY_QUALIFIERS


_NAME = r"[A-Za-z_][\w.\-]{0,80}"
_QUOTED = r"(?P<q>[\"'`])(?P<v>[^\"'`\n\\]{4,512})(?P=q)"
DECODER_WORDS = ("fromhex", "unhexlify", "a2b_hex", "b64decode", "urlsafe_b64decode", "b32decode",
                 "decodebytes", "from", "atob", "hex2bin", "base64_decode", "decodestring",
                 "decode", "decode64", "strict_decode64", "bytes", "byte", "bytearray",
                 "secretstr", "secretstring", "securestring")
"""Calls whose argument is the value itself, decoded or wrapped (a table, as data)."""
_DECODERS = "(?:" + "|".join(map(re.escape, DECODER_WORDS)) + ")"

_ROWS: tuple[tuple[re.Pattern[str], bool], ...] = tuple(
    (re.compile(row), label) for row, label in (
        # `X_SECRET = bytes.fromhex("…")`, `const KEY = Buffer.from("…", "hex")`
        # (the name read atomically, `(?=(?P<n>…))(?P=n)`: one try per word, not per letter)
        (r"(?i)(?<![\w.\-])(?=(?P<n>" + _NAME + r"))(?P=n)[\"'\]]?[ \t]*"
         r"(?::[ \t]*[\w.\[\]]{1,40}[ \t]*)?(?::=|=|:)"
         r"[ \t]*(?:new[ \t]+|\[\])?(?:[A-Za-z_]\w{0,30}(?:\(\))?(?:\.|::)){0,3}" + _DECODERS
         + r"[ \t]*\([ \t]*[bB]?" + _QUOTED, False),
        # `os.environ.get("X", "…")`, `getenv("X", "…")`, `env('X', '…')`, `ENV.fetch("X", …)`
        (r"(?i)(?:environ\.get|getenv|env|env\.get|env\.fetch|setdefault)\(\s{0,40}[\"'](?P<n>"
         + _NAME + r")[\"'][ \t]*,\s{0,40}[bB]?" + _QUOTED, False),
        # `process.env.X || "…"`, `env["X"] ?? "…"`, `os.environ.get("X") or "…"`
        (r"(?i)(?:env|environ)(?:\.get\(|\.|\[)[\"']?(?P<n>" + _NAME + r")[\"']?[\])]?"
         r"[ \t]*(?:\|\||\?\?|\bor\b)[ \t]*" + _QUOTED, False),
        # `<key>X_PASSWORD</key><string>…</string>`, `<name>x.secret.key</name><value>…`
        (r"(?i)<(?P<t>key|name)>[ \t]*(?P<n>" + _NAME + r")[ \t]*</(?P=t)>\s{0,80}"
         r"<(?P<vt>string|value|data)>[ \t]*(?P<v>[^<\n]{4,512}?)[ \t]*</(?P=vt)>", False),
        # the name in an attribute, the value the element's text: `<entry key="db.password">…`
        (r"(?i)<(?P<t>[\w:\-]{1,40})[^<>\n]{0,80}?[ \t](?:key|name)=[\"'](?P<n>" + _NAME
         + r")[\"'][^<>\n]{0,80}>[ \t]*(?P<v>[^<\n]{4,512}?)[ \t]*</(?P=t)>", False),
        # a CLI's aligned table row: `SecretID:         <uuid>`, `Secret ID = <uuid>`,
        # `secret_id             <uuid>` (a `Key  Value` table: two blanks or more)
        (r"(?im)^[ \t]*(?P<n>(?:[A-Za-z][a-z]*[ _\-]?){0,3}(?:secret|token|password|"
         r"passphrase)(?:[ _\-]?id)?)(?:[ \t]*[:=][ \t]+|[ \t]{2,})(?P<v>[^\s\"'`]{8,256})"
         r"[ \t]*\r?$", True),
    ))
_GATES = tuple(triggers(row) for row, _ in _ROWS)
_DECODER_CALL = re.compile(_DECODERS + r"[ \t]*\([ \t]*[b]?[\"'`]")
"""What the first row cannot match without, read over the lower-cased text."""
_LITERAL_ARGUMENT = re.compile(r"\([ \t]*[b]?[\"'`]")
"""`_DECODER_CALL` after its decoder's name: searched from its literal `(`."""


def decoder_call(lowered: str) -> bool:
    """Whether `_DECODER_CALL` matches in `lowered`: a decoder's name (blanks aside) right
    before a `(` that opens a literal argument, found from each such `(` (a search led by the
    alternation of names tries every name at every character)."""
    for opening in _LITERAL_ARGUMENT.finditer(lowered):
        end = opening.start()
        while end and lowered[end - 1] in " \t":
            end -= 1
        if lowered.endswith(DECODER_WORDS, 0, end):
            return True
    return False
_UUID = re.compile(r"[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}")


def _value_ok(value: str, label: bool) -> bool:
    if is_placeholder(value) or value.startswith(("[REDACTED:", "$", "%", "<", "{")):
        return False
    if label:
        return _UUID.fullmatch(value) is not None or random_value(value)
    return not re.fullmatch(r"[A-Z][A-Z0-9_]*", value)  # an environment variable's name


def apart_values(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of each value a row of `_ROWS` holds under a credential's name."""
    for gate, (row, label) in zip(_GATES, _ROWS, strict=True):
        if row is _ROWS[0][0] and not decoder_call(lowered):
            continue  # (the row starts with a name: a decoder's call with a literal is rarer)
        for match in gate.finditer(row, text, lowered):
            value = match.group("v")
            if credential_name(match.group("n"), label=label) and _value_ok(value, label):
                yield KIND, match.start("v"), match.end("v")
