"""Config-file and other shapes that are neither `KEY=VALUE` nor a flag's argument.

- `.netrc`: `machine host login user password X`, on one line or over several;
- `.pgpass`: `host:port:database:user:password`;
- a directive line of two words, a name ending in a password word and its value, as
  redis.conf's `requirepass` and `masterauth` lines are;
- an XML element named for a secret (password, apiToken, ...) holding the value.

- the default of a variable named for a secret: `${DB_PASSWORD:-X}` (shell),
  `${DB_PASSWORD:X}` (Spring), which is the secret whenever the variable is unset;
- a URL's signature or key parameter: `&sig=X` (Azure SAS), `X-Amz-Signature=X`,
  `Signature=X`, a webhook's `?key=X` (whatever its shape, a UUID too);
- PowerShell's `ConvertTo-SecureString "X" -AsPlainText`;
- SQL's `IDENTIFIED BY 'X'` (also `IDENTIFIED WITH plugin BY 'X'`);
- the `value` of an object its tool marks `"sensitive": true` (`terraform output -json`).

Each finder starts from a literal, and reports `(kind, start, end)` of the value only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from skillgit.redact.values import assignment_value_ok, is_placeholder, looks_opaque

KIND = "config-credential"
_REACH = 400

_VALUE = re.compile(r"""(["'])(?P<q>[^"'\n\r\\]{1,512})\1|(?P<u>[^\s"'`\\]{1,512})""")


def _value_at(text: str, position: int) -> tuple[int, int] | None:
    match = _VALUE.match(text, position)
    if match is None:
        return None
    return match.span("q") if match.group("q") is not None else match.span("u")


def _acceptable(value: str) -> bool:
    return (len(value) >= 4 and not is_placeholder(value)
            and not value.startswith(("$", "<", "{", "%", "*", "-")))


_NETRC = re.compile(r"(?:^|[\s])(?:password|passwd)[ \t]+")
_ENTRY = re.compile(r"machine\s+\S+(?:\s+(?:login|account|port)\s+\S+)*\s+(?:password|passwd)"
                    r"[ \t]+")
"""What stands between `machine` and the password: only the entry's other tokens."""


def _netrc(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    """`password X` of a `.netrc` entry: after `machine` or `default` on its line or on one
    of the lines before it (an entry may span lines)."""
    found = lowered.find("machine ")
    seen: set[int] = set()
    while found >= 0:
        for anchor in _NETRC.finditer(lowered, found, min(len(lowered), found + _REACH)):
            if anchor.end() in seen or _ENTRY.fullmatch(lowered, found, anchor.end()) is None:
                continue
            seen.add(anchor.end())
            span = _value_at(text, anchor.end())
            if span is not None and _acceptable(text[span[0]:span[1]]):
                yield span
        found = lowered.find("machine ", found + 1)


_LINE_START = r"(?:^|(?<=[\s\"'`])|(?<=\\n))"
"""A line's start, also after a JSON-escaped line break, or a word's start."""
_LINE_END = r"(?=[ \t]*\r?$|\\[rn]|[\"'`])"
_PGPASS = re.compile(r"(?m)" + _LINE_START + r"[\w.\-*\[\]]+:(?:\d{1,5}|\*):[^\s:\\]+:"
                     r"[^\s:\\]+:(?P<s>[^\s\\\"'`]{1,256})" + _LINE_END)


_PGPASS_HINT = re.compile(r":(?:\d{1,5}|\*):[^\s:]+:[^\s:]+:[^\s]")


_COLON_HEX = re.compile(r"\s*[0-9a-fA-F]{1,2}(?::[0-9a-fA-F]{1,2}){4,}\s*")
"""Bytes in hex joined by colons (a MAC address, a fingerprint): no `.pgpass` line."""


