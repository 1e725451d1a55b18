"""The proposal's wire format (`skillgit.wire`), as its readers rely on it: trailers written in
the table's order and read back, skillgit's own commits told from anyone else's, the base a run
builds on, and a rejection that blocks only its own kind of proposal."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from skillgit.gitops import FileChange, GitError, GitRepo
from skillgit.wire.branches import is_proposal_branch, resolve_base
from skillgit.wire.commit import (
    DEFAULT_IDENTITY,
    TRAILER_KEYS,
    made_by_skillgit,
    parse_trailers,
    trailer_lines,
)
from skillgit.wire.ledger import Ledger, Rejection

OTHER = "Reviewer <reviewer@example.com>"


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True,
                          text=True).stdout


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "r"
    root.mkdir()
    git(root, "init", "-q", "-b", "main")
    (root / "README.md").write_text("readme\n")
    git(root, "add", "-A")
    git(root, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "init")
    return root


MESSAGE = ("skills(pnpm): use pnpm\n\nWhy: repeated.\nNote: not a trailer\n\n"
           + "\n".join(trailer_lines({"Skillgit-Engine": "heuristic", "Skillgit-Kind": "new",
                                      "Skillgit-Skill": "pnpm",
                                      "Skillgit-Evidence": "3 sessions",
                                      "Skillgit-Proposal": "1111aaaa2222bbbb"})) + "\n")


def test_trailers_are_written_in_the_tables_order_and_read_back() -> None:
    paragraph = MESSAGE.strip().split("\n\n")[-1].splitlines()
    assert [line.split(":")[0] for line in paragraph] == list(TRAILER_KEYS[:5])
    assert TRAILER_KEYS[-1] == "Skillgit-Effect"  # verify's row: the last, appended after
    assert paragraph[0] == "Skillgit-Proposal: 1111aaaa2222bbbb"
    assert parse_trailers(MESSAGE) == {
        "Skillgit-Proposal": "1111aaaa2222bbbb", "Skillgit-Kind": "new",
        "Skillgit-Skill": "pnpm", "Skillgit-Evidence": "3 sessions",
        "Skillgit-Engine": "heuristic"}


def test_only_skillgit_trailers_of_the_last_paragraph_are_read() -> None:
    assert parse_trailers("subject\n\nSkillgit-Kind: new\n\nSigned-off-by: a <a@b.c>\n") == {}
    assert parse_trailers("subject\n\nSkillgit-Kind: new\nCo-authored-by: a <a@b.c>\n") == {
        "Skillgit-Kind": "new"}


def test_a_name_outside_the_table_is_refused() -> None:
    with pytest.raises(ValueError, match=r"not a trailer of the wire format.*Skillgit-Typo"):
        trailer_lines({"Skillgit-Typo": "x"})


def test_skillgits_own_commit_is_told_from_anyone_elses(repo: Path) -> None:
    with GitRepo(repo) as g:
        base = g.resolve("main")
        change = [FileChange("skills/pnpm/SKILL.md", b"x\n")]
        ours = g.write_commit(base, change, MESSAGE, DEFAULT_IDENTITY)
        assert made_by_skillgit(g, ours, DEFAULT_IDENTITY)
        assert not made_by_skillgit(g, ours, OTHER)                 # another identity
        by_hand = g.write_commit(base, change, "skills(pnpm): by hand\n", DEFAULT_IDENTITY)
        assert not made_by_skillgit(g, by_hand, DEFAULT_IDENTITY)   # no trailer
        amended = g.write_commit(base, change, MESSAGE, DEFAULT_IDENTITY, committer=OTHER)
        assert not made_by_skillgit(g, amended, DEFAULT_IDENTITY)   # someone else committed
        merge = g.write_commit(base, change, MESSAGE, DEFAULT_IDENTITY, merged=(by_hand,))
        assert not made_by_skillgit(g, merge, DEFAULT_IDENTITY)     # two parents


def test_the_base_is_the_checked_out_branch_then_main(repo: Path) -> None:
    git(repo, "branch", "release")
    git(repo, "checkout", "-q", "release")
    with GitRepo(repo) as g:
        assert resolve_base(g, None)[0] == "release"
        assert resolve_base(g, "main") == ("main", g.resolve("main"))
    assert is_proposal_branch("skillgit/update/pnpm")
    assert not is_proposal_branch("skillgit/ledger")


def test_a_detached_head_is_the_base_and_a_missing_base_is_named(repo: Path,
                                                                 tmp_path: Path) -> None:
    git(repo, "checkout", "-q", "--detach", "main")
    with GitRepo(repo) as g:
        assert resolve_base(g, None) == ("HEAD", g.resolve("main"))
        with pytest.raises(GitError, match="base branch 'nope' does not exist"):
            resolve_base(g, "nope")
    empty = tmp_path / "empty"
    empty.mkdir()
    git(empty, "init", "-q", "-b", "main")
    with GitRepo(empty) as g, pytest.raises(GitError, match="at least one commit, or pass"):
        resolve_base(g, None)
    git(repo, "checkout", "-q", "main")
    with GitRepo(repo) as g:                     # `--base HEAD` on a branch: that commit
        assert resolve_base(g, "HEAD") == ("HEAD", g.resolve("main"))


def test_a_rejection_is_found_by_its_candidate_under_another_name() -> None:
    ledger = Ledger(rejected=[Rejection(kind="new", skill="pnpm", fingerprint="ab" * 8,
                                        sessions=4, candidate="use pnpm")])
    assert ledger.blocks("new", "use-pnpm-always", 4, candidate="use pnpm")
    assert not ledger.blocks("new", "yarn", 4, candidate="use yarn")


def test_unrejecting_remembers_each_closed_pr_once() -> None:
    url = "https://github.com/o/r/pull/7"
    kept = Rejection(kind="new", skill="pnpm", fingerprint="ab" * 8, sessions=4, pr_url=url)
    by_hand = Rejection(kind="new", skill="yarn", fingerprint="cd" * 8, sessions=2)
    ledger = Ledger(rejected=[kept, by_hand], unrejected=[url])
    after = ledger.without([kept, by_hand])
    assert after.rejected == [] and after.unrejected == [url]


def test_a_rejection_blocks_only_its_own_kind_until_the_evidence_grows() -> None:
    ledger = Ledger(rejected=[Rejection(kind="new", skill="pnpm", fingerprint="ab" * 8,
                                        sessions=4)])
    assert ledger.blocks("new", "pnpm", 5)
    assert not ledger.blocks("update", "pnpm", 5)
    assert not ledger.blocks("new", "pnpm", 6)          # half as many again, and two more
    assert not ledger.blocks("new", "yarn", 1)
