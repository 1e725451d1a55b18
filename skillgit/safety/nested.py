"""Settings nested one level, read as dotted keys: a setting's table rows name a key and its
value (`write_guard.enabled: false`), but configuration writes the same thing nested, inline
(`write_guard: { enabled: false }`) or as a YAML block (`write_guard:` then `  enabled: false`
on the next, deeper line). Each nested value is given as one `parent.child: value` line, with
the span of the parent in the text, so the rows and their polarity read it like any other."""

from __future__ import annotations

import re
from collections.abc import Iterator

_FLOW = re.compile(r"(?P<parent>[\w.-]+)[\"']?\s*:\s*\{(?P<body>[^{}\n]{1,300})\}")
_PAIR = re.compile(r"[\"']?(?P<key>[\w.-]+)[\"']?\s*[:=]\s*(?P<value>[^,}\n]+)")
_BLOCK_HEAD = re.compile(r"^(?P<indent>[ \t]*)(?:- )?(?P<parent>[\w.-]+):[ \t]*$", re.M)
_CHILD = re.compile(r"(?P<indent>[ \t]*)(?P<key>[\w.-]+):[ \t]*(?P<value>\S[^\n]*)$")
MAX_CHILDREN = 20


def dotted(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, `parent.child: value`) for each value nested one level in `text`."""
    if "{" in text:
        for m in _FLOW.finditer(text):
            for pair in _PAIR.finditer(m.group("body")):
                yield m.start(), m.end(), (f"{m.group('parent')}.{pair.group('key')}: "
                                           f"{pair.group('value').strip()}")
    if ":\n" not in text and ":\r\n" not in text and not re.search(r":[ \t]+\n", text):
        return
    for head in _BLOCK_HEAD.finditer(text):
        depth, position = len(head.group("indent")), head.end() + 1
        for _ in range(MAX_CHILDREN):
            end = text.find("\n", position)
            line = text[position:end if end >= 0 else len(text)]
            child = _CHILD.fullmatch(line.rstrip("\r"))
            if child is None or len(child.group("indent")) <= depth:
                break
            yield head.start("parent"), head.end(), (
                f"{head.group('parent')}.{child.group('key')}: {child.group('value')}")
            if end < 0:
                break
            position = end + 1
