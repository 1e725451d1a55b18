"""What `validate` could not check is a finding, never silence: unreadable files and folders,
files too large to scan for secrets, files beyond the scan limit; and symlinks that leave the
skill, loop or dangle. Tests run as root, so unreadable files are simulated by making os.open
(or os.scandir) fail for one path, as it does for a user without permission."""

from __future__ import annotations

import errno
import os
import time
from pathlib import Path

import pytest

from skillgit.cli import main
from skillgit.skills import skill_files
from skillgit.skills.findings import Finding, Level
from skillgit.skills.validate import validate_paths, validate_skill


def findings(path: Path, profile: str = "spec") -> list[Finding]:
    return [f for f in validate_skill(path, profile=profile).findings if f.rule != "context-cost"]


def deny(monkeypatch: pytest.MonkeyPatch, name: str, call: str = "open") -> None:
    """Make os.<call> fail with EACCES for paths ending in `name`, as for a non-owner."""
    real = getattr(os, call)

    def denied(path, *args, **kwargs):
        if str(path).endswith(name):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(os, call, denied)


def test_unreadable_file_inside_a_skill_is_a_warning_naming_it(make_skill, monkeypatch) -> None:
    folder = make_skill()
    (folder / "references").mkdir()
    (folder / "references" / "notes.md").write_text("ok\n")
    assert findings(folder) == []
    deny(monkeypatch, "notes.md")
    [finding] = findings(folder)
    assert (finding.rule, finding.level) == ("file-unreadable", Level.WARNING)
    assert finding.path.endswith(os.path.join("my-skill", "references", "notes.md"))
    assert "Permission denied" in finding.message and "secrets" in finding.message


def test_unreadable_folder_inside_a_skill_is_a_warning(make_skill, monkeypatch) -> None:
    folder = make_skill()
    (folder / "scripts").mkdir()
    (folder / "scripts" / "run.sh").write_text("echo hi\n")
    deny(monkeypatch, "scripts", "scandir")
    [finding] = findings(folder)
    assert finding.rule == "file-unreadable" and finding.path.endswith("scripts")
    assert "cannot be listed" in finding.message


def test_unreadable_skill_md_is_an_error_from_the_cli(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "skills" / "locked").mkdir(parents=True)
    (tmp_path / "skills" / "locked" / "SKILL.md").write_text("---\nname: locked\n---\n")
    deny(monkeypatch, os.path.join("locked", "SKILL.md"))
    assert main(["validate", "skills"]) == 1
    out = capsys.readouterr().out
    assert (f"{os.path.join('skills', 'locked', 'SKILL.md')}: ERROR file-unreadable cannot "
            "read SKILL.md: Permission denied") in out


def test_over_large_file_says_it_was_not_scanned(make_skill) -> None:
    folder = make_skill()
    key = "AKIA" + "ABCDEFGHIJKLMNOP"
    (folder / "small.txt").write_text(f"aws_access_key_id = {key}\n")
    (folder / "big.log").write_text(f"aws_access_key_id = {key}\n" + "x" * (2 * 1024 * 1024))
    by_rule = {f.rule: f for f in findings(folder)}
    assert by_rule["secret"].path.endswith("small.txt")  # the small one is scanned
    big = by_rule["file-too-large"]
    assert big.level is Level.WARNING and big.path.endswith("big.log")
    size = os.path.getsize(folder / "big.log")
    assert f"{size:,} bytes" in big.message and "1 MiB" in big.message
    assert "not checked for secrets" in big.message


def test_the_size_limit_is_the_scanners(make_skill, monkeypatch) -> None:
    folder = make_skill()
    (folder / "notes.txt").write_text("x" * 5000)
    assert findings(folder) == []
    monkeypatch.setattr(skill_files, "MAX_SCANNED_FILE_BYTES", 4096)
    [finding] = findings(folder)
    assert finding.rule == "file-too-large" and "5,000 bytes" in finding.message


def test_files_beyond_the_scan_limit_are_counted(make_skill, monkeypatch) -> None:
    folder = make_skill()
    monkeypatch.setattr(skill_files, "MAX_SCANNED_FILES", 3)
    for n in range(5):
        (folder / f"f{n}.txt").write_text("fine\n")
    [finding] = findings(folder)
    assert finding.rule == "files-not-scanned" and "2 not checked" in finding.message


