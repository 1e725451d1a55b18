"""`skillgit stats` options, config and bad input: clear messages and exit codes, no traceback."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest
from attrib_sessions import WRITERS, commit, init_repo, shell, skill, user

from skillgit.attribution.stats import rate
from skillgit.cli import main
from skillgit.config import parse_config
from skillgit.errors import UsageError

SKILL = "---\nname: deploy\ndescription: Deploy. Use when deploying.\n---\n# Deploy\n\nShip.\n"


def test_rates_show_n_and_no_percentage_on_tiny_samples() -> None:
    assert rate(2, 3) == "2/3"
    assert rate(0, 9) == "0/9"
    assert rate(4, 12) == "4/12 (33%)"


@pytest.mark.parametrize("text, key", [
    ("attribution:\n  window: 0\n", "attribution.window"),
    ("attribution:\n  window: '3'\n", "attribution.window"),
    ("attribution:\n  windows: 3\n", "attribution.windows: unknown key"),
])
def test_window_config_is_strict(text: str, key: str) -> None:
    with pytest.raises(UsageError, match=key.replace(".", r"\.")):
        parse_config(text, ".skillgit.yaml")
    assert parse_config("", "x").attribution.window == 3


def test_the_configured_window_is_used(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    repo = init_repo(tmp_path / "repo")
    commit(repo, datetime(2026, 1, 1, tzinfo=timezone.utc), {"skills/deploy/SKILL.md": SKILL},
           "add")
    WRITERS["claude-code"](tmp_path / "s", "c1", datetime(2026, 2, 1, tzinfo=timezone.utc), [
        user("deploy it"), skill("deploy", SKILL), shell("ship", "ok"), user("next task"),
        shell("ls", "x"), user("no, use the staging profile, not prod")])
    args = ["stats", "--json", "--repo", str(repo), "--source", str(tmp_path / "s")]
    (repo / ".skillgit.yaml").write_text("attribution:\n  window: 1\n")
    capsys.readouterr()
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out)["skills"][0]["corrections"] == 0
    assert main([*args, "--window", "2"]) == 0
    assert json.loads(capsys.readouterr().out)["skills"][0]["corrections"] == 1


@pytest.mark.parametrize("args, message", [
    (["--base", "nope"], "base branch 'nope' does not exist"),
    (["--skills-dir", "../out"], "--skills-dir '../out'"),
    (["--window", "0"], "--window"),
])
def test_bad_input_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                    args: list[str], message: str) -> None:
    repo = init_repo(tmp_path / "repo")
    commit(repo, datetime(2026, 1, 1, tzinfo=timezone.utc), {"skills/deploy/SKILL.md": SKILL},
           "add")
    (tmp_path / "s").mkdir()
    capsys.readouterr()
    assert main(["stats", "--repo", str(repo), "--source", str(tmp_path / "s"), *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_not_a_repository(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "s").mkdir()
    assert main(["stats", "--repo", str(tmp_path), "--source", str(tmp_path / "s")]) == 2
    assert "not a git repository" in capsys.readouterr().err
