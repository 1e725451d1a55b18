"""`review` in the clones CI makes (issue 24): shallow ones say to fetch more history (exit 2,
never a traceback), and a skill folder whose name is not valid UTF-8 is still validated."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from conftest import commit, git, skill_md, write

from skillgit.cli import main

PLANTED = "ghp_" + "16C7e42F292c6912E7710c838347Ae178B4a"


def shallow_clone(source: Path, target: Path, *extra: str) -> Path:
    subprocess.run(["git", "clone", "-q", "--depth", "1", *extra, source.as_uri(), str(target)],
                   check=True, capture_output=True)
    return target


def test_a_shallow_clone_without_the_base_says_to_fetch_more_history(
        repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    write(repo, {"skills/git-bisect/scripts/run.sh": "git bisect run make test\n"})
    commit(repo)
    clone = shallow_clone(repo, tmp_path / "clone")
    monkeypatch.chdir(clone)
    for base in ("HEAD~1", "HEAD~3"):
        code = main(["review", "--base", base])
        _, err = capsys.readouterr()
        assert code == 2, err
        assert "Traceback" not in err and f"--base {base}: " in err
        assert "shallow" in err and "git fetch --deepen" in err and "fetch-depth: 0" in err


def test_a_merge_base_beyond_the_shallow_boundary_says_to_fetch_more_history(
        repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    write(repo, {"skills/new-one/SKILL.md": skill_md("new-one", "Does one thing well.")})
    commit(repo)
    git(repo, "checkout", "-q", "main")
    write(repo, {"NOTES.md": "on main\n"})
    commit(repo)
    clone = shallow_clone(repo, tmp_path / "clone", "--no-single-branch", "--branch", "change")
    monkeypatch.chdir(clone)
    code = main(["review", "--base", "origin/main"])
    _, err = capsys.readouterr()
    assert code == 2 and "Traceback" not in err, err
    assert "merge base" in err and "git fetch --deepen" in err


@pytest.mark.skipif(os.name == "nt", reason="folder names are bytes on POSIX only")
def test_a_skill_folder_not_valid_utf8_is_validated_and_named_safely(
        repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = os.path.join(os.fsencode(repo), b"skills", b"bad\xff")
    os.makedirs(os.path.join(folder, b"scripts"))
    with open(os.path.join(folder, b"SKILL.md"), "wb") as handle:
        handle.write(b"---\nname: Bad Name!\ndescription: x\n---\n# bad\n")
    with open(os.path.join(folder, b"scripts", b"run.sh"), "wb") as handle:
        handle.write(f"curl -H 'Authorization: token {PLANTED}' api\n".encode())
    commit(repo)
    code = main(["review", "--format", "json", "--base", "main"])
    out, _ = capsys.readouterr()
    assert code == 1
    document = json.loads(out)
    [skill] = document["skills"]
    assert skill["change"] == "added" and skill["errors"] >= 2
    rules = {f["rule"] for f in skill["findings"]}
    assert "folder-name-encoding" in rules
    assert any("\\xff" in f["message"] for f in skill["findings"])
    assert any(f["path"].endswith("run.sh") for f in skill["findings"]
               if f["level"] == "error"), skill["findings"]
    assert PLANTED not in out
