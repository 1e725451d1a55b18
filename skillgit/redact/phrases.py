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

import functools
import re
from collections.abc import Iterator

from skillgit.redact.values import (
    assignment_value_ok,
    is_placeholder,
    strongly_secret,
    trimmed_end,
    with_trailing_marks,
)
from skillgit.redact.vocab import ENGLISH_PASSWORD_WORDS, root_positions, word_positions

KIND = "named-in-phrase"

# Every finder starts from a literal word found with `str.find` (`_hits`): a regex starting
# with a look-behind or a class is tried at every position of the text, a literal is not.
_PASSWORD_WORDS = ENGLISH_PASSWORD_WORDS
_USER_BEFORE = re.compile(
    r"(?<![\w\-])(?:user(?:name)?|login|usr)(?:[ \t]*[:=][ \t]*|[ \t]+)[^\s,;/]{1,64}"
    r"[ \t]*[,;/]?[ \t]*(?:and[ \t]+)?$")
_PASS_AFTER_USER = re.compile(r"(?:word|wd)?(?![\w\-])[ \t]*[:=]?[ \t]*")
_BARE_AFTER = re.compile(r"[ \t]+(?!(?:is|was|for|of|to)\b)")
_PIN_AFTER = re.compile(
    r"(?:[ _\-]?(?:code|number))?(?:[ \t]+(?:is|was|number[ \t]+is|code[ \t]+is)[ \t]*:?"
    r"|\\*[\"']?[ \t]*[:=]|[ \t](?=\d))[ \t]*\\*[\"']?")
_DIGITS = re.compile(r"\d{4,12}(?![\w:/\-]|[.,]\w)")
"""Digits that end the number: a sentence's full stop or a clause's comma may follow (`… is
21874.`, a PIN then `, PUK …`), a version's or a decimal's dot and a thousands comma may
not."""
_KEY_SEPARATOR = re.compile(r"\\*[\"']?[ \t]*[:=][ \t]*(?![\"'`\\])")
_LINE_REST = re.compile(r"(?:[^\n\r\"'`\\#]|(?<!\s)#){3,100}?"
                        r"(?=[ \t]*(?:\r?\n|\\[nr\"]|[\"'`]|$))")
_BARE = re.compile(r"(?:(?!\[REDACTED:)[^\s\"'`\\]){4,256}")
_LABELS = re.compile(r"(?i)\b(?:enter|your|please|required|optional|invalid|must|field|"
                     r"example|placeholder|see|ask|use|the|in|from|of|is|not|set|none|null)\b")
_PROSE_WORD = re.compile(r"[A-Za-z][a-z]*")
_AS_BEFORE = re.compile(r"[ \t](?:as|is)[ \t]+(?:(?:the|my|your|our)[ \t]+)?(?:new[ \t]+)?"
                        r"(?:api[ _\-]?)?$")
"""A value named after it: "use `X` as the password", "X is the new token"."""
_WORDS_TO_COLON = re.compile(r"(?:[ \t]*,)?(?:[ \t]+[a-z]{1,12}){0,4}[ \t]*,?[ \t]*:[ \t]+")
"""A few words between the password word and a colon: "new password, as requested: X"."""
_NOUN_AFTER = re.compile(r"[ \t]+(?!(?:for|on|to|in|of|at|from|and|when|if|so|now|again)\b)"
                         r"[a-z]")
_QUOTE_BEFORE = re.compile(r"([\"'`])(?P<v>[^\"'`\n\\]{4,128})\1$")
_BARE_BEFORE = re.compile(r"(?<![^\s(\[])(?P<v>[^\s\"'`\\]{6,128})$")


@functools.lru_cache(maxsize=16)
def _hits(lowered: str, roots: tuple[str, ...], *, glued: bool = True
          ) -> tuple[tuple[int, int], ...]:
    """(start, end) of each root standing as a word (or, when `glued`, ending a name joined
    by `_`, `-` or `.`: `db_password`), in no particular order (several finders ask)."""
    size = len(lowered)
    hits: list[tuple[int, int]] = []
    for root in roots:
        for found in word_positions(lowered, root):
            end = found + len(root)
            before = lowered[found - 1] if found else " "
            if (not (before.isalnum() or before in "_-.") or (glued and before in "_-.")) and (
                    end >= size or not lowered[end].isalpha()):
                hits.append((found, end))
    return tuple(hits)


def _bare_value(text: str, position: int) -> tuple[int, int, int] | None:
    """(start, end, end before trimming) of the unquoted value at `position`."""
    value = _BARE.match(text, position)
    if value is None:
        return None
    start = value.start()
    return start, start + trimmed_end(value.group()), value.end()


