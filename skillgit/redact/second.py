"""The second detector: an independent, token-level look for secrets.

The first detector (`scan.py`) runs regular expressions over the text. This one works on
tokens instead, so a blind spot of one regex is not a blind spot here:

- the text is cut into lines and each line into white-space/quote/bracket delimited tokens;
- on a line holding a credential word (pass, pwd, secret, token, key, auth, cred, bearer), a
  token standing within a few tokens after that word is a secret when its value (the part
  after `=` or `:` when the token is `name=value`) is shaped like one: long enough, several
  character classes, high entropy per character, not a word, path, number or placeholder;
- anywhere, a token that starts with a known vendor prefix (a table, not a regex) followed by
  enough opaque characters, the password in a URL's userinfo (`urllib.parse`), and the body of
  a PEM or PuTTY private key.

It is tuned to stay quiet on ordinary text (it may withhold a proposal), and it never reports
the `[REDACTED:…]` markers the first detector leaves.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import urlsplit

from skillgit.redact.entropy import shannon_entropy
from skillgit.redact.scan import SecretMatch
from skillgit.redact.tokens import token_verdict
from skillgit.redact.vocab import NAME_ROOTS

KIND_CONTEXT = "screen-credential"
KIND_PREFIX = "screen-vendor-token"
KIND_URL = "screen-url-password"
KIND_KEY = "screen-private-key"

_WORDS = (*NAME_ROOTS, "_auth", "bearer")
"""Where `_context` looks: every line holding a root of the vocabulary (`vocab.NAME_ROOTS`;
`secret` also finds `secret_key`, `key` finds `accesskey`), `_auth` or `bearer`."""
_TOKEN = re.compile(r"[^\s\"'`,;(){}\[\]<>|\\]+")
_REACH = 4
"""Tokens after a credential word that may hold its value."""
_PREFIXES = (
    "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "glpat-", "gldt-", "sk-ant-",
    "sk-proj-", "sk-or-v1-", "sk_live_", "sk_test_", "rk_live_", "rk_test_", "whsec_", "xoxb-",
    "xoxp-", "xoxa-", "xoxs-", "xapp-", "AKIA", "ASIA", "AIza", "GOCSPX-", "npm_", "pypi-Ag",
    "hf_", "SG.", "dop_v1_", "doo_v1_", "shpat_", "shpss_", "dapi", "gsk_", "lin_api_",
    "AGE-SECRET-KEY-1", "eyJ", "hvs.", "hvb.", "hvr.", "sk-svcacct-", "sk-admin-", "glrt-",
    "glptt-", "xoxe.", "xoxe-", "ya29.", "AccountKey=", "SharedAccessKey=")
_MIN_AFTER_PREFIX = 16
_NAME_PARTS = re.compile(r"[a-z]+(?:_[a-z]+)*=[\w./\-]*")
"""`npm_package_version=1.2.3`: a vendor prefix starting a variable's name, not a token."""
_NOT_SECRET = re.compile(
    r"REDACTED:.*|[a-z]+(?:[-_.][a-z0-9]+)*|[A-Z][a-z]+(?:[A-Z][a-z]+)*|[A-Z][A-Z0-9_]*|"
    r"[\d.,:_\-+/]+|v?\d+(?:\.\d+)+\S*|[\w.\-]*/[\w./\-]*|[$%{<~*].*|.*(?:\.\.\.|…|x{4}).*|"
    r"[0-9a-f]{7,40}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|"
    r"[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)+|.*[$(].*|[a-z]+(?:[A-Z][a-z]{2,})+\d*")
"""Words, identifiers, numbers, versions, paths, placeholders, and lower-case hex ids (git
SHAs, UUIDs) unless a credential word stands right before them (see `_context`)."""


_HEX_ID = re.compile(r"[0-9a-fA-F]{16,}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-"
                     r"[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")


_NAME = re.compile(
    r"(?:password|passwd|passphrase|pwd|secret|token|api[_\-]?key|secret[_\-]?key|"
    r"access[_\-]?key|private[_\-]?key|credentials?|[_\-]pass|^pass|[_\-]auth|^bearer)$")
