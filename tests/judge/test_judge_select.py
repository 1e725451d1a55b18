"""Which backend judges: flags > config > the distill engine's backend > none (heuristic)."""

from __future__ import annotations

import pytest

from skillgit.config import Config, parse_config
from skillgit.distill.heuristic import HeuristicEngine
from skillgit.distill.llm_engine import LLMEngine
from skillgit.errors import UsageError
from skillgit.judge.select import resolve_judge
from skillgit.llm.base import EngineSettings
from skillgit.llm.openai import OpenAIBackend

ENV = {"OPENAI_BASE_URL": "http://127.0.0.1:9/v1"}


def llm_engine(model: str = "distill-m") -> LLMEngine:
    return LLMEngine(OpenAIBackend(EngineSettings(base_url=ENV["OPENAI_BASE_URL"], model=model)))


def test_heuristic_distill_means_heuristic_judge() -> None:
    assert resolve_judge(None, None, HeuristicEngine(), ENV, Config()) is None


def test_the_distill_backend_judges_by_default() -> None:
    engine = llm_engine()
    assert resolve_judge(None, None, engine, ENV, Config()) is engine.backend
    assert resolve_judge(None, "distill-m", engine, ENV, Config()) is engine.backend


def test_another_model_on_the_distill_engine() -> None:
    backend = resolve_judge(None, "strong-m", llm_engine(), ENV, Config())
    assert backend is not None and (backend.name, backend.model) == ("openai", "strong-m")


def test_flags_win_over_config() -> None:
    config = parse_config("judge:\n  llm: openai\n  model: from-config\n", "x")
    made = resolve_judge(None, None, HeuristicEngine(), ENV, config)
    assert made is not None and made.model == "from-config"
    made = resolve_judge("openai", "from-flag", HeuristicEngine(), ENV, config)
    assert made is not None and made.model == "from-flag"
    assert resolve_judge("heuristic", None, llm_engine(), ENV, config) is None


@pytest.mark.parametrize("text", ["judge:\n  llm: ''\n", "judge:\n  token_budget: 10\n",
                                  "judge:\n  nope: 1\n", "mine:\n  min_sessions: 1\n"])
def test_bad_judge_config_names_the_key(text: str) -> None:
    with pytest.raises(UsageError) as caught:
        parse_config(text, ".skillgit.yaml")
    assert ".skillgit.yaml" in str(caught.value)
