"""`.skillgit.yaml`: location, defaults, strict validation with errors naming key and file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from skillgit.config import Config, config_path, load_config, parse_config
from skillgit.errors import UsageError


def test_missing_file_gives_defaults(tmp_path: Path) -> None:
    config = load_config(cwd=tmp_path)
    assert config == Config()
    assert config.distill.token_budget == 6000 and config.llm.name is None


def test_file_at_repo_root_is_found_from_a_subdirectory(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / ".skillgit.yaml").write_text(
        "llm:\n  name: openai\n  model: gpt-4.1-mini\n  base_url: http://localhost:11434/v1\n"
        "  timeout: 30\n  options: {temperature: '0'}\n"
        "distill:\n  token_budget: 4000\n  workers: 2\n"
        "redact:\n  extra_patterns: ['ACME-[0-9]{6}']\n")
    sub = tmp_path / "a" / "b"
    sub.mkdir(parents=True)
    assert config_path(sub) == tmp_path / ".skillgit.yaml"
    config = load_config(cwd=sub)
    assert (config.llm.name, config.llm.model, config.llm.timeout) == ("openai", "gpt-4.1-mini",
                                                                       30.0)
    assert config.llm.base_url == "http://localhost:11434/v1"
    assert config.llm.options == {"temperature": "0"}
    assert (config.distill.token_budget, config.distill.workers) == (4000, 2)
    assert config.redact.extra_patterns == ["ACME-[0-9]{6}"]


def test_outside_a_repo_the_cwd_is_used(tmp_path: Path) -> None:
    (tmp_path / ".skillgit.yaml").write_text("distill: {workers: 3}\n")
    assert load_config(cwd=tmp_path).distill.workers == 3


def test_empty_file_is_defaults() -> None:
    assert parse_config("", "x.yaml") == Config()


@pytest.mark.parametrize(("text", "expected"), [
    ("llm:\n  nme: openai\n", "f.yaml: llm.nme: unknown key"),
    ("llms: {}\n", "f.yaml: llms: unknown key"),
    ("llm: {timeout: -1}\n", "f.yaml: llm.timeout: Input should be greater than 0"),
    ("distill: {workers: many}\n",
     "f.yaml: distill.workers: expected an integer, got 'many' (a string)"),
    ("redact: {extra_patterns: ['(unclosed']}\n", "f.yaml: redact.extra_patterns"),
    ("llm: {base_url: 'ftp://x'}\n", "f.yaml: llm.base_url"),
    ("- just\n- a list\n", "f.yaml: the top level must be a mapping"),
    ("llm: [\n", "f.yaml:"),
    ("mine: {skills_dir: .git/hooks}\n", "f.yaml: mine.skills_dir"),
    ("mine: {skills_dir: skills/.GIT}\n", "f.yaml: mine.skills_dir"),
    ("mine: {base: 2024-13-45}\n", "f.yaml: invalid YAML value"),
    ("llm: " + "[" * 5000 + "]" * 5000 + "\n", "f.yaml:1: nested too deeply"),
])
def test_errors_name_the_file_and_key(text: str, expected: str) -> None:
    with pytest.raises(UsageError) as caught:
        parse_config(text, "f.yaml")
    assert str(caught.value).startswith(expected), str(caught.value)


@pytest.mark.parametrize(("text", "expected"), [
    ("mine: {max_proposals: true}", "mine.max_proposals: expected an integer, got true"),
    ("mine: {max_proposals: '7'}", "mine.max_proposals: expected an integer, got '7' (a string)"),
    ("mine: {max_proposals: 7.0}", "mine.max_proposals: expected an integer, got 7.0 (a number)"),
    ("mine: {max_proposals: null}", "mine.max_proposals: expected an integer, got null"),
    ("distill: {workers: false}", "distill.workers: expected an integer, got false"),
    ("distill: {token_budget: 6e3}", "distill.token_budget: expected an integer"),
    ("llm: {timeout: true}", "llm.timeout: expected a number, got true (a boolean)"),
    ("llm: {timeout: '30'}", "llm.timeout: expected a number, got '30' (a string)"),
    ("llm: {name: 12}", "llm.name: expected a string, got 12 (an integer)"),
    ("llm: {model: yes}", "llm.model: expected a string, got true (a boolean)"),
    ("llm: {options: {a: [1]}}", "llm.options.a: expected a string, got [1] (a list)"),
    ("mine: {base: 2024-01-01}", "mine.base: expected a string"),
    ("mine: {skills_dir: 5}", "mine.skills_dir: expected a string"),
    ("redact: {extra_patterns: abc}", "redact.extra_patterns: expected a list"),
    ("redact: {extra_patterns: [1]}", "redact.extra_patterns.0: expected a string"),
    ("mine: 5", "mine: expected a mapping, got 5 (an integer)"),
])
def test_values_of_the_wrong_yaml_type_are_refused(text: str, expected: str) -> None:
    with pytest.raises(UsageError) as caught:
        parse_config(text, "f.yaml")
    assert str(caught.value).startswith(f"f.yaml: {expected}"), str(caught.value)


def test_yaml_natural_values_still_work() -> None:
    config = parse_config("llm: {timeout: 30, options: {temperature: 0.2, stream: false, top: 5}}\n"
                          "distill: {workers: 2}\nmine: {max_proposals: 3, base: main}\n"
                          "redact: {extra_patterns: ['ACME-[0-9]+']}\n", "f.yaml")
    assert config.llm.timeout == 30.0 and config.distill.workers == 2
    assert config.llm.options == {"temperature": "0.2", "stream": "false", "top": "5"}
    assert config.mine.max_proposals == 3 and config.redact.extra_patterns == ["ACME-[0-9]+"]


def test_a_wrongly_typed_config_is_exit_2_naming_file_and_key(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from skillgit.cli import main

    (tmp_path / ".skillgit.yaml").write_text("mine:\n  max_proposals: true\n")
    monkeypatch.chdir(tmp_path)
    assert main(["sessions", "--source", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert ".skillgit.yaml: mine.max_proposals: expected an integer, got true" in err


def test_api_key_in_config_is_refused_without_echoing_it() -> None:
    with pytest.raises(UsageError) as caught:
        parse_config("llm:\n  api_key: sk-abcdef0123456789\n", "f.yaml")
    message = str(caught.value)
    assert "llm.api_key: keys do not belong in the config file" in message
    assert "sk-abcdef0123456789" not in message


def test_explicit_missing_path_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="does not exist"):
        load_config(tmp_path / "nope.yaml")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_fifo_named_like_the_config_is_an_error_not_a_hang(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / ".skillgit.yaml")
    with pytest.raises(UsageError, match="not a regular file"):
        load_config(cwd=tmp_path)