"""A name ending in a credential word (`db_password`, `apiKey`, `--token`, `Bearer`), not one
holding it inside another word (`passes`, `tokenizer`, `keyboard`, `key`)."""


def _classes(value: str) -> int:
    return (any(c.islower() for c in value) + any(c.isupper() for c in value)
            + any(c.isdigit() for c in value) + any(not c.isalnum() for c in value))


def secret_shaped(value: str, *, strong: bool) -> bool:
    """Whether a token value looks like a credential. After a strong word (password) a short
    mixed value counts; otherwise it must be longer and more random."""
    if len(value) < (6 if strong else 10):
        return False
    if "." in value and any(len(part) >= 16 and secret_shaped(part, strong=False)
                            for part in value.split(".")):
        return True  # `hvs.CAES…`, `<id>.<secret>`: dotted, but one part is random, not a name
    if _NOT_SECRET.fullmatch(value):
        return False
    letters = value[1:]
    mixed = any(c.isupper() for c in letters) and any(c.islower() for c in letters)
    digits = any(c.isdigit() for c in value) and any(c.isalpha() for c in value)
    if not (mixed or digits) or _classes(value) < 2:
        return False
    return shannon_entropy(value) >= (2.2 if strong else 3.0)


def _value_of(token: str) -> tuple[int, str]:
    """(offset, value) of a `name=value` / `name:value` token; the whole token otherwise."""
    for separator in ("=", ":"):
        cut = token.find(separator)
        if 0 < cut < len(token) - 1 and "://" not in token:
            value = token[cut + 1:].lstrip("=:")
            if value and not (value == token[cut + 1:] and set(token[cut:]) == {"="}):
                return len(token) - len(value), value
    value = token.lstrip("-:=")
    return len(token) - len(value), value


def _line_bounds(text: str, position: int) -> tuple[int, int]:
    start = text.rfind("\n", max(0, position - 2000), position) + 1
    end = text.find("\n", position, position + 2000)
    return start, (end if end >= 0 else min(len(text), position + 2000))


_KEY_QUALIFIERS = frozenset({"api", "access", "secret", "private", "license", "master"})


def _names_a_secret(token: str) -> bool:
    name = token.lower().lstrip("-\"'").rstrip("=:\"'")
    return _NAME.search(name) is not None


def _context(text: str, lowered: str) -> Iterator[SecretMatch]:
    hits: list[int] = []
    for word in _WORDS:
        found = lowered.find(word)
        while found >= 0:
            hits.append(found)
            found = lowered.find(word, found + 1)
    lines: list[tuple[int, int]] = []
    for hit in sorted(hits):
        if lines and hit < lines[-1][1]:
            continue  # this line is already listed
        end = text.find("\n", hit)
        lines.append((text.rfind("\n", 0, hit) + 1, len(text) if end < 0 else end))
    for start, end in lines:
        tokens = list(_TOKEN.finditer(text, start, end))
        for index, token in enumerate(tokens):
            word = token.group()
            glued = next((i for i, c in enumerate(word) if c in "=:"), -1)
            name = word[:glued] if glued > 0 else word
            qualified_key = name.lower() == "key" and index > 0 and tokens[
                index - 1].group().lower() in _KEY_QUALIFIERS
            if not (_names_a_secret(name) or qualified_key):
                continue
            strong = any(w in name.lower() for w in ("pass", "pwd"))
            candidates: list[re.Match[str]] = []
            if 0 < glued < len(word) - 1:
                candidates.append(token)
            elif index + 1 < len(tokens):
                following = tokens[index + 1]
                if following.group() in ("=", ":", ":=", "=>") and index + 2 < len(tokens):
                    candidates.append(tokens[index + 2])
                elif (glued > 0 or word.startswith("-") or qualified_key
                      or name.lower() == "bearer"):
                    candidates.append(following)
            for candidate in candidates:
                offset, value = _value_of(candidate.group())
                if secret_shaped(value, strong=strong) or _HEX_ID.fullmatch(value):
                    begin = candidate.start() + offset
                    yield SecretMatch(KIND_CONTEXT, begin, begin + len(value))


