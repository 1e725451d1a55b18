"""The dashboard's checkboxes (Renovate's model): lines skillgit writes, ticked by a person on
GitHub, honoured by the next `publish` run.

    - [ ] <!-- skillgit:open=skillgit/new/use-pnpm --> open now: …     a waiting proposal
    - [ ] <!-- skillgit:unreject=1111aaaa2222bbbb --> unreject: …      a rejection in the ledger
    - [ ] <!-- skillgit:retry --> refresh …                            every open PR and this issue

A box is read by its hidden marker only, never by its visible text (which may quote
transcripts). A marker counts only where skillgit writes one: at the very start of a line,
right after `- [x] `; anywhere else (inside a table cell, quoted, indented, after other text)
it is text. Transcript text never reaches the body raw (`inert` turns `<` into `&lt;`), so a
marker smuggled into a skill title cannot even become a comment. Then a value must name
something in skillgit's own state (a local proposal branch skillgit made, a fingerprint in the
ledger) or the box is ignored with a warning.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from skillgit.printable import printable
from skillgit.publish.markdown import clip

ControlKind = Literal["open", "unreject", "retry"]
KINDS: tuple[ControlKind, ...] = ("open", "unreject", "retry")
_CHECKED = re.compile(r"- \[[xX]\] <!-- skillgit:(?P<marker>.*?) -->(?: .*)?")
_TICKED_OURS = re.compile(r"- \[[xX]\] <!-- skillgit:")
_MARKER = re.compile(r"(?P<kind>[a-z]+)(?:=(?P<value>\S+))?")
SAFE_VALUE = re.compile(r"[A-Za-z0-9._/-]{1,200}")   # what a rendered marker may carry
FINGERPRINT = re.compile(r"[0-9a-f]{8,64}")


@dataclass(frozen=True)
class Control:
    kind: ControlKind
    value: str = ""

    @property
    def marker(self) -> str:
        return f"<!-- skillgit:{self.kind}" + (f"={self.value}" if self.value else "") + " -->"

    def line(self, text: str) -> str:
        """The unticked checkbox line; `text` must already be inert."""
        return f"- [ ] {self.marker} {text}"

    def __str__(self) -> str:
        return self.kind + (f" {self.value}" if self.value else "")


def renderable(control: Control) -> bool:
    """Whether skillgit may write this box (a value that cannot break out of its comment)."""
    if control.kind == "retry":
        return control.value == ""
    if control.kind == "unreject":
        return FINGERPRINT.fullmatch(control.value) is not None
    return SAFE_VALUE.fullmatch(control.value) is not None and "--" not in control.value


def ticked(body: str) -> tuple[list[Control], list[str]]:
    """The boxes ticked in an issue body (each once, in order), and a warning for every
    ticked line that starts like skillgit's but does not parse."""
    found: list[Control] = []
    warnings: list[str] = []
    for line in body.splitlines():
        if not _TICKED_OURS.match(line):
            continue
        match = _CHECKED.fullmatch(line)
        marker = _MARKER.fullmatch(match.group("marker")) if match else None
        kind = marker.group("kind") if marker else ""
        value = (marker.group("value") or "") if marker else ""
        control = Control(kind, value) if kind in KINDS else None
        if control is None or not renderable(control):
            warnings.append(f"dashboard: ignored a ticked box with an unknown or garbled "
                            f"marker: {printable(clip(line, 120))!r}")
        elif control not in found:
            found.append(control)
    return found, warnings


def known(controls: list[Control], branches: set[str], fingerprints: set[str]) -> tuple[
        list[Control], list[tuple[Control, str]]]:
    """The ticked boxes whose value is in skillgit's own state, and the others with why."""
    kept: list[Control] = []
    ignored: list[tuple[Control, str]] = []
    for control in controls:
        shown = printable(clip(control.value, 120))
        if control.kind == "open" and control.value not in branches:
            ignored.append((control, f"dashboard: ignored 'open now' for {shown!r}: not a "
                                     "proposal branch skillgit made here"))
        elif control.kind == "unreject" and control.value not in fingerprints:
            ignored.append((control, f"dashboard: ignored 'unreject' of {shown!r}: no such "
                                     "rejection in the ledger"))
        else:
            kept.append(control)
    return kept, ignored
