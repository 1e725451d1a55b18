"""What a block of output is, from what heads it: the command whose output it is.

Where a hex string stands in a block: a public role given by the block, not by its own line.

A hash or an id printed in a table or a list gets its role from what heads the block: the
command whose output it is (`$ git log …`, `$ docker ps …`, `$ curl …/kubectl.sha256`) or
the key that opens the list or record it is in (`hashes = [`, `pub   ed25519 …`). Only the
first row of such a block names the role on its own line; every row after it is the same
kind of value. A head that reads configuration or credentials (`git config --get …`,
`… token …`) gives no public role: its output is what it stores.

The other way round, the output of a command that prints secrets (a password manager, a vault,
a cloud secret manager, a keychain, `cat` of a file named for a secret) is secret line by
line, whatever each value's shape (`secret_output`): recovery codes, a short password, a
decoded value.
"""

from __future__ import annotations

import re

from skillgit.credential_commands import printing_rows
from skillgit.redact.context import lower_same_length
from skillgit.redact.shapes import line_matches, lines_below
from skillgit.redact.triggers import triggers

_PROMPT = re.compile(r"[ \t]*(?:\$|PS [^>\n]{0,80}>|[A-Za-z]:\\[^>\n]{0,80}>"
                     r"|[\w.\-]{1,32}@[\w.\-]{1,64}[:~][^\n$#]{0,80}[$#])[ \t]+\S")
"""A shell prompt that starts a command line (`$ `, `PS C:\\…> `, `C:\\src> `,
`user@host:~/x$ `); not `# ` or `> `, which start comments and quotes far more often."""
_LISTS_IDS = re.compile(
    r"(?i)\b(?:git|hg|svn|docker|podman|nerdctl|crictl|kubectl|ctr|skopeo|crane|oras|gpg|"
    r"ipfs|nix|sha\d*sum|md5sum|md5|b2sum|b3sum|cksum|shasum|certutil|openssl\s+dgst)\b|"
    r"\.(?:sha\d+|md5|sha\d+sum|asc|sig)\b|checksums?\b|digests?\b|hash(?:es)?\b")
"""A command whose output lists hashes and ids: version control, containers, checksums,
signatures, content-addressed stores."""
_READS_SECRETS = re.compile(r"(?i)config|credential|token|secret|passw|auth|\benv\b|printenv|"
                            r"\bkey\b|\.key\b|vault|\bpass\b|\bop\b")
_LOOK_UP = 200
"""Lines read upwards for the command whose output a line is."""
_BLOCK_UP = 40
"""Lines read upwards for the head of an indented block."""


def public_block(text: str, line_start: int, role: re.Pattern[str],
                 head: re.Pattern[str]) -> bool:
    """Whether the line starting at `line_start` is a row of a block whose head gives its hex
    a public role: the command line above it (one that lists hashes or ids), or the first
    less-indented line above it (matching `role` or `head`, the patterns of `tokens.py`)."""
    if line_start == 0:
        return False
    own_end = text.find("\n", line_start)
    if _READS_SECRETS.search(text, line_start, own_end if own_end >= 0 else len(text)):
        return False  # a credential named on the value's own line (`"key": "…"`)
    indent = _indent(text, line_start)
    position = line_start
    lines = 0
    header_seen = indent == 0
    while position > 0 and lines < _LOOK_UP:
        end = position - 1
        position = text.rfind("\n", 0, end) + 1
        lines += 1
        line = text[position:end]
        if not line.strip():
            continue
        if _PROMPT.match(line):
            return _LISTS_IDS.search(line) is not None and _READS_SECRETS.search(line) is None
        if header_seen or lines > _BLOCK_UP:
            continue
        if _indent(text, position) < indent:
            header_seen = True
            if _READS_SECRETS.search(line) is None and (
                    role.search(line) is not None or head.match(line) is not None):
                return True
    return False


