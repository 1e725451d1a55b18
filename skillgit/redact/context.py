"""Context rules: secrets recognisable only by what stands next to them.

`KEY=VALUE` where the key names a secret, `Authorization: Bearer X`, `scheme://user:pass@host`,
`aws_secret_access_key = ...`. Only the value is reported, so the key, the scheme and the host
survive redaction. A value must be followed by a clean terminator (space, quote, comma, end of
text ...): `token = get_token()` and `SECRET = os.environ["X"]` are code, not secrets, and a
value cut short by an earlier redaction marker is never re-reported (redaction stays idempotent).
What a rule reports and which values it accepts: `context_values.py`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from skillgit.redact.context_values import (
    _accept_assignment,
    _accept_bearer,
    _accept_plain,
    _random_group,
    _value_group,
)
from skillgit.redact.values import code_shaped, is_placeholder, random_value, strongly_secret
from skillgit.redact.vocab import CODE_WORDS

_POLICY_WORDS = re.compile(r"\b(?:must|should|at|least|characters?|required|minimum|enter|your|"
                           r"use|not|never|please|contain|long|words|prompt|asked?|same|set|"
                           r"stored|see|in|from|the\s+one)\b")
"""Words of a sentence about a passphrase rather than of one ("must be at least twelve
characters", "see the vault", "the one in 1Password")."""
_NOT_MARKER = r"(?!\[REDACTED:)"
_UNQUOTED = r"(?:(?!\[REDACTED:)(?:[^\s\"'`\\]|\\[#!:=](?=\S)))"
"""A character of an unquoted value: anything up to white space, a quote or a backslash (a
JSON escape), so a value is read whole (`Tr0ub4dor&3;x`); trailing punctuation of the code or
prose around it is trimmed afterwards (`trimmed_end`). A `.properties` file's escaped `#`,
`!`, `:` or `=` is part of the value (`password=Pulcinella\\#2291`)."""
_QUOTED = r"(?:(?!\[REDACTED:)[^\"'`\n\r\\])"
"""A character of a quoted value: a passphrase of several words is one value."""
_SEP = (r"(?:\\?[\"'`]\]?[ \t]{0,4},|\\?[\"'`]?\]?[ \t]{0,32}(?::=|=>|=(?![=~])|:(?![:/])))"
        r"[ \t]{0,16}")
"""`key=`, `key: `, `"key": `, `key => `, `environ["KEY"] = `, and a quoted key and value
side by side: `define('DB_PASSWORD', '…')`, `setdefault("token", "…")` (see `_PAIR`); up to 16
blanks after the separator (values aligned in a column)."""
_ANNOTATION = (r"(?:[&*]?(?:'static[ \t]+)?[A-Za-z_][\w.]{0,40}(?:<[^<>\n]{0,40}>|\[[\w ]{0,20}\])?"
               r"(?:[ \t]*\|[ \t]*None)?[ \t]*=(?![=>])[ \t]*)?")
"""A type between the key and the value: `password: str = "…"` (Python, TypeScript),
`DB_PASSWORD: &str = "…"` (Rust), `token: Optional[str] = "…"`."""
_YAML_PREFIX = (r"(?:&[\w\-]{1,40}[ \t]+|!![a-z]{1,12}[ \t]+)?"
                r"(?:[|>][\-+0-9]{0,2}[ \t]*(?:\r?\n|(?:\\r)?\\n)[ \t]+)?")
"""A YAML anchor or tag before the value (`password: &pw X`, `!!str X`) and a block scalar
whose value is on the next line (`password: |` newline `  X`)."""


@dataclass(frozen=True)
class ContextRule:
    """Each anchor runs over the lower-cased text (starting with a plain lower-case literal,
    so the regex engine can skip ahead quickly); `tail` is then matched on the original text
    where the anchor ends and holds the reported value."""

    kind: str
    anchors: tuple[re.Pattern[str], ...]
    tail: re.Pattern[str]
    accept: Callable[[re.Match[str]], bool]


_VALUE = (r"(?:(?P<q>\\?[\"'`])" + _NOT_MARKER
          + r"(?=(?P<qv>" + _QUOTED + r"{1,512}))(?P=qv)"
          r"|" + _NOT_MARKER + r"(?=(?P<uv>" + _UNQUOTED + r"{1,512}))(?P=uv))")
_KEY_BEFORE_KEY = re.compile(
    r"(?:api|access|secret|private|signing|encryption|master|auth|app|client)[_.\-]?$")


_PASS_WORDS = frozenset({"bypass", "compass", "surpass", "trespass", "overpass", "underpass",
                         "encompass", "impass", "nopass", "skippass", "firstpass", "onepass"})


PUBLIC_KEY_KINDS = frozenset((
    "idempotency", "sort", "partition", "primary", "foreign", "cache", "dedup",
    "deduplication", "routing", "shard", "sharding", "row", "range", "hash", "object", "composite",
    "lookup", "index", "unique", "natural", "surrogate", "public", "pub", "group", "message",
    "order", "ordering", "cluster", "clustering", "dedupe", "join", "map", "dict", "translation",
    "i18n", "locale", "label", "s3", "storage", "blob", "file", "template", "layout", "config",
    "setting", "settings", "lock", "mutex", "correlation", "trace", "request", "event"))
"""Kinds of key that name a record, a lock or a place, not a secret: the value of an
`Idempotency-Key`, a `SORT_KEY`, a `cache_key` is an identifier."""


def _glued_pass(lowered: str, anchor: re.Match[str]) -> bool:
    """`SSHPASS`, `SMTPPASS`: a name glued to `pass`, not an English word (`bypass`); a key
    whose kind is no secret's (`Idempotency-Key`, `SORT_KEY`) names none."""
    if anchor.group().startswith("key"):
        kind = re.search(r"([a-z0-9]+)[ _\-.]$",
                         lowered[max(0, anchor.start() - 24):anchor.start()])
        return kind is None or kind.group(1) not in PUBLIC_KEY_KINDS
    name = re.search(r"[a-z]*$", lowered[max(0, anchor.start() - 16):anchor.start()])
    return name is not None and name.group() + "pass" not in _PASS_WORDS


_VALUE_NOUN = r"(?:[ \t_\-.]?(?:content|material|value))?"
"""A label naming a credential's value rather than the credential (`Key Content : …`, netsh's
column; `token_value`, `key_material`); `key value` alone is a key-value store's."""
_CREDENTIAL_PAIR = re.compile(r"\\?[\"'`]?\]?[ \t]{0,4}(?::=|=|:)[ \t]{0,16}\\?[\"'`]?"
                              r"\d{2,12}:(?:[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}|[0-9a-f]{24,})"
                              r"(?![\w-])")
"""A bare `key` given an account's number and a random key joined by a colon (`key='184627:
<uuid>'`): a credential pair, whatever the key's name leaves open."""


_REFERENCE_QUALIFIER = re.compile(r"(?<![a-z])(?:existing|external)[_\-.]?$")
"""A word that makes a `secret` key name a secret object kept elsewhere (a Helm chart's
`existingSecret`, `externalSecret`: a Kubernetes Secret): its value is that object's name. An
"existing password" is still a password."""


def _key_ends_in_secret_word(lowered: str, anchor: re.Match[str]) -> bool:
    """`api_key`, `DB_PASS`, `db-pwd` qualify; `primary_key`, `bypass`, `cwd` do not; nor a
    marker's kind (`[REDACTED:positional-secret]:5000` names no key)."""
    word = anchor.group()
    start = anchor.start()
    opened = lowered.rfind("[redacted:", max(0, start - 48), start)
    if opened >= 0 and "]" not in lowered[opened:start]:
        return False
    before = lowered[start - 1:start] if start else ""
    if word.startswith("secret") and _REFERENCE_QUALIFIER.search(lowered, max(0, start - 12),
                                                                  start):
        return False  # `existingSecret: mongodb-auth`: the name of a secret kept elsewhere
    if word.startswith("key") and word != "key":  # `Key Content`, `key_material`: its value
        return not word.endswith("value") or _KEY_BEFORE_KEY.search(
            lowered, max(0, start - 12), start) is not None
    if word == "key":
        return (_KEY_BEFORE_KEY.search(lowered, max(0, start - 12), start) is not None
                or (_CREDENTIAL_PAIR.match(lowered, anchor.end()) is not None
                    and _glued_pass(lowered, anchor)))
    if word == "pass":
        return before in ("_", "-", ".")
    if word == "pwd":  # DB_PWD, an ODBC string's Pwd after a semicolon; not cwd
        return before in ("_", "-", ".", ";", "", " ", "\t", "\n", '"', "'", "{")
    if word == "auth":
        # `.npmrc` `_auth=…`, a docker config's `"auth": "…"`; not `oauth` or `auth=basic`.
        return before in ("_", '"', "'")
    return True


_CODE_KEYS = tuple(re.sub(r"[^a-z0-9]", "", word) for word in CODE_WORDS)
_KEY_NAME = re.compile(r"[a-z0-9_\-.]{0,40}$")


def _names_a_code(lowered: str, anchor: re.Match[str]) -> bool:
    """`confirmationCode`, `backup_codes`, `SIM_PUK`: the key's words, joined, end in a word
    for a code; `status_code`, `zip_code`, `exit_code` name none."""
    name = _KEY_NAME.search(lowered, max(0, anchor.start() - 40), anchor.start())
    joined = re.sub(r"[^a-z0-9]", "", (name.group() if name else "") + anchor.group())
    return joined.endswith(_CODE_KEYS)


def _curl_user_flag(lowered: str, anchor: re.Match[str]) -> bool:
    """`-u user:pass` / `--user user:pass` count only as an option of a curl command on the
    same line (`docker run -u 1000:1000` is a uid, not a password)."""
    start = anchor.start()
    if anchor.group() == "authorization":
        return True
    if not start or lowered[start - 1] not in " \t":
        return False
    window = max(0, start - 300)
    line_start = lowered.rfind("\n", window, start) + 1
    curl = lowered.rfind("curl", max(line_start, window), start)
    return curl >= 0 and (curl == 0 or not lowered[curl - 1].isalnum())


_SEPARATOR_AHEAD = (r"(?=\\?[\"'`]\]?[ \t]{0,4},|\\?[\"'`]?\]?[ \t]{0,32}"
                    r"(?::=|=>|=(?![=~])|:(?![:/])))")
_AUTH_HEADER = r"\\?[\"'`]?[ \t]{0,4}[:=][ \t]{0,4}\\?[\"'`]?[ \t]{0,4}"

CONTEXT_RULES: tuple[ContextRule, ...] = (
    ContextRule(
        "aws-secret-access-key",
        (re.compile(r"secret[_\-]?access[_\-]?key"),),
        re.compile(r"\\?[\"'`]?[ \t]{0,4}[:=][ \t]{0,4}\\?[\"'`]?(?P<s>[A-Za-z0-9/+]{40})"
                   r"(?![A-Za-z0-9/+=])"),
        _accept_plain),
    ContextRule(
        "bearer-token",
        (re.compile(r"bearer"), re.compile(r"authorization(?=" + _AUTH_HEADER + r"token)")),
        re.compile(r"(?:" + _AUTH_HEADER + r"(?i:token))?[ \t]{1,4}"
                   r"(?=(?P<s>" + _UNQUOTED + r"{6,4096}))(?P=s)"),
        _accept_bearer),
    ContextRule(
        "basic-auth",
        (re.compile(r"authorization"),),
        re.compile(_AUTH_HEADER + r"(?i:basic)[ \t]{1,4}(?=(?P<s>" + _UNQUOTED
                   + r"{4,4096}))(?P=s)"),
        _accept_plain),
    ContextRule(
        "basic-auth",
        (re.compile(r"-u(?=[ \t])"), re.compile(r"--user(?=[ \t])")),
        re.compile(r"[ \t]{1,4}[\"']?[^\s:\"'\[\]]{1,128}:"
                   r"(?P<s>[^\s\"'\[\]]{1,256})(?=[\s\"']|$)"),
        _accept_plain),
    ContextRule(
        "connection-string-password",
        (re.compile(r"://"),),
        # The password runs to the LAST `@` before the host: `user:p@ss@host`.
        # (a Windows domain may stand before the user: `smb://WORKGROUP/user:pass@host`)
        re.compile(r"(?:[A-Za-z0-9_\-]{1,15}[/;])?[^\s:/@\"'<>\[\]]{0,128}:"
                   r"(?P<s>[^\s/\"'<>\[\]\\]{1,256})@[A-Za-z0-9.\-_%]"),
        _accept_plain),
    ContextRule(
        "secret-assignment",
        tuple(re.compile(word + _VALUE_NOUN + r"(?![a-z0-9])(?:[_\-]\d{1,3})?"  # DB_PASS_2
                         + _SEPARATOR_AHEAD)
              for word in ("key", "secret", "token", "pass(?:word|wd|phrase)?", "pwd",
                           "cred(?:ential)?s?", "auth", "psk")),
        re.compile(r"(?P<sep>" + _SEP + r")" + _ANNOTATION + _YAML_PREFIX + _VALUE),
        _accept_assignment),
    # A passphrase given as plain words after a colon: the words to the sentence's end,
    # unless they state a policy
    ContextRule(
        "passphrase-words",
        (re.compile(r"pass[ -]?phrase"),),
        re.compile(r"[^.:\n]{0,30}?:[ \t]*(?P<s>[a-z]{2,12}(?:[ \t]+[a-z]{2,12}){2,9})"
                   r"(?=[.!;\n]|$)"),
        lambda match: not _POLICY_WORDS.search(match.group("s"))),
    # A Wi-Fi network's QR text (`WIFI:S:<ssid>;T:WPA;P:<password>;;`): its `P` field, read
    # to the `;` no backslash escapes
    ContextRule(
        "wifi-password",
        (re.compile(r"wifi:"),),
        re.compile(r"(?:[A-Za-z]:(?:\\.|[^;\\\n])*;){0,5}?[Pp]:(?P<s>(?:\\.|[^;\\\n])+)(?=;)"),
        lambda match: len(match.group("s")) >= 4 and not is_placeholder(match.group("s"))),
    # A value glued to a marker (`KEY=[REDACTED:x]<rest>`): text that already holds a marker
    # must not hide what follows it from the rules (they never read a value through a marker).
    # (Not a delimited record's next field: `[REDACTED:x]*ZZ*SENDER`, a separator that recurs
    # after a short field, as in an EDI segment.)
    ContextRule(
        "glued-to-marker",
        (re.compile(r"\[redacted:[a-z0-9\-]{1,40}\]"),),
        re.compile(r"(?!(?P<d>[*^~|+])[^\s*^~|+]{1,40}(?P=d))"
                   r"(?P<s>[A-Za-z0-9+=_\-$%*^~][^\s\"'`,;)}>\]\[\\<]{2,511})"),
        lambda match: True),
    # A value after a marker and a blank (`token: [REDACTED:jwt] X`): a marker planted in
    # front of a secret must not hide it; only a value that looks like no word counts.
    ContextRule(
        "after-marker",
        (re.compile(r"\[redacted:[a-z0-9\-]{1,40}\][ \t]{1,4}"),),
        re.compile(r"\\?[\"'`]?(?P<s>[^\s\"'`,;)}>\]\[\\<]{6,256})"),
        lambda match: strongly_secret(match.group("s")) or random_value(match.group("s"))),
    # `SENDGRID_KEY=…`, `SSHPASS=…`: a name ending in `key` with no qualifier, or glued to
    # `pass`, names a secret when the value looks random (`SORT_KEY=name`, `.pgpass: …` stay).
    ContextRule(
        "key-assignment",
        (re.compile(r"key(?<=[0-9_\-.]key)(?![a-z0-9])" + _SEPARATOR_AHEAD),
         re.compile(r"app[_\-.]?id(?![a-z0-9])" + _SEPARATOR_AHEAD),  # an API's `APPID`
         re.compile(r"pass(?<=[a-z]pass)(?![a-z0-9])" + _SEPARATOR_AHEAD)),
        re.compile(r"(?P<sep>" + _SEP + r")" + _VALUE),
        lambda match: _accept_assignment(match) and _random_group(match)),
    # `?appid=<hex>`, `&session_id=…`, `?subscription-key=…`: a URL query parameter naming
    # the caller's application, session or subscription; a random value there is its key
    # (a digit-only application id and a word pass).
    ContextRule(
        "query-credential",
        (re.compile(r"[?&;](?:app|api|sess(?:ion)?|subscription|licen[cs]e|consumer)"
                    r"[_\-.]?(?:id|key)?(?==)"),),
        re.compile(r"=(?P<s>[A-Za-z0-9_\-.~%+/]{16,512})(?=[&#\s\"'<>)\]]|$)"),
        lambda match: random_value(match.group("s"))),
    # `"confirmationCode": <six digits>`, `SIM_PUK=…`: a key naming a one-time, backup or unlock
    # code (`clause.CODE_WORDS`, however the key joins its words) and a code's value.
    ContextRule(
        "code-assignment",
        (re.compile(r"(?:codes?|puk|otp|totp)(?![a-z0-9])" + _SEPARATOR_AHEAD),),
        re.compile(r"(?P<sep>" + _SEP + r")" + _VALUE),
        lambda match: _accept_assignment(match) or code_shaped(
            match.string[slice(*_value_group(match))])),
    # Any other scheme (`Authorization: Digest …`, `SSWS …`) or a bare value: listed last so
    # that the specific kinds above name a span they share.
    ContextRule(
        "authorization-header",
        (re.compile(r"authorization"),),
        re.compile(_AUTH_HEADER + r"(?:[A-Za-z][A-Za-z0-9_\-]{1,24}[ \t]{1,4})?"
                   r"(?=(?P<s>" + _UNQUOTED + r"{6,4096}))(?P=s)"),
        _accept_bearer),
)
_ANCHOR_FILTERS = {"secret-assignment": _key_ends_in_secret_word, "basic-auth": _curl_user_flag,
                   "code-assignment": _names_a_code,
                   "key-assignment": _glued_pass,
                   "authorization-header": _curl_user_flag}


def lower_same_length(text: str) -> str:
    """`text.lower()` when it keeps every offset; otherwise only ASCII letters are lowered."""
    lowered = text.lower()
    if len(lowered) == len(text):
        return lowered
    return text.translate(_ASCII_LOWER)


_ASCII_LOWER = {code: code + 32 for code in range(ord("A"), ord("Z") + 1)}


def iter_context_matches(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of each accepted context-rule value; `lowered` is
    `lower_same_length(text)`."""
    for rule in CONTEXT_RULES:
        keep = _ANCHOR_FILTERS.get(rule.kind)
        for pattern in rule.anchors:
            scanned_to = 0
            for anchor in pattern.finditer(lowered):
                if anchor.start() < scanned_to:
                    continue  # a key inside the value just read is part of that value
                if keep is not None and not keep(lowered, anchor):
                    continue
                match = rule.tail.match(text, anchor.end())
                if match is None:
                    continue
                scanned_to = match.end()
                if rule.accept(match):
                    start, end = _value_group(match, reported=True)
                    if end > start:
                        yield rule.kind, start, end
