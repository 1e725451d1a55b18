"""Whether a value standing after a secret's name is the secret itself.

Shared by every finder (context.py assignments, prose.py, configs.py, pairs.py, phrases.py):
placeholders (`<token>`, `${X}`), code (`get_token()`, `self.token`), field names and labels
are not secrets; a passphrase, a password of letters and digits, a random token are.
"""

from __future__ import annotations

import itertools
import re

from skillgit.redact.tokens import _random_letters, _random_mixed
from skillgit.redact.vocab import is_credential_word

_PLACEHOLDER = re.compile(
    r"(?i)(?:x{3,}|.*\*{3,}.*|.*[•●∙⁕]{3,}.*|.*\.{3}.*|.*….*|<[^>]*>?|\$.*|%.*%|\{.*|.*\}|"
    r"(?:your|my|the|some|example|dummy|fake|sample|test|placeholder)[_\-].*|"
    r".*(?:here|example|placeholder|redacted|change[_\-]?me|replace[_\-]?me|fill[_\-]?me|todo|"
    r"fixme|dummy|abc123|123456).*|"
    r"(?:abc|xyz|foo|bar|baz|qux|secret|password|pass|token|key)[_\-]?\d{0,6}|"
    r"none|null|nil|undefined|true|false|str|string|bytes|int|bool|optional|any|required|"
    r"password|passwd|pass|secret|token|key|pwd|env|environ|os\.environ.*|process\.env.*)"
)
_CODE_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")
_FIELD_NAME = re.compile(r"[a-z][a-z0-9]*(?:[_\-.][a-z0-9]+)*|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*")
_KEY_WORD_IN_VALUE = re.compile(r"(?i)pass|secret|token|key|auth|cred")
_NUMBER = re.compile(r"[\d.,_:]+")
CODE_EXPRESSION = re.compile(r"[A-Za-z_$][\w.$]*[(\[]|[({<\[]")
"""`get_token()`, `os.environ[...]`, `Optional[str]`, `{{ x }}`: code or a template."""
_RANDOM_NAME = re.compile(r"[A-Za-z]*\d+[A-Za-z]+")
"""Letters and digits mixed before a bracket: a secret holding `[`, not `name[...]` code."""
_WORD_WITH_DIGITS = re.compile(r"(?=[A-Za-z]*\d)[A-Za-z\d]*[A-Za-z][A-Za-z\d]*")
"""Letters and digits in one word, no separator: `Passw0rd`, `SuperSecret1` (a name in code
that holds a key word is spelled with `_` or in camelCase without digits)."""
_LABEL_WORDS = re.compile(r"(?i)\b(?:enter|your|please|required|invalid|must|field|"
                          r"example|placeholder)\b")


def trimmed_end(value: str) -> int:
    """Length of `value` without the punctuation that closes the code or prose around it:
    `,` `;` `.` `:` `!` `?` always, a closing bracket only when the value did not open it."""
    end = len(value)
    while end:
        char = value[end - 1]
        unopened = char in ")]}>" and value.count(
            "([{<"[")]}>".index(char)], 0, end) < value.count(char, 0, end)
        if not (char in ",;:!?." or unopened):
            break
        end -= 1
    return end


def is_placeholder(value: str) -> bool:
    """True for values that stand for a secret rather than being one (`<token>`, `${X}`).

    A value of several words is a passphrase unless it says it stands for one
    (`<your password>`, `enter the key`)."""
    if len(value) < 4:
        return True
    if " " in value.strip():
        return _SPACED_PLACEHOLDER.search(value) is not None
    return _PLACEHOLDER.fullmatch(value) is not None


_SPACED_PLACEHOLDER = re.compile(r"(?i)x{3,}|\*{3,}|[•●∙⁕]{3,}|\.{3}|…|[<>${}%]|"
                                 r"\b(?:your|enter|example|placeholder|redacted|changeme|goes)\b")
"""(Bullets, `••••`, are a value a page or a tool already masked, like `****`.)"""


_MIXED_PART = re.compile(r"^(?=.*[a-z])(?=.*[A-Z])(?:.*[A-Za-z]\d+[A-Za-z]).*\d")
"""A part of a dotted value with both cases and digits between and after letters (upper, lower,
digit, upper, lower, digit): a password holding a dot, not an attribute name."""
PAIR_VALUE = re.compile(r"(?=[^\d]*\d)(?=.*[A-Za-z])[^\s()\[\]<>{}|?*\\,]{6,}")
"""The value of a quoted pair (`'DB_PASSWORD', 'x'`): letters and digits, no code."""


