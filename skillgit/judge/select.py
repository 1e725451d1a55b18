"""Which model judges: `--judge-llm` / `--judge-model`, config `judge.llm` / `judge.model`,
else the distill engine's model backend (none when distilling with the heuristic engine).

`heuristic` as the judge engine keeps the heuristic gate. A judge engine must be a model
backend: an engine that only distills (the heuristic one, or a plugin's) cannot judge.
"""

from __future__ import annotations

from collections.abc import Mapping

from skillgit.config import Config
from skillgit.distill.llm_engine import LLMEngine
from skillgit.errors import UsageError
from skillgit.hints import flag_hint, joined
from skillgit.judge.cache import default_verdict_dir
from skillgit.judge.model_judge import JudgeSettings, ModelJudge
from skillgit.llm.base import Backend, Engine, available_engines
from skillgit.llm.select import HEURISTIC, select_engine
from skillgit.redact import Redactor


def resolve_judge(judge_llm: str | None, judge_model: str | None, distill: Engine,
                  env: Mapping[str, str], config: Config) -> Backend | None:
    """The backend that judges, or None for the heuristic gate."""
    name = judge_llm or config.judge.llm
    model = judge_model or config.judge.model
    if name is None:
        if not isinstance(distill, LLMEngine):
            if model:
                raise UsageError(
                    joined(flag_hint("--judge-model", verb=""), "judge.model", sep=" / ")
                    + " needs a model engine: "
                    + joined(flag_hint("--judge-llm NAME"), "set judge.llm",
                             flag_hint("--llm", verb="distill with ")))
            return None
        if model is None or model == distill.model:
            return distill.backend
        name = distill.name
    if name == HEURISTIC:
        return None
    source = "--judge-llm" if judge_llm else config.source_of("judge.llm") \
        if config.judge.llm else f"the distill engine ({distill.name})"
    selection = select_engine(name, model, env, config, llm_source=source)
    made = available_engines()[selection.engine](selection.settings)
    if not callable(getattr(made, "complete", None)):
        raise UsageError(f"engine {name!r} cannot judge: it is not a model backend "
                         "(" + flag_hint("--judge-llm", "set judge.llm", verb="use ")
                         + " with openai, anthropic, gemini or an agent CLI)")
    backend: Backend = made  # type: ignore[assignment]
    return backend


def make_judge(judge_llm: str | None, judge_model: str | None, distill: Engine,
               env: Mapping[str, str], config: Config, redactor: Redactor, *,
               refresh: bool = False) -> ModelJudge | None:
    """The model judge a `mine` run uses (None: the heuristic gate), with the verdict cache
    under $XDG_CACHE_HOME/skillgit/verdicts (`refresh`: ignore what it holds)."""
    backend = resolve_judge(judge_llm, judge_model, distill, env, config)
    if backend is None:
        return None
    settings = JudgeSettings(min_sessions=config.mine.min_sessions,
                             token_budget=config.judge.token_budget,
                             max_candidates=config.judge.max_candidates)
    judge = ModelJudge(backend, redactor=redactor, cache_dir=default_verdict_dir(env),
                       settings=settings)
    judge.refresh = refresh
    return judge