def _user_pass(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    if "us" not in lowered and "login" not in lowered:
        return
    for start, end in _hits(lowered, ("pass", "pwd", "pw"), glued=False):
        low = max(0, start - 100)
        if (lowered.find("us", low, start) < 0 and lowered.find("login", low, start) < 0
                ) or _USER_BEFORE.search(lowered, low, start) is None:
            continue
        after = _PASS_AFTER_USER.match(lowered, end)
        found = _bare_value(text, after.end()) if after is not None else None
        if found is None:
            continue
        word = text[found[0]:found[1]]
        if (assignment_value_ok(word, False, " is ") and not _PROSE_WORD.fullmatch(word)
                and len(word) >= 4):
            yield found[0], with_trailing_marks(text, found[1], found[2])


def _strong_bare(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    for _, end in _hits(lowered, (*_PASSWORD_WORDS, "pw"), glued=False):
        after = _BARE_AFTER.match(lowered, end)
        found = _bare_value(text, after.end()) if after is not None else None
        if found is None:
            continue
        value = text[found[0]:found[1]]
        if strongly_secret(value) and assignment_value_ok(value, False, " is "):
            yield found[0], with_trailing_marks(text, found[1], found[2])


PIN_SHAPES = tuple(re.compile(word + _PIN_AFTER.pattern) for word in (
    "pin", "passcode", r"access[ _\-]code", r"security[ _\-]code"))
"""Each starts with its literal (the sieve keeps their lines too)."""


def _pins(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    for shape in PIN_SHAPES:
        for anchor in shape.finditer(lowered):
            start = anchor.start()
            before = lowered[start - 1] if start else " "
            if before.isalnum() or lowered.endswith("version ", 0, start):
                continue
            value = _DIGITS.match(text, anchor.end())
            if value is not None:
                yield value.span()


def _spaced_values(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    for _, end in _hits(lowered, _PASSWORD_WORDS):
        anchor = _KEY_SEPARATOR.match(lowered, end)
        rest = _LINE_REST.match(text, anchor.end()) if anchor is not None else None
        if anchor is None or rest is None:
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


def _named_after(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    hits = [(found.start(), found.end()) for shape in AS_THE_SECRET_SHAPES
            for found in shape.finditer(lowered)]
    if _has_password_word(lowered):
        hits += [(start, end) for start, end in _hits(lowered, _PASSWORD_WORDS, glued=False)
                 if lowered.find("s", max(0, start - 24), start) >= 0]
    for start, end in hits:
        anchor = _AS_BEFORE.search(lowered, max(0, start - 24), start)
        if anchor is None:
            continue
        window = max(0, anchor.start() - 140)
        quoted = _QUOTE_BEFORE.search(text, window, anchor.start())
        if quoted is not None:
            value = quoted.group("v")
            if " " in value and _NOUN_AFTER.match(lowered, end):
                continue  # "use `make test` as the password check"
            if assignment_value_ok(value, True, "=") and not _LABELS.search(value):
                yield quoted.span("v")
            continue
        bare = _BARE_BEFORE.search(text, window, anchor.start())
        if bare is not None and strongly_secret(bare.group("v")):
            yield bare.span("v")


def _loose_colons(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    for _, end in _hits(lowered, _PASSWORD_WORDS, glued=False):
        anchor = _WORDS_TO_COLON.match(lowered, end)
        found = _bare_value(text, anchor.end()) if anchor is not None else None
        if found is not None and strongly_secret(text[found[0]:found[1]]):
            yield found[0], with_trailing_marks(text, found[1], found[2])


def _as_the_secret_shape(root: str) -> re.Pattern[str]:
    """`root` where `_named_after` could use it, as a regex that starts with the literal (the
    sieve keeps its line): one fixed-width look-behind per spelling of what stands before."""
    spellings = [f"[ \t]{verb}[ \t]{det}{new}{api}{root}"
                 for verb in ("as", "is") for det in ("", "the[ \t]", "my[ \t]", "your[ \t]",
                                                      "our[ \t]")
                 for new in ("", "new[ \t]")
                 for api in (("", "api", r"api[ _\-]") if root == "key" else ("",))
                 if root != "key" or api]
    return re.compile(root + "(?:" + "|".join(f"(?<={spelling})" for spelling in spellings)
                      + ")(?![a-z])")


AS_THE_SECRET_SHAPES = tuple(_as_the_secret_shape(root) for root in ("token", "secret", "key"))
"""Where `_named_after` looks besides the password words; each starts with its literal (the
sieve keeps their lines; it keeps every line holding `pass` anyway)."""
FINDERS = (_user_pass, _strong_bare, _pins, _spaced_values, _named_after, _loose_colons)
_PASSWORD_ONLY = (_strong_bare, _spaced_values, _loose_colons)
"""Finders that start from a password word (`pw`, `pwd` and the `pass…` words but `pass`)."""


def _has_password_word(lowered: str) -> bool:
    return "pw" in lowered or any(word in lowered for word in _PASSWORD_WORDS)


def iter_phrase_matches(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of each secret in the shapes above."""
    if not root_positions(lowered) and "pin" not in lowered and "code" not in lowered:
        return
    password = _has_password_word(lowered)
    for finder in FINDERS:
        if finder in _PASSWORD_ONLY and not password:
            continue  # a few C-speed checks spare three finders on most texts
        for start, end in finder(text, lowered):
            if end > start:
                yield KIND, start, end