def random_printable(value: str) -> bool:
    """Random over all printable characters, the way salts and generated keys are made:
    sixteen or more characters without a space, letters of both cases, digits and several
    symbols (besides base64's `+/=-_`), most characters distinct. Code and data spell words
    between their brackets; this alphabet switches class nearly every character."""
    if len(value) < 16 or value.isalnum() or value.isalpha() or _NO_DIGIT_OR_SPACED.match(value):
        return False  # (cheap exits first: most quoted strings are words or identifiers)
    symbols = len(_SYMBOL.findall(value))
    if symbols < 4 or _PATTERN_SYNTAX.search(value):
        return False
    classes = (any(c.islower() for c in value) + any(c.isupper() for c in value)
               + any(c.isdigit() for c in value))
    switches = sum(_char_class(a) != _char_class(b) for a, b in itertools.pairwise(value))
    # (two classes do when symbols are a fifth of a long value: a salt without capitals)
    return ((classes == 3 or (classes == 2 and len(value) >= 24 and symbols * 5 >= len(value)))
            and symbols >= 4 and len(set(value)) >= len(value) * 3 // 5
            and switches >= len(value) // 2)


_SYMBOL = re.compile(r"[^\w+/=\-]")
"""A character neither a letter, a digit nor one of base64's `+/=-_` (`\\w` is `isalnum()` and
`_`): found in one pass, checked first (most strings hold few)."""
_NO_DIGIT_OR_SPACED = re.compile(r"[^\d]*$|.*\s")
"""No digit at all, or a blank inside: no salt of every class."""
_PATTERN_SYNTAX = re.compile(r"\[\^?\w-\w|\{\d+(?:,\d*)?\}|\\[dwsbDWSpP]|\(\?|"
                             r"%[-+0#]?\d*[sdfx]|\{[\w.()\[\]]+(?:[:!][^{}]*)?\}")
"""A regex's classes, counts and escapes, or a format's fields (`%s`, `{name:04X}`): code."""


def _char_class(char: str) -> int:
    return 0 if char.islower() else 1 if char.isupper() else 2 if char.isdigit() else 3


_RANDOM_PART = re.compile(r"(?=[^.]*\d)(?=[^.]*[A-Za-z])[A-Za-z0-9_\-]+")


_WORDS_JOINED = re.compile(r"[a-z]+(?:[_\-][a-z0-9]+)+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")


def random_enough(part: str) -> bool:
    """Not words joined by `_`/`-`, mixed case or several digits, and more distinct characters
    than words of that length have (a rough entropy test)."""
    if _WORDS_JOINED.fullmatch(part):
        return False
    mixed = any(c.isupper() for c in part) and any(c.islower() for c in part)
    if not (mixed or sum(c.isdigit() for c in part) >= 4):
        return False
    return len(set(part)) >= min(12, len(part) * 3 // 5)


_IDENTIFIER_CASE = re.compile(r"[a-z][a-z0-9]*(?:[A-Z0-9][a-z0-9]*)*"
                              r"|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)*|[A-Z0-9_]+|[a-z0-9_]+")


def _random_cased(part: str) -> bool:
    """A part of a dotted value with both cases and a digit that no identifier is cased like
    (`XMCr5`), or whose case changes every character or so (`nY8qS`, `Fn7Bwp`); not
    `oauth2Token`, `Base64Codec`, `SECRET_KEY`."""
    if not (len(part) >= 4 and any(c.isdigit() for c in part) and any(c.isupper() for c in part)
            and any(c.islower() for c in part)):
        return False
    runs = [len(run.group()) for run in _CASE_RUN.finditer(part)]
    return _IDENTIFIER_CASE.fullmatch(part) is None or (len(runs) >= 4 and runs.count(1) >= 3)


_CASE_RUN = re.compile(r"[a-z]+|[A-Z]+|\d+|[^A-Za-z\d]+")


_FILE_REFERENCE = re.compile(r"(?:[\w.\-]{1,64}:)?(?:/|~/|\./)[\w.\-]+(?:/[\w.\-]+)+/?")
"""A path of two or more word-like parts, maybe after an id and a colon."""


_REFERENCE_TAG = re.compile(r"!(?:secret|vault|env_var|ENV|env|Ref|Sub|GetAtt|ImportValue|include|"
                            r"input|file|var)")
"""A YAML tag that fetches the value from elsewhere (`password: !secret mqtt_password`)."""


_REVERSE_DNS = re.compile(r"(?:com|org|net|io|dev|app|co|de|fr|uk|nl|se|jp|ch|edu|gov)"
                          r"(?:\.[A-Za-z_][\w-]*){2,}")
"""`com.acme.extra.PASSWORD_RESET_TOKEN`: names under a reversed domain, as Android, Apple and
Java name intents, bundles and keys; a name, however its last part reads."""


_BRACED_LITERAL = re.compile(r"\{(?=[^{}]*[;\]@#%^&*+~?])([^{}\s]{6,510})\}")
"""A value in braces that holds a symbol no name, format field or template holds (`;`, `]`,
`@`): an ODBC connection string's quoting, which exists so that a password may hold `;`."""


def assignment_value_ok(value: str, quoted: bool, separator: str) -> bool:
    """Whether `value`, standing after a secret's key and `separator`, is the secret itself
    rather than code, a type, a field name or a placeholder."""
    braced = _BRACED_LITERAL.match(value)
    if braced is not None and value[braced.end():braced.end() + 1] in ("", ";"):
        # ODBC's quoting (`PWD={…;…};Server=…`): the value is its inside
        value = braced.group(1)
    if is_placeholder(value) or _NUMBER.fullmatch(value) or value.endswith(("-", "_")):
        return False
    if is_credential_word(value):
        return False  # the field's label in a language (`"login.password": "Salasana"`)
    if _FILE_REFERENCE.fullmatch(value) or _REFERENCE_TAG.fullmatch(value):
        return False  # where the secret is kept: a path after an id, a YAML reference tag
    if _REVERSE_DNS.fullmatch(value) and not any(_random_cased(part) for part in value.split(".")):
        return False  # a reverse-DNS name (an intent extra, a bundle id, a Java constant's key)
    if quoted and (" " in value or "\t" in value):
        # A passphrase has spaces; a label or a sentence names the field or asks for it, and
        # a quote opening on a space is prose between two code spans.
        return not (value[0].isspace() or value[-1].isspace()
                    or _KEY_WORD_IN_VALUE.search(value) or _LABEL_WORDS.search(value)
                    or len(value.split()) > 8)
    if not quoted and CODE_EXPRESSION.match(value) and not _RANDOM_NAME.match(value):
        return False
    if quoted:
        # "token": "access_token" or apiKey: 'proxy-handled' name a field or a mode; a secret
        # is rarely several lower-case words.
        return not (_FIELD_NAME.fullmatch(value)
                    and (_KEY_WORD_IN_VALUE.search(value) or any(c in value for c in "-_.")))
    if not _CODE_NAME.fullmatch(value):
        # `https://x-access-token:<t>@host` is URL userinfo, left to the connection-string rule
        # so that the host survives.
        return not ("@" in value and separator.strip() == ":")
    # A bare (possibly dotted) name: in code it is a variable or a type (`password = pw`,
    # `api_key: SecretStr`, `token=self.token`); in .env / YAML it is the value itself.
    if "." in value:
        # `self.token` is code; `hvs.CAESI…` or `<id>.<secret>` is a dotted secret: one part
        # is long and random, which no attribute name is.
        return any((len(part) >= 16 and _RANDOM_PART.fullmatch(part) is not None
                    and random_enough(part)) or _MIXED_PART.search(part) is not None
                   or _random_cased(part) for part in value.split("."))
    if _KEY_WORD_IN_VALUE.search(value) and not _WORD_WITH_DIGITS.fullmatch(value):
        return False  # `password_hash`, `accessToken`; but `Passw0rd`, `Hunter2Pass` are values
    if "=" in separator and separator.strip() != separator:
        # `x = name` is a code assignment; but a password of letters and digits after a spaced
        # `=` (an INI or .properties file) is a value: no variable is named so at that length;
        # nor is one cased like `Od00_db_Pw71x` (both cases and digits, not words joined)
        return len(value) >= 8 and (_WORD_WITH_DIGITS.fullmatch(value) is not None or (
            any(c.isdigit() for c in value) and _WORDS_JOINED.fullmatch(value) is None
            and _IDENTIFIER_CASE.fullmatch(value) is None))
    if any(ch.isdigit() for ch in value):
        return True
    if not (value.islower() or value.isupper()):
        return random_letters(value)  # camelCase / PascalCase is a variable or a type
    return len(value) >= 8 and not (value.islower() and "_" in value)

def random_letters(value: str) -> bool:
    """Letters only that read as no word and no identifier: mixed case whose case runs are
    short and seldom pronounceable (`xEfAMLHG`; not `getApiKey`, `StationKey`), or one case of
    ten or more letters whose pairs ordinary words rarely hold."""
    if len(value) < 8 or not (value.isascii() and value.isalpha()):
        return False
    if value.islower() or value.isupper():
        return len(value) >= 10 and _random_letters(value)
    return _random_mixed(value, 8)


def looks_opaque(value: str) -> bool:
    """A credential of any alphabet rather than a word: a digit, mixed case, a symbol, or
    eight letters or more of one case that read as noise (no word has their letter pairs)."""
    if any(ch.isdigit() for ch in value):
        return True
    letters = value.strip("-_.~+/=")
    return ((any(ch.isupper() for ch in letters[1:]) and any(ch.islower() for ch in letters))
            or any(not ch.isalnum() for ch in letters)
            or (len(letters) >= 8 and letters.isascii() and letters.isalpha()
                and _random_letters(letters)))  # one case, noise: `xcvzkfbgqb`


def with_trailing_marks(text: str, end: int, limit: int | None = None) -> int:
    """`end` moved past the `!` and `?` that follow it in `text` (up to `limit`)."""
    limit = len(text) if limit is None else limit
    while end < limit and text[end] in "!?":
        end += 1
    return end


_SECRET_SYMBOLS = frozenset("!#$%^&*@+~?")


_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")


_CODE = re.compile(r"(?=[a-z]*\d)[a-z0-9]{6,12}|(?=[A-Z]*\d)[A-Z0-9]{6,12}"
                   r"|(?=[a-z-]*\d)[a-z0-9]{3,6}(?:-[a-z0-9]{3,6}){1,3}"
                   r"|(?=[A-Z-]*\d)[A-Z0-9]{3,6}(?:-[A-Z0-9]{3,6}){1,3}")
"""A one-time or backup code after a word for one (a list of backup codes): short, one
case, with a digit, maybe in groups (`4829-1730`, `K7WD-Q2PX`); a word for codes makes it
one, however little it looks random."""
_MIN_CODE_DIGITS = 6


def code_shaped(token: str) -> bool:
    """A one-time, backup or unlock code's shape (`_CODE`), or a long run of digits."""
    return _CODE.fullmatch(token) is not None or (
        token.isdigit() and len(token) >= _MIN_CODE_DIGITS)



def random_value(value: str) -> bool:
    """Whether a value looks machine-made or chosen to be hard to guess, whatever names it:
    ten or more characters, letters and digits mixed with a second case or a symbol (or a
    long hex / alphanumeric run), many distinct characters; not words joined by `_`/`-`, a
    path, a URL, a version or code. `SORT_KEY=name`, `PRIMARY_KEY=id`, `CACHE_KEY=user:42`
    are not; `SENDGRID_KEY=<random>` is."""
    if len(value) < 10 or is_placeholder(value) or _WORDS_JOINED.fullmatch(value):
        return False
    if "://" in value or value.count("/") > 2 or CODE_EXPRESSION.match(value):
        return False
    letters = any(c.isalpha() for c in value)
    digits = sum(c.isdigit() for c in value)
    if not (letters and digits):
        return False
    grouped = value.replace("-", "")
    if len(grouped) >= 16 and digits >= 3 and all(c in _HEX_DIGITS for c in grouped) and sum(
            c.isalpha() for c in grouped) >= 3:
        return True  # hex in groups, a random UUID among them: what a key-named field holds
    mixed = any(c.isupper() for c in value) and any(c.islower() for c in value)
    symbol = any(c in _SECRET_SYMBOLS for c in value)
    long_run = len(value) >= 20 and value.isalnum() and digits >= 3
    if not (mixed or symbol or long_run):
        return False
    return len(set(value)) >= min(10, len(value) * 3 // 5)


def strongly_secret(value: str) -> bool:
    """A bare word that no prose or code spells: letters and digits with a second case or a
    symbol (a word with a digit and a `!` or `#` in it), six characters or more, no path or code."""
    if len(value) < 6 or is_placeholder(value) or CODE_EXPRESSION.match(value):
        return False
    if "/" in value or "://" in value or _WORDS_JOINED.fullmatch(value):
        return False
    if not (any(c.isdigit() for c in value) and any(c.isalpha() for c in value)):
        return False
    mixed = any(c.isupper() for c in value[1:]) and any(c.islower() for c in value)
    return mixed or any(c in _SECRET_SYMBOLS for c in value)


_CONCATENATION = re.compile(r"(?P<q>\\?[\"'`])[ \t]*(?:(?:\+|\|\|)[ \t]*(?:\\?\r?\n|\\n)?|\.)"
                            r"[ \t]*(?P=q)[^\"'`\n\r\\]{1,512}(?=(?P=q))")
"""`"abc" + "def"`, `'abc' +` newline `'def'`, `'abc' || 'def'`, `'abc' . 'def'`: one value
written in pieces (the line after a `+` or `|` at a line's end is kept by the sieve)."""


def concatenated_end(text: str, end: int, quote: str) -> int:
    """`end` moved over the pieces that continue a quoted value."""
    for _ in range(16):
        piece = _CONCATENATION.match(text, end)
        if piece is None or piece.group("q") != quote:
            break
        end = piece.end()
    return end


JSON_STRING = re.compile(r'(?:[^"\\\n\r]|\\[^\n\r]){1,512}(?=")')
ESCAPED_JSON_STRING = re.compile(r'(?:[^"\\\n\r]|\\\\\\"|\\\\\\\\){1,512}(?=\\")')
