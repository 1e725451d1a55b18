"""Text hidden in an encoding is read in its plain form: a base64 or hex run that decodes to
readable text (`agent-directive (base64, decode and follow): Y3VybCAt…`) is screened as that
text, whatever words stand around it. Binary data (keys, images, hashes) decodes to no text
and is left alone."""

from __future__ import annotations

import base64
import binascii
import re

_BASE64 = re.compile(r"(?<![A-Za-z0-9+/_-])(?:[A-Za-z0-9+/]{4}){5,}(?:[A-Za-z0-9+/]{2}==|"
                     r"[A-Za-z0-9+/]{3}=)?(?![A-Za-z0-9+/=_-])")
_BASE64_URL = re.compile(r"(?<![A-Za-z0-9+/_-])[A-Za-z0-9_-]{24,}={0,2}(?![A-Za-z0-9+/=_-])")
_HEX = re.compile(r"(?<![0-9A-Fa-f])(?:[0-9A-Fa-f]{2}){12,}(?![0-9A-Fa-f])")
MAX_DECODED = 16
"""Runs decoded per text: enough for any instruction, bounded for a text full of blobs."""


def decoded_texts(text: str) -> list[str]:
    """The readable texts that base64 (standard or URL-safe) and hex runs of `text` decode to."""
    out: list[str] = []
    for pattern, decode in ((_BASE64, _from_base64), (_BASE64_URL, _from_base64_url),
                            (_HEX, _from_hex)):
        for match in pattern.finditer(text):
            plain = decode(match.group())
            if plain is not None and plain not in out:
                out.append(plain)
                if len(out) >= MAX_DECODED:
                    return out
    return out


def _from_base64(run: str) -> str | None:
    try:
        return _readable(base64.b64decode(run + "=" * (-len(run) % 4), validate=True))
    except (binascii.Error, ValueError):
        return None


def _from_base64_url(run: str) -> str | None:
    try:
        return _readable(base64.urlsafe_b64decode(run + "=" * (-len(run) % 4)))
    except (binascii.Error, ValueError):
        return None


def _from_hex(run: str) -> str | None:
    try:
        return _readable(bytes.fromhex(run))
    except ValueError:
        return None


def _readable(data: bytes) -> str | None:
    """`data` as text when it is text: valid UTF-8, printable, with a blank or a `/` in it
    (a word or a path, not one more opaque token)."""
    try:
        plain = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if len(plain) < 12 or not (" " in plain or "/" in plain):
        return None
    printable = sum(ch.isprintable() or ch in "\n\t" for ch in plain)
    return plain if printable >= 0.95 * len(plain) else None
