"""`skillgit validate PATH` with odd paths: a clear message and exit 2 (or a finding, exit 1),
never a traceback; a file in no skill still passes (pre-commit passes every changed file)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from skillgit.cli import main

GOOD = "---\nname: {name}\ndescription: Does a thing. Use it when testing.\n---\n# Body\n"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["validate", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "skills" / "good").mkdir(parents=True)
    (tmp_path / "skills" / "good" / "SKILL.md").write_text(GOOD.format(name="good"))
    return tmp_path


@pytest.mark.parametrize(("make", "says"), [
    (lambda p: None, "does not exist"),
    (lambda p: p.symlink_to(p.name), "is a symlink loop"),
    (lambda p: (p.parent / "other").symlink_to(p.name) or p.symlink_to("other"),
     "is a symlink loop"),
    (lambda p: p.symlink_to("nowhere/at/all"), "is a symlink to a path that does not exist"),
])
def test_bad_paths_exit_2_with_a_reason(here: Path, capsys, make, says: str) -> None:
    make(here / "target")
    code, out, err = run(capsys, "skills/good", "target")
    assert code == 2 and out == ""
    assert f"Path 'target' {says}." in err and "Traceback" not in err


def test_file_in_no_skill_is_named_and_passes(here: Path, capsys) -> None:
    (here / "notes.txt").write_text("hello\n")
    code, out, err = run(capsys, "notes.txt")
    assert code == 0 and out == ""
    assert "no skills found" in err and "'notes.txt' is in no skill directory" in err


def test_wrongly_cased_skill_md_given_as_path_is_reported(here: Path, capsys) -> None:
    (here / "odd").mkdir()
    (here / "odd" / "skill.md").write_text(GOOD.format(name="odd"))
    code, out, _ = run(capsys, "odd/skill.md")
    assert code == 1 and "ERROR skill-file-name" in out


def test_skill_md_that_is_a_loop_or_a_folder_is_a_finding(here: Path, capsys) -> None:
    (here / "looped").mkdir()
    (here / "looped" / "SKILL.md").symlink_to("SKILL.md")
    (here / "foldered" / "SKILL.md").mkdir(parents=True)
    code, out, err = run(capsys, "skills")
    assert code == 0  # neither is under skills/
    code, out, err = run(capsys, ".")
    assert code == 1 and "Traceback" not in err
    assert "looped/SKILL.md: ERROR file-unreadable cannot read SKILL.md: symlink loop" in out
    assert "foldered/SKILL.md: ERROR file-unreadable SKILL.md is a directory" in out


def test_folder_a_scan_cannot_list_is_a_warning(here: Path, capsys, monkeypatch) -> None:
    (here / "private" / "deep").mkdir(parents=True)
    real = os.scandir

    def scandir(path):
        if str(path).endswith("private"):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(path)

    code, out, _ = run(capsys, ".")
    assert code == 0 and "private" not in out
    monkeypatch.setattr(os, "scandir", scandir)
    code, out, _ = run(capsys, ".", "--strict")
    assert code == 1
    assert ("private: WARNING file-unreadable folder cannot be listed (Permission denied); "
            "skills inside it were not checked") in out
