"""Credentials given on a command line: the argument of a flag, a positional of a known tool,
or a value piped into a command that reads a secret from stdin (config files: configs.py).

- a long flag whose name names a secret: `--password X`, `--password=X`, `--auth-token X`,
  `--db-pass "two words"`, `-storepass X` (keytool), `-pass pass:X` (openssl);
- the short flags that mean "password" for particular tools only: `mysql -pX`, `sshpass -p X`,
  `redis-cli -a X`, `docker login -p X`, `ldapsearch -w X`, `sqlcmd -P X`, `zip -P X`,
  `smbclient -U user%X`, `http -a user:X`, `curl -uuser:X` (`ssh -p 2222`, `mkdir -p`,
  `docker run -p 8080:80` are not);
- positionals: `htpasswd -b FILE USER PASS`, `rabbitmqctl add_user USER PASS`,
  `--from-literal=KEY=VALUE` of `kubectl create secret`, `config set <secret-name> VALUE`;
- `echo X | docker login --password-stdin`, `… | sudo -S`, `… --with-token <<< X`.

Every finder runs over the lower-cased text from a literal, and reports `(kind, start, end)`
of the value only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from skillgit.redact.tokens import _pronounceable
from skillgit.redact.values import is_placeholder, random_value, strongly_secret
from skillgit.redact.vocab import FLAG_ROOTS

KIND = "flag-credential"

_VALUE = re.compile(r"""\\?(["'])(?P<q>(?:(?!\[REDACTED:)(?:[^"'\n\r\\]|\\(?!["']))){1,512})"""
                    r"""\\?\1"""
                    r"""|(?P<u>(?:(?!\[REDACTED:)[^\s"'`\\]){1,512})""")
_SEGMENT_BREAK = re.compile(r"\|\|?|&&|;|\n|\$\(|`")
_REACH = 400
"""How far any finder here looks back or ahead along a line; keeps every scan linear."""
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


def _segment_start(lowered: str, position: int) -> int:
    """Where the command holding `position` starts (after `|`, `;`, `&&`, a newline), looking
    back at most `_REACH` characters."""
    window = max(0, position - _REACH)
    start = lowered.rfind("\n", window, position) + 1 or window
    for mark in ("|", ";", "&&", "$(", "`"):
        found = lowered.rfind(mark, start, position)
        if found >= 0:
            start = found + len(mark)
    return start


def _value_at(text: str, position: int) -> tuple[int, int] | None:
    """The span of the flag value starting at `position` (quotes excluded), if any."""
    match = _VALUE.match(text, position)
    if match is None:
        return None
    if match.group("q") is not None:
        return match.span("q")
    start, end = match.span("u")
    while end > start and text[end - 1] in ",;)":
        end -= 1
    return start, end


_METAVARIABLE = re.compile(r"[A-Z][A-Z_]*|<[^>]*>?|\[[^\]]*\]?")
"""`--password PASSWORD`, `-p <pass>`: how help texts and docs name a value."""


def _metavariable(value: str) -> bool:
    """A help text's name for a value: `PASSWORD`, `DB_PASS`, `<pass>` (capitals made of
    words); not `KXQWJHZMPV`, a random password of one case."""
    if _METAVARIABLE.fullmatch(value) is None:
        return False
    return not value[:1].isupper() or all(_pronounceable(part) or len(part) <= 4
                                          for part in value.split("_") if part)


def _acceptable(value: str, quoted: bool = False) -> bool:
    """A flag's value that may be a secret (a quoted one may start with `-`: `-P '-!x'`)."""
    return (len(value) >= 3 and (quoted or not value.startswith("-"))
            and not is_placeholder(value)
            and not _metavariable(value)
            and not value.startswith(("$", "<", "{", "%", "*"))
            and value.lower() not in ("true", "false", "none", "null", "stdin", "prompt",
                                      "public"))  # (SNMP's well-known community)


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


_POSITIONAL_TOOL = re.compile(r"htpasswd|rabbitmqctl|rabbitmqadmin")


_WORD = re.compile(r"""\\?(["'])(?:(?!\1).){0,512}\\?\1|[^\s|;&"'\\]+""")


_CONFIG_SECRET = r"(?:password|passwd|secret|token|api[_-]?key|apikey|_auth)"
_CONFIG_SET = re.compile(
    r"config(?:ure)?(?:(?:[ \t]+(?:set|--global|--local|--system|--add))+[ \t]+[\w./:@\-]*"
    + _CONFIG_SECRET + r"|[ \t]+[\w@\-]*[./:_][\w./:@\-]*" + _CONFIG_SECRET + r")[ \t]+")
"""`npm config set //r/:_authToken X`, `git config github.token X`, `aws configure set
aws_secret_access_key X`; not prose such as "the config token value"."""


def _positionals(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    """`htpasswd -b[c] FILE USER PASS` / `-nb USER PASS`; `rabbitmqctl add_user U P`."""
    tools = "htpasswd" in lowered or "rabbitmq" in lowered  # two finds spare a regex pass
    for anchor in _POSITIONAL_TOOL.finditer(lowered) if tools else ():
        end_of_line = lowered.find("\n", anchor.end(), anchor.end() + _REACH)
        stop = min(len(text), anchor.end() + _REACH) if end_of_line < 0 else end_of_line
        for brk in _SEGMENT_BREAK.finditer(lowered, anchor.end(), stop):
            stop = brk.start()
            break
        words = [w.span() for w in _WORD.finditer(text, anchor.end(), stop)]
        options = [lowered[a:b] for a, b in words if text[a] == "-"]
        values = [(a, b) for a, b in words if text[a] != "-"]
        wanted = -1
        if anchor.group() == "htpasswd" and any("b" in o for o in options):
            wanted = 1 if any("n" in o for o in options) else 2
        elif anchor.group().startswith("rabbitmq") and values and lowered[
                values[0][0]:values[0][1]] in ("add_user", "change_password"):
            wanted = 2
        if 0 <= wanted < len(values):
            start, end = values[wanted]
            if text[start] in "\"'" and end - start >= 2:
                start, end = start + 1, end - 1
            if _acceptable(text[start:end]):
                yield start, end
    literal = lowered.find("--from-literal=")
    while literal >= 0:
        span = _value_at(text, literal + len("--from-literal="))
        literal = lowered.find("--from-literal=", literal + 1)
        if span is not None:
            value = text[span[0]:span[1]]
            cut = value.find("=")
            if cut > 0 and _acceptable(value[cut + 1:]):
                yield span[0] + cut + 1, span[1]
    if "config" not in lowered:
        return
    for setting in _CONFIG_SET.finditer(lowered):
        span = _value_at(text, setting.end())
        if span is not None and _acceptable(text[span[0]:span[1]]):
            yield span


_STDIN_SINK = re.compile(r"(?:pass(?:word|phrase)?|token|secret|key)[\w-]*-stdin|--with-token"
                         r"|sudo[ \t]+(?:-[a-z]+[ \t]+)*-[a-z]*s\b|chpasswd|passwd[ \t]+--stdin"
                         r"|--passphrase-fd[ \t]+0|secret[ \t]+create|login[ \t]+-(?=\s|$)")
_STDIN_HINTS = ("-stdin", "with-token", "sudo ", "chpasswd", "passphrase-fd", "secret create",
                "login -")
_PRODUCER = re.compile(r"(?:^|[\s;&(\"'`]|\\n)(?:echo|printf)((?:[ \t]+-[a-z]+)*)[ \t]+")
_FORMAT = re.compile(r"""(["'])%s(?:\\n)?\1[ \t]+""")


def _piped_into_stdin(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    """`echo X | docker login --password-stdin`, `printf '%s' X | …`, `… <<< X`."""
    sinks: list[re.Match[str]] = []
    for needle in _STDIN_HINTS:
        found = lowered.find(needle)
        while found >= 0:
            window = max(0, found - 64)
            sinks.extend(sink for sink in _STDIN_SINK.finditer(lowered, window, found + 32)
                         if sink.start() <= found < sink.end())
            found = lowered.find(needle, found + 1)
    for sink in {sink.start(): sink for sink in sinks}.values():
        window = max(0, sink.start() - _REACH)
        line_start = lowered.rfind("\n", window, sink.start()) + 1 or window
        line_end = lowered.find("\n", sink.end(), sink.end() + _REACH)
        line_end = min(len(lowered), sink.end() + _REACH) if line_end < 0 else line_end
        pipe = lowered.rfind("|", line_start, sink.start())
        if pipe > line_start:
            producers = list(_PRODUCER.finditer(lowered, max(0, line_start - 1), pipe))
            if producers:
                producer = producers[-1]
                position = producer.end()
                fmt = _FORMAT.match(text, position)
                if fmt is not None:
                    position = fmt.end()
                span = _value_at(text, position)
                if span is not None and span[0] < pipe < span[1]:
                    span = (span[0], pipe)  # `echo X|docker login --password-stdin`
                if span is not None and span[1] <= pipe and _acceptable(
                        text[span[0]:span[1]].strip()):
                    yield span
        here = lowered.find("<<<", sink.end(), line_end)
        if here >= 0:
            position = here + 3
            while position < line_end and text[position] in " \t":
                position += 1
            span = _value_at(text, position)
            if span is not None and _acceptable(text[span[0]:span[1]]):
                yield span


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
    for finder in (_long_flags, _short_flags, _user_flags, _positionals, _piped_into_stdin):
        for start, end in finder(text, lowered):
            if end > start:
                yield KIND, start, end
