"""Token estimates without a tokenizer: about four characters per token for English and code."""

from __future__ import annotations


def estimate_tokens(text: str) -> int:
    """A cheap, deterministic estimate (ceil(chars / 4)); good enough for budgets and warnings."""
    return (len(text) + 3) // 4


def context_tokens(name: str | None, description: str | None) -> int:
    """The always-loaded context cost of one skill: its name and description, which every
    agent session carries whether the skill is used or not."""
    return estimate_tokens((name or "") + " " + (description or ""))
