"""Pairs: a secret whose name is itself a value, and a secret passed right after its id.

- a name field naming a secret, then a value field: XML `<add key="DbPassword" value="…"/>`
  or `<Password><Value>…</Value>` (an element named for it, an unattended install's file),
  JSON `{"name": "DB_PASSWORD", "value": "…"}`, Kubernetes `- name: X_PASSWORD` with
  `value: …` on the next line, HCL `variable "db_password" { default = "…" }`, AWS
  `Name=db_password,Value=…`, `--name api_token --value …`. The value field may stand before
  the name on the same line (`<add value="…" key="DbPassword"/>`), and records or lists
  nested between them do not end the item (`"name": …, "tags": {…}, "value": …`);
- a variable set with a blank (`setx API_SECRET "…"`, `set -gx API_TOKEN …`), and a user and a
  password as a call's first two arguments (`auth=("admin", "…")`);
- a secret passed as the argument after its account or key id (`Client('AC…', '<hex>')`,
  `('AKIA…', '<secret>')`): the id is public, the next argument is its secret.

A name ending in `key` (`SENDGRID_KEY`) counts only when the value looks random, so that
`key="Logging" value="Debug"` and `name: SORT_KEY` / `value: name` stay.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from skillgit.redact.values import assignment_value_ok, random_value, trimmed_end
from skillgit.redact.vocab import PAIR_ROOTS, root_positions

KIND = "named-pair"
ID_KIND = "id-secret-pair"

ROOTS = PAIR_ROOTS
"""Every secret name holds one of these (lower-cased): the finder starts from them."""
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_.-/")
_SECRET_NAME = re.compile(
    r"(?:pass(?:word|wd|phrase|code)?|pwd|secret|token|credentials?|auth|apikey"
    r"|(?P<key>key))s?$")
_FIELD_WORDS = frozenset({"key", "name", "id", "variable", "parameter", "parameterkey",
                          "parameter_key", "parametername", "parameter_name", "setting",
                          "secretname", "secret_name", "env", "envvar", "env_var"})
"""The fields that name a value: `key="`, `"name": "`, `- name: `, `variable "`, `Name=`,
`--name `, `<key>` (before the name, with quotes, blanks and a `:` or `=` between)."""


def _after_name_field(lowered: str, start: int) -> bool:
    """Whether a name field ends right before `start` (read backwards, a few characters)."""
    end = _skip_back(lowered, start, "\"'")
    end = _skip_back(lowered, end, "\\")
    if lowered.endswith(("<key>", "<name>"), 0, end):
        return True
    end = _skip_back(lowered, end, " \t")
    if end and lowered[end - 1] in ":=":
        end = _skip_back(lowered, end - 1, " \t")
    end = _skip_back(lowered, _skip_back(lowered, end, "\"'"), "\\")
    word = end
    while word and end - word < 16 and (lowered[word - 1].isalpha() or lowered[word - 1] == "_"):
        word -= 1
    if lowered[word:end] not in _FIELD_WORDS:
        return False
    dashes = _skip_back(lowered, word, "-")
    return word - dashes <= 2 and not (dashes and (lowered[dashes - 1].isalnum()
                                                   or lowered[dashes - 1] in "_-"))


def _skip_back(lowered: str, position: int, characters: str) -> int:
    """`position` moved back over at most four of `characters`."""
    low = max(0, position - 4)
    while position > low and lowered[position - 1] in characters:
        position -= 1
    return position


_VALUE_FIELD = re.compile(
    r"<value>|(?<![\w\-])-{0,2}(?:value|default|default_?value|parameter_?value|secret_?string"
    r"|val)\\*[\"']?(?:[ \t]*[:=]|[ \t]+(?=\\*[\"']|[^\s=:-]))[ \t]*")
_VALUE_WORDS = ("val", "default", "secret_string", "secretstring")
"""Every value field holds one of these."""
_ITEM_END = re.compile(r"\n[ \t]*-[ \t]|[}\]]|/>|\n[ \t]*\n|(?<![\w\-])(?:name|key)"
                       r"\\*[\"']?[ \t]*[:=]")
"""Where the next item starts: the value of a name is looked for before it."""
_NAME_ENDS = frozenset("\"'\\ \t\r\n=:>,;}<)]`/swdpcaeo")
"""What may follow a root inside a name that ends in it (`password`, `tokens`, `key"`)."""
_BEFORE_NAME = frozenset("\"'\\ \t=:>")
"""The last character of every name field (`_NAME_FIELD`): a cheap first test."""
_QUOTING = frozenset("\"'\\ \t")
_FIELD_ENDS = frozenset(":=>eydgvr")
"""The last character of a name field before its quotes and blanks (`name:`, `key=`,
`<key>`, `name`, `key`, `id`, `variable`, `setting`, `env`, `parameter`)."""
_REACH = 320
"""Characters after the name where its value may stand (a few lines of a block)."""
_QUOTED = re.compile(r"(\\*)([\"'])(?P<v>[^\"'\n\r\\]{1,512})\1\2")
_BARE = re.compile(r"(?P<v>[^\s\"'`\\,;}<>]{1,512})")


def name_spans(lowered: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each secret name standing in a name field."""
    if not any(word in lowered for word in _VALUE_WORDS):
        return  # no value field, no pair
    seen = -1
    positions = root_positions(lowered)
    for root in ROOTS:
        for found in positions.get(root, ()):
            end = found + len(root)
            if end < len(lowered) and lowered[end] not in _NAME_ENDS:
                continue  # `tokenizer`, `keyboard`: no name ends so
            while end < len(lowered) and lowered[end] in _NAME_CHARS:
                end += 1
            start = found
            while start and lowered[start - 1] in _NAME_CHARS:
                start -= 1
            if start == seen:
                continue
            if (start and lowered[start - 1] == "<" and lowered.startswith(">", end)
                    and lowered[start] != "/" and _SECRET_NAME.search(lowered, start, end)):
                seen = start  # an element named for a secret: `<Password><Value>…</Value>`
                yield start, end
                continue
            if not start or lowered[start - 1] not in _BEFORE_NAME:
                continue
            field_end = start - 1
            while field_end > 0 and start - field_end < 6 and lowered[field_end] in _QUOTING:
                field_end -= 1
            if lowered[field_end] not in _FIELD_ENDS or _SECRET_NAME.search(
                    lowered, start, end) is None:
                continue
            if _after_name_field(lowered, start):
                seen = start
                yield start, end


