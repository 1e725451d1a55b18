"""Keep transcript text that could harm a reader out of proposals.

Everything in a transcript is untrusted. A quote or rule that pipes a download into a shell,
wipes a disk, decodes-and-runs, or addresses the model ("ignore previous instructions") is
dropped from the evidence before generation, so it reaches no skill, commit or PR.
"""

from __future__ import annotations

import re

_UNSAFE = [
    re.compile(r"\b(curl|wget|iwr|invoke-webrequest|fetch)\b[^\n|;]*\|\s*(sudo\s+)?"
               r"(ba|z|k|da|fi)?sh\b", re.I),
    re.compile(r"\b(curl|wget)\b[^\n]*-o-?\s*[^\n]*&&\s*(ba|z)?sh\b", re.I),
    re.compile(r"\b(bash|sh|zsh)\s+(-c\s+)?[\"']?\s*<\(\s*(curl|wget)", re.I),
    re.compile(r"\bbase64\s+(-d|--decode)\b[^\n]*\|\s*(ba|z)?sh\b", re.I),
    re.compile(r"\brm\s+-[a-z]*r[a-z]*f?[a-z]*\s+(--no-preserve-root\s+)?(/|~|\$home)(\s|$)",
               re.I),
    re.compile(r"\b(mkfs|dd\s+if=\S+\s+of=/dev/)", re.I),
    re.compile(r":\(\)\s*\{\s*:\|:&\s*\};:"),  # fork bomb
    re.compile(r"\b(eval|exec)\s*\(\s*(atob|base64|decode)", re.I),
    re.compile(r"\bignore\s+(all\s+)?(the\s+)?(previous|prior|above)\s+(instructions|prompts?)",
               re.I),
    re.compile(r"\b(disregard|override)\s+(the\s+)?(system|previous)\s+(prompt|instructions)",
               re.I),
    re.compile(r"\bchmod\s+\+x\s+\S+\s*&&\s*\./", re.I),
    re.compile(r"\bpython[0-9.]*\s+-c\s+[\"'].*(urlopen|requests\.get).*exec", re.I),
]


def is_unsafe(text: str | None) -> bool:
    """True when the text carries a pattern that must never be written into a proposal."""
    return bool(text) and any(pattern.search(text or "") for pattern in _UNSAFE)
