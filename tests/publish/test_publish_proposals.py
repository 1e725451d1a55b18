"""A proposal read back from the commit `mine` writes: what the PR body needs survives."""

from __future__ import annotations

from pathlib import Path

from pushkit import IDENTITY, git
from test_body import proposal

from skillgit.gitops import GitRepo
from skillgit.mine.generate import plain_text
from skillgit.mine.write import write_proposal
from skillgit.publish.proposals import local_branches, read_proposal, rejected_in_run


def test_the_commit_mine_writes_reads_back_into_the_proposal(local: Path) -> None:
    original = proposal(["use pnpm, not npm", "@org/team said `pnpm i` | fine"], review=True)
    original = original.model_copy(update={"rejected_others": [
        "\u201cflaky builds\u201d (2 sessions): not repeatable: seen once",
        "\u201cold note\u201d: no room to do better and no repeated ask"]})
    with GitRepo(local) as g:
        write_proposal(g, original, g.resolve("main"), IDENTITY)
        [branch] = local_branches(g, IDENTITY)
        back = read_proposal(g, branch)
        rejected = rejected_in_run(g, branch)
    assert branch.ours and branch.fingerprint == original.fingerprint
    assert back.fingerprint == original.fingerprint and back.summary == original.summary
    assert (back.kind, back.skill, back.engine) == ("new", "pnpm-usage", "heuristic")
    assert back.change.directory == "skills/pnpm-usage"
    assert back.change.files == original.change.files
    for name in ("repeatable", "feedback", "repeated_ask"):
        mine, read = getattr(original.verdict, name), getattr(back.verdict, name)
        assert (read.holds, read.reason) == (mine.holds, mine.reason)
    quotes = sorted(s.quote for s in back.verdict.candidate.signals)
    assert quotes == sorted(plain_text(s.quote) for s in original.verdict.candidate.signals)
    assert [(r.kind, r.source) for r in back.review_carefully] == \
        [(r.kind, r.source) for r in original.review_carefully]
    assert [(r.title, r.sessions) for r in rejected] == [("flaky builds", 2), ("old note", None)]


def test_a_branch_someone_else_committed_to_is_not_ours(local: Path) -> None:
    git(local, "branch", "skillgit/new/x")
    with GitRepo(local) as g:
        [branch] = local_branches(g, IDENTITY)
    assert not branch.ours and branch.fingerprint == ""