# -- symlinks ------------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "target"), [
    ("passwd", "/etc/passwd"),
    ("up", "../.."),
    ("sibling", "../../other/SKILL.md"),
    ("gone", "../../nowhere/file"),  # outside and missing: still outside
    ("home", "~/.ssh/id_rsa"),  # not expanded by the OS: a dangling link inside; see below
])
def test_symlink_leaving_the_skill_is_an_error(make_skill, name: str, target: str) -> None:
    folder = make_skill()
    make_skill("other")
    (folder / "references").mkdir()
    (folder / "references" / name).symlink_to(target)
    found = findings(folder)
    if target.startswith("~"):
        assert [(f.rule, f.level) for f in found] == [("symlink-broken", Level.WARNING)]
        return
    [finding] = found
    assert (finding.rule, finding.level) == ("symlink-outside-skill", Level.ERROR)
    assert finding.path.endswith(os.path.join("references", name))
    assert repr(target) in finding.message


def test_symlink_out_through_a_linked_folder_is_caught(make_skill, tmp_path) -> None:
    folder = make_skill()
    (tmp_path / "secret").mkdir()
    (tmp_path / "secret" / "key").write_text("k\n")
    (folder / "refs").symlink_to(tmp_path / "secret", target_is_directory=True)
    (folder / "key").symlink_to("refs/key")  # relative and inside-looking, yet outside
    rules = sorted(f.rule for f in findings(folder))
    assert rules == ["symlink-outside-skill", "symlink-outside-skill"]


def test_symlinks_that_stay_inside_are_fine(make_skill, tmp_path) -> None:
    folder = make_skill()
    (folder / "references").mkdir()
    (folder / "references" / "a.md").write_text("a\n")
    (folder / "alias.md").symlink_to("references/a.md")
    (folder / "refs").symlink_to("references", target_is_directory=True)
    (folder / "references" / "self").symlink_to(".", target_is_directory=True)
    assert findings(folder) == []
    # a skill directory that is itself a symlink (mirrored into .claude/skills): still inside
    (tmp_path / ".claude" / "skills").mkdir(parents=True)
    (tmp_path / ".claude" / "skills" / "my-skill").symlink_to(folder, target_is_directory=True)
    assert findings(tmp_path / ".claude" / "skills" / "my-skill") == []


def test_absolute_symlink_is_outside_even_when_it_points_in(make_skill) -> None:
    folder = make_skill()
    (folder / "a.md").write_text("a\n")
    (folder / "alias.md").symlink_to(folder / "a.md")
    [finding] = findings(folder)
    assert finding.rule == "symlink-outside-skill" and "absolute path" in finding.message


def test_skill_md_symlinked_from_outside_is_reported(make_skill, tmp_path) -> None:
    (tmp_path / "real.md").write_text("---\nname: my-skill\ndescription: d\n---\nbody\n")
    folder = tmp_path / "my-skill"
    folder.mkdir()
    (folder / "SKILL.md").symlink_to("../real.md")
    assert [f.rule for f in findings(folder)] == ["symlink-outside-skill"]


@pytest.mark.parametrize("links", [[("loop", "loop")], [("a", "b"), ("b", "a")],
                                   [("d", "d/x")]])
def test_symlink_loop_is_a_finding_not_a_hang(make_skill, links) -> None:
    folder = make_skill()
    for name, target in links:
        (folder / name).symlink_to(target)
    started = time.monotonic()
    found = findings(folder)
    assert time.monotonic() - started < 5
    assert {f.rule for f in found} == {"symlink-loop"}
    assert all(f.level is Level.ERROR and "loop" in f.message for f in found)
    assert len(found) == len(links)


def test_broken_symlink_inside_is_a_warning(make_skill) -> None:
    folder = make_skill()
    (folder / "gone.md").symlink_to("references/gone.md")
    [finding] = findings(folder)
    assert (finding.rule, finding.level) == ("symlink-broken", Level.WARNING)


def test_scan_of_a_repository_reports_them_too(make_skill, tmp_path, monkeypatch) -> None:
    folder = make_skill(root=tmp_path / "skills")
    (folder / "leak").symlink_to("/etc/hostname")
    report = validate_paths([tmp_path])
    assert [f.rule for f in report.findings if f.rule != "context-cost"] == [
        "symlink-outside-skill"]
    assert report.failed()
