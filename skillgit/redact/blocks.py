"""Where a hex string stands in a block: a public role given by the block, not by its own line.

A hash or an id printed in a table or a list gets its role from what heads the block: the
command whose output it is (`$ git log …`, `$ docker ps …`, `$ curl …/kubectl.sha256`) or
the key that opens the list or record it is in (`hashes = [`, `pub   ed25519 …`). Only the
first row of such a block names the role on its own line; every row after it is the same
kind of value. A head that reads configuration or credentials (`git config --get …`,
`… token …`) gives no public role: its output is what it stores.
"""

from __future__ import annotations

import re

_PROMPT = re.compile(r"[ \t]*(?:\$|#|>|PS [^>\n]{0,80}>"
                     r"|[\w.\-]{1,32}@[\w.\-]{1,64}[:~][^\n$#]{0,80}[$#])[ \t]+\S")
"""A shell prompt that starts a command line (`$ `, `# `, `PS C:\\…> `, `user@host:~/x$ `)."""
_LISTS_IDS = re.compile(
    r"(?i)\b(?:git|hg|svn|docker|podman|nerdctl|crictl|kubectl|ctr|skopeo|crane|oras|gpg|"
    r"ipfs|nix|sha\d*sum|md5sum|b2sum|b3sum|cksum|shasum|certutil|openssl\s+dgst)\b|"
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