def _prefixed(text: str) -> Iterator[SecretMatch]:
    for prefix in _PREFIXES:
        found = text.find(prefix)
        while found >= 0:
            if found == 0 or not (text[found - 1].isalnum() or text[found - 1] in "_-"):
                token = _TOKEN.match(text, found)
                if token is not None:
                    rest = token.group()[len(prefix):]
                    if len(rest) >= _MIN_AFTER_PREFIX and any(c.isdigit() for c in rest) and (
                            "REDACTED" not in rest) and (
                            token_verdict(rest) or not _NAME_PARTS.fullmatch(rest)):
                        yield SecretMatch(KIND_PREFIX, found, token.end())
            found = text.find(prefix, found + 1)


def _url_passwords(text: str) -> Iterator[SecretMatch]:
    found = text.find("://")
    while found >= 0:
        start = found
        while start and (text[start - 1].isalnum() or text[start - 1] in "+.-"):
            start -= 1
        token = _TOKEN.match(text, start)
        if token is not None and "@" in token.group():
            try:
                password = urlsplit(token.group()).password
            except ValueError:
                password = None
            if password and len(password) >= 4 and "REDACTED" not in password and (
                    password[0] not in "$%{<*") and (
                    password.lower() not in ("password", "pass", "secret", "changeme")):
                at = token.group().rfind("@", 0, token.group().find("/", found - start + 3)
                                         if "/" in token.group()[found - start + 3:]
                                         else len(token.group()))
                colon = token.group().find(":", found - start + 3)
                if 0 < colon < at:
                    yield SecretMatch(KIND_URL, start + colon + 1, start + at)
        found = text.find("://", found + 3)


_KEY_BODY = re.compile(r"(?:(?!Private-MAC)[A-Za-z0-9+/=\s\\]){40,}")


def _after_armor_headers(text: str, position: int) -> int:
    """Past the `Name: value` header lines of an armored key (PGP's `Comment:`, `Version:`,
    SSH2's `Comment:`; also JSON-escaped line breaks), to where its base64 starts."""
    for _ in range(8):
        header = _ARMOR_HEADER.match(text, position)
        if header is None:
            break
        position = header.end()
    return position


_ARMOR_HEADER = re.compile(r"(?:\r?\n|\\r?\\n)[A-Za-z][\w\-]{0,30}: [^\n\\]{0,200}(?=\r?\n|\\[rn])")


def _key_blocks(text: str) -> Iterator[SecretMatch]:
    for header in ("PRIVATE KEY-----", "PRIVATE KEY BLOCK-----", "PRIVATE KEY ----",
                   "Private-Lines:"):
        found = text.find(header)
        while found >= 0:
            body_start = text.find("\n", found)
            body_start = found + len(header) if body_start < 0 else body_start
            if header == "Private-Lines:":
                body_start = found + len(header)
            else:
                body_start = _after_armor_headers(text, body_start)
            body = _KEY_BODY.match(text, body_start)
            if body is not None:
                # the line break after the body stays: what follows is no part of the key
                end = body.start() + len(body.group().rstrip())
                yield SecretMatch(KIND_KEY, body.start(), end)
            found = text.find(header, found + 1)


def second_opinion(text: str) -> list[SecretMatch]:
    """Secrets the token-level detector sees in `text`: sorted, non-overlapping."""
    if len(text) < 6:
        return []
    lowered = text.lower()
    found = [*_context(text, lowered), *_prefixed(text), *_url_passwords(text),
             *_key_blocks(text)]
    return merge(found)


def merge(matches: list[SecretMatch]) -> list[SecretMatch]:
    """Overlapping matches joined (the first kind names the union), sorted by start."""
    merged: list[SecretMatch] = []
    for match in sorted(matches, key=lambda m: (m.start, -m.end)):
        if merged and match.start < merged[-1].end:
            last = merged[-1]
            merged[-1] = SecretMatch(last.kind, last.start, max(last.end, match.end))
        else:
            merged.append(match)
    return merged
