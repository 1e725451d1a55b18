"""`skillgit review` on real git histories: which skills a change touches, and where each
finding is shown (annotation on a changed line, or the summary only)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import commit, git, skill_md, write

from skillgit.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["review", *args])
    out, err = capsys.readouterr()
    return code, out, err


def as_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, object]]:
    code, out, _ = run(capsys, "--format", "json", *args)
    return code, json.loads(out)


def skills_of(doc: dict[str, object]) -> dict[str, dict[str, object]]:
    skills = doc["skills"]
    assert isinstance(skills, list)
    return {s["path"]: s for s in skills}


def test_broken_skill_is_annotated_on_the_changed_line_only(
        repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (repo / "skills/git-bisect/SKILL.md").read_text()
    write(repo, {"skills/git-bisect/SKILL.md": text.replace("name: git-bisect",
                                                            "name: Git_Bisect")})
    commit(repo)
    code, out, err = run(capsys, "--format", "github")
    assert code == 1
    lines = out.splitlines()
    assert lines, err
    assert all(line.startswith("::error file=skills/git-bisect/SKILL.md,line=2,") or
               line.startswith("::warning file=skills/git-bisect/SKILL.md,line=2,")
               for line in lines), out
    assert any("title=skillgit name-case::" in line for line in lines)
    assert "pdf-forms" not in out and "release-notes" not in out


def test_valid_change_exits_0_and_reports_nothing(
        repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with (repo / "skills/pdf-forms/SKILL.md").open("a") as handle:
        handle.write("\nMore detail.\n")
    commit(repo)
    code, doc = as_json(capsys)
    assert code == 0
    assert [(s["path"], s["change"], s["errors"]) for s in skills_of(doc).values()] == [
        ("skills/pdf-forms", "changed", 0)]


def test_unchanged_line_findings_go_to_the_summary_only(
        repo: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # main already has a broken skill; the branch changes only its body
    write(repo, {"skills/old/SKILL.md": skill_md("old", "Old skill that uses\ttabs.")
                 .replace("name: old", "name: Old")})
    git(repo, "checkout", "-q", "main")
    commit(repo, "broken on main")
    git(repo, "checkout", "-q", "-B", "change")
    with (repo / "skills/old/SKILL.md").open("a") as handle:
        handle.write("\nA new line.\n")
    commit(repo)
    summary = tmp_path / "summary.md"
    code, out, _ = run(capsys, "--format", "github", "--summary", str(summary))
    assert code == 1                     # a touched skill has errors
    assert out == ""                     # but none on a changed line
    text = summary.read_text()
    assert "name-case" in text and "skills/old/SKILL.md:2" in text


def test_renamed_skill_folder(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    git(repo, "mv", "skills/release-notes", "skills/changelog")
    text = (repo / "skills/changelog/SKILL.md").read_text()
    write(repo, {"skills/changelog/SKILL.md": text.replace("name: release-notes",
                                                           "name: changelog")})
    commit(repo)
    code, doc = as_json(capsys)
    skills = skills_of(doc)
    assert list(skills) == ["skills/changelog"]
    moved = skills["skills/changelog"]
    assert (moved["change"], moved["old_path"], moved["errors"]) == (
        "renamed", "skills/release-notes", 0)
    assert code == 0


def test_deleted_skill_is_removed_and_not_validated(
        repo: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    git(repo, "rm", "-rq", "skills/pdf-forms")
    commit(repo)
    summary = tmp_path / "s.md"
    code, doc = as_json(capsys, "--summary", str(summary))
    skill = skills_of(doc)["skills/pdf-forms"]
    assert (skill["change"], skill["findings"], code) == ("removed", [], 0)
    assert skill["context_tokens_after"] is None and skill["context_tokens_before"] > 0
    summary_doc = doc["summary"]
    assert isinstance(summary_doc, dict)
    assert summary_doc["context_tokens_delta"] == -skill["context_tokens_before"]
    assert "| skills/pdf-forms | removed |" in summary.read_text()


def test_binary_file_inside_a_skill(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(repo, {"skills/pdf-forms/assets/form.pdf": b"%PDF-1.4\x00\x01\x02binary\xff" * 50})
    commit(repo)
    code, doc = as_json(capsys)
    assert code == 0
    assert skills_of(doc)["skills/pdf-forms"]["change"] == "changed"


def test_crlf_skill_md_annotates_the_right_line(
        repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = skill_md("crlf-skill", "A skill written on Windows with CRLF line ends.")
    write(repo, {"skills/crlf-skill/SKILL.md": good.replace("\n", "\r\n")})
    commit(repo, "add crlf skill")
    git(repo, "branch", "-f", "main")
    broken = good.replace("description: A skill", "description: A skill\nlicense: [1, 2]")
    write(repo, {"skills/crlf-skill/SKILL.md": broken.replace("\n", "\r\n")})
    commit(repo)
    code, out, _ = run(capsys, "--format", "github")
    assert code == 1
    assert out.startswith("::error file=skills/crlf-skill/SKILL.md,line=4,"), out


def test_new_skill_all_lines_are_changed(repo: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    write(repo, {"skills/new-one/SKILL.md": "---\nname: new-one\n---\nNo description.\n"})
    commit(repo)
    code, out, _ = run(capsys, "--format", "github")
    assert code == 1
    assert out.startswith("::error file=skills/new-one/SKILL.md,line=1,"), out


def test_unknown_ref_is_a_usage_error(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--base", "no-such-branch")
    assert code == 2 and "no-such-branch" in err and "Traceback" not in err


def test_untouched_skills_with_errors_are_not_reported(
        repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    git(repo, "checkout", "-q", "main")
    write(repo, {"skills/bad/SKILL.md": "---\nname: BAD\n---\n"})
    commit(repo, "bad on main")
    git(repo, "checkout", "-q", "-B", "change")
    write(repo, {"README.md": "changed\n"})
    commit(repo)
    code, doc = as_json(capsys)
    assert (code, doc["skills"]) == (0, [])


def test_duplicate_name_of_an_untouched_skill(
        repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(repo, {"skills/bisect2/SKILL.md": skill_md(
        "git-bisect", "Find the commit that introduced a bug with git bisect run.")})
    commit(repo)
    code, doc = as_json(capsys)
    rules = [f["rule"] for f in skills_of(doc)["skills/bisect2"]["findings"]]
    assert "duplicate-name" in rules and code == 1
    dupes = doc["near_duplicates"]
    assert isinstance(dupes, list)
    assert {(d["skill"], d["other"]) for d in dupes} == {("skills/bisect2", "skills/git-bisect")}
