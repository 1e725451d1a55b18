"""Maps from a principal's name to its secret: each value of a map whose key names a
collection of users, accounts or logins.

Servers keep their users as a map, name to password: Orthanc's `"RegisteredUsers": {"alice":
"…"}`, a Traefik or Caddy basic-auth block, Mosquitto or RabbitMQ users in YAML, a test
fixture's `USERS = {"admin": "…"}`. No value's own key names a credential (the key is the
user's name), so no `KEY=VALUE` rule reads them; the map's key does. A value there is masked
when it has a shape no ordinary word has (`clause.value_shaped`) or looks random, so a map of
users to roles, e-mail addresses or display names stays.

Two syntaxes, one table of collection words:
- a brace map on a few lines, `"users": {"alice": "…", "bob": "…"}` (JSON, Python, JS, TOML's
  inline tables), flat (a nested map is a user's record, whose own keys other rules read);
- a YAML block, `users:` and then the indented `name: value` lines under it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from skillgit.redact.clause import value_shaped
from skillgit.redact.triggers import gated
from skillgit.redact.values import is_placeholder, random_value

KIND = "principal-map"
PRINCIPAL_WORDS = ("users", "accounts", "logins", "principals", "userlist", "members", "htpasswd")
"""Last words of a key whose map is name -> secret (`RegisteredUsers`, `basic_auth_users`): a
value there is a secret when it has a secret's shape (a user's id, a UUID, stays)."""
SECRET_MAP_WORDS = ("passwords", "credentials", "creds", "secrets", "tokens")
"""Last words of a key whose map holds nothing but secrets (Consul's `tokens { … }`): every
value there is one, whatever its shape (a UUID too), unless a placeholder."""
COLLECTION_WORDS = (*PRINCIPAL_WORDS, *SECRET_MAP_WORDS)
_WORDS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
_NAME = r"[A-Za-z_][\w.\-]{0,60}"
_BRACE_MAP = re.compile(r"[\"']?(?P<n>" + _NAME + r")[\"']?[ \t]*(?:[:=][ \t]*)?"
                        r"\{(?P<body>[^{}]{4,4000})\}")
"""`"users": {…}`, `USERS = {…}`, an HCL block `tokens {…}`."""
_BRACE_ITEM = re.compile(r"(?P<k>\\?[\"'][^\"'\n\\]{1,64}\\?[\"']|[A-Za-z_][\w.\-]{0,63})[ \t]*[:=]"
                         r"[ \t]*\\?[\"'](?P<v>[^\"'\n\\]{4,256})\\?[\"']")
"""A key and a quoted value (JSON escaped inside a string too: `{\"alice\": \"…\"}`)."""
_YAML_KEY = re.compile(r"(?m)^(?P<i>[ \t]*)(?P<n>" + _NAME + r"):[ \t]*\r?$")
_YAML_ITEM = re.compile(r"(?P<i>[ \t]+)[\"']?[^\s:\"'#]{1,64}[\"']?:[ \t]+[\"']?"
                        r"(?P<v>[^\s\"'#]{4,256})[\"']?[ \t]*\r?(?:\n|$)")
_MAX_ITEMS = 64
_UUID = re.compile(r"[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}")
_SECRET_SHAPE = re.compile(r"[A-Za-z0-9][^\s/\\]*")


def _collection(name: str) -> str | None:
    """`"secrets"` for a map of secrets, `"principals"` for one of users, else None."""
    words = [word.lower() for word in _WORDS.findall(name)]
    if not words or "public" in words:
        return None
    if words[-1] in SECRET_MAP_WORDS:
        return "secrets"
    return "principals" if words[-1] in PRINCIPAL_WORDS else None


def _secret(value: str, collection: str) -> bool:
    if is_placeholder(value) or value.startswith(("[REDACTED:", "$", "%", "<", "{")):
        return False
    if collection == "secrets":  # not a word, a variable's name, a colour, a size, a path
        return len(value) >= 8 and _SECRET_SHAPE.fullmatch(value) is not None and not (
            value.isalpha() or re.fullmatch(r"[A-Z][A-Z0-9_]*", value))
    if _UUID.fullmatch(value):
        return False  # a user's id
    return value_shaped(value) or random_value(value)


def brace_maps(text: str) -> Iterator[re.Match[str]]:
    """The matches of `_BRACE_MAP.finditer(text)` whose key may name a collection (one of
    `COLLECTION_WORDS` stands before its brace), found from the braces: the row is tried only
    on the line before a `{` that opens a body, not at every letter of the text.

    The same matches: a match's key, separator and `{` hold no newline, no other brace and no
    `}`, so the one match that uses a given `{` starts after the line's start, after the `{`
    before it and after the end of any match before (which ends at a `}` before that `{`); and
    no other match can reach that `{`. Every `{` is looked at within `triggers.every_row_runs`."""
    if not gated():
        yield from (match for match in _BRACE_MAP.finditer(text)
                    if _collection(match.group("n")) is not None)
        return
    previous = -1
    brace = text.find("{")
    while brace >= 0:
        following = text.find("{", brace + 1)
        close = text.find("}", brace + 1)
        if close >= 0 and (following < 0 or close < following):
            low = max(previous + 1, text.rfind("\n", 0, brace) + 1)
            key = text[low:brace].lower()
            if any(word in key for word in COLLECTION_WORDS):
                match = _BRACE_MAP.search(text, low, close + 1)
                if match is not None and _collection(match.group("n")) is not None:
                    yield match
        previous, brace = brace, following


def principal_values(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of each secret-shaped value in a map whose key names principals."""
    if not any(word in lowered for word in COLLECTION_WORDS):
        return
    if "{" in text:
        for match in brace_maps(text):
            collection = _collection(match.group("n"))
            if collection is None:
                continue
            low = match.start("body")
            for pair in _BRACE_ITEM.finditer(match.group("body")):
                if _secret(pair.group("v"), collection):
                    yield KIND, low + pair.start("v"), low + pair.end("v")
    for key in _YAML_KEY.finditer(text):
        collection = _collection(key.group("n"))
        if collection is None:
            continue
        position, indent = key.end() + 1, None
        for _ in range(_MAX_ITEMS):
            item = _YAML_ITEM.match(text, position)
            if item is None or len(item.group("i")) <= len(key.group("i")) or (
                    indent is not None and item.group("i") != indent):
                break
            indent = item.group("i")
            if _secret(item.group("v"), collection):
                yield KIND, item.start("v"), item.end("v")
            position = item.end()
