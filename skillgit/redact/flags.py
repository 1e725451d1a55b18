"""Credentials given on a command line: the argument of a flag, a positional of a known tool,
or a value piped into a command that reads a secret from stdin (config files: configs.py).

- a long flag whose name names a secret: `--password X`, `--password=X`, `--auth-token X`,
  `--db-pass "two words"`, `-storepass X` (keytool), `-pass pass:X` (openssl);
- the short flags that mean "password" for particular tools only: `mysql -pX`, `sshpass -p X`,
  `redis-cli -a X`, `docker login -p X`, `ldapsearch -w X`, `sqlcmd -P X`, `zip -P X`,
  `smbclient -U user%X`, `http -a user:X`, `curl -uuser:X` (`ssh -p 2222`, `mkdir -p`,
  `docker run -p 8080:80` are not);
- positionals and values fed on stdin: `command_values.py`.

Every finder runs over the lower-cased text from a literal, and reports `(kind, start, end)`
of the value only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from skillgit.redact.command_values import _piped_into_stdin, _positionals, _substituted_files
from skillgit.redact.flag_values import _acceptable, _segment_start, _value_at
from skillgit.redact.values import random_value, strongly_secret
from skillgit.redact.vocab import FLAG_ROOTS

KIND = "flag-credential"

_SECRET_WORDS = FLAG_ROOTS
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-_")
_WHOLE_NAMES = frozenset({
    "password", "passwd", "passphrase", "pass", "pwd", "token", "secret", "apikey", "authtoken",
    "accesstoken", "apitoken", "storepass", "keypass", "srcstorepass", "deststorepass",
    "srckeypass", "destkeypass", "auth", "passin", "passout", "clientsecret", "secretkey",
    "accesskey", "privatekey"})
_KEY_QUALIFIERS = frozenset({"api", "access", "secret", "auth", "master", "license", "private",
                             "encryption", "signing", "client", "account", "storage", "app"})
_GLUED_ENDINGS = ("pass", "password", "passwd", "passphrase", "secret", "token", "masterauth")
_ENDS_SO_BY_CHANCE = frozenset({"bypass", "compass", "surpass", "nopass", "nosecret", "notoken",
                                "multipass", "onepass", "twopass", "singlepass"})
_BOOLEAN_PREFIXES = frozenset({
    "no", "ask", "prompt", "with", "without", "use", "skip", "show", "print", "require",
    "allow", "disable", "enable", "max", "min", "num", "expect", "check", "verify", "list",
    "get", "has", "validate", "save", "keep", "read", "stdin", "from", "generate", "gen",
    "random", "create"})
_FILE_VALUE = re.compile(r"(?:[/~]|\.{1,2}/|[A-Za-z]:[\\/]|(?:env|file|fd|stdin):)|.*\.(?:pem|key|"
                         r"json|txt|p12|pfx|jks|ppk|env|gpg|asc|pub|crt|cer|yaml|yml)$")
_DOCKER_SECRET_SPEC = re.compile(r"(?:id|src|source|env|type|target)=")


def _name_is_secret(name: str) -> bool:
    parts = [part for part in re.split(r"[-_]", name) if part]
    if not parts or parts[0] in _BOOLEAN_PREFIXES:
        return False
    last = parts[-1]
    if last == "key":
        return len(parts) >= 2 and parts[-2] in _KEY_QUALIFIERS
    if last == "auth":
        return len(parts) <= 2
    # a word glued to a password word names one too (`--requirepass`), when its value looks
    # like a secret (`_glued_value_ok`): `--multipass icon.svg` is an option
    return last in _WHOLE_NAMES or (last.endswith(_GLUED_ENDINGS)
                                    and last not in _ENDS_SO_BY_CHANCE)


def _glued_value_ok(name: str, value: str) -> bool:
    """A value after a name glued to a password word (`requirepass`): a secret's shape, no
    file name."""
    last = re.split(r"[-_]", name)[-1]
    if last in _WHOLE_NAMES or not last.endswith(_GLUED_ENDINGS):
        return True
    return (strongly_secret(value) or random_value(value)) and not _FILE_VALUE.match(value)


def _long_flags(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    """`--password X`, `--api-key=X`, `-storepass X`, `-pass pass:X`."""
    for root in _SECRET_WORDS:
        found = lowered.find(root)
        while found >= 0:
            span = _long_flag_at(text, lowered, found, found + len(root))
            if span is not None:
                yield span
            found = lowered.find(root, found + 1)


def _long_flag_at(text: str, lowered: str, start: int, end: int) -> tuple[int, int] | None:
    """The value of the flag whose name holds the secret word at [start, end), if any."""
    size = len(lowered)
    first = start
    while end < size and lowered[end] in _NAME_CHARS and end - first < 64:
        end += 1  # `pass` in `--passphrase`, `-passout`
    if end < size and lowered[end] not in " \t=":
        return None
    while start > first - 64 and start and lowered[start - 1] in _NAME_CHARS:
        start -= 1
    dashes = len(lowered[start:end]) - len(lowered[start:end].lstrip("-"))
    if dashes not in (1, 2) or (start and lowered[start - 1] not in " \t\"'(=["):
        return None
    name = lowered[start + dashes:end]
    if not _name_is_secret(name):
        return None
    position = end
    while position < size:  # `--password \` newline `  X`, also JSON-escaped
        if lowered[position] in " \t":
            position += 1
        elif lowered.startswith("\\\n", position):
            position += 2
        elif lowered.startswith("\\\\\\n", position):
            position += 4
        else:
            break
    if position < size and lowered[position] == "=":
        position += 1
    elif position == end:
        return None
    if name in ("pass", "passin", "passout"):  # openssl: `pass:X`, `env:X`, `file:X`
        if not lowered.startswith("pass:", position):
            return None
        position += 5
    span = _value_at(text, position)
    if span is None:
        return None
    value = text[span[0]:span[1]]
    if not _acceptable(value) or (name.endswith("key") and _FILE_VALUE.match(value)) or (
            not _glued_value_ok(name, value)):
        return None
    if name == "secret" and _DOCKER_SECRET_SPEC.match(value):
        return None
    return span


def _tool(names: str) -> re.Pattern[str]:
    return re.compile(r"(?:^|[\s/\"'=])(?:" + names + r")(?:\.exe|\.py)?(?=[\s\"'])")


_PASSWORD_FLAG_TOOLS: tuple[tuple[re.Pattern[str], str, bool], ...] = tuple(
    (_tool(tools), flags, glued)
    for tools, flags, glued in (
        (r"mysql|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck|mysqlsh|mariadb"
         r"|mariadb-dump|mariadb-admin", "p", True),
        (r"sshpass", "p", True),
        (r"redis-cli|keydb-cli|valkey-cli", "a", False),
        (r"mongo|mongosh|mongodump|mongorestore|mongoexport|mongoimport|cqlsh", "p", False),
        (r"(?:docker|podman|buildah|skopeo|nerdctl|oras|helm(?:[ \t]+registry)?)[ \t]+login"
         r"|az[ \t]+login|twine|hydra|medusa|crackmapexec|nxc|netexec|evil-winrm|smbmap"
         r"|rdesktop|useradd|usermod|psexec|wmiexec|smbexec|secretsdump|impacket-\w+", "p",
         False),
        (r"ldapsearch|ldapadd|ldapmodify|ldapdelete|ldappasswd|ldapwhoami|ldapcompare", "w",
         False),
        (r"sqlcmd|bcp|osql|isql|ipmitool|zip|zipcloak|mosquitto_pub|mosquitto_sub|mosquitto_rr",
         "P", False),
        (r"7z|7za|7zr|unrar|rar", "p", True),
        (r"snmpwalk|snmpget|snmpset|snmpbulkwalk|snmpbulkget|snmptrap|snmptable|snmpgetnext"
         r"|snmpdelta|snmpstatus|snmpdf|snmpnetstat|onesixtyone|snmp-check", "AXc", False),
        (r"gh[ \t]+secret[ \t]+set", "b", False),
        (r"ssh-keygen", "NP", False),
        (r"openssl", "k", False),
    ))
_SHORT_FLAG = re.compile(r"-(?<![\w-]-)([paPwAXbUukNc])")
_USER_AND_PASSWORD_FLAGS: tuple[tuple[re.Pattern[str], str, str], ...] = tuple(
    (_tool(tools), flag, separator)
    for tools, flag, separator in (
        (r"smbclient|rpcclient|net|smbget|winexe|pth-\w+", "U", "%"),
        (r"http|https|httpie|xh|xhs", "a", ":"),
        (r"curl", "u", ":"),
        (r"lftp", "u", ","),
    ))


_TOOL_HINTS = ("mysql", "maria", "sshpass", "-cli", "mongo", "cqlsh", "login", "twine", "hydra",
               "medusa", "exec", "nxc", "winrm", "smb", "rdesktop", "user", "ldap", "sql", "bcp",
               "ipmi", "zip", "7z", "rar", "snmp", "secret", "net", "http", "xh", "curl", "lftp",
               "dump", "impacket", "keygen", "openssl", "mosquitto")
"""Substrings of every tool name above: a cheap test before the tool regexes run."""


def _short_flags(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    """The password flags of particular tools; the tool must start the flag's command."""
    for flag in _SHORT_FLAG.finditer(text):
        letter = flag.group(1)
        segment = _segment_start(lowered, flag.start())
        head = lowered[segment:flag.start()]
        if not any(hint in head for hint in _TOOL_HINTS):
            continue
        for tool, letters, glued in _PASSWORD_FLAG_TOOLS:
            if letter not in letters or not tool.search(head):
                continue
            position = flag.end()
            if position < len(text) and text[position] in " \t":
                position += 1
            elif not glued and position < len(text) and text[position] not in "\"'=":
                break
            span = _value_at(text, position)
            if span is not None and _acceptable(text[span[0]:span[1]],
                                                quoted=text[span[0] - 1:span[0]] in ("'", '"')):
                yield span
            break
        for tool, wanted, separator in _USER_AND_PASSWORD_FLAGS:
            if letter != wanted or not tool.search(head):
                continue
            position = flag.end() + (1 if text[flag.end():flag.end() + 1] in (" ", "\t") else 0)
            span = _value_at(text, position)
            if span is None:
                break
            credential = text[span[0]:span[1]]
            cut = credential.find(separator)
            if cut > 0 and _acceptable(credential[cut + 1:]):
                yield span[0] + cut + 1, span[1]
            break


_USER_FLAG = re.compile(r"--(?<![\w-]--)(?:proxy-|http-)?user(?:=|[ \t]+)")
_USER_FLAG_TOOLS = re.compile(r"(?:^|[\s/\"'=])(?:curl|wget|http|https|xh|aria2c)(?=[\s\"'])")


def _user_flags(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    """`curl --user=admin:X`, `wget --user admin:X`: the part after the first colon."""
    for flag in _USER_FLAG.finditer(lowered):
        if not _USER_FLAG_TOOLS.search(lowered, _segment_start(lowered, flag.start()),
                                       flag.start()):
            continue
        span = _value_at(text, flag.end())
        if span is None:
            continue
        cut = text.find(":", span[0], span[1])
        if cut > span[0] and _acceptable(text[cut + 1:span[1]]):
            yield cut + 1, span[1]


def iter_flag_matches(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of every credential given on a command line."""
    for finder in (_long_flags, _short_flags, _user_flags, _positionals, _piped_into_stdin,
                   _substituted_files):
        for start, end in finder(text, lowered):
            if end > start:
                yield KIND, start, end
