"""`review` annotates what the change caused even when the finding sits on a line the change
left as it was: on the nearest changed line, or on the file when no line changed."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from conftest import commit, git, write

from skillgit.cli import main
from skillgit.review.placement import nearest


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["review", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_nearest_changed_line() -> None:
    assert nearest(1, [7, 9]) == 7
    assert nearest(8, [7, 9]) == 7          # a tie: the earlier one
    assert nearest(100, [7, 9]) == 9
    assert nearest(5, [5]) == 5


def test_300000_appended_lines_annotate_the_nearest_changed_line(
        repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = repo / "skills/git-bisect/SKILL.md"
    before = path.read_text()
    with path.open("a", encoding="utf-8") as handle:
        handle.write("".join(f"Step {n}: run the test again.\n" for n in range(300_000)))
    commit(repo)
    started = time.perf_counter()
    code, out, err = run(capsys, "--format", "github")
    seconds = time.perf_counter() - started
    assert code == 1, err
    lines = out.splitlines()
    assert lines, f"the check fails but annotates nothing: {err}"
    first_added = before.count("\n") + 1
    for line in lines:
        assert line.startswith(("::error file=skills/git-bisect/SKILL.md,line=",
                                "::warning file=skills/git-bisect/SKILL.md,line="))
        at = int(line.split("line=", 1)[1].split(",", 1)[0])
        assert at >= first_added                         # on a line the change added
    assert seconds < 60


def test_json_says_where_a_moved_finding_is_annotated(
        repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = repo / "skills/git-bisect/SKILL.md"
    first_added = path.read_text().count("\n") + 1
    with path.open("a", encoding="utf-8") as handle:
        handle.write("".join(f"Step {n}: run the test again.\n" for n in range(600)))
    commit(repo)
    _, out, _ = run(capsys, "--format", "json")
    findings = json.loads(out)["skills"][0]["findings"]
    moved = [f for f in findings if f["annotated"] and f["annotated_line"] != f["line"]]
    assert moved, findings
    assert all(f["annotated_line"] >= first_added for f in moved)
    assert all(f["line"] < first_added for f in moved)   # the finding keeps its own line


def test_a_folder_rename_breaking_the_name_annotates_the_file(
        repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    git(repo, "mv", "skills/release-notes", "skills/changelog")
    commit(repo)
    code, out, err = run(capsys, "--format", "github")
    assert code == 1, err
    [line] = [x for x in out.splitlines() if "name-directory-mismatch" in x]
    assert line.startswith("::error file=skills/changelog/SKILL.md,title=")   # no line=
    assert "about line 2, which this change left as it was" in line
    code, out, _ = run(capsys)
    assert "(unchanged line; annotated on skills/changelog/SKILL.md)" in out


def test_what_the_base_already_had_wrong_stays_in_the_summary(
        repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    git(repo, "checkout", "-q", "main")
    write(repo, {"skills/git-bisect/SKILL.md": (repo / "skills/git-bisect/SKILL.md")
                 .read_text().replace("name: git-bisect", "name: Git-Bisect")})
    commit(repo, "broken on main")
    git(repo, "checkout", "-q", "-B", "change")
    with (repo / "skills/git-bisect/SKILL.md").open("a") as handle:
        handle.write("\nOne more line.\n")
    commit(repo)
    code, out, _ = run(capsys, "--format", "github")
    assert code == 1 and out == ""
