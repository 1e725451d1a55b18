"""What a context rule reports and accepts: the value's span (a quoted value read whole, to
its closing quote and over the pieces that continue it; an unquoted one without the punctuation
around it, and in a URL query up to the next parameter), and whether the value after a secret's
key, an `Authorization` scheme or a URL's userinfo is the secret itself (`context.py`)."""

from __future__ import annotations

import re

from skillgit.redact.values import (
    CODE_EXPRESSION,
    ESCAPED_JSON_STRING,
    JSON_STRING,
    PAIR_VALUE,
    assignment_value_ok,
    concatenated_end,
    is_placeholder,
    looks_opaque,
    random_letters,
    random_printable,
    random_value,
    strongly_secret,
    trimmed_end,
    with_trailing_marks,
)

_END = r"(?=[\s\"'`,;)}>|&]|\\[nrt\"']|$)"


def _value_group(match: re.Match[str], *, reported: bool = False) -> tuple[int, int]:
    """The value's span: the quoted value, or the unquoted one without the punctuation that
    ends the sentence or the code around it (and, in a URL query, without the next
    parameter). The `reported` span (what is replaced) also covers the `!` and `?` right
    after the value: a password may end in them (`Winter2024!`), and replacing a sentence's
    `!` with the secret costs nothing, while leaving a secret's last character would leak it."""
    groups = match.groupdict()
    if groups.get("qv") is not None:
        start, end = match.span("qv")
        quote = match.group("q")
        inner = {'"': '\\"', '\\"': '\\\\\\"'}.get(quote)
        if inner is not None and match.string.startswith(inner, end):
            # a JSON string value holding an escaped quote is read whole, to its closing quote
            # (also inside a JSON-encoded text, where the quote is `\\\"`)
            whole = (JSON_STRING if quote == '"' else ESCAPED_JSON_STRING).match(
                match.string, start)
            if whole is not None:
                end = whole.end()
        return start, concatenated_end(match.string, end, quote)
    for name in ("uv", "s"):
        if groups.get(name) is not None:
            start, end = match.span(name)
            value = match.string[start:end]
            if name == "uv" and _in_url_query(match):
                value = value.split("&", 1)[0].split("#", 1)[0]
            end = trimmed_end(value)
            if reported:
                end = with_trailing_marks(value, end)
            return start, start + end
    return match.span()


_QUERY_KEY = re.compile(r"[?&;][\w.\-\[\]]{0,64}$")


def _in_url_query(match: re.Match[str]) -> bool:
    """`?access_token=X&page=2`: the value ends at the next `&`."""
    text = match.string
    key_end = match.start()
    return _QUERY_KEY.search(text, max(0, key_end - 65), key_end) is not None


# `(?=(?P<v>X+))(?P=v)` is an atomic group (Python 3.10 has no possessive quantifiers): the
# terminator is never one of X's characters, so giving characters back could not help, and not
# trying keeps a long run of repeated `token=` linear (see `iter_context_matches`).


_CLOSING_QUOTE = re.compile(r"\\?[\"'`]")


_TERMINATOR = re.compile(_END)


MIN_NUMERIC_PASSWORD = 6


_PASSWORD_KEY = re.compile(r"(?i)(?:pass(?:word|wd)?|pwd|pin)[\"'`\]]*$")


def _accept_assignment(match: re.Match[str]) -> bool:
    # The terminator is checked here, not in the regex, so that a value that runs on (and is
    # therefore rejected) still tells the scan how far it reached.
    quoted = match.group("qv") is not None
    ending = _CLOSING_QUOTE if quoted else _TERMINATOR
    start, end = _value_group(match)
    if ending.match(match.string, end if quoted else match.end()) is None:
        return False
    value = match.string[start:end]
    separator = match.group("sep")
    if value.isdigit() and len(value) >= MIN_NUMERIC_PASSWORD and _PASSWORD_KEY.search(
            match.string, max(0, match.start() - 12), match.start()):
        return True  # `auth_pass:` and eight digits: a number after a password's key is a PIN
    if "," in separator:
        # `("password", "username")` lists names; a pair's value must look like a secret
        return (quoted and match.group("q")[-1] in "\"'" and separator.lstrip("\\")[:1] in "\"'"
                and ((PAIR_VALUE.fullmatch(value) is not None
                      and assignment_value_ok(value, quoted, separator))
                     or random_printable(value)))
    return assignment_value_ok(value, quoted, separator)


def _random_group(match: re.Match[str]) -> bool:
    start, end = _value_group(match)
    value = match.string[start:end]
    return random_value(value) or strongly_secret(value) or random_letters(value)


def _accept_plain(match: re.Match[str]) -> bool:
    return not is_placeholder(match.group("s"))


_SCHEMES = frozenset({"bearer", "basic", "token", "digest", "negotiate", "ntlm", "oauth",
                      "apikey", "key", "bot"})


def _accept_bearer(match: re.Match[str]) -> bool:
    start, end = _value_group(match)
    value = match.string[start:end]
    if len(value) < 6 or is_placeholder(value) or value.lower() in _SCHEMES:
        return False
    if CODE_EXPRESSION.match(value):
        return False
    # In an Authorization header any alphabet is a credential; after a bare "Bearer" in
    # prose ("the bearer token is …") only an opaque value is.
    line_start = match.string.rfind("\n", max(0, start - 300), start) + 1
    header = "authorization" in match.string[max(line_start, start - 300):start].lower()
    return (header and len(value) >= 8) or looks_opaque(value)
