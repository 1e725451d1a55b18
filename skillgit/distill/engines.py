"""The engine a run distills with, created from the `skillgit.engines` entry points.

`skillgit.llm.select` decides which engine and with which settings; this module calls the
entry point's factory. A factory that returns an `Engine` (the built-in `heuristic`, or a
plugin's own engine) is used as it is; one that returns a bare model `Backend` (every
built-in LLM backend) gets the LLM engine around it: the redacted prompt, the quote check
and the digest, with the configured token budget.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from skillgit.config import Config
from skillgit.distill.llm_engine import LLMEngine
from skillgit.llm.base import (
    Backend,
    Engine,
    EngineOrBackend,
    EngineSettings,
    EngineUnavailable,
    available_engines,
)
from skillgit.llm.select import Selection, select_engine


def as_engine(name: str, made: EngineOrBackend, settings: EngineSettings) -> Engine:
    """`made` as an engine: itself if it distills, else the LLM engine around the backend."""
    if callable(getattr(made, "distill", None)):
        return cast(Engine, made)
    if callable(getattr(made, "complete", None)):
        return LLMEngine(cast(Backend, made), token_budget=settings.token_budget)
    raise EngineUnavailable(f"engine {name!r}: its factory returned {type(made).__name__}, "
                            "neither an engine (distill) nor a model backend (complete)")


def create_engine(selection: Selection) -> Engine:
    """The selected engine, ready to distill; `EngineUnavailable` if it cannot be set up."""
    made = available_engines()[selection.engine](selection.settings)
    return as_engine(selection.engine, made, selection.settings)


def resolve_engine(llm: str | None, model: str | None, env: Mapping[str, str],
                   config: Config) -> Engine:
    """The engine to use; `EngineUnavailable` if it cannot be set up, `UsageError` if unknown."""
    return create_engine(select_engine(llm, model, env, config))
