"""Default-deny in a credential clause: after a word for password (in any language of the
vocabulary), every password-shaped token up to the end of the clause is masked.

A person states a password in their own grammar — "la contraseña de la base de datos de
producción es X", "数据库密码是X", "the PIN for the box is X" —
so the value is rarely right after the word. Rather than a syntax per language, the whole
clause after the word is read: any token in it that mixes letters with digits or symbols (any
script), or a long run of digits, is no ordinary word and is masked unless it is known to be
safe (a path, URL, e-mail address, flag, version, placeholder or marker). Ordinary words in
the clause ("the password is too short", "le mot de passe est trop court") pass.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Callable, Iterator

from skillgit.redact.complement import named_a_name
from skillgit.redact.public import public_spans
from skillgit.redact.tokens import pair_rarity
from skillgit.redact.values import code_shaped
from skillgit.redact.vocab import CODE_WORDS, literal_trie

KIND = "credential-clause"
REACH = 120
"""Characters after the word that belong to its clause (it also ends at a sentence end)."""
MIN_VALUE = 6
MIN_MIXED = 8
MIN_INFLECTED = 5  # letters a word needs before an inflection may follow it
_QP_ESCAPE = re.compile(r"=[0-9A-F]{2}")
_ASSIGNMENT = re.compile(r"[A-Za-z_][A-Za-z_.\-]*\d*=[\w.\-/:]*$|.*==")
"""A name, `=` and a plain value (`key=value`, `a.b=c`), or `==`: code; a `=` inside noise
(`Qw=7#rT~pL.9z`) is a symbol."""
_DIGIT_INSIDE = re.compile(r"[^\W\d_]{2}\d[^\W\d_]{2}")  # `Kranich7Moor`
MIN_DIGITS = 6

# Words that introduce a password in prose. English and the vocabulary's foreign words for
# password are added by `clause_words` (one definition of each, in vocab.py).
_EXTRA = ("pin", "pin code", "passcode", "login", "logon", "kennung", "pw", "log in",
          "logging in", "logged in", "sign in", "signing in", "signed in",
          *CODE_WORDS)

_OBJECT = (r"(?:the|a|an|this|that|these|those|it|them|all|every|each|your|our|its|their|my|"
           r"to|down|versions?|deps|dependencies|packages?|images?|actions?)")
"""What follows a short word used as a verb (`pin the image`, `pin it to 1.2`)."""
_END = re.compile(r"[.!?](?:\s|$)|[\u3002\uff01\uff1f\n;\u201c\u201d\u00ab\u00bb\u300c-\u300f]")
"""A clause ends at a sentence's end (CJK stops need no space) or a quotation mark: what is
around a quote is someone else's text (a commit message's session and turn)."""
_LIST_TAIL = re.compile(r"[^\s,;.\\]*(?:[ \t]*[,\uff0c][ \t]*[^\s,;.\uff0c\\]{1,64}){0,64}")
"""The rest of a comma-separated list whose start lies within `REACH` (recovery codes, `a, b,
c, d, e`): its items follow the label as far as the list goes."""
_TOKEN = re.compile(r"[^\s,\uff0c\u3001\u3002:\uff1a;\uff1b()\uff08\uff09\[\]{}<>\"'`"
                    r"\u00ab\u00bb\u201c\u201d\u201e|]+")
_SAFE = re.compile(
    r"(?:[a-z][\w+.-]*://|www\.)\S*"            # URLs
    r"|[\w.+-]+@[\w-]+(?:\.[\w-]+)+"              # e-mail addresses
    r"|[~.]?/\S*|[\w.-]*/[\w./-]*"                # paths
    r"|--?[A-Za-z][\w-]*(?:=\S*)?"                # flags
    r"|v?\d+(?:\.\d+)+\w*"                        # versions
    r"|[A-Z]{2,}(?:-[A-Z]{2,})*-?\d+(?:\.\d+)+"       # a standard's section (PCI-DSS-8.3.6)
    r"|(?-i:[A-Z][A-Z0-9]{1,15}[_-]\d{2,8})"       # an error code (AUTH_4031, ORA-28001)
    r"|\$\{?\w+\}?|%\w+%|<[^>]*>|\{\{.*\}\}"       # variables and placeholders
    r"|\[REDACTED:[^\]]*\]\S*|x{3,}\S*|\*{3,}"     # markers, masks
    r"|\d{1,2}(?::\d{2})+|\d{4}-\d{2}-\d{2}\S*"   # times, dates
    r"|[\w-]*(?:\.[\w-]+)*\.(?:env|json|ya?ml|toml|ini|cfg|conf|txt|md|py|js|ts|sh|pem|key|crt|"
    r"local)"                                      # file names
    r"|\.?[^\W\d_][\w-]*(?:\.[^\W\d_][\w-]*)*\.[^\W\d_][^\W\d]*"  # dotted names: files,
    r"|\.?[^\W\d_][\w-]*(?:\.[^\W\d_][\w-]*){2,}",  # hosts, modules (two parts, the last
    # with digits, are a password's shape: a word, a dot, a word and digits)
    re.I)


_HOST_NAME = re.compile(r"(?:[\w-]+\.)+[a-z]{3,}\.[a-z]{2,6}")
"""A host's name: labels, then a registered domain's name and a top-level domain of letters."""


def value_shaped(token: str) -> bool:
    """A token no ordinary word has the shape of: letters with a symbol, letters with two or
    more digits, letters whose case flips like noise, or a long run of digits (a PIN). Words
    and identifiers (`read-only`, `oauth2-proxy`, `command_values._STDIN_SINK`) are not."""
    # emphasis, punctuation and brackets around a word (`**no-auth**`, `[elastic]`)
    token = token.strip("*_~#>!?.,;:")
    if token[:1] in "[(" and token[-1:] in "])":
        token = token[1:-1]
    if token.isdigit():
        return len(token) >= MIN_DIGITS
    unescaped = _QP_ESCAPE.sub("#", token)  # quoted-printable `=3D` is a symbol, not code
    if len(token) < MIN_VALUE or _SAFE.fullmatch(token) or any(c in unescaped for c in "()\\") \
            or _ASSIGNMENT.match(unescaped):
        return False  # short, known, or code (assignments and calls have rules of their own)
    if _HOST_NAME.fullmatch(token):
        return False  # a host (a public client id is one: `…apps.googleusercontent.com`)
    token = "".join(c for c in token if unicodedata.category(c) != "Cf")  # joiners (ZWNJ)
    letters = sum(unicodedata.category(c)[0] in "LM" for c in token)  # marks: Indic vowels
    if letters < 2:
        return False
    parts = re.split(r"[-_.]", token)
    if len(parts) >= 3 and any(part.isdigit() for part in parts) and sum(
            len(part) >= 3 and part.isalpha() for part in parts) >= 2:
        return True  # a passphrase: words and a number joined by hyphens
    plain = re.sub(r"[-_.]", "", token)
    flips = sum(a.islower() and b.isupper() for a, b in itertools.pairwise(plain))
    kinds = {unicodedata.category(c)[0] for c in plain}  # L letters, M marks, N digits
    if kinds <= {"L", "M"}:
        return flips >= 3
    if kinds <= {"L", "M", "N"}:  # "40-odd", "utf-8", "x86_64" are words: 8 and more
        return len(plain) >= MIN_MIXED and (sum(c.isdigit() for c in plain) >= 2 or flips >= 2
                                            or _DIGIT_INSIDE.search(token) is not None)
    # (capitals joined by a symbol are acronyms and commands: `AT+CPIN`, `R&D`)
    return "N" in kinds or any(c.islower() for c in plain)


def clause_matches(text: str, lowered: str, words: re.Pattern[str],
                   inside: Callable[[int, int], bool]) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of each password-shaped token in a clause after a credential word
    (`inside`: whether a span lies wholly where no named rule found anything)."""
    for word in words.finditer(lowered):
        start = word.end()
        limit = min(len(text), start + REACH)
        end = _END.search(text, start, limit)
        stop = end.start() if end else limit
        tail = _LIST_TAIL.match(text, limit) if end is None and limit < len(text) else None
        back = max(0, word.start() - REACH)  # the clause before the word too: "use X to log in"
        opening = back
        for mark in _END.finditer(text, back, word.start()):
            opening = mark.end()
        for low, high in ((opening, word.start()), (start, stop)):
            if "\\" in text[low:high] or "(?" in text[low:high]:
                continue  # a regex or escaped code, not a person's sentence
            if high == stop and tail is not None and "(?" not in tail.group():
                high = tail.end()  # a list the reach cuts: every item is the label's
            codes = word.group().strip() in CODE_WORDS
            for first, last in _grouped(text, _pieces(text, low, high)):
                piece = text[first:last].replace(" ", "")
                if (value_shaped(piece) or (codes and code_shaped(piece))) and inside(
                        first, last) \
                        and not _public(text, first, last):
                    yield KIND, first, last
            for run in _LOWER_GROUPS.finditer(text, low, high):  # `usui jopy sssq dldc`
                if sum(pair_rarity(group) > 0 for group in run.group().split()) >= 2 \
                        and inside(run.start(), run.end()):
                    yield KIND, run.start(), run.end()


