"""A skill step written with placeholders (`deploy --branch=<branch>`) matched against the
command one session ran (`deploy --branch=feat/x`), so an update amends the step it changes
and keeps the step's placeholders in the amended command (`deploy --target=staging
--branch=<branch>`), never one session's values."""

from __future__ import annotations

import re

_PLACEHOLDER = re.compile(r"<[^<>\s]+>|\{[^{}\s]+\}")


def _pattern(token: str) -> re.Pattern[str] | None:
    """A pattern for a template token holding a placeholder (None when it holds none)."""
    if not _PLACEHOLDER.search(token):
        return None
    parts = _PLACEHOLDER.split(token)
    return re.compile(r"\S+".join(re.escape(p) for p in parts) + r"\Z")


def instance_of(template: str, command: str) -> dict[str, str] | None:
    """Each word of `command` that fills a placeholder, mapped to the template word it fills,
    when `command` is `template` with its placeholders filled in (same words, in order, every
    other one equal); None otherwise, and when the template holds no placeholder."""
    ours, theirs = template.split(), command.split()
    if len(ours) != len(theirs):
        return None
    filled: dict[str, str] = {}
    for mine, other in zip(ours, theirs, strict=True):
        if mine == other:
            continue
        pattern = _pattern(mine)
        if pattern is None or not pattern.match(other):
            return None
        filled[other] = mine
    return filled or None


def generic(command: str, filled: dict[str, str]) -> str:
    """`command` with the values `filled` maps put back as their placeholders."""
    return " ".join(filled.get(token, token) for token in command.split())
