"""Values printed after a command or a REPL read a credential by its name.

`$ echo $SECRET_KEY`, `>>> settings.SECRET_KEY`, `irb> Rails.application.credentials.api_token`,
`iex(1)> System.get_env("MAILER_PASSWORD")`: the line that follows is the credential itself,
printed bare, with nothing beside it that names it. What names it is the command line above,
so that line gives the value its role, whatever the value's shape (a password with symbols is
no random token for the net).

A command line is a shell prompt's (`$ `, `PS …> `, `user@host:~$ `) or a REPL's (`>>> `,
`In [3]: `, `irb(main):001:0> `, `iex(1)> `, `pry(main)> `, `scala> `, `ghci> `,
`julia> `). It reads a credential when it names one (an identifier holding a credential
word: `SECRET_KEY`, `api_token`, `db_password`, `credentials`) and prints it: a printing
verb first (`echo`, `print`, `printenv`, `puts`, `console.log`, `Write-Output`, …) or, at a
REPL, an expression that assigns nothing. Each output line after it, up to the next command
line, that is one value (quotes and a REPL's `=> ` around it) is masked; a word, a path, a
number under six digits, `None`/`nil`/`null`, a list or a map, and a `NAME=value` line
(read by the assignment rules) are not values here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from skillgit.redact.apart import credential_name
from skillgit.redact.shapes import lines_below

KIND = "printed-credential"

_SHELL = r"\$|PS [^>\n]{0,80}>|[\w.\-]{1,32}@[\w.\-]{1,64}[:~][^\n$#]{0,80}[$#]"
_REPL = (r">>>|In \[\d+\]:|irb\([^)\n]{0,40}\):\d+:\d+[>*]|iex\(\d+\)>|pry\([^)\n]{0,40}\)>|"
         r"scala>|ghci>|julia>|\[\d+\] pry\([^)\n]{0,40}\)>")
_COMMAND_LINE = re.compile(
    rf"^[ \t]*(?:(?P<shell>{_SHELL})|(?P<repl>{_REPL}))[ \t]+(?P<cmd>\S[^\n]*)$", re.M)
_NAMES = re.compile(r"[A-Za-z_][\w.]*")
"""The names a command line holds (`os.environ['MAILER_TOKEN']` holds `MAILER_TOKEN`)."""
_PRINTS = re.compile(
    r"(?i)^(?:sudo[ \t]+)?(?:echo|printf|print|printenv|puts|pp?|console\.log|write-output|"
    r"write-host|io\.puts|println!?|system\.out\.println|fmt\.println|cat|type|get-content)\b"
    r"|^\$env:|\b(?:print|println!?|puts|console\.log|System\.out\.println|fmt\.Println)[ \t]*\(")
_ASSIGNS = re.compile(r"(?<![=!<>])=(?!=)|\bexport\b|\bset\b|<<|>>?[ \t]*\S")
_RESULT = re.compile(r"[ \t]*(?:=>[ \t]*|Out\[\d+\]:[ \t]*|\[\d+\][ \t]+)?(?P<q>[\"']?)"
                     r"(?P<v>[^\s\"']{6,256})(?P=q)[ \t]*\r?$")
_NOT_A_VALUE = re.compile(r"(?i)^(?:none|nil|null|undefined|true|false|\[redacted:[\w-]+\])$|"
                          r"^(?:~|\.{0,2}/|[A-Za-z]:\\)|^[\w.-]+(?:/[\w.-]+)+/?$|^[a-z]+$|^\d{1,5}$|"
                          r"^[\[{(]|^[A-Za-z_][\w.]{2,}=")


def _reads_credential(match: re.Match[str]) -> bool:
    command = match.group("cmd")
    if not any(credential_name(name.rsplit(".", 1)[-1]) for name in _NAMES.findall(command)):
        return False  # (the one vocabulary of credential names: `apart.credential_name`)
    if match.group("repl") is not None:
        return _ASSIGNS.search(command) is None or _PRINTS.search(command) is not None
    return _PRINTS.search(command) is not None and _ASSIGNS.search(command) is None


def iter_echoed_matches(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of each value printed after a command line that reads a credential."""
    if "$" not in text and ">" not in text and "In [" not in text:
        return
    commands = list(_COMMAND_LINE.finditer(text))
    for index, command in enumerate(commands):
        if not _reads_credential(command):
            continue
        for position, end in lines_below(text, commands, index):
            result = _RESULT.match(text, position, end)
            if result is not None and not _NOT_A_VALUE.search(result.group("v")):
                yield KIND, result.start("v"), result.end("v")
