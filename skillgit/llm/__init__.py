"""LLM engines and backends: the contract (`base`), HTTP and agent-CLI backends, selection."""

from __future__ import annotations

import importlib

from skillgit.llm.base import Backend, Engine, EngineSettings


def llm_engine(backend: Backend, settings: EngineSettings) -> Engine:
    """`backend` wrapped in the LLM engine with the configured token budget (imported late:
    the engine module sits above the backends)."""
    module = importlib.import_module("skillgit.llm.llm_engine")
    engine: Engine = module.LLMEngine(backend, token_budget=settings.token_budget)
    return engine
