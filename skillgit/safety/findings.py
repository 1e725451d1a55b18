"""What a screen reports: the class of risk and what structure matched — never the text."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Finding:
    risk: str      # the class: "download-and-run", "exfiltration", …
    detail: str    # what matched, in skillgit's words (never a quote of the screened text)
