"""LLM engines and backends: the contract (`base`), HTTP and agent-CLI backends, selection."""

from __future__ import annotations

from skillgit.llm.base import Backend, Engine, EngineSettings


def wrap_backend(backend: Backend, settings: EngineSettings) -> Engine:
    """`backend` wrapped in the LLM engine with the configured token budget."""
    # Imported here: the engine module sits above the backends (and imports this package).
    from skillgit.llm.llm_engine import LLMEngine

    return LLMEngine(backend, token_budget=settings.token_budget)
