"""Positions that hold a secret without a word naming it, one row per syntax: `user/pass@host`,
a dialogue's `AUTH`/`PASS` line, an `expect` answer, PuTTY's `-pw`, `net use … /user:N X`, an
SNMP community, a webhook's token in its URL, a product key in groups, a value written into a
file named for a secret, an X12 envelope's security field, a package manager's credentials
for a host, a database driver's positional password, a signing secret in nginx's
`secure_link_md5`, a password after its hashing scheme (`{PLAIN}…`); and cookie values.
Each row's gate is derived from the row (`triggers.py`)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from skillgit.redact.clause import value_shaped
from skillgit.redact.tokens import _SAFE
from skillgit.redact.triggers import triggers
from skillgit.redact.values import is_placeholder, looks_opaque

_POSITIONS = (
    # `user/password@host` (sqlplus, rman, expdp, a DSN without a scheme)
    # (not `owner/repo@v6`, `@main`, `@<sha>`: an action's or a package's version)
    re.compile(r"(?<![\w/.\-@:])[A-Za-z][\w.\-]{0,40}/(?P<v>[^\s/@\\\"'`]{4,128})@(?!v?\d[\w.\-]*(?![\w.\-])"
               r"|(?:main|master|HEAD|latest|stable|next|[0-9a-f]{7,40})(?![\w.\-]))(?://)?[\w.\-]{2,}"),
    # the same after a driver's prefix (`jdbc:oracle:thin:user/password@//host:1521/SVC`): a
    # host written `//host` or with a port follows, which no `scheme:owner/repo@ref` has
    re.compile(r"(?<=:)[A-Za-z][\w.\-]{0,40}/(?P<v>[^\s/@\\\"'`]{4,128})@"
               r"(?://[\w.\-]{2,}|[\w.\-]{2,}:\d{2,5}\b)"),
    # a user name and a password given as a pair with a spaced slash (`takes ops_ro / <pw>`,
    # as a login table's "user / password" column prints them): a password's shape only
    # (`clause.value_shaped`), never code (`root / NAME`, `size / len(runs)`)
    (_SLASH_PAIR := re.compile(r"(?<![\w/.\-@:])[a-z_][\w.\-]{1,40} / "
                               r"(?P<v>[^\s/\\\"'`()\[\]]{6,128})(?=[\s,;]|$)")),
    # a dialogue's secret line: `AUTH [user] secret` (redis, SMTP), `PASS secret` (FTP, POP3)
    re.compile(r"(?im)^[ \t]*(?:(?:[>$#]+|[a-z]{1,2}:)[ \t]*)?(?:auth|pass)[ \t]+(?:[^\s]+[ \t]+)?"
               r"(?P<v>[^\s\"'`]{4,128})[ \t]*\r?$"),
    # an `expect` script's answer to a password prompt: `expect "password:"` then `send "X\r"`
    re.compile(r"(?i)\bexpect\b[^\n]{0,60}?(?:assword|passphrase|passcode|\bpin\b|secret|token)"
               r"[^\n]{0,40}\n[ \t]*send[ \t]+(?:--[ \t]+)?[\"'](?P<v>[^\"'\n\\]{4,128})"
               r"(?:\\[rn])?[\"']"),
    # an X12 EDI envelope's security information (ISA04) when its qualifier (ISA03) is not
    # `00` (none): the segment's fourth field, after the `01` qualifier (fields of fixed width)
    re.compile(r"ISA(?P<s>[*|^~+])\d\d(?P=s)[^\n]{10}(?P=s)(?!00)\d\d(?P=s)[ ]*"
               r"(?P<v>[^\s*|^~+]{4,10})[ ]*(?P=s)"),
    # a package manager's credentials for a host: Bundler's `bundle config set <host>
    # user:pass`, Composer's and Poetry's `config http-basic.<host> user pass`,
    # `config github-oauth.<host> <token>`
    re.compile(r"(?i)\bbundle[ \t]+config(?:[ \t]+set)?(?:[ \t]+--?[\w-]+)*[ \t]+"
               r"(?:[a-z0-9-]+\.)+[a-z]{2,}"
               r"(?::\d+)?/?[ \t]+[\"']?(?P<v>[^\s:\"']{1,128}:[^\s\"']{4,128})"),
    re.compile(r"(?i)\bconfig(?:[ \t]+--?[\w-]+)*[ \t]+(?:http-basic|bearer|gitlab-token|"
               r"github-oauth|gitlab-oauth|bitbucket-oauth)\.[\w.\-]+[ \t]+(?:[^\s]+[ \t]+)?"
               r"[\"']?(?P<v>[^\s\"']{4,128})"),
    # a database driver's connect call: a data source, a user, then the password
    # (`DBI->connect("dbi:Pg:…", "app", "…")`, `new PDO($dsn, "app", "…")`,
    # `mysqli_connect("db", "app", "…")`, `DriverManager.getConnection(url, "app", "…")`)
    re.compile(r"(?i)\b(?:connect|getConnection|PDO|mysqli_connect|mysql_connect|pg_connect|"
               r"odbc_connect|sqlsrv_connect)[ \t]*\([ \t]*[^,()\n]{1,200},[ \t]*"
               r"[\"'][^\"'\n]{1,64}"
               r"[\"'][ \t]*,[ \t]*[\"'](?P<v>[^\"'\n]{4,128})[\"']"),
    # the secret joined into nginx's signed-link digest: a word of `secure_link_md5 "…"` that
    # is no variable
    re.compile(r"\bsecure_link_md5[ \t]+[\"'][^\"'\n]*?(?<=[\s$}])(?<!\$)"
               r"(?P<v>[A-Za-z0-9_\-]{6,64})"
               r"(?=[\s\"'])"),
    # a password after its scheme (Dovecot's passwd-file, LDAP's userPassword): `{PLAIN}…`
    re.compile(r"\{(?:PLAIN|CLEARTEXT|PLAIN-MD5|SSHA\d*|SHA\d*|CRYPT|BLF-CRYPT|SHA\d+-CRYPT|MD5-CRYPT|"
               r"ARGON2I?D?|PBKDF2)\}(?P<v>[^:\s\"']{4,256})"),
    # positional command-line secrets: PuTTY's `-pw X`, `net use … /user:NAME X`
    re.compile(r"(?<![\w\-])-pw[ \t]+(?P<v>[^\s\"'`]{4,128})"),
    re.compile(r"(?i)\bnet[ \t]+use\b[^\n]{0,200}?/user:[^\s]+[ \t]+(?P<v>[^\s/\"'`]{4,128})"),
    # an SNMP community (the password of SNMP v1/v2c) in a device's or an agent's config:
    # `snmp-server community X RO`, `rocommunity X`, `community: X`
    re.compile(r"(?im)(?:\bsnmp-server[ \t]+community|^[ \t]*r[ow]community6?|\bsnmp[\w.\-]*"
               r"community[\"']?[ \t]*[=:])[ \t]+[\"']?(?P<v>[^\s\"'`]{4,128})"),
    # a webhook's token in its URL path: `…/bot/v2/hook/<token>`, `…/webhooks/<id>/<token>`
    (_WEBHOOK_PATH := re.compile(r"(?i)https?://[^\s/]+/(?:[^\s?#]*/)?(?:hooks?|webhooks?)/"
                                 r"(?:\d{6,}/)?(?=[A-Za-z0-9_\-]*\d)(?P<v>[A-Za-z0-9_\-]{16,256})")),
    # a product key in groups, as a variable's value or a flag's (a serial or licence key)
    re.compile(r"(?i)(?:serial|licen[cs]e|product[_-]?key|activation)[\w-]*[ \t]*[=:][ \t]*[\"']?"
               r"(?P<v>(?:[A-Z0-9]{2,6}-){3,}[A-Z0-9]{2,6})(?![\w-])"),
    re.compile(r"(?i)(?<![\w-])-{1,2}(?:serial|licen[cs]e|product-?key)[ \t=]+[\"']?"
               r"(?P<v>(?:[A-Z0-9]{2,6}-){3,}[A-Z0-9]{2,6})(?![\w-])"),
    # a value written into a file named for a secret: `echo X > config/master.key`
    re.compile(r"(?i)(?<![\w\-])(?:echo|printf)[ \t]+"
               r"(?:(?:-[a-z]{1,3}|[\"']?%[^\s\"']*[\"']?)[ \t]+)*\\?[\"']?"
               r"(?P<v>[^\s\"'`|;&<>]{6,256})\\?[\"']?[ \t]*>{1,2}[ \t]*[^\s;&|]*"
               r"(?:key|secret|token|passw|_pass\b|pass[_-]?file|credential|\.env|\.pem|htpasswd|"
               r"netrc)"),
    # a password piped into a program that reads it from its input (`echo 'x' | iinit`,
    # `… | docker login --password-stdin`, `… | kinit`, `… | chpasswd`, `… | sudo -S`)
    re.compile(r"(?i)(?<![\w\-])(?:echo|printf)[ \t]+(?:-[a-z]{1,3}[ \t]+)*[\"']?"
               r"(?P<v>[^\s\"'|;&<>]{6,128})[\"']?[ \t]*\|[ \t]*(?:sudo[ \t]+)?(?:iinit|kinit|"
               r"chpasswd|passwd\b|sshpass|sudo[ \t]+-S|vault[ \t]+login|cryptsetup|"
               r"[\w.-]+[ \t]+(?:login|registry[ \t]+login)\b[^\n|]*--password-stdin)"),
    # a channel's token in its URL path (anaconda.org's `/t/<token>/channel`)
    re.compile(r"https?://[\w.-]+/t/(?P<v>[A-Za-z0-9][A-Za-z0-9_-]{15,128})/"),
)
"""Positions that hold a secret without a word naming it (one row per syntax)."""
_POSITION_GATES = tuple(triggers(row) for row in _POSITIONS)
"""What each row of `_POSITIONS` cannot match without, derived from the row (`triggers.py`)."""
_ANY_SHAPE = _WEBHOOK_PATH
"""The row whose position alone makes its value a secret, whatever the shape (a webhook's
token, a UUID included): named by the row itself, not by its place in the table."""


_COOKIE_LIST = re.compile(r"(?i)[ \t\"'(]{0,4}(?:\bcookie:[ \t]*|\bset-cookie:[ \t]*|(?<![\w-])"
                          r"(?:-b|--cookie)[ \t]+\\?[\"']?)(?P<list>[^\n\"']{3,4096})")


def _all(lowered: str, literal: str) -> Iterator[int]:
    position = lowered.find(literal)
    while position >= 0:
        yield position
        position = lowered.find(literal, position + 1)
_COOKIE = re.compile(r"(?:^|;)[ \t]*[^=;\s]{1,128}=(?P<v>[^;\s\"']{16,4096})")


def _cookies(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    """Cookie values, in a `Cookie:`/`Set-Cookie:` header or curl's `-b`/`--cookie`: a
    session is a credential whatever its shape (`PHPSESSID=<26 lower-case letters>`)."""
    starts = sorted({found for literal in ("cookie", "-b ") for found in _all(lowered, literal)})
    matches = (_COOKIE_LIST.match(text, max(0, start - 4)) or _COOKIE_LIST.match(text, start)
               for start in starts)
    seen: set[int] = set()
    for cookies in (m for m in matches if m is not None):
        if cookies.start("list") in seen:
            continue
        seen.add(cookies.start("list"))
        low = cookies.start("list")
        for cookie in _COOKIE.finditer(cookies.group("list")):
            value = cookie.group("v")
            if _positional_value(value) or value.isalnum():
                yield low + cookie.start("v"), low + cookie.end("v")


def _paired_password(value: str) -> bool:
    """A password after `user / `: a password's shape with a digit and a second case or a
    symbol (`base64 / base64url` in prose and `n / {x:.0f}` in code are no pair)."""
    symbol = any(not c.isalnum() for c in value)
    cases = any(c.isupper() for c in value) and any(c.islower() for c in value)
    return (value_shaped(value) and any(c.isdigit() for c in value) and (symbol or cases)
            and not any(c in value for c in "{}:"))


def _positional_value(value: str) -> bool:
    """A value in a secret's position: not a placeholder, a marker, a variable or a word."""
    if value.startswith(("[REDACTED:", "$", "%", "<", "{")) or is_placeholder(value):
        return False
    return looks_opaque(value) and not _SAFE.fullmatch(value)




def position_values(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each value a row of `_POSITIONS` holds, and of each cookie."""
    if "cookie" in lowered or "-b " in lowered:
        yield from _cookies(text, lowered)
    for gate, syntax in zip(_POSITION_GATES, _POSITIONS, strict=True):
        for match in gate.finditer(syntax, text, lowered):  # nothing if its literals are absent
            value = match.group("v")
            shaped = (not is_placeholder(value) and not value.startswith("[REDACTED:")
                      if syntax is _ANY_SHAPE else _paired_password(value)
                      if syntax is _SLASH_PAIR else _positional_value(value))
            if shaped:
                yield match.start("v"), match.end("v")
