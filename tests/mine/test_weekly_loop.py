"""The scheduled loop, week after week (issue 24): each week a fresh clone of a bare "origin"
(one of them shallow, as `actions/checkout` makes it), `mine` in-process, the proposal and
ledger branches pushed as `publish` would, then people: merging a proposal (and deleting its
branch), rejecting one, rewording a merged skill on main, pushing to a proposal branch, adding
sessions.

After every week: merged lessons are never proposed again (no `-2` names, no update without
materially new evidence), rejected ones never again and never taking a `--max` slot, an
unchanged proposal keeps its commit (nothing pushed), a reviewer's commit is never
overwritten, never exit 3."""

from __future__ import annotations

import json
import re
import subprocess
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

import pytest

from skillgit.cli import main
from skillgit.demo.run import create_repo
from skillgit.demo.scenarios import START, _pnpm, _pytest, write_sessions
from skillgit.demo.transcripts import (
    assistant,
    claude_code_path,
    claude_code_records,
    shell,
    user,
    write_jsonl,
)

CWD = "/srv/acme/webapp"
PNPM = "skillgit/new/use-pnpm-not-npm"
PYTEST = "skillgit/new/set-pythonpath-for-pytest"
DEPLOY = "skillgit/update/deploy-app"
PREFIXES = ("refs/heads/skillgit/new/", "refs/heads/skillgit/update/")


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True,
                          text=True).stdout


def heads(repo: Path, prefix: str = "refs/heads/skillgit/") -> dict[str, str]:
    out = git(repo, "for-each-ref", "--format=%(refname) %(objectname)", prefix)
    return {ref.removeprefix("refs/heads/"): sha for ref, sha in
            (line.split() for line in out.splitlines())}


@dataclass
class World:
    root: Path
    origin: Path
    sessions: Path
    capsys: pytest.CaptureFixture[str]
    week: int = 0
    added: int = 0
    merged: dict[str, int] = field(default_factory=dict)    # skill → sessions at the merge
    rejected: set[str] = field(default_factory=set)         # branches
    fingerprints: dict[str, tuple[str, str]] = field(default_factory=dict)  # branch → (fp, sha)

    def session(self, steps: list, day: int) -> None:
        self.added += 1
        sid = f"{90 + self.added:08d}-5ea0-4000-8000-{self.added:012d}"
        start = START + timedelta(days=day, hours=self.added)
        write_jsonl(claude_code_path(self.sessions / "claude", CWD, sid),
                    claude_code_records(sid, CWD, start, steps))

    def run(self, *, shallow: bool = False, max_proposals: int = 5) -> tuple[Path, dict]:
        """One scheduled run: a fresh clone, `mine`, then push what `publish` would push."""
        self.week += 1
        clone = self.root / f"week{self.week}"
        depth = ["--depth", "1"] if shallow else []
        git(self.root, "clone", "-q", *depth, f"file://{self.origin}", str(clone))
        self.capsys.readouterr()
        code = main(["mine", "--json", "--source", str(self.sessions), "--repo", str(clone),
                     "--max", str(max_proposals)])
        out, err = self.capsys.readouterr()
        assert code == 0, (self.week, err)
        assert "Traceback" not in err
        result = json.loads(out)
        self.check(clone, result)
        return clone, result

    def check(self, clone: Path, result: dict) -> None:
        week = self.week
        before = heads(self.origin)
        proposals = {p["branch"]: p for p in result["proposals"]}
        for branch, p in proposals.items():
            assert not re.search(r"-\d+$", p["skill"]), (week, branch)    # no `<merged>-2`
            assert branch not in self.rejected, (week, branch)
            if p["skill"] in self.merged:   # only as an update, on material growth
                at_merge = self.merged[p["skill"]]
                assert p["kind"] == "update", (week, branch)
                assert p["evidence_sessions"] >= max(at_merge + 2, at_merge * 3 / 2), (week, p)
            old = self.fingerprints.get(branch)
            if old is not None and old[0] == p["fingerprint"]:
                assert p["status"] == "unchanged" and p["sha"] == old[1], (week, branch, p)
                assert before.get(branch) == p["sha"], (week, branch)
        local = heads(clone)
        foreign = {o for o, p in proposals.items() if p["status"] == "foreign"}
        for branch, sha in local.items():
            if branch.startswith(("skillgit/new/", "skillgit/update/")) and branch not in foreign:
                git(clone, "push", "-q", "--force", "origin", f"refs/heads/{branch}")
                self.fingerprints[branch] = (proposals[branch]["fingerprint"], sha) \
                    if branch in proposals else self.fingerprints.get(branch, ("", sha))
        if "skillgit/ledger" in local:   # the ledger only moves forward: never forced
            git(clone, "push", "-q", "origin", "refs/heads/skillgit/ledger")

    def merge(self, branch: str, sessions: int, *, squash: bool = False) -> None:
        """A person merges the pull request on the forge, and its branch is deleted."""
        work = self.root / f"merge{self.week}-{branch.rsplit('/', 1)[-1]}"
        git(self.root, "clone", "-q", f"file://{self.origin}", str(work))
        if squash:
            message = git(work, "log", "-1", "--format=%B", f"origin/{branch}")
            git(work, "merge", "-q", "--squash", f"origin/{branch}")
            git(work, "commit", "-q", "-m", message)
        else:
            git(work, "merge", "-q", "--no-ff", f"origin/{branch}", "-m",
                f"Merge pull request #{self.week} from acme/{branch}")
        git(work, "push", "-q", "origin", "main", f":refs/heads/{branch}")
        self.merged[branch.rsplit("/", 1)[-1]] = sessions
        self.fingerprints.pop(branch, None)

    def reject(self, clone: Path, branch: str) -> None:
        """`skillgit proposals reject` in that week's clone; the ledger is pushed and the
        branch deleted on the remote (publish closes the pull request)."""
        assert main(["proposals", "reject", branch, "--repo", str(clone)]) == 0
        git(clone, "push", "-q", "origin", "refs/heads/skillgit/ledger",
            f":refs/heads/{branch}")
        self.rejected.add(branch)
        self.fingerprints.pop(branch, None)

    def review_push(self, branch: str) -> str:
        """A reviewer pushes a commit of their own onto a proposal branch."""
        work = self.root / f"review{self.week}"
        git(self.root, "clone", "-q", "-b", branch, f"file://{self.origin}", str(work))
        (work / "REVIEW.md").write_text("reviewed\n")
        git(work, "add", "REVIEW.md")
        git(work, "commit", "-q", "-m", "Reviewer's fix")
        git(work, "push", "-q", "origin", branch)
        self.fingerprints.pop(branch, None)
        return git(work, "rev-parse", "HEAD").strip()

    def reword(self, path: str, old: str, new: str) -> None:
        work = self.root / f"reword{self.week}"
        git(self.root, "clone", "-q", f"file://{self.origin}", str(work))
        text = (work / path).read_text()
        assert old in text
        (work / path).write_text(text.replace(old, new))
        git(work, "commit", "-q", "-am", "Reword the pnpm rule")
        git(work, "push", "-q", "origin", "main")


