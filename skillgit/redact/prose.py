"""Secrets named in prose, and opaque tokens standing next to a credential word.

- "the staging db password is <value>", "password for prod is …", "the api key is …",
  "the token was changed to `…`", "login with user admin and password <value>";
- a bare hex string, UUID, `key-…` or letters-and-digits token within a few words after a
  credential word on the same line ("heroku api key 01234567-…", "token 9f8e…").

Prose about secrets is common and harmless ("the password field is required", "the token is
invalid"), so a value must look like one: after a strong word (password, passphrase) anything
but an ordinary word of English prose; after a weak one (token, key, secret) something opaque
(a digit, mixed case or a symbol) or a quoted value.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from skillgit.redact.context import PUBLIC_KEY_KINDS
from skillgit.redact.values import (
    assignment_value_ok,
    is_placeholder,
    looks_opaque,
    with_trailing_marks,
)
from skillgit.redact.vocab import (
    ASCII_PASSWORD_WORDS,
    INFLECTION,
    NON_ASCII_PASSWORD_WORDS,
    PASSWORD_WORDS,
    literal_positions,
)

KIND = "named-in-prose"
CONTEXT_KIND = "credential-context-token"

_END_OF_WORD = r"(?![a-z0-9_])"
FOREIGN_PASSWORD_ROOTS = PASSWORD_WORDS
""""Password" in other languages (`vocab.py`); the sieve keeps their lines."""
ASCII_FOREIGN_ROOTS = ASCII_PASSWORD_WORDS
NON_ASCII_FOREIGN_ROOTS = NON_ASCII_PASSWORD_WORDS
_STRONG_WORDS = {"pass": re.compile(r"pass(?:word|wd|phrase|code)" + _END_OF_WORD),
                 "pw": re.compile(r"pwd?" + _END_OF_WORD),
                 **{root: re.compile(re.escape(root) + INFLECTION)
                    for root in FOREIGN_PASSWORD_ROOTS}}
_WEAK_WORDS = {"token": re.compile(r"token" + _END_OF_WORD),
               "secret": re.compile(r"secret" + _END_OF_WORD),
               "cred": re.compile(r"cred(?:entials?|s)" + _END_OF_WORD),
               "apikey": re.compile(r"apikey" + _END_OF_WORD),
               "key": re.compile(r"key" + _END_OF_WORD)}
_KEY_QUALIFIER = re.compile(r"(?<![a-z0-9])(?:api|access|secret|auth|private|client|app|master|"
                            r"license|signing|encryption|sdk|server|mobile|write|ingest|"
                            r"integration|routing|stream|developer|partner|merchant|admin|"
                            r"service|account|management|project|personal|rest|restricted|"
                            r"live|prod|production|sharing|feeder|shared|webhook)[ _\-]?$")
"""Words that make "key" a credential's name: an SDK key, a stream key, a feeder's key."""
_PRODUCT_BEFORE = re.compile(r"(?<![\w.-])([A-Z][a-z0-9]*[A-Z][A-Za-z0-9]*|"
                             r"(?<=[a-z,;] )[A-Z][a-z0-9]+)[ _\-]?$")
"""A product's name before "key" (`DeepL key`, `PioneerRx key`; a capitalised word only inside
a sentence, where it is a name: "Mailchimp key"): its key, unless the kind names a record."""


def word_hits(lowered: str, words: dict[str, re.Pattern[str]],
              positions: dict[str, tuple[int, ...]] | None = None,
              text: str | None = None) -> list[tuple[int, int, str]]:
    """(start, end, root) of each whole word found from its literal root, in order of
    position; `positions` are `literal_positions` of (at least) the roots of `words`, computed
    once per text for every finder here."""
    if positions is None:
        positions = literal_positions(lowered, words)
    hits: list[tuple[int, int, str]] = []
    for root, pattern in words.items():
        for found in positions.get(root, ()):
            match = pattern.match(lowered, found)
            if match is not None:
                start = found
                if root == "key":
                    qualifier = _KEY_QUALIFIER.search(lowered, max(0, found - 14), found)
                    if qualifier is None and text is not None:
                        qualifier = _PRODUCT_BEFORE.search(text, max(0, found - 24), found)
                        if qualifier is not None and qualifier.group(1).lower() in (
                                PUBLIC_KEY_KINDS):
                            qualifier = None
                    start = qualifier.start() if qualifier is not None else -1
                if start >= 0 and (start == 0 or not lowered[start - 1].isalnum()):
                    hits.append((start, match.end(), root))
    hits.sort()
    return hits
_QUALIFIER = r"(?:[ \t]+(?:for|of|on|to|in|at|from)[ \t]+[\w@./:\-]+(?:[ \t]+[\w@./:\-]+){0,3}?)?"
_CONNECTOR = (r"(?:[ \t]+(?:(?:was[ \t]+|has[ \t]+been[ \t]+|is[ \t]+)?(?:changed|set|reset|"
              r"updated|rotated)[ \t]+to|is|was|are|were|is[ \t]+now|is[ \t]+still|"
              r"should[ \t]+be|would[ \t]+be|will[ \t]+be|becomes|"
              r"ist|est|es|é|är|er|jest|je)[ \t]*:?[ \t]+)")
_QUALIFIED_COLON = r"[ \t]*:[ \t]*"
"""`password for prod: X` (a bare `password: X` is an assignment, see context.py)."""
_ANCHOR_WORDS = {**_STRONG_WORDS, **_WEAK_WORDS}
_INTRO = re.compile(r"(?:with|and|using|use|plus)[ \t]+(?:the[ \t]+)?$")
_TAIL = re.compile(_QUALIFIER + _CONNECTOR + "|" + _QUALIFIER.removesuffix(")?") + ")"
                   + _QUALIFIED_COLON)
_FOREIGN_TAIL = re.compile(_QUALIFIER + _CONNECTOR + "|" + _QUALIFIER + _QUALIFIED_COLON)
"""After a foreign word for password a bare colon names the value too (`пароль: X`): no
assignment rule knows those words."""
_QUOTES = {'"': '"', "'": "'", "`": "`", "\u201c": "\u201d", "\u2018": "\u2019"}
_BARE = re.compile(r"(?:(?!\[REDACTED:)[^\s\"'`\u201c\u201d\u2018\u2019\\]){3,256}")
_STOP_WORDS = frozenset("""
a an the this that these those it its is was be been being not no never none null nil empty
blank set unset required optional missing invalid valid wrong incorrect correct expired stale
still now also just only already then here there same different unknown visible hidden
masked shown printed sent used needed stored saved kept passed checked compared hashed
encrypted encoded decoded rotated revoked too very so in on at to for from of by with without
and or but if when where which who what how why weak strong long short good bad ok okay fine
right new old default current correct
""".split())
_SUFFIXES = ("ed", "ing", "ly", "able", "ible", "ive", "ous", "ful", "less", "tion", "sion",
             "ment", "ness")


def _is_prose_word(value: str) -> bool:
    word = value.lower()
    return (word in _STOP_WORDS or (word.isalpha() and word.endswith(_SUFFIXES))
            or (word.isalpha() and len(word) <= 3))


def _value(text: str, position: int) -> tuple[int, int, bool] | None:
    """(start, end, quoted) of the value at `position`."""
    if position >= len(text):
        return None
    if text.startswith('\\"', position):  # a JSON-encoded text's quote
        end = text.find('\\"', position + 2, position + 260)
        if end > position + 2 and "\\n" not in text[position:end] and "[REDACTED:" not in text[
                position:end]:
            return position + 2, end, True
        return None
    close = _QUOTES.get(text[position])
    if close is not None:
        end = text.find(close, position + 1, position + 258)
        newline = text.find("\n", position + 1, end if end > 0 else position + 258)
        if end > position + 1 and newline < 0 and "[REDACTED:" not in text[position:end]:
            return position + 1, end, True
        return None
    match = _BARE.match(text, position)
    if match is None:
        return None
    end = match.end()
    while end > position and text[end - 1] in ".,;:!?)]}>":
        end -= 1
    return position, end, False


def _bare_end(text: str, start: int) -> int:
    """Where the unquoted value at `start` runs to, before `_value` trims its punctuation."""
    match = _BARE.match(text, start)
    return match.end() if match is not None else start


def _accept(value: str, quoted: bool, strong: bool) -> bool:
    if (len(value) < 4 or is_placeholder(value) or value.startswith(("$", "<", "{", "%"))
            or re.fullmatch(r"[A-Z][A-Z_]*", value)):
        return False
    if quoted:
        words = value.split()
        if len(words) == 1 and not assignment_value_ok(value, True, ": "):
            return False
        return (len(words) <= 6 and not all(_is_prose_word(w.strip(".,")) for w in words)
                and not (len(words) == 1 and re.fullmatch(r"[a-z]+(?:[A-Z][a-z0-9]*)+|"
                                                           r"[a-z]+(?:[_.][a-z0-9]+)+", value)))
    if _is_prose_word(value.strip("-")) or not assignment_value_ok(value, False, " is "):
        return False
    return strong or looks_opaque(value)


def _named(text: str, lowered: str,
           positions: dict[str, tuple[int, ...]] | None = None) -> Iterator[tuple[int, int]]:
    for anchor_start, anchor_end, root in word_hits(lowered, _ANCHOR_WORDS, positions, text):
        strong = root in _STRONG_WORDS
        tail = (_FOREIGN_TAIL if root in FOREIGN_PASSWORD_ROOTS else _TAIL).match(lowered,
                                                                                 anchor_end)
        if tail is None or tail.end() == anchor_end:
            window = max(0, anchor_start - 24)
            line_start = lowered.rfind("\n", window, anchor_start) + 1
            intro = _INTRO.search(lowered, max(line_start, window), anchor_start)
            if anchor_end >= len(text) or text[anchor_end] not in " \t":
                continue
            position = anchor_end + 1
            if intro is None:
                # a quoted value right after a strong word (the password, then a quoted
                # phrase of several words or an opaque one; not a quoted field name)
                found = _value(text, position) if strong else None
                if found is not None and found[2] and (
                        len(text[found[0]:found[1]].split()) >= 2
                        or looks_opaque(text[found[0]:found[1]])) and _accept(
                        text[found[0]:found[1]], True, strong):
                    yield found[0], found[1]
                continue
        else:
            position = tail.end()
        found = _value(text, position)
        if found is None:
            continue
        start, end, quoted = found
        if _accept(text[start:end], quoted, strong):
            yield start, end if quoted else with_trailing_marks(text, end, _bare_end(text, start))


_NOT_LETTER_AFTER = r"(?![a-z_])"
_CREDENTIAL_WORDS = {
    "pass": re.compile(r"pass(?:word|wd|phrase)" + _NOT_LETTER_AFTER),
    "secret": re.compile(r"secret" + _NOT_LETTER_AFTER),
    "token": re.compile(r"token" + _NOT_LETTER_AFTER),
    "apikey": re.compile(r"apikey" + _NOT_LETTER_AFTER),
    "key": re.compile(r"key" + _NOT_LETTER_AFTER),
    "auth": re.compile(r"auth" + _NOT_LETTER_AFTER),
    "cred": re.compile(r"credentials?" + _NOT_LETTER_AFTER),
    "bearer": re.compile(r"bearer" + _NOT_LETTER_AFTER)}
_NEAR = 40
_GAP = re.compile(r"[ \t:=\"'`(\[]*(?:[^\W\d_](?:[^\W\d_]|-){0,15}[ \t:=\"'`(\[]+){0,3}")
"""What may stand between the credential word and the token: separators, quotes and at most
three short words of any language ("api key for prod: …", "API key là …"), never the end of
a sentence or of a JSON field."""
_ID_WORDS = re.compile(r"\b(?:id|ids|session|request|uuid|commit|sha|hash|digest|version|"
                       r"trace|build|run|message|data|usage|count|file)\b")
"""Words saying the token after them is an identifier, not the credential."""
_OWNER_NOUN = re.compile(r"(?<![^\W\d_])(?:app|application|tenant|user|project|account|org|"
                         r"organi[sz]ation|subscription|workspace|team|directory|repo|"
                         r"repository|group|site|device|host|resource)[ \t:=\"'`(\[]*$")
"""A noun right before the token owns it ("secret added to app '<uuid>'", "token for user
<id>"): the value names that thing, not the credential word further back."""
_REACH = 8192
_UUID = r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
_OPAQUE = re.compile(
    r"(?<![\w\-./])(?:[A-Za-z][A-Za-z0-9]{0,39}[-_]){0,3}(?:" + _UUID + r"(?:-" + _UUID
    + r")?|[0-9a-fA-F]{16,}|(?=[A-Za-z]*\d)(?=\d*[A-Za-z])"
    r"[A-Za-z0-9]{20,})(?![\w\-/])|(?<![\w\-./])key-[0-9a-zA-Z]{16,}(?![\w\-/])")
"""A UUID (or two: a service's id and its secret), hex, or a run of letters and digits,
after a product's prefix of a few parts or none (`sdk-<uuid>`, `pat-eu1-<uuid>`,
`<name>_live-<uuid>-<uuid>`, `key-…`, `sk_…`)."""


def _near_credential_word(text: str, lowered: str,
                          positions: dict[str, tuple[int, ...]] | None = None
                          ) -> Iterator[tuple[int, int]]:
    size = len(text)
    searched_to = -1  # nothing matches in [the last search's start, searched_to)
    found: re.Match[str] | None = None
    for _start, begin, _root in word_hits(lowered, _CREDENTIAL_WORDS, positions, text):
        if found is None or found.start() < begin:
            line_end = lowered.find("\n", begin, begin + _REACH)
            stop = line_end if line_end >= 0 else min(size, begin + _REACH)
            found = _OPAQUE.search(text, max(begin, searched_to), stop)
            searched_to = stop if found is None else -1
        if found is not None and found.start() <= begin + _NEAR and _GAP.fullmatch(
                lowered, begin, found.start()) and not _ID_WORDS.search(lowered, begin,
                                                                       found.start()) \
                and not _OWNER_NOUN.search(lowered, begin, found.start()) \
                and not _glued_id(text, begin, found.start()):
            yield found.span()


_GLUED_ID = re.compile(r"([A-Za-z]+?)(?:ID|Id)\b")


def _glued_id(text: str, start: int, end: int) -> bool:
    """An identifier's name glued to `ID` between the word and the token (`AccessorID`,
    `ClusterId`), but not a secret's own (`SecretID`, `TokenId`, a Consul token's secret)."""
    return any(not match.group(1).lower().endswith(("secret", "token", "password", "pass"))
               for match in _GLUED_ID.finditer(text, start, end))


_ROOTS = tuple(dict.fromkeys([*_ANCHOR_WORDS, *_CREDENTIAL_WORDS]))


def iter_prose_matches(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of secrets named in prose and of opaque tokens next to a
    credential word."""
    positions = literal_positions(lowered, _ROOTS)
    if not positions:
        return
    for start, end in _named(text, lowered, positions):
        if end > start:
            yield KIND, start, end
    for start, end in _near_credential_word(text, lowered, positions):
        yield CONTEXT_KIND, start, end
