"""State that lives on the remote (issue 24), one bullet at a time: the ledger read from the
remote in a fresh clone, merged lessons covered by the skill they became, unchanged proposals
keeping their commit, the demo with a relative `--dir`, and shallow clones."""

from __future__ import annotations

import json
import subprocess
from datetime import timedelta
from pathlib import Path

import pytest

from skillgit.cli import main
from skillgit.demo.run import create_repo
from skillgit.demo.scenarios import START, _pnpm, write_sessions
from skillgit.demo.transcripts import claude_code_path, claude_code_records, write_jsonl

PNPM = "skillgit/new/use-pnpm-not-npm"
PYTEST = "skillgit/new/set-pythonpath-for-pytest"
DEPLOY = "skillgit/update/deploy-app"


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True,
                          text=True).stdout


def heads(repo: Path) -> dict[str, str]:
    out = git(repo, "for-each-ref", "--format=%(refname) %(objectname)", "refs/heads/skillgit/")
    return {ref.removeprefix("refs/heads/"): sha for ref, sha in
            (line.split() for line in out.splitlines())}


@pytest.fixture
def origin(tmp_path: Path) -> Path:
    """A bare "origin" holding the demo's skills repository (skills/deploy-app on main)."""
    seed = tmp_path / "seed"
    create_repo(seed)
    bare = tmp_path / "origin.git"
    git(tmp_path, "clone", "-q", "--bare", str(seed), str(bare))
    write_sessions(tmp_path / "sessions")
    return bare


def clone(origin: Path, name: str, *, shallow: bool = False) -> Path:
    dest = origin.parent / name
    depth = ["--depth", "1"] if shallow else []
    git(origin.parent, "clone", "-q", *depth, f"file://{origin}", str(dest))
    return dest


def mine(repo: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[dict, str]:
    capsys.readouterr()
    code = main(["mine", "--json", "--source", str(repo.parent / "sessions"), "--repo",
                 str(repo), *args])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out), err


def publish(repo: Path) -> None:
    """What `publish` pushes: every proposal branch, and the ledger (only forward)."""
    git(repo, "push", "-q", "--force", "origin",
        "refs/heads/skillgit/new/*:refs/heads/skillgit/new/*",
        "refs/heads/skillgit/update/*:refs/heads/skillgit/update/*")
    if "skillgit/ledger" in heads(repo):
        git(repo, "push", "-q", "origin", "refs/heads/skillgit/ledger")


def merge(origin: Path, branch: str) -> Path:
    work = clone(origin, f"merge-{branch.rsplit('/', 1)[-1]}")
    git(work, "merge", "-q", "--no-ff", f"origin/{branch}", "-m", f"Merge pull request #1 from "
        f"acme/{branch}")
    git(work, "push", "-q", "origin", "main", f":refs/heads/{branch}")
    return work


def branches(result: dict) -> list[str]:
    return sorted(p["branch"] for p in result["proposals"])


# 1. The ledger on the remote ------------------------------------------------------------------
@pytest.mark.parametrize("shallow", [False, True])
def test_a_fresh_clone_honours_the_remote_ledger(origin, capsys, shallow) -> None:
    first = clone(origin, "first")
    result, _ = mine(first, capsys)
    assert DEPLOY in branches(result)
    assert main(["proposals", "reject", DEPLOY, "--repo", str(first)]) == 0
    publish(first)
    git(first, "push", "-q", "origin", f":refs/heads/{DEPLOY}")
    # A fresh clone (a shallow one has no remote-tracking ref of the ledger at all).
    fresh = clone(origin, "fresh", shallow=shallow)
    assert "skillgit/ledger" not in heads(fresh)
    result, _ = mine(fresh, capsys)
    assert DEPLOY not in branches(result)
    [rejected] = [r for r in result["rejected"] if "rejected before" in r["missed"]]
    assert rejected["sessions"] == 2
    # The local ledger now is the remote's: a reject there pushes as a fast-forward.
    assert heads(fresh)["skillgit/ledger"] == git(origin, "rev-parse", "skillgit/ledger").strip()


def test_a_rejected_proposal_takes_no_slot_in_a_fresh_clone(origin, capsys) -> None:
    first = clone(origin, "first")
    result, _ = mine(first, capsys, "--max", "2")
    assert PYTEST not in branches(result)
    for branch in branches(result):
        assert main(["proposals", "reject", branch, "--repo", str(first)]) == 0
    publish(first)
    result, _ = mine(clone(origin, "fresh"), capsys, "--max", "2")
    assert branches(result) == [PYTEST]


