"""Estimated cost: USD per million input and output tokens for known models.

Prices are list prices at the time of writing, matched by the longest known prefix of the
model name; any other model (a local one, a new one) costs "unknown", never a guess.
"""

from __future__ import annotations

from skillgit.llm.base import Usage

# model prefix → (USD per 1M input tokens, USD per 1M output tokens)
PRICES: dict[str, tuple[float, float]] = {
    "gpt-4.1-nano": (0.10, 0.40),
    "gpt-4.1-mini": (0.40, 1.60),
    "gpt-4.1": (2.00, 8.00),
    "gpt-4o-mini": (0.15, 0.60),
    "gpt-4o": (2.50, 10.00),
    "gpt-5-nano": (0.05, 0.40),
    "gpt-5-mini": (0.25, 2.00),
    "gpt-5": (1.25, 10.00),
    "o4-mini": (1.10, 4.40),
    "claude-haiku-4-5": (1.00, 5.00),
    "claude-3-5-haiku": (0.80, 4.00),
    "claude-sonnet-4": (3.00, 15.00),
    "claude-opus-4": (15.00, 75.00),
    "gemini-2.5-flash-lite": (0.10, 0.40),
    "gemini-2.5-flash": (0.30, 2.50),
    "gemini-2.5-pro": (1.25, 10.00),
}


def price_of(model: str | None) -> tuple[float, float] | None:
    if not model:
        return None
    name = model.rsplit("/", 1)[-1].lower()   # "openai/gpt-4.1-mini" on OpenRouter
    matches = [prefix for prefix in PRICES if name.startswith(prefix)]
    return PRICES[max(matches, key=len)] if matches else None


def estimated_cost(usage: Usage, model: str | None) -> float | None:
    """USD for `usage` on `model`, or None when the model's price is unknown."""
    price = price_of(model)
    if price is None:
        return None
    return (usage.input_tokens * price[0] + usage.output_tokens * price[1]) / 1_000_000


def cost_text(cost: float | None) -> str:
    return "unknown" if cost is None else f"${cost:.4f}"