def _public(text: str, first: int, last: int) -> bool:
    """Whether the piece lies in a public role (an error code opening its message, a host's
    name, a digest named as one, a value the clause names a name: `SSID is …`): a clause's word
    does not make it a password."""
    return named_a_name(text, first) or any(
        low <= first and last <= high for low, high in public_spans(text))


_PIECE = re.compile(r"[^\s,\uff0c\u3001\u3002:\uff1a;\uff1b()\uff08\uff09\[\]{}<>\"'`"
                    r"\u00ab\u00bb\u201c\u201d\u201e|\u300c\u300d\u300e\u300f\u0e00-\u0e7f"
                    r"\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u00bf\u00a1]+")
"""A token of a clause: spaceless scripts (kana, CJK, Hangul, Thai) and `¿ ¡` split it, so
`は1Passwordの` is judged as `1Password`."""


def _pieces(text: str, low: int, high: int) -> Iterator[tuple[int, int]]:
    urls = [m.span() for m in _URL.finditer(text, low, high)] if "://" in text[low:high] else []
    for match in _PIECE.finditer(text, low, high):
        value = match.group().rstrip(".,!?")
        if value and not any(a <= match.start() < b for a, b in urls):
            yield match.start(), match.start() + len(value)


_URL = re.compile(r"[A-Za-z][\w+.-]*://[^\s\"'`<>]+")
"""A URL is judged whole (its userinfo by the connection-string rule), never as the pieces its
`:` and `@` would cut it into (a URL whose password was masked with stars is no password)."""


