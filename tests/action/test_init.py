"""`skillgit init`: in an empty repository, in one with a commented `.pre-commit-config.yaml`,
twice, with `--force`, and never writing outside the repository."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
import yaml

from skillgit.cli import main
from skillgit.config import Config, parse_config
from skillgit.init.config_template import DESCRIPTIONS, config_template, uncommented
from skillgit.init.precommit import HOOK_ID, add_hook, hook_entry
from skillgit.init.workflow import WORKFLOW_PATH, workflow_text

COMMENTED = """\
# Our hooks. Keep this list sorted.
default_stages: [pre-commit]   # not on push
repos:
-   repo: https://github.com/pre-commit/pre-commit-hooks
    rev: v5.0.0   # the last one that works for us
    hooks:
    -   id: trailing-whitespace
    # -   id: check-yaml       (too slow)

# CI settings below
ci:
    autofix_prs: false
"""


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and ".git" not in p.relative_to(root).parts}


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "skills"
    root.mkdir()
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    monkeypatch.chdir(root)
    return root


def test_in_an_empty_repository_writes_the_three_files(
        repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["init"]) == 0
    out = capsys.readouterr().out
    assert "created      .skillgit.yaml" in out and f"created      {WORKFLOW_PATH}" in out
    assert (repo / ".skillgit.yaml").read_text() == config_template()
    assert (repo / WORKFLOW_PATH).read_text() == workflow_text()
    precommit = yaml.safe_load((repo / ".pre-commit-config.yaml").read_text())
    assert precommit == {"repos": [hook_entry()]}
    assert not list(repo.rglob("*.tmp"))


def test_the_config_lists_every_key_with_its_real_default() -> None:
    text = config_template()
    assert parse_config(text, ".skillgit.yaml") == Config()           # all commented out
    switched_on = yaml.safe_load(uncommented(text))
    assert parse_config(uncommented(text), "x") == Config()            # and the shown defaults
    for section, field in Config.model_fields.items():
        assert field.annotation is not None
        keys = set(field.annotation.model_fields)
        assert set(switched_on[section]) == keys
        assert {k for k in keys if f"{section}.{k}" in DESCRIPTIONS} == keys, \
            f"describe every {section} key in skillgit/init/config_template.py"


def test_a_second_run_changes_nothing(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["init"]) == 0
    before = snapshot(repo)
    capsys.readouterr()
    assert main(["init"]) == 0
    assert snapshot(repo) == before
    assert capsys.readouterr().out.count("unchanged") == 3


def test_existing_files_are_kept_without_force_and_replaced_with_it(
        repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / ".skillgit.yaml").write_text("mine:\n  max_proposals: 3\n")
    assert main(["init"]) == 1
    assert (repo / ".skillgit.yaml").read_text() == "mine:\n  max_proposals: 3\n"
    captured = capsys.readouterr()
    assert "kept         .skillgit.yaml" in captured.out and "--force" in captured.err
    assert (repo / WORKFLOW_PATH).is_file()                 # the other files were still written
    assert main(["init", "--force"]) == 0
    assert (repo / ".skillgit.yaml").read_text() == config_template()
    assert "overwritten  .skillgit.yaml" in capsys.readouterr().out


def test_force_never_overwrites_the_users_precommit_config(repo: Path) -> None:
    (repo / ".pre-commit-config.yaml").write_text("repos: []   # flow style: not extended\n")
    assert main(["init", "--force"]) == 0
    assert (repo / ".pre-commit-config.yaml").read_text() == \
        "repos: []   # flow style: not extended\n"


def test_a_commented_precommit_config_is_extended_keeping_every_comment(
        repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / ".pre-commit-config.yaml").write_text(COMMENTED)
    assert main(["init"]) == 0
    text = (repo / ".pre-commit-config.yaml").read_text()
    new_lines = text.splitlines()
    start = new_lines.index("-   repo: https://github.com/skillgit/skillgit")  # its own style
    assert new_lines[:start] + new_lines[start + 4:] == COMMENTED.splitlines()  # nothing lost
    data = yaml.safe_load(text)
    old = yaml.safe_load(COMMENTED)
    assert data == {**old, "repos": [*old["repos"], hook_entry()]}
    assert text.index(HOOK_ID) < text.index("# CI settings below")
    assert "extended" in capsys.readouterr().out
    assert main(["init"]) == 0                                           # and only once
    assert (repo / ".pre-commit-config.yaml").read_text() == text


@pytest.mark.parametrize("text", [
    "repos: []  # flow\n",
    "# no repos key\ndefault_stages: [pre-commit]\n",
    "repos:\n\t- repo: local\n",
    "repos: [ {repo: local, hooks: [{id: x}]} ]\n",
    ": not yaml: [\n",
])
def test_a_file_that_cannot_be_extended_safely_is_left_alone_and_the_entry_printed(
        repo: Path, capsys: pytest.CaptureFixture[str], text: str) -> None:
    (repo / ".pre-commit-config.yaml").write_text(text)
    assert main(["init"]) == 0
    assert (repo / ".pre-commit-config.yaml").read_text() == text
    out = capsys.readouterr().out
    assert "printed      .pre-commit-config.yaml" in out and f"id: {HOOK_ID}" in out


def test_crlf_files_stay_crlf() -> None:
    edit = add_hook(COMMENTED.replace("\n", "\r\n"))
    assert edit.text is not None
    assert "\n" not in edit.text.replace("\r\n", "")


def test_writes_never_leave_the_repository(repo: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (repo / ".github").symlink_to(outside, target_is_directory=True)
    assert main(["init"]) == 2
    assert list(outside.iterdir()) == []
    assert not (repo / ".skillgit.yaml").exists()         # checked before anything is written
    (repo / ".github").unlink()
    (repo / ".skillgit.yaml").symlink_to(outside / "config.yaml")   # dangling, outside
    assert main(["init", "--force"]) == 2
    assert list(outside.iterdir()) == []
    assert not (repo / ".github").exists()


def test_outside_a_repository_and_a_bad_action_ref_are_usage_errors(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], repo: Path) -> None:
    assert main(["init", "--action", "acme/skillgit@v1\n    evil: true"]) == 2
    assert "--action" in capsys.readouterr().err
    assert snapshot(repo) == {}
    lone = tmp_path / "lone"
    lone.mkdir()
    monkeypatch.chdir(lone)
    assert main(["init"]) == 2
    assert "not inside a git repository" in capsys.readouterr().err
    assert list(lone.iterdir()) == []
