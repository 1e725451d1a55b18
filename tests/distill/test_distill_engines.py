"""Engines from the `skillgit.engines` entry points: the heuristic one is registered like any
other, and a factory's bare model backend gets the LLM engine (prompt, quote check) around it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr

from skillgit.config import Config
from skillgit.distill.engines import as_engine, create_engine
from skillgit.distill.heuristic import HeuristicEngine
from skillgit.distill.llm_engine import LLMEngine
from skillgit.errors import EXIT_USAGE
from skillgit.llm.base import EngineSettings, EngineUnavailable, available_engines
from skillgit.llm.select import select_engine


def test_heuristic_is_an_entry_point_of_distill_with_stable_cache_keys() -> None:
    factory = available_engines()["heuristic"]
    assert "skillgit.distill.heuristic:create" in repr(factory)
    engine = create_engine(select_engine("heuristic", None, {}, Config()))
    assert isinstance(engine, HeuristicEngine)
    # Cached digests are keyed by engine name and prompt version: the move changed neither.
    assert (engine.name, engine.model, engine.prompt_version) == ("heuristic", None, "heuristic-26")


@pytest.mark.parametrize("name", ["openai", "anthropic", "gemini", "claude-cli", "codex-cli",
                                  "gemini-cli"])
def test_llm_entry_points_make_backends_only(name: str, tmp_path: Path) -> None:
    program = tmp_path / "agent-cli"
    program.write_text("#!/bin/sh\nexit 1\n")
    program.chmod(0o755)
    settings = EngineSettings(model="m", base_url="http://127.0.0.1:9", api_key=SecretStr("k"),
                              extra={"program": str(program)})
    made: Any = available_engines()[name](settings)
    assert callable(getattr(made, "complete", None))
    assert not hasattr(made, "distill")
    assert type(made).__module__.startswith("skillgit.llm.")


class PluginBackend:
    name = "plugin"
    model = "p-1"

    def complete(self, system: str, user: str, schema: Any, *,
                 max_output_tokens: int = 2048) -> Any:
        raise AssertionError("not called here")


def test_a_bare_backend_gets_the_llm_engine_with_the_budget() -> None:
    engine = as_engine("plugin", PluginBackend(), EngineSettings(token_budget=1234))
    assert isinstance(engine, LLMEngine)
    assert (engine.name, engine.model, engine.token_budget) == ("plugin", "p-1", 1234)


def test_an_engine_is_used_as_it_is() -> None:
    heuristic = HeuristicEngine()
    assert as_engine("mine", heuristic, EngineSettings()) is heuristic


def test_a_factory_making_neither_is_engine_unavailable() -> None:
    with pytest.raises(EngineUnavailable) as caught:
        as_engine("broken-plugin", object(), EngineSettings())
    assert "broken-plugin" in str(caught.value) and "neither an engine" in str(caught.value)
    assert caught.value.exit_code == EXIT_USAGE