_LOWER_GROUPS = re.compile(r"(?<![\w-])[a-z]{4}(?: [a-z]{4}){3}(?![\w-])")
"""Four groups of four lower-case letters: an app password as the provider shows it; a phrase
of four-letter words is told apart by its letter pairs (`tokens.pair_rarity`)."""
_GROUP = re.compile(r"[0-9A-Z]{3,6}")
"""A group of a value written in groups (`2404 6815`, `6L5J WILZ CGS3 MFU4`, `ABCD-1234`)."""


def _grouped(text: str, pieces: Iterator[tuple[int, int]]) -> Iterator[tuple[int, int]]:
    """`pieces`, with runs of groups joined by one blank into one value (a code read out in
    groups is one secret, however it is spaced)."""
    run: list[tuple[int, int]] = []
    for first, last in pieces:
        if _GROUP.fullmatch(text, first, last) and (
                not run or (first - run[-1][1] == 1 and text[run[-1][1]] == " ")):
            run.append((first, last))
            continue
        if run:
            yield run[0][0], run[-1][1]
        run = [(first, last)] if _GROUP.fullmatch(text, first, last) else []
        if not run:
            yield first, last
    if run:
        yield run[0][0], run[-1][1]


_SPACELESS = re.compile(r"[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
"""Scripts written without spaces between words (Thai, kana, CJK, Hangul): a word there needs
no boundary."""


def clause_words(*groups: tuple[str, ...]) -> re.Pattern[str]:
    """One pattern for every word that opens a credential clause (lower case)."""
    words = tuple(dict.fromkeys(w.lower() for group in (*groups, _EXTRA) for w in group))
    spaced = tuple(w for w in words if not _SPACELESS.search(w))
    spaceless = tuple(w for w in words if _SPACELESS.search(w))
    # prose, not code: no identifier, attribute or call around the word (`user.login`,
    # `pin_note`, `password=`: named rules read assignments)
    # a word may carry a short inflection (Turkish `şifresi`, German `Passwortes`)
    # (and never inside a URL or path: `postgres://user:password@host` names no clause)
    ascii_words = tuple(w for w in spaced if w.isascii())
    other = tuple(w for w in spaced if not w.isascii())
    short = tuple(w for w in ascii_words if len(w) < MIN_INFLECTED)  # `pins` is a verb
    long = tuple(w for w in ascii_words if len(w) >= MIN_INFLECTED)
    # (a compound's last part too, `WLAN-Passwort`, `db-password`: a hyphen after a letter
    # or a digit, never a flag's `--password` or a path's `/password`)
    # (a marker's kind is no compound: `[REDACTED:connection-string-password]`, also as a
    # review note renders it, in parentheses)
    branches = [r"(?:(?<![\w.$:/@-])(?:" + literal_trie(long) + r")|(?<=[^\W_]-)(?:"
                + literal_trie(long) + r")(?![\])]))[^\W\d_]{0,3}(?![\w.(=@/-])"]
    if short:  # (`pin` as a verb, before what is pinned, names no value: "pin the image")
        branches.append(r"(?<![\w.$:/@-])(?:" + literal_trie(short) + r")(?![\w.(=@/-])"
                        r"(?![ \t]+" + _OBJECT + r"\b)")
    if other:  # a compound's last part: `Wi-Fi-lösenordet`
        branches.append(r"(?<![\w.$:/@])(?:" + literal_trie(other)
                        + r")[^\W\d_]{0,3}(?![\w.(=@/-])")
    if spaceless:
        branches.append(literal_trie(spaceless))
    return re.compile("|".join(branches))
