"""The world of the soak test (`test_soak.py`): a skills repository on the git smart-HTTP
server, the GitHub REST stand-in for the same `o/r`, the sessions the Action mines, and the
people acting on the forge between weekly runs.

Each `week()` is one run of the Action's mine-and-publish: a fresh clone of the remote (or a
shallow one, `--depth 1`, as `actions/checkout` makes it), `skillgit mine --json` then
`skillgit publish --json`, in-process. What it saw and did (exit codes, JSON, the API writes
and the git pushes of that run, the remote heads before and after) is a `Week`, which
`soak_checks.violations` judges against what the people did (`Memory`)."""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from github_server import GitHubStub, Logged
from gitserver import GitHttpServer

from skillgit.cli import main
from skillgit.demo.run import create_repo
from skillgit.demo.scenarios import START, write_sessions
from skillgit.demo.transcripts import Step, claude_code_path, claude_code_records, write_jsonl
from skillgit.wire.commit import parse_trailers

CWD = "/srv/acme/webapp"


def git(cwd: Path, *args: str, check: bool = True) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=check, capture_output=True,
                          text=True).stdout


@dataclass
class Week:
    number: int
    mine_code: int
    publish_code: int
    mine: dict[str, Any]
    publish: dict[str, Any]
    err: str
    writes: list[Logged]
    pushes: int
    before: dict[str, str]            # remote skillgit/* heads before the run
    after: dict[str, str]
    fault: str = ""                   # "kill" | "5xx" | ""
    quiet: bool = False               # nothing changed since the last run

    def outcomes(self, status: str) -> list[str]:
        return [o["branch"] for o in self.publish.get("outcomes", []) if o["status"] == status]


@dataclass
class Memory:
    """What the people did, as the invariants need it."""

    merged: dict[str, tuple[int, str]] = field(default_factory=dict)   # skill → sessions, fp
    rejected: dict[str, tuple[int, str, int]] = field(default_factory=dict)
    # branch → (sessions, fingerprint, PR number) of a PR closed unmerged
    reviewed: dict[str, str] = field(default_factory=dict)   # branch → the reviewer's commit
    dashboard_seen: bool = False