def test_a_diverged_local_ledger_honours_both_sides(origin, capsys) -> None:
    one, two = clone(origin, "one"), clone(origin, "two")
    mine(one, capsys)
    mine(two, capsys)
    assert main(["proposals", "reject", DEPLOY, "--repo", str(one)]) == 0
    publish(one)
    assert main(["proposals", "reject", PNPM, "--repo", str(two)]) == 0   # not pushed
    result, _ = mine(two, capsys)
    assert branches(result) == [PYTEST]


def test_offline_or_without_a_remote_the_local_state_is_used_with_a_note(origin, capsys
                                                                          ) -> None:
    repo = clone(origin, "here")
    git(repo, "remote", "set-url", "origin", str(origin.parent / "gone.git"))
    result, err = mine(repo, capsys, "--dry-run")
    assert result["proposals"] and "cannot read the skillgit state on origin" in err
    assert any("cannot read" in note for note in result["notes"])
    git(repo, "remote", "remove", "origin")
    result, err = mine(repo, capsys, "--dry-run")
    assert "no remote 'origin'" in err and result["proposals"]


# 2. Merged lessons stay merged ----------------------------------------------------------------
def add_pnpm_session(origin: Path, n: int) -> None:
    sid = f"{90 + n:08d}-5ea0-4000-8000-{n:012d}"
    start = START + timedelta(days=8 + n)
    write_jsonl(claude_code_path(origin.parent / "sessions" / "claude", "/srv/acme/webapp", sid),
                claude_code_records(sid, "/srv/acme/webapp", start,
                                    _pnpm(f"add feature {n}", "no, use pnpm not npm")))


def test_merged_lessons_are_never_proposed_again_under_a_new_name(origin, capsys) -> None:
    first = clone(origin, "first")
    mine(first, capsys)
    publish(first)
    merge(origin, PYTEST)
    merge(origin, PNPM)
    for name, shallow in (("full", False), ("shallow", True)):
        result, _ = mine(clone(origin, name, shallow=shallow), capsys)
        names = [p["skill"] for p in result["proposals"]]
        assert not any(n.startswith(("set-pythonpath-for-pytest", "use-pnpm-not-npm"))
                       for n in names), (name, names)
        covered = [r["missed"] for r in result["rejected"] if "covered by" in r["missed"]]
        assert len(covered) == 2, result["rejected"]
        publish(origin.parent / name)


def test_a_reworded_merged_skill_is_the_new_baseline(origin, capsys) -> None:
    first = clone(origin, "first")
    mine(first, capsys)
    publish(first)
    work = merge(origin, PNPM)
    path = work / "skills" / "use-pnpm-not-npm" / "SKILL.md"
    path.write_text(path.read_text().replace("- Use `pnpm install`, not `npm install`.",
                                             "- Install dependencies with `pnpm install`."))
    git(work, "commit", "-qam", "Reword")
    git(work, "push", "-q", "origin", "main")
    add_pnpm_session(origin, 1)   # 4 sessions against 3 at the merge: not material growth
    for name, shallow in (("full", False), ("shallow", True)):
        result, _ = mine(clone(origin, name, shallow=shallow), capsys)
        assert not [p for p in result["proposals"] if p["skill"].startswith("use-pnpm")], name
        publish(origin.parent / name)
    add_pnpm_session(origin, 2)   # 5 against 3: material; then only ever as an update,
    for shallow in (True, False):  # and never with the rule as it was merged (a shallow
        grown = clone(origin, f"grown-{shallow}", shallow=shallow)  # clone: as the ledger
        result, _ = mine(grown, capsys)                              # recorded it)
        pnpm = [p for p in result["proposals"] if p["skill"].startswith("use-pnpm")]
        assert all(p["branch"] == "skillgit/update/use-pnpm-not-npm" for p in pnpm), pnpm
        for p in pnpm:
            assert "- Use `pnpm install`" not in git(
                grown, "show", f"{p['branch']}:skills/use-pnpm-not-npm/SKILL.md")


