"""Personal settings: $XDG_CONFIG_HOME/skillgit/config.yaml below the repository's
.skillgit.yaml (flags > environment > repository file > user file > defaults), `skillgit
config`, and errors that name the file and key a bad value came from."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from skillgit.cli import main
from skillgit.config import load_config
from skillgit.errors import UsageError


@pytest.fixture
def user_file() -> Path:
    path = Path(os.environ["XDG_CONFIG_HOME"]) / "skillgit" / "config.yaml"
    path.parent.mkdir(parents=True)
    return path


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "team-skills"
    root.mkdir()
    subprocess.run(["git", "init", "-q", "-b", "main", str(root)], check=True)
    monkeypatch.chdir(root)
    return root


def test_a_user_config_works_from_a_repository_that_has_none(repo: Path,
                                                             user_file: Path) -> None:
    user_file.write_text("share:\n  projects: [~/src/webapp]\n  contributor: alice-laptop\n"
                         "llm: {name: heuristic}\n")
    config = load_config(cwd=repo)
    assert config.share.projects == ["~/src/webapp"]
    assert config.share.contributor == "alice-laptop" and config.llm.name == "heuristic"
    assert config.origin("share.projects") == str(user_file)
    assert config.origin("mine.max_proposals") == "default"


def test_the_repository_file_wins_key_by_key(repo: Path, user_file: Path) -> None:
    user_file.write_text("llm: {name: openai, model: mine-model}\nshare: {projects: [/srv/a]}\n")
    (repo / ".skillgit.yaml").write_text("llm: {model: team-model}\nmine: {max_proposals: 3}\n")
    config = load_config(cwd=repo)
    assert (config.llm.name, config.llm.model) == ("openai", "team-model")
    assert config.origin("llm.name") == str(user_file)
    assert config.origin("llm.model") == str(repo / ".skillgit.yaml")
    assert config.share.projects == ["/srv/a"] and config.mine.max_proposals == 3


@pytest.mark.parametrize(("text", "named"), [
    ("mine: {max_proposals: 3}\n", "mine.max_proposals: not a personal setting"),
    ("publish: {repo: a/b}\n", "publish.repo: not a personal setting"),
    ("share: {projects: [webapp]}\n", "share.projects: 'webapp' must be an absolute or ~ path"),
    ("llm: {model: 5}\n", "llm.model: expected a string"),
])
def test_a_bad_user_file_names_the_file_and_key(repo: Path, user_file: Path, text: str,
                                                named: str) -> None:
    user_file.write_text(text)
    with pytest.raises(UsageError) as caught:
        load_config(cwd=repo)
    assert str(caught.value).startswith(f"{user_file}: ") and named in str(caught.value)


def test_skillgit_config_shows_values_and_sources(repo: Path, user_file: Path,
                                                  capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    user_file.write_text("share: {contributor: alice-laptop}\nllm: {name: openai}\n")
    (repo / ".skillgit.yaml").write_text("mine: {max_proposals: 3}\n")
    monkeypatch.setenv("SKILLGIT_MODEL", "gpt-test")
    assert main(["config"]) == 0
    out = capsys.readouterr().out
    lines = {line.split(" = ")[0].strip(): line for line in out.splitlines() if " = " in line}
    assert lines["share.contributor"].endswith(f'"alice-laptop"  # {user_file}')
    assert lines["mine.max_proposals"].endswith(f"3  # {repo / '.skillgit.yaml'}")
    assert lines["llm.model"].endswith('"gpt-test"  # environment SKILLGIT_MODEL')
    assert lines["distill.workers"].endswith("4  # default")
    assert main(["config", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["version"] == 1 and doc["files"]["user"] == {"path": str(user_file),
                                                            "exists": True}
    assert doc["settings"]["llm.name"] == {"value": "openai", "source": str(user_file)}


def test_a_bad_judge_engine_in_the_repository_file_names_that_file(
        repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / ".skillgit.yaml").write_text("judge: {llm: no-such-engine}\n")
    from skillgit.distill.engines import resolve_engine
    from skillgit.judge.select import resolve_judge

    config = load_config(cwd=repo)
    with pytest.raises(UsageError) as caught:
        resolve_judge(None, None, resolve_engine("heuristic", None, {}, config), {}, config)
    message = str(caught.value)
    assert "unknown engine 'no-such-engine' (from .skillgit.yaml (judge.llm))" in message
    assert "--llm" not in message.split(";")[0]
    with pytest.raises(UsageError) as flagged:
        resolve_judge("nope", None, resolve_engine("heuristic", None, {}, config), {}, config)
    assert "(from --judge-llm)" in str(flagged.value)
