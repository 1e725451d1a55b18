"""Which engine to use, and with which settings.

Order: `--llm` > `SKILLGIT_LLM` > `.skillgit.yaml` (`llm.name`) > auto-detect (an API key
in the environment or keys file, then an agent CLI on PATH) > `heuristic`. The model:
`--model` > `SKILLGIT_MODEL` > `llm.model`. The base URL: the engine's environment
variable (`OPENAI_BASE_URL`, `ANTHROPIC_BASE_URL`, `GEMINI_BASE_URL`) > `llm.base_url`.
Config values for model and base URL apply only when `llm.name` is unset or names the
selected engine. Engines come only from the `skillgit.engines` entry points; creating one
(and wrapping a model backend in the LLM engine) is `skillgit.distill.engines`' job.
"""

from __future__ import annotations

import shutil
from collections.abc import Mapping
from dataclasses import dataclass

from skillgit.config import Config
from skillgit.errors import UsageError
from skillgit.hints import flag_hint
from skillgit.llm.base import EngineSettings, available_engines
from skillgit.llm.keys import KEY_VARIABLES, find_key

HEURISTIC = "heuristic"
BASE_URL_VARIABLES = {"openai": "OPENAI_BASE_URL", "anthropic": "ANTHROPIC_BASE_URL",
                      "gemini": "GEMINI_BASE_URL"}
# Agent CLIs tried by auto-detection, in order: engine name -> program on PATH.
CLI_PROGRAMS = {"claude-cli": "claude", "codex-cli": "codex", "gemini-cli": "gemini"}


def enable_hint() -> str:
    """How to use an LLM instead of the heuristic engine, for the running command."""
    return ("To use an LLM: set OPENAI_API_KEY (or OPENAI_BASE_URL for a local "
            "OpenAI-compatible server such as Ollama), ANTHROPIC_API_KEY or GEMINI_API_KEY; "
            "or put the key in $XDG_CONFIG_HOME/skillgit/keys.yaml (mode 0600); or install "
            "the claude, codex or gemini CLI; or "
            + flag_hint("--llm NAME", "set llm.name in .skillgit.yaml") + ".")


@dataclass(frozen=True)
class Selection:
    """The chosen engine, why it was chosen, and the settings its factory gets."""

    engine: str
    reason: str
    settings: EngineSettings
    key_source: str | None = None


def detect_engine(env: Mapping[str, str]) -> tuple[str, str] | None:
    """(engine, reason) for the first configured LLM found, or None."""
    for engine, variables in KEY_VARIABLES.items():
        for variable in variables:
            if env.get(variable, "").strip():
                return engine, f"auto-detected: {variable} is set"
    if env.get("OPENAI_BASE_URL", "").strip():
        return "openai", "auto-detected: OPENAI_BASE_URL is set"
    for engine in KEY_VARIABLES:
        found = find_key(engine, env)
        if found is not None:
            return engine, f"auto-detected: key for {engine} in {found.source}"
    for engine, program in CLI_PROGRAMS.items():
        if shutil.which(program, path=env.get("PATH")):
            return engine, f"auto-detected: `{program}` is on PATH"
    return None


def choose_engine_name(llm: str | None, env: Mapping[str, str],
                       config: Config, llm_source: str = "--llm") -> tuple[str, str]:
    if llm:
        return llm, llm_source
    if env.get("SKILLGIT_LLM", "").strip():
        return env["SKILLGIT_LLM"].strip(), "SKILLGIT_LLM"
    if config.llm.name:
        return config.llm.name, config.source_of("llm.name")
    return detect_engine(env) or (HEURISTIC, "default: no LLM configured")


def select_engine(llm: str | None, model: str | None, env: Mapping[str, str],
                  config: Config, llm_source: str = "--llm") -> Selection:
    """Decide engine and settings without creating the engine. `llm_source`: where `llm`
    came from, as messages name it (a flag, or a config file and key)."""
    name, reason = choose_engine_name(llm, env, config, llm_source)
    engines = available_engines()
    if name not in engines:
        known = ", ".join(engines) or "none (is skillgit installed?)"
        raise UsageError(f"unknown engine {name!r} (from {reason}); available engines: {known}")
    applies = config.llm.name in (None, name)
    chosen_model = (model or env.get("SKILLGIT_MODEL", "").strip() or
                    (config.llm.model if applies else None) or None)
    base_variable = BASE_URL_VARIABLES.get(name)
    from_env = env.get(base_variable, "").strip() if base_variable else ""
    base_url = from_env or (config.llm.base_url if applies else None) or None
    if base_url is not None:
        _check_base_url(base_url, base_variable if from_env
                        else config.source_of("llm.base_url"))
    found = find_key(name, env) if name in KEY_VARIABLES else None
    settings = EngineSettings(
        model=chosen_model,
        base_url=base_url,
        api_key=found.value if found else None,
        timeout=(config.llm.timeout if applies and config.llm.timeout else 60.0),
        token_budget=config.distill.token_budget,
        extra=dict(config.llm.options) if applies else {},
    )
    return Selection(engine=name, reason=reason, settings=settings,
                     key_source=found.source if found else None)


def _check_base_url(url: str, source: str | None) -> None:
    """An http(s) URL with a host, or a usage error naming where it came from."""
    import httpx

    try:
        parsed = httpx.URL(url)
        ok = parsed.scheme in ("http", "https") and bool(parsed.host)
    except (httpx.InvalidURL, ValueError, TypeError):
        ok = False
    if not ok:
        shown = url if "@" not in url else "(a URL with credentials)"
        raise UsageError(f"{source}: {shown!r} is not an http(s) URL with a host, "
                         "like http://localhost:11434/v1")