def _pgpass(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    for match in _PGPASS.finditer(text):
        value = match.group("s")
        if _COLON_HEX.fullmatch(match.group()):
            continue
        # (judged as after `=`: an `@` in a pgpass password is no URL's userinfo)
        if _acceptable(value) and assignment_value_ok(value, False, "=") and (
                looks_opaque(value) or len(value) >= 8):
            yield match.span("s")


_DIRECTIVE = re.compile(r"(?m)(?:[a-z_.]*pass(?:word|wd|phrase)?|[a-z_.]+auth)[ \t]+"
                        r"(?=[^\s\\]+" + _LINE_END + ")")
"""`requirepass X`, `masterauth X`: a name and one value ending a line, the name at the line's
start (see `_line_start_before`) or, when it is a compound (`requirepass`), after a blank. A
bare `auth` or `secret` line is prose, and the sieve keeps only the lines holding `pass` or a
name glued to `auth`."""
_ENGLISH_WORDS = frozenset({"bypass", "compass", "surpass", "trespass", "overpass", "underpass",
                            "impass", "encompass", "pass", "passage"})
"""Words ending in `pass` that start a line of prose, not a directive."""
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz_.-")


def _line_start_before(lowered: str, position: int) -> bool:
    """Whether only blanks stand between a line's start and `position`: the text's start, a
    line break (also JSON-escaped), or the opening quote of a JSON string (`: "`, `["`)."""
    while position and lowered[position - 1] in " \t":
        position -= 1
    if position == 0 or lowered[position - 1] == "\n":
        return True
    if lowered.endswith("\\n", 0, position):
        return True
    if lowered[position - 1] in "\"'":
        before = lowered[max(0, position - 3):position - 1].rstrip(" \t")
        return before[-1:] in (":", ",", "[", "(")
    return False


def _directives(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    """`requirepass X`: a line of a name and one value (redis.conf, netrc, pgbouncer)."""
    seen: set[int] = set()
    for needle in ("pass", "auth"):
        found = lowered.find(needle)
        while found >= 0:
            start = found
            while start and lowered[start - 1] in _NAME_CHARS:
                start -= 1
            if start >= 2 and lowered[start - 1] == "\\" and lowered[start] in "nrt":
                start += 1  # `\\nrequirepass`: the `n` ends a JSON-escaped line break
            compound = start < found - 1 or (needle == "pass" and start < found)
            found = lowered.find(needle, found + 1)
            if start in seen or not (_line_start_before(lowered, start) or (
                    compound and start and lowered[start - 1] in " \t")):
                continue
            seen.add(start)
            match = _DIRECTIVE.match(lowered, start)
            if match is None or lowered[start:match.end()].rstrip() in _ENGLISH_WORDS:
                continue
            span = _value_at(text, match.end())
            if span is None:
                continue
            value = text[span[0]:span[1]]
            if (_acceptable(value) and any(char.isdigit() for char in value)
                    and value[-1] not in ":.," and assignment_value_ok(value, False, " ")):
                yield span


_ELEMENT = re.compile(r"<([\w.\-:]{0,40}(?:password|passwd|secret|token|apikey|api_key|"
                      r"accesskey|privatekey|pwd|credential))(?:[ \t][^<>\n]{0,400})?>"
                      r"(?:<!\[cdata\[)?"
                      r"(?P<s>[^<\n\]]{1,512})(?:\]\]>)?</\1>")


_ELEMENT_WORDS = ("pass", "secret", "token", "key", "pwd", "credential")


def _elements(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    for match in _ELEMENT.finditer(lowered):
        start, end = match.span("s")
        value = text[start:end].strip()
        if value and _acceptable(value) and assignment_value_ok(value, True, ">"):
            offset = text.index(value, start)
            yield offset, offset + len(value)


_DEFAULT = re.compile(r"\$\{[\w.\-]*(?:pass|password|passwd|pwd|secret|token|key|auth)[\w.\-]*"
                      r"(?::-|:=|:)(?P<s>[^}\s\"'`$]{4,256})\}")


def _defaults(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    for match in _DEFAULT.finditer(lowered):
        start, end = match.span("s")
        value = text[start:end]
        if not is_placeholder(value) and (looks_opaque(value) or len(value) >= 8):
            yield start, end


_SIGNATURE = re.compile(r"[?&;~](?:sig|signature|hmac|x-amz-signature|x-goog-signature|"
                        r"x-amz-security-token|key|api[_-]?key|apikey|access[_-]?key|"
                        r"access[_-]?token|auth[_-]?key|secret|client[_-]?secret)"
                        r"=(?P<s>[^&#\s\"'<>\\]{8,2048})")
"""A URL's query parameter that carries a credential (a signed URL's signature, a webhook's or
an API's `key=`), whatever the value's shape: a UUID there is a key, not an id."""


def _signatures(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    for match in _SIGNATURE.finditer(lowered):
        value = text[match.start("s"):match.end("s")].rstrip("`,.;:)")
        if "[redacted:" in match.group("s"):
            continue
        if "sig" not in match.group() and (is_placeholder(value) or _NAMED_VALUE.fullmatch(value)):
            continue  # a placeholder or words joined (`?key=value-of-thing`): no credential
        yield match.span("s")


_NAMED_VALUE = re.compile(r"[a-z]+(?:[_\-][a-z]+)+|[A-Z]+(?:_[A-Z]+)+")
"""Words joined by `-` or `_` (no digit): a name or a placeholder, not a key."""


_SECURE_STRING = re.compile(r"convertto-securestring[ \t]+(?:-string[ \t]+)?(?P<q>\\?[\"'])"
                            r"(?P<s>[^\"'\n\r\\]{1,512})(?P=q)")


def _secure_strings(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    for match in _SECURE_STRING.finditer(lowered):
        if _acceptable(text[match.start("s"):match.end("s")]):
            yield match.span("s")


_IDENTIFIED = re.compile(r"identified[ \t]+(?:with[ \t]+[\w'\"]{1,40}[ \t]+)?(?:by|as)[ \t]+"
                         r"(?:password[ \t]+)?")
"""SQL: `CREATE USER app IDENTIFIED BY 'X'`, `IDENTIFIED WITH mysql_native_password BY 'X'`."""


def _identified(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    found = lowered.find("identified")
    while found >= 0:
        match = _IDENTIFIED.match(lowered, found)
        if match is not None:
            span = _value_at(text, match.end())
            if span is not None:
                value = text[span[0]:span[1]].rstrip(";,")
                quoted = span[0] > 0 and text[span[0] - 1] in "\"'"
                if _acceptable(value) and assignment_value_ok(value, quoted, "="):
                    yield span[0], span[0] + len(value)
        found = lowered.find("identified", found + 1)


_SENSITIVE = re.compile(r"[\"']?sensitive[\"']?\s*[:=]\s*true\b")
_OBJECT_VALUE = re.compile(r"[\"']?value[\"']?\s*[:=]\s*\"((?:[^\"\\\n]|\\.){4,512})\"")


def _sensitive_values(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    """The `value` of an object marked `"sensitive": true` (`terraform output -json`, Pulumi
    stack outputs): the tool itself says it is a secret, whatever its shape."""
    for mark in _SENSITIVE.finditer(lowered):
        low = max(lowered.rfind("{", 0, mark.start()), lowered.rfind("}", 0, mark.start()))
        high = lowered.find("}", mark.end())
        for value in _OBJECT_VALUE.finditer(text, low + 1, high if high >= 0 else len(text)):
            if _acceptable(value.group(1)):
                yield value.span(1)


def iter_config_matches(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of every credential in the config-file shapes above."""
    finders = []
    if "machine " in lowered:
        finders.append(_netrc)
    if "</" in lowered and any(word in lowered for word in _ELEMENT_WORDS):
        finders.append(_elements)
    if "pass" in lowered or "auth" in lowered:
        finders.append(_directives)
    if "${" in lowered:
        finders.append(_defaults)
    if ("sig=" in lowered or "signature=" in lowered or "security-token=" in lowered
            or "hmac=" in lowered
            or "key=" in lowered or "secret=" in lowered or "token=" in lowered):
        finders.append(_signatures)
    if "securestring" in lowered:
        finders.append(_secure_strings)
    if _PGPASS_HINT.search(lowered) is not None:
        finders.append(_pgpass)
    if "identified" in lowered:
        finders.append(_identified)
    if "sensitive" in lowered:
        finders.append(_sensitive_values)
    for finder in finders:
        for start, end in finder(text, lowered):
            if end > start:
                yield KIND, start, end