@pytest.fixture
def world(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> World:
    seed = tmp_path / "seed"
    create_repo(seed)
    origin = tmp_path / "origin.git"
    git(tmp_path, "clone", "-q", "--bare", str(seed), str(origin))
    sessions = tmp_path / "sessions"
    write_sessions(sessions)
    return World(tmp_path, origin, sessions, capsys)


PNPM_RULE = "- Use `pnpm install`, not `npm install`."
REWORDED = "- Install dependencies with `pnpm install` (this repo has no package-lock)."


def test_eight_weeks_from_fresh_clones(world: World) -> None:
    # Week 1: the demo's three lessons; only two slots.
    clone, result = world.run(max_proposals=2)
    first = [p["branch"] for p in result["proposals"]]
    assert len(first) == 2 and PYTEST not in first, first
    # People: merge the pnpm skill (3 sessions); reject the deploy-app update.
    world.merge(PNPM, 3)
    world.reject(clone, DEPLOY)

    # Week 2: the rejected proposal takes no slot: the pytest lesson gets it.
    clone, result = world.run(max_proposals=2)
    assert [p["branch"] for p in result["proposals"]] == [PYTEST]
    assert "use-pnpm-not-npm" in git(clone, "ls-tree", "-r", "--name-only", "main")
    # People: reword the merged skill; a 4th pnpm session (3 at the merge: not material).
    world.reword("skills/use-pnpm-not-npm/SKILL.md", PNPM_RULE, REWORDED)
    world.session(_pnpm("add a logout button", "no, use pnpm not npm"), day=8)

    # Week 3, shallow: nothing about pnpm comes back; the pytest proposal keeps its commit.
    clone, result = world.run(shallow=True, max_proposals=2)
    assert [(p["branch"], p["status"]) for p in result["proposals"]] == [(PYTEST, "unchanged")]

    # Week 4: nothing changed at all; nothing is pushed.
    before = heads(world.origin)
    _clone, result = world.run(max_proposals=2)
    assert [(p["branch"], p["status"]) for p in result["proposals"]] == [(PYTEST, "unchanged")]
    assert heads(world.origin) == before
    # People: squash-merge the pytest skill (2 sessions); two more pytest sessions arrive
    # (4 against 2: material), and a 5th pnpm session (5 against 3: material).
    world.merge(PYTEST, 2, squash=True)
    world.session(_pytest("fix the flaky date test"), day=9)
    world.session(_pytest("run the test suite"), day=10)

    # Week 5: the grown pytest lesson is an update of the merged skill, never a new one.
    _clone, result = world.run(max_proposals=2)
    branches = [p["branch"] for p in result["proposals"]]
    assert all(not b.startswith(PYTEST) for b in branches), branches
    world.session(_pnpm("add a settings export", "use pnpm here, not npm"), day=11)

    # Week 6: the pnpm lesson has grown materially: an update of the reworded skill.
    _clone, result = world.run(max_proposals=2)
    kinds = {p["skill"]: p["kind"] for p in result["proposals"]}
    assert kinds.get("use-pnpm-not-npm") in (None, "update"), kinds
    assert DEPLOY not in kinds

    # People: a repeated ask arrives in three sessions.
    for n in range(3):
        world.session([user("regenerate the TypeScript API client from openapi/spec.yaml"),
                       shell("npx openapi-typescript openapi/spec.yaml -o src/api.ts", "ok"),
                       assistant("Regenerated.")], day=12 + n)

    # Week 7: it is proposed; a reviewer then pushes a commit onto its branch.
    _clone, result = world.run(max_proposals=2)
    [ask] = [p["branch"] for p in result["proposals"] if p["status"] == "written"]
    theirs = world.review_push(ask)

    # Week 8: the reviewer's commit is left alone, never overwritten.
    clone, result = world.run(max_proposals=2)
    assert [(p["branch"], p["status"]) for p in result["proposals"]
            if p["branch"] == ask] == [(ask, "foreign")]
    assert heads(world.origin)[ask] == theirs and ask not in heads(clone)
