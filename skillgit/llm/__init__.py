"""LLM engines and backends: the contract (`base`), HTTP and agent-CLI backends, selection."""

from __future__ import annotations

import importlib

from skillgit.llm.base import Backend, Engine


def llm_engine(backend: Backend) -> Engine:
    """`backend` wrapped in the LLM engine (imported late: it lives above the backends)."""
    module = importlib.import_module("skillgit.llm.llm_engine")
    engine: Engine = module.LLMEngine(backend)
    return engine
