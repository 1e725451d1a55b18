"""Secrets in loose prose and loose config lines that prose.py and context.py do not read.

- a user and a password side by side: `user admin pass X`, `login: admin / pw: X`,
  `username=admin password X` (`pass` alone counts only after a user name, so that "pass the
  tests" and "you can pass X to it" stay);
- a value straight after a password word, with no verb: "the passcode X opens the vault",
  when the value looks like no word (letters and digits with a second case or a symbol);
- a PIN or passcode of digits: "the PIN is <digits>", `SIM_PIN=<digits>` (`--pin-version`,
  "PIN the version" and "pin: 3.11" stay);
- a value named after it ("use `X` as the password", "X is the new token"), and a value
  after a few words and a colon ("new password, as requested: X");
- an unquoted value of several words after a password key, to the end of its line:
  `password: <word> <w0rD> <word>` (one of the words must look like no word of prose).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from skillgit.redact.values import (
    assignment_value_ok,
    is_placeholder,
    strongly_secret,
    trimmed_end,
    with_trailing_marks,
)

KIND = "named-in-phrase"

_USER_PASS = re.compile(
    r"(?<![\w\-])(?:user(?:name)?|login|usr)(?:[ \t]*[:=][ \t]*|[ \t]+)[^\s,;/]{1,64}"
    r"[ \t]*[,;/]?[ \t]*"
    r"(?:and[ \t]+)?(?:pass(?:word|wd)?|pwd|pw)(?![\w\-])[ \t]*[:=]?[ \t]*")
_STRONG_BARE = re.compile(
    r"(?<![\w\-])(?:pass(?:word|wd|phrase|code)|pwd|pw)[ \t]+(?!(?:is|was|for|of|to)\b)")
_PIN = re.compile(
    r"(?<![a-z0-9])(?<!version )(?:[a-z0-9]{1,20}[_\-.])?(?:pin|passcode|pincode|pin[ _\-]?code|"
    r"pin[ _\-]?number|access[ _\-]code|security[ _\-]code)"
    r"(?:[ \t]+(?:is|was|number[ \t]+is|code[ \t]+is)[ \t]*:?|\\*[\"']?[ \t]*[:=])[ \t]*\\*[\"']?")
_DIGITS = re.compile(r"\d{4,12}(?![\w.,:/\-])")
_SPACED_KEY = re.compile(
    r"(?<![a-z0-9])(?:[a-z0-9]{1,30}[_\-.])?(?:password|passwd|passphrase|passcode|pwd)"
    r"\\*[\"']?[ \t]*[:=][ \t]*(?![\"'`\\])")
_LINE_REST = re.compile(r"(?:[^\n\r\"'`\\#]|(?<!\s)#){3,100}?(?=[ \t]*(?:\r?\n|\\[nr\"]|[\"'`]|$))")
_BARE = re.compile(r"(?:(?!\[REDACTED:)[^\s\"'`\\]){4,256}")
_LABELS = re.compile(r"(?i)\b(?:enter|your|please|required|optional|invalid|must|field|"
                     r"example|placeholder|see|ask|use|the|in|from|of|is|not|set|none|null)\b")
_PROSE_WORD = re.compile(r"[A-Za-z][a-z]*")


def _user_pass(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    for anchor in _USER_PASS.finditer(lowered):
        value = _BARE.match(text, anchor.end())
        if value is None:
            continue
        start = value.start()
        end = start + trimmed_end(value.group())
        word = text[start:end]
        if (assignment_value_ok(word, False, " is ") and not _PROSE_WORD.fullmatch(word)
                and len(word) >= 4):
            yield start, with_trailing_marks(text, end, value.end())


def _strong_bare(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    for anchor in _STRONG_BARE.finditer(lowered):
        value = _BARE.match(text, anchor.end())
        if value is None:
            continue
        start = value.start()
        end = start + trimmed_end(value.group())
        if strongly_secret(text[start:end]) and assignment_value_ok(text[start:end], False,
                                                                     " is "):
            yield start, with_trailing_marks(text, end, value.end())


def _pins(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    for anchor in _PIN.finditer(lowered):
        value = _DIGITS.match(text, anchor.end())
        if value is not None:
            yield value.span()


def _spaced_values(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    for anchor in _SPACED_KEY.finditer(lowered):
        rest = _LINE_REST.match(text, anchor.end())
        if rest is None:
            continue
        value = rest.group().strip()
        words = value.split()
        if not 2 <= len(words) <= 6 or is_placeholder(value) or _LABELS.search(value):
            continue
        if any(c in value for c in "()[]{}<>$%=") or not any(
                strongly_secret(word) or (any(c.isdigit() for c in word)
                                          and any(c.isalpha() for c in word))
                for word in words):
            continue
        start = anchor.end() + (len(rest.group()) - len(rest.group().lstrip()))
        yield start, start + len(value)


AS_THE_SECRET = re.compile(
    r"[ \t](?:as|is)[ \t]+(?:(?:the|my|your|our)[ \t]+)?(?:new[ \t]+)?(?:password|passphrase|"
    r"passcode|token|api[ _\-]?key|secret)(?![a-z])")
"""A value named after it: "use `X` as the password", "X is the new token"."""
_LOOSE_COLON = re.compile(
    r"(?<![a-z])(?:password|passphrase|passcode|pwd)(?:[ \t]*,)?(?:[ \t]+[a-z]{1,12}){0,4}"
    r"[ \t]*,?[ \t]*:[ \t]+")
"""A few words between the password word and a colon: "new password, as requested: X"."""
_NOUN_AFTER = re.compile(r"[ \t]+(?!(?:for|on|to|in|of|at|from|and|when|if|so|now|again)\b)"
                         r"[a-z]")
_QUOTE_BEFORE = re.compile(r"([\"'`])(?P<v>[^\"'`\n\\]{4,128})\1$")
_BARE_BEFORE = re.compile(r"(?<![^\s(\[])(?P<v>[^\s\"'`\\]{6,128})$")


def _named_after(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    for anchor in AS_THE_SECRET.finditer(lowered):
        window = max(0, anchor.start() - 140)
        quoted = _QUOTE_BEFORE.search(text, window, anchor.start())
        if quoted is not None:
            value = quoted.group("v")
            if " " in value and _NOUN_AFTER.match(lowered, anchor.end()):
                continue  # "use `make test` as the password check"
            if assignment_value_ok(value, True, "=") and not _LABELS.search(value):
                yield quoted.span("v")
            continue
        bare = _BARE_BEFORE.search(text, window, anchor.start())
        if bare is not None and strongly_secret(bare.group("v")):
            yield bare.span("v")


def _loose_colons(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    for anchor in _LOOSE_COLON.finditer(lowered):
        value = _BARE.match(text, anchor.end())
        if value is None:
            continue
        start = value.start()
        end = start + trimmed_end(value.group())
        if strongly_secret(text[start:end]):
            yield start, with_trailing_marks(text, end, value.end())


FINDERS = (_user_pass, _strong_bare, _pins, _spaced_values, _named_after, _loose_colons)
_HINTS = ("pass", "pw", "pin", "token", "secret", "key", "code")


def iter_phrase_matches(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of each secret in the shapes above."""
    for hint in _HINTS:
        if hint in lowered:
            break
    else:
        return
    for finder in FINDERS:
        for start, end in finder(text, lowered):
            if end > start:
                yield KIND, start, end
