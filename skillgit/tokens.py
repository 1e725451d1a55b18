"""Token estimates without a tokenizer: about four characters per token for English and code."""

from __future__ import annotations


def estimate_tokens(text: str) -> int:
    """A cheap, deterministic estimate (ceil(chars / 4)); good enough for budgets and warnings."""
    return (len(text) + 3) // 4
