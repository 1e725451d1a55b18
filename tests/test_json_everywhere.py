"""Every command has `--json`, and every JSON document starts with a `version` key."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import click
import pytest

from skillgit.cli import COMMANDS, main
from skillgit.cli.app import cli


def leaves() -> list[tuple[str, click.Command]]:
    """Every command a user runs: each subcommand, and each group that runs on its own."""
    ctx = click.Context(cli)
    out: list[tuple[str, click.Command]] = []
    for name in COMMANDS:
        command = cli.get_command(ctx, name)
        assert command is not None, name
        if isinstance(command, click.Group):
            if command.invoke_without_command:
                out.append((name, command))
            out += [(f"{name} {sub}", command.commands[sub]) for sub in command.commands]
        else:
            out.append((name, command))
    return out


def test_the_walk_sees_every_command() -> None:
    names = {name for name, _ in leaves()}
    assert {"config", "share", "init", "demo", "proposals", "proposals show", "proposals reject",
            "proposals unreject", "validate", "review", "llm check", "sessions show"} <= names
    assert len(names) >= len(COMMANDS)


@pytest.mark.parametrize(("name", "command"), leaves(), ids=[n for n, _ in leaves()])
def test_every_command_has_json(name: str, command: click.Command) -> None:
    flags = {opt for param in command.params for opt in getattr(param, "opts", [])}
    assert "--json" in flags, f"`skillgit {name}` has no --json"


def documents(out: str) -> list[dict[str, object]]:
    """One document, or JSON Lines."""
    text = out.strip()
    try:
        return [json.loads(text)]
    except json.JSONDecodeError:
        return [json.loads(line) for line in text.splitlines()]


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, object]]:
    capsys.readouterr()
    code = main([*args, "--json"])
    out, err = capsys.readouterr()
    assert code in (0, 1), err
    docs = documents(out)
    assert docs and all(next(iter(doc)) == "version" and doc["version"] for doc in docs), out
    return docs


def test_documents_carry_a_version(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    [demo] = run_json(capsys, "demo", "--dir", str(tmp_path / "demo"))
    repo = str(demo["repository"])
    mined = demo["mine"]
    assert isinstance(mined, dict)
    branch = mined["proposals"][0]["branch"]
    [shown] = run_json(capsys, "proposals", "show", branch, "--repo", repo)
    assert shown["branch"] == branch and "Skillgit-Proposal" in shown["trailers"]
    listed = run_json(capsys, "proposals", "--repo", repo)
    assert branch in {row["branch"] for row in listed}
    [rejected] = run_json(capsys, "proposals", "reject", branch, "--repo", repo)
    skill = rejected["rejected"]["skill"]   # type: ignore[index]
    [unrejected] = run_json(capsys, "proposals", "unreject", skill, "--repo", repo)
    assert unrejected == {"version": 1, "unrejected": skill}
    [labelled] = run_json(capsys, "demo", "--eval", str(tmp_path / "eval"))
    assert Path(str(labelled["expected"])).is_file()

    fresh = tmp_path / "fresh"
    fresh.mkdir()
    subprocess.run(["git", "init", "-q", "-b", "main", str(fresh)], check=True)
    monkeypatch.chdir(fresh)
    [init] = run_json(capsys, "init")
    assert {"path": ".skillgit.yaml", "status": "created", "detail": None} in init["files"]  # type: ignore[operator]
    [config] = run_json(capsys, "config")
    assert config["files"]["repository"] == {  # type: ignore[index]
        "path": str(fresh / ".skillgit.yaml"), "exists": True}
    assert config["settings"]["mine.max_proposals"] == {  # type: ignore[index]
        "value": 5, "source": "default"}   # init writes every key commented out
    [checked] = run_json(capsys, "validate")
    assert checked["version"] == 1 and "summary" in checked
    assert main(["validate", "--json", "--format", "github"]) == 2   # two formats: usage error