@dataclass
class SoakWorld:
    root: Path
    bare: Path
    url: str
    github: GitHubStub
    server: GitHttpServer
    sessions: Path
    capsys: pytest.CaptureFixture[str]
    monkeypatch: pytest.MonkeyPatch
    max_open: int = 2
    memory: Memory = field(default_factory=Memory)
    weeks: list[Week] = field(default_factory=list)
    added: int = 0
    changed: bool = True              # something happened since the last run

    # -- the remote ----------------------------------------------------------------------------

    def heads(self) -> dict[str, str]:
        out = git(self.bare, "for-each-ref", "--format=%(refname) %(objectname)",
                  "refs/heads/skillgit/")
        return {ref.removeprefix("refs/heads/"): sha for ref, sha in
                (line.split() for line in out.splitlines())}

    def trailers(self, sha: str) -> dict[str, str]:
        return parse_trailers(git(self.bare, "log", "-1", "--format=%B", sha))

    def sessions_of(self, sha: str) -> int:
        evidence = self.trailers(sha).get("Skillgit-Evidence", "0").split()[0]
        return int(evidence) if evidence.isdigit() else 0

    def is_ancestor(self, old: str, new: str) -> bool:
        return subprocess.run(["git", "merge-base", "--is-ancestor", old, new], cwd=self.bare,
                              capture_output=True, check=False).returncode == 0

    def dashboard_number(self) -> int:
        """The one dashboard issue's number (the invariants check there is exactly one)."""
        [number] = [n for n, issue in self.github.state.issues.items()
                    if "skillgit:dashboard" in (issue.get("body") or "")]
        return number

    def pull_for(self, branch: str, state: str = "open") -> dict[str, Any]:
        [pull] = [p for p in self.github.state.pulls.values()
                  if p["head"]["ref"] == branch and p["state"] == state]
        return pull

    # -- one scheduled run ---------------------------------------------------------------------

    def _cli(self, args: list[str]) -> tuple[int, dict[str, Any], str]:
        self.capsys.readouterr()
        code = main(args)
        out, err = self.capsys.readouterr()
        try:
            data = json.loads(out) if out.strip() else {}
        except ValueError:
            data = {"unparsed": out}
        return code, data, err

    def week(self, *, shallow: bool = False, fault: str = "", max_proposals: int = 3) -> Week:
        number = len(self.weeks) + 1
        clone = self.root / f"week{number}"
        depth = ["--depth", "1"] if shallow else []
        git(self.root, "clone", "-q", *depth, f"file://{self.bare}", str(clone))
        git(clone, "remote", "set-url", "origin", self.url)
        self.monkeypatch.chdir(clone)
        log_at, git_at, before = len(self.github.log), len(self.server.writes()), self.heads()
        mine_code, mine, err = self._cli(["mine", "--json", "--llm", "heuristic", "--source",
                                          str(self.sessions), "--max",
                                          str(max_proposals)])
        publish: dict[str, Any] = {}
        publish_code, err2 = -1, ""
        if mine_code == 0:
            publish_code, publish, err2 = self._cli(["publish", "--json", "--max-open",
                                                     str(self.max_open)])
        week = Week(number, mine_code, publish_code, mine, publish, err + err2,
                    [e for e in self.github.log[log_at:] if e.is_write],
                    len(self.server.writes()) - git_at, before, self.heads(), fault,
                    quiet=not self.changed)
        self.weeks.append(week)
        self.changed = bool(fault)    # a run cut short leaves repairs for the next one
        return week

    # -- the people ----------------------------------------------------------------------------

    def _work(self, name: str, branch: str | None = None) -> Path:
        work = self.root / f"w{len(self.weeks)}-{name}"
        git(self.root, "clone", "-q", *(["-b", branch] if branch else []),
            f"file://{self.bare}", str(work))
        return work

    def merge(self, branch: str) -> None:
        """Merge the PR on the forge: a merge commit on main (the branch stays: GitHub's
        "automatically delete head branches" is off by default)."""
        pull = self.pull_for(branch)
        tip = self.heads()[branch]
        work = self._work("merge")
        git(work, "merge", "-q", "--no-ff", f"origin/{branch}", "-m",
            f"Merge pull request #{pull['number']} from o/{branch}")
        git(work, "push", "-q", "origin", "main")
        self.github.state.merge_pull(int(pull["number"]), git(work, "rev-parse", "HEAD").strip())
        skill = branch.rsplit("/", 1)[-1]
        self.memory.merged[skill] = (self.sessions_of(tip), self.trailers(tip)
                                     ["Skillgit-Proposal"])
        self.changed = True

    def close(self, branch: str) -> None:
        """Close the PR without merging: a "no"."""
        pull = self.pull_for(branch)
        tip = self.heads()[branch]
        self.github.state.close_pull(int(pull["number"]))
        self.memory.rejected[branch] = (self.sessions_of(tip),
                                        self.trailers(tip)["Skillgit-Proposal"],
                                        int(pull["number"]))
        self.changed = True

    def review(self, branch: str) -> str:
        """A reviewer pushes a commit of their own onto the proposal branch."""
        work = self._work("review", branch)
        (work / "REVIEW.md").write_text("Checked against our CI.\n")
        git(work, "add", "REVIEW.md")
        git(work, "commit", "-q", "-m", "Reviewer: note how this was checked")
        git(work, "push", "-q", "origin", branch)
        sha = git(work, "rev-parse", "HEAD").strip()
        self.memory.reviewed[branch] = sha
        self.changed = True
        return sha

    def reword(self, path: str, old: str, new: str) -> None:
        """Someone rewords a merged skill on main."""
        work = self._work("reword")
        text = (work / path).read_text()
        assert old in text, text
        (work / path).write_text(text.replace(old, new))
        git(work, "commit", "-q", "-am", "Reword a rule")
        git(work, "push", "-q", "origin", "main")
        self.changed = True

    def session(self, steps: list[Step], day: int) -> None:
        self.added += 1
        sid = f"{70 + self.added:08d}-50a4-4000-8000-{self.added:012d}"
        start = START + timedelta(days=day, hours=self.added)
        write_jsonl(claude_code_path(self.sessions / "claude", CWD, sid),
                    claude_code_records(sid, CWD, start, steps))
        self.changed = True


def make_soak(root: Path, server: GitHttpServer, github: GitHubStub,
              monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> SoakWorld:
    """The demo's skills repository as `o/r` on `server` (HEAD: main), the stand-in wired to
    its branches and in the environment, and the demo's sessions."""
    seed = root / "seed"
    create_repo(seed)
    bare = server.create_repo("o/r.git")
    git(seed, "push", "-q", str(bare), "main")
    git(bare, "symbolic-ref", "HEAD", "refs/heads/main")
    github.state.branch_sha = lambda branch: git(
        bare, "rev-parse", "--verify", "-q", f"refs/heads/{branch}", check=False).strip() or None
    for name, value in github.env.items():
        monkeypatch.setenv(name, value)
    sessions = root / "sessions"
    write_sessions(sessions)
    return SoakWorld(root, bare, server.url("o/r.git"), github, server, sessions, capsys,
                     monkeypatch)