def test_a_merged_skill_renamed_afterwards_is_still_covered_by_its_content(origin, capsys
                                                                          ) -> None:
    first = clone(origin, "first")
    mine(first, capsys)
    publish(first)
    work = merge(origin, PYTEST)
    git(work, "mv", "skills/set-pythonpath-for-pytest", "skills/pytest-imports")
    path = work / "skills" / "pytest-imports" / "SKILL.md"
    path.write_text(path.read_text().replace("name: set-pythonpath-for-pytest",
                                             "name: pytest-imports"))
    git(work, "commit", "-qam", "Rename the skill")
    git(work, "push", "-q", "origin", "main")
    result, _ = mine(clone(origin, "fresh"), capsys)
    assert PYTEST not in branches(result)
    # the same fingerprint as the merged proposal (its text is in the history too)
    assert any(r["missed"] == "already merged as 'set-pythonpath-for-pytest' (same "
               "fingerprint)" for r in result["rejected"]), result["rejected"]
    # with one slot per run, the merged lesson never takes it: another lesson is proposed,
    # and nothing is turned away "over the limit" behind a lesson that is merged already
    for max_proposals in ("1", "2"):
        result, _ = mine(clone(origin, f"max{max_proposals}"), capsys, "--dry-run",
                         "--max", max_proposals)
        assert len(result["proposals"]) == int(max_proposals), result
        over = [r for r in result["rejected"] if r["missed"].startswith("over the limit")]
        assert len(over) == 2 - int(max_proposals), result["rejected"]


# 3. An unchanged proposal keeps its commit ----------------------------------------------------
def test_fresh_clones_rebuild_byte_identical_commits(origin, capsys) -> None:
    one, two = clone(origin, "one"), clone(origin, "two")
    mine(one, capsys)
    mine(two, capsys)
    assert heads(one) == heads(two) and heads(one)
    # Once pushed, a later fresh clone keeps the very commits: nothing to push.
    publish(one)
    pushed = heads(origin)
    three = clone(origin, "three", shallow=True)
    result, _ = mine(three, capsys, "--dry-run")   # says so, and moves no ref
    assert {p["status"] for p in result["proposals"]} == {"unchanged"}
    assert heads(three) == {}
    result, _ = mine(three, capsys)
    assert {p["branch"]: (p["status"], p["sha"]) for p in result["proposals"]} == {
        branch: ("unchanged", sha) for branch, sha in pushed.items()}
    assert heads(origin.parent / "three") == pushed


def test_a_proposal_commit_is_dated_by_its_newest_evidence(origin, capsys) -> None:
    repo = clone(origin, "here")
    result, _ = mine(repo, capsys)
    for p in result["proposals"]:
        dates = git(repo, "log", "-1", "--format=%at %ct", p["branch"]).split()
        # the sample sessions span four days from START: the date is one of theirs
        assert dates[0] == dates[1] and int(dates[0]) < int(START.timestamp()) + 5 * 86400


# 4. The demo with a relative --dir ------------------------------------------------------------
def test_demo_with_a_relative_dir_commits_the_existing_skill(tmp_path, monkeypatch,
                                                             capsys) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["demo", "--dir", "demo"]) == 0
    repo = tmp_path / "demo" / "skills-repo"
    files = git(repo, "ls-tree", "-r", "--name-only", "main").split()
    assert files == ["README.md", "skills/deploy-app/SKILL.md"]
    assert git(repo, "status", "--porcelain") == ""
    assert DEPLOY in heads(repo)


# 5. Shallow clones ----------------------------------------------------------------------------
def test_a_shallow_clone_mines_with_a_note_never_a_traceback(origin, capsys) -> None:
    work = clone(origin, "work")
    (work / "NOTES.md").write_text("a second commit\n")
    git(work, "add", "NOTES.md")
    git(work, "commit", "-qm", "Notes")
    git(work, "push", "-q", "origin", "main")
    shallow = clone(origin, "shallow", shallow=True)
    assert (shallow / ".git" / "shallow").exists()
    for args in (["--dry-run"], []):
        result, err = mine(shallow, capsys, *args)
        assert "the history is shallow" in err and "Traceback" not in err
        assert DEPLOY in branches(result)
    capsys.readouterr()
    code = main(["stats", "--source", str(shallow.parent / "sessions"), "--repo", str(shallow)])
    _, err = capsys.readouterr()
    assert code == 0 and "the history is shallow" in err and "Traceback" not in err