def _indent(text: str, line_start: int) -> int:
    position = line_start
    while position < len(text) and text[position] in " \t":
        position += 1
    return position - line_start


_PRINTS_SECRETS = printing_rows()
"""Commands whose output is a secret (one row per syntax; the shared table's `PRINTS` rows)."""
_PRINTS_SECRETS_GATES = tuple(triggers(row) for row in _PRINTS_SECRETS)
"""What each row cannot match without (derived from the row, `triggers.py`)."""


def _open_rows(text: str) -> tuple[int, ...]:
    """The rows of `_PRINTS_SECRETS` whose gates are open for `text`: a row shut for a text
    is shut for each of its lines (a line holds no literal its text lacks), so the lines of
    a text are asked only about these."""
    lowered = lower_same_length(text)
    return tuple(index for index, gate in enumerate(_PRINTS_SECRETS_GATES)
                 if gate.open(lowered))


def _names_secret_printer(line: str, rows: tuple[int, ...] | None = None) -> bool:
    """Whether a row of `_PRINTS_SECRETS` matches in `line` (a row whose literals are absent
    is not run); only `rows` (`_open_rows` of a text holding the line) when given."""
    lowered = lower_same_length(line)
    for index in range(len(_PRINTS_SECRETS)) if rows is None else rows:
        if (_PRINTS_SECRETS_GATES[index].open(lowered)
                and _PRINTS_SECRETS[index].search(line) is not None):
            return True
    return False
_PUBLIC_FILE = re.compile(r"\.(?:pub|crt|cer|asc)\b|known_hosts|authorized_keys|\.example\b|"
                          r"\.sample\b|\.template\b")
"""A file named for a key that holds its public half, or a template of secrets."""
_VALUE_LINE = re.compile(r"[ \t]*(?:[\w .-]{1,40}[ \t]+:[ \t]+)?(?P<v>[^\s]{6,256})"
                         r"(?:[ \t]+[^\s]{4,256}){0,3}[ \t]*\r?$")
"""An output line that is a value (or a few, `2404 6815`; or a label and a value, as a
Windows tool prints `Key Content            : X`)."""
_WORDY = re.compile(r"[A-Za-z][a-z]+(?:[ \t]+[A-Za-z][a-z]+)*[.:!]?")


def secret_output(text: str) -> list[tuple[int, int]]:
    """Spans of the values a secret-printing command printed: each output line after such a
    command line (`$ cat ~/recovery-codes.txt`, `PS> netsh wlan show profile … key=clear`)
    that holds a value, up to the next command line."""
    if "$ " not in text and "> " not in text:
        return []
    prompts = list(line_matches(_PROMPT_LINE, text))
    if not prompts:
        return []
    rows = _open_rows(text)
    spans: list[tuple[int, int]] = []
    for index, prompt in enumerate(prompts):
        line = prompt.group()
        if not _names_secret_printer(line, rows) or _PUBLIC_FILE.search(line):
            continue
        for position, end in lines_below(text, prompts, index):
            if text[position:end].strip():
                spans.extend(_values(text[position:end], position))
    return spans


_PROMPT_LINE = re.compile(r"^" + _PROMPT.pattern + r"[^\n]*", re.M)


def _values(line: str, offset: int) -> list[tuple[int, int]]:
    match = _VALUE_LINE.fullmatch(line)
    if match is None or _WORDY.fullmatch(line.strip()):
        return []
    label_end = match.start("v")
    value = line[label_end:].strip()
    if _WORDY.fullmatch(value) or value.startswith(("[REDACTED:", "{", "}", "[", "]")):
        return []
    start = offset + label_end
    return [(start, start + len(value))]


def prints_secrets(command: str) -> bool:
    """Whether `command` (a tool call's input) prints secrets (`_PRINTS_SECRETS`)."""
    line = "$ " + " ".join(command.split())
    return _names_secret_printer(line) and _PUBLIC_FILE.search(line) is None
