"""Engine selection order, settings assembly and the keys file."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from skillgit.config import Config, parse_config
from skillgit.distill.engines import resolve_engine
from skillgit.errors import UsageError
from skillgit.llm.base import available_engines
from skillgit.llm.keys import find_key, keys_file_path, read_keys_file
from skillgit.llm.select import select_engine

BUILTIN = {"heuristic", "openai", "anthropic", "gemini", "claude-cli", "codex-cli", "gemini-cli"}


def env_with(tmp_path: Path, **values: str) -> dict[str, str]:
    """A minimal environment: HOME/XDG in tmp_path, an empty PATH, plus `values`."""
    empty_bin = tmp_path / "empty-bin"
    empty_bin.mkdir(exist_ok=True)
    env = {"HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
           "PATH": str(empty_bin)}
    env.update(values)
    return env


def write_keys(tmp_path: Path, text: str, mode: int = 0o600) -> Path:
    path = tmp_path / "cfg" / "skillgit" / "keys.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    path.chmod(mode)
    return path


def stub_program(folder: Path, name: str) -> None:
    folder.mkdir(exist_ok=True)
    program = folder / name
    program.write_text("#!/bin/sh\nexit 0\n")
    program.chmod(0o755)


def test_every_builtin_engine_is_an_entry_point() -> None:
    assert set(available_engines()) >= BUILTIN


def test_default_is_heuristic(tmp_path: Path) -> None:
    selection = select_engine(None, None, env_with(tmp_path), Config())
    assert (selection.engine, selection.reason) == ("heuristic", "default: no LLM configured")
    assert resolve_engine(None, None, env_with(tmp_path), Config()).name == "heuristic"


def test_precedence_flag_env_config_detect(tmp_path: Path) -> None:
    config = parse_config("llm: {name: gemini}\n", "c")
    env = env_with(tmp_path, SKILLGIT_LLM="anthropic", OPENAI_API_KEY="sk-x")
    assert select_engine("codex-cli", None, env, config).engine == "codex-cli"
    assert select_engine(None, None, env, config).reason == "SKILLGIT_LLM"
    assert select_engine(None, None, env, config).engine == "anthropic"
    del env["SKILLGIT_LLM"]
    assert select_engine(None, None, env, config).engine == "gemini"
    detected = select_engine(None, None, env, Config())
    assert (detected.engine, detected.reason) == ("openai", "auto-detected: OPENAI_API_KEY is set")


@pytest.mark.parametrize(("variables", "engine"), [
    ({"ANTHROPIC_API_KEY": "k"}, "anthropic"),
    ({"GOOGLE_API_KEY": "k"}, "gemini"),
    ({"OPENAI_BASE_URL": "http://localhost:11434/v1"}, "openai"),
])
def test_detects_keys_and_base_url_in_env(tmp_path: Path, variables: dict[str, str],
                                          engine: str) -> None:
    assert select_engine(None, None, env_with(tmp_path, **variables), Config()).engine == engine


def test_detects_key_in_keys_file_then_cli_on_path(tmp_path: Path) -> None:
    env = env_with(tmp_path)
    stub_program(Path(env["PATH"]), "codex")
    selection = select_engine(None, None, env, Config())
    assert selection.engine == "codex-cli"
    assert selection.reason == "auto-detected: `codex` is on PATH"
    write_keys(tmp_path, "anthropic: sk-ant-from-file\n")
    selection = select_engine(None, None, env, Config())
    assert selection.engine == "anthropic"
    assert selection.settings.api_key is not None
    assert selection.settings.api_key.get_secret_value() == "sk-ant-from-file"
    assert selection.key_source == str(keys_file_path(env))


def test_model_and_base_url_precedence(tmp_path: Path) -> None:
    config = parse_config("llm: {name: openai, model: cfg-model, base_url: 'http://cfg/v1', "
                          "timeout: 12, options: {temperature: '0'}}\n"
                          "distill: {token_budget: 3000}\n", "c")
    env = env_with(tmp_path)
    settings = select_engine(None, None, env, config).settings
    assert (settings.model, settings.base_url, settings.timeout) == ("cfg-model", "http://cfg/v1",
                                                                     12.0)
    assert settings.token_budget == 3000 and settings.extra == {"temperature": "0"}
    env.update(SKILLGIT_MODEL="env-model", OPENAI_BASE_URL="http://env/v1")
    settings = select_engine(None, None, env, config).settings
    assert (settings.model, settings.base_url) == ("env-model", "http://env/v1")
    assert select_engine(None, "flag-model", env, config).settings.model == "flag-model"


def test_config_model_does_not_leak_into_another_engine(tmp_path: Path) -> None:
    config = parse_config("llm: {name: anthropic, model: claude-x, base_url: 'http://a'}\n", "c")
    settings = select_engine("gemini", None, env_with(tmp_path, GEMINI_API_KEY="g"),
                             config).settings
    assert settings.model is None and settings.base_url is None
    assert settings.api_key is not None and settings.api_key.get_secret_value() == "g"


def test_unknown_engine_lists_available_ones(tmp_path: Path) -> None:
    with pytest.raises(UsageError) as caught:
        select_engine("gpt", None, env_with(tmp_path), Config())
    message = str(caught.value)
    assert "unknown engine 'gpt' (from --llm)" in message and "claude-cli" in message


def test_env_key_wins_over_keys_file(tmp_path: Path) -> None:
    write_keys(tmp_path, "openai: from-file\n")
    found = find_key("openai", env_with(tmp_path, OPENAI_API_KEY="from-env"))
    assert found is not None and found.source == "OPENAI_API_KEY"
    assert found.value.get_secret_value() == "from-env"


def test_keys_file_accepts_env_variable_names(tmp_path: Path) -> None:
    write_keys(tmp_path, "GEMINI_API_KEY: gem-file-key\n")
    found = find_key("gemini", env_with(tmp_path))
    assert found is not None and found.value.get_secret_value() == "gem-file-key"


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o604, 0o660])
def test_keys_file_wider_than_0600_is_refused(tmp_path: Path, mode: int) -> None:
    path = write_keys(tmp_path, "openai: sk-secret-in-file-123\n", mode)
    with pytest.raises(UsageError) as caught:
        find_key("openai", env_with(tmp_path))
    message = str(caught.value)
    assert f"mode is {mode:04o}" in message and f"chmod 600 {path}" in message
    assert "sk-secret-in-file-123" not in message
    assert stat.S_IMODE(os.stat(path).st_mode) == mode  # never silently "fixed"


def test_keys_file_0400_is_accepted_and_bad_yaml_does_not_echo(tmp_path: Path) -> None:
    path = write_keys(tmp_path, "openai: ok-key\n", 0o400)
    assert read_keys_file(path)["openai"].get_secret_value() == "ok-key"
    path.chmod(0o600)
    path.write_text("openai: [sk-broken-secret\n")
    with pytest.raises(UsageError) as caught:
        read_keys_file(path)
    assert "not valid YAML" in str(caught.value)
    assert "sk-broken-secret" not in str(caught.value)


def test_keys_file_values_must_be_strings(tmp_path: Path) -> None:
    path = write_keys(tmp_path, "openai: {nested: x}\n")
    with pytest.raises(UsageError, match="must map a name to a non-empty string"):
        read_keys_file(path)


def test_selection_repr_hides_the_key(tmp_path: Path) -> None:
    secret = "sk-very-secret-value-42"
    selection = select_engine(None, None, env_with(tmp_path, OPENAI_API_KEY=secret), Config())
    assert secret not in repr(selection) and secret not in str(selection.settings)


def test_resolved_llm_engine_wraps_the_backend_with_config_budget(tmp_path: Path) -> None:
    config = parse_config("distill: {token_budget: 2500}\n", "c")
    env = env_with(tmp_path, OPENAI_BASE_URL="http://127.0.0.1:9/v1", SKILLGIT_MODEL="m7")
    engine = resolve_engine(None, None, env, config)
    assert (engine.name, engine.model) == ("openai", "m7")
    assert getattr(engine, "token_budget", None) == 2500
    backend = getattr(engine, "backend", None)
    assert backend is not None and backend.base_url == "http://127.0.0.1:9/v1"


@pytest.mark.parametrize("text", ["when: 2024-13-45\n",
                                  "openai: " + "[" * 5000 + "]" * 5000 + "\n"],
                         ids=["bad-date", "deep"])
def test_keys_file_odd_yaml_is_a_usage_error(tmp_path: Path, text: str) -> None:
    path = write_keys(tmp_path, text)
    with pytest.raises(UsageError, match="keys file"):
        read_keys_file(path)


def test_keys_file_entry_named_like_a_key_is_not_echoed(tmp_path: Path) -> None:
    path = write_keys(tmp_path, "sk-proj-pasted0123456789abcdefghijklmnop:\n")
    with pytest.raises(UsageError) as caught:
        read_keys_file(path)
    assert "sk-proj" not in str(caught.value) and "non-empty string" in str(caught.value)
