"""Lower-risk text that may go into a proposal only when listed under "Review carefully":
a URL to a host the repository never names, and privilege elevation (`sudo` and kin)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

UNKNOWN_HOST = "unknown-host"
ELEVATION = "sudo"

_URL = re.compile(r"\b(?:[a-z][a-z0-9+.-]{1,15})://(?:[^\s/@'\"<>`]*@)?(\[[0-9a-f:.]+\]|"
                  r"[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)"
                  r"(?:\[REDACTED:[a-z0-9-]{1,40}\]|[^\s'\"<>`)\]])*", re.I)
"""A URL up to a blank, a quote or a closing bracket; a redaction marker inside it is kept
whole (a URL cut inside `[REDACTED:…]` leaves a value a later screen reads as a secret)."""
_SCP = re.compile(r"(?<![\w./-])[\w.-]+@([a-z0-9-]+(?:\.[a-z0-9-]+)+):(?!//)[\w./~-]*", re.I)
_BARE = re.compile(r"(?<![\w./@:-])((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:com|org|net|io|dev|"
                   r"sh|ai|app|co|me|xyz|ru|cn|tk|top|info|biz|site|online|cloud|run|so|gg|"
                   r"cc|ly|to|in|us|uk|de|fr|pw|click|link|live|icu|zip|mov))(?::\d+)?"
                   r"(?:/[^\s'\"<>`)\]]*)?(?![\w.-])", re.I)
_ELEVATE = re.compile(r"(?<![\w./-])(?:sudo|doas|pkexec|gsudo|runas)(?![\w-])|"
                      r"\bsu\s+(?:-\s+|-c\b|root\b)|-verb\s+runas\b", re.I)
_LOOPBACK = re.compile(r"^(?:localhost|.*\.localhost|127(?:\.\d+){3}|0\.0\.0\.0|\[::1\]|::1)$",
                       re.I)
MAX_NOTE = 160


@dataclass(frozen=True)
class Note:
    """One lower-risk item: its kind and the text that carries it (a URL, or one line)."""

    kind: str
    text: str


def host_key(host: str) -> str:
    host = host.lower().strip("[]").rstrip(".")
    return host[4:] if host.startswith("www.") else host


def hosts_in(text: str) -> set[str]:
    """Every host a text names (in URLs, `user@host:` specs, and bare domain names)."""
    out = {host_key(m.group(1)) for m in _URL.finditer(text)}
    out |= {host_key(m.group(1)) for m in _SCP.finditer(text)}
    out |= {host_key(m.group(1)) for m in _BARE.finditer(text)}
    return out


def notes(text: str, known_hosts: Iterable[str] = ()) -> list[Note]:
    """The lower-risk items of `text`, in order, each once."""
    known = {host_key(h) for h in known_hosts}
    out: list[Note] = []
    for pattern in (_URL, _SCP, _BARE):
        for m in pattern.finditer(text):
            host = host_key(m.group(1))
            if host not in known and not _LOOPBACK.match(host) and not any(
                    host in n.text for n in out if n.kind == UNKNOWN_HOST):
                out.append(Note(UNKNOWN_HOST, _clip(m.group(0))))
    for line in text.splitlines():
        if _ELEVATE.search(line):
            out.append(Note(ELEVATION, _clip(line.strip())))
    seen: set[Note] = set()
    return [n for n in out if not (n in seen or seen.add(n))]  # type: ignore[func-returns-value]


def _clip(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MAX_NOTE else text[:MAX_NOTE - 1] + "\u2026"