def _value_at(text: str, position: int) -> tuple[int, int, bool] | None:
    match = _QUOTED.match(text, position)
    if match is not None:
        return (*match.span("v"), True)
    match = _BARE.match(text, position)
    if match is None:
        return None
    start = match.start("v")
    return start, start + trimmed_end(match.group("v")), False


def _acceptable(text: str, name: str, found: tuple[int, int, bool]) -> bool:
    start, end, quoted = found
    value = text[start:end]
    if not assignment_value_ok(value, quoted, "="):
        return False
    secret = _SECRET_NAME.search(name)
    return secret is not None and (secret.group("key") is None or random_value(value))


def _item_end(lowered: str, start: int, stop: int) -> int | None:
    """Where the item of a name starting at `start` ends: the first `_ITEM_END` that is not
    inside a record or list nested in the item (`"tags": {"owner": "x"}` between a name and
    its value does not end the item)."""
    depth = 0
    cursor = start
    for found in _ITEM_END.finditer(lowered, start, stop):
        for character in lowered[cursor:found.start()]:
            if character in "{[":
                depth += 1
        cursor = found.end()
        if depth == 0:
            return found.start()
        if found.group() in ("}", "]"):
            depth -= 1
    return None


def _named_pairs(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    for start, end in name_spans(lowered):
        name = lowered[start:end]
        stop = min(len(text), end + _REACH)
        item_end = _item_end(lowered, end, stop)
        if item_end is not None:
            stop = item_end
        field = _VALUE_FIELD.search(lowered, end, stop)
        if field is None:
            # the value field before the name, on its line: `<add value="…" key="DbPass"/>`
            line_start = lowered.rfind("\n", 0, start) + 1
            field = _VALUE_FIELD.search(lowered, max(line_start, start - _REACH), start)
        if field is None:
            continue
        found = _value_at(text, field.end())
        if found is not None and found[1] > found[0] and _acceptable(text, name, found):
            yield found[0], found[1]


_IDS = (re.compile(r"AC[0-9a-f]{32}"), re.compile(r"SK[0-9a-f]{32}"),
        re.compile(r"AKIA[0-9A-Z]{16}"), re.compile(r"ASIA[0-9A-Z]{16}"))
"""Account and key ids whose secret is passed next: Twilio `AC`/`SK`, AWS `AKIA`/`ASIA`."""
_NEXT_ARGUMENT = re.compile(
    r"\\*[\"']?[ \t]*(?:,|:|[ \t])[ \t]*(?:[a-z_]{1,24}[ \t]*=[ \t]*)?\\*[\"']?"
    r"(?P<s>[0-9a-fA-F]{32,64}|[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])")


def _id_pairs(text: str) -> Iterator[tuple[int, int]]:
    for pattern in _IDS:
        if pattern.pattern[:2] not in text:
            continue
        for found in pattern.finditer(text):
            start = found.start()
            if start and text[start - 1].isalnum():
                continue
            following = _NEXT_ARGUMENT.match(text, found.end())
            if following is not None:
                yield following.span("s")


_SET_COMMANDS = tuple(re.compile(command + r"[ \t]+(?P<name>[a-z_][a-z0-9_]{1,80})[ \t]+")
                      for command in ("setx", "setenv", r"set[ \t]+-[a-z]{1,4}", "env"))
"""`setx NAME value` (Windows), `setenv NAME value` (csh, launchctl), `set -gx NAME value`
(fish), `ENV NAME value` (Dockerfile): a variable set with a blank, not `=`."""
CALL_PAIRS = tuple(re.compile(
    word + r"[ \t]*=?[ \t]*\(?[ \t]*\([ \t]*\\*([\"'])[^\"'\n]{1,64}\\*\1[ \t]*,[ \t]*(?=\\*[\"'])")
    for word in ("auth", "login", "connect", "credential"))
"""A user and a password as a call's first two arguments or a tuple: `auth=("u", "…")`,
`HTTPBasicAuth("u", "…")`, `smtp.login("u", "…")`, `psycopg2.connect("u", "…")`."""


def _set_commands(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    commands = (command for pattern in _SET_COMMANDS if pattern.pattern[:3] in lowered
                for command in pattern.finditer(lowered))
    for command in commands:
        start = command.start()
        if start and (lowered[start - 1].isalnum() or lowered[start - 1] in "_-"):
            continue
        name = command.group("name")
        if _SECRET_NAME.search(name) is None:
            continue
        found = _value_at(text, command.end())
        if found is not None and found[1] > found[0] and _acceptable(text, name, found):
            yield found[0], found[1]


def _call_pairs(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    for call in (call for pattern in CALL_PAIRS for call in pattern.finditer(lowered)):
        found = _value_at(text, call.end())
        if found is None or not found[2]:
            continue
        value = text[found[0]:found[1]]
        if " " not in value and assignment_value_ok(value, True, "="):
            yield found[0], found[1]


def iter_named_pair_matches(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of secrets named by a name field. Run over the whole text, not the
    sieved stretches: the name and its value may stand lines apart."""
    for start, end in _named_pairs(text, lowered):
        yield KIND, start, end


def iter_pair_matches(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of secrets after their id, set with a blank, or passed with a user;
    each within a line (the sieve keeps it)."""
    for start, end in _id_pairs(text):
        yield ID_KIND, start, end
    for finder in (_set_commands, _call_pairs):
        for start, end in finder(text, lowered):
            yield KIND, start, end
