"""Benchmark: `publish` of N proposals (default 50) against the local test servers.

A real git smart-HTTP remote (`git http-backend`, Basic auth) and the GitHub REST stand-in
(page size 100, as `per_page=100` gets from GitHub) on 127.0.0.1. Three runs: the first opens
a PR per proposal, the second finds every PR unchanged, the third after new evidence on every
branch updates them. Reports API calls (reads and writes) per PR and wall time per run.
Goals: <= 4 calls per new PR, 0 per unchanged PR.

Usage: python benchmarks/bench_publish.py [--proposals N]
"""

from __future__ import annotations

import argparse
import os
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "publish"))

from github_server import GitHubStub
from gitserver import GitHttpServer

from skillgit.github.connect import connect
from skillgit.gitops import FileChange, GitRepo
from skillgit.publish.lifecycle import run_publish
from skillgit.publish.model import PublishOptions, PublishResult
from skillgit.wire.commit import DEFAULT_IDENTITY


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True,
                          text=True).stdout


def propose(repo: Path, n: int, round_: int) -> None:
    with GitRepo(repo) as g:
        main = g.resolve("main")
        for i in range(n):
            skill = f"skill-{i:03d}"
            fingerprint = f"{round_:04x}{i:012x}"
            message = (f"skills({skill}): add {skill}\n\nWhy: the gate holds.\n"
                       f"- Repeatable: yes, seen in {3 + round_} sessions.\n"
                       "- Room to do better: yes, corrected.\n- Repeated ask: no, once.\n\n"
                       "Evidence:\n- claude-code 2026-11-02 abcd1234, turn 3 (correction): "
                       f"\u201cuse pnpm {i}\u201d\n\nSkillgit-Proposal: {fingerprint}\n"
                       f"Skillgit-Kind: new\nSkillgit-Skill: {skill}\n"
                       f"Skillgit-Evidence: {3 + round_} sessions\nSkillgit-Engine: heuristic\n")
            text = (f"---\nname: {skill}\ndescription: Use pnpm for {skill}. Use when "
                    f"installing.\n---\n# {skill}\n\nRound {round_}.\n")
            sha = g.write_commit(main, [FileChange(f"skills/{skill}/SKILL.md",
                                                   text.encode())], message, DEFAULT_IDENTITY)
            g.set_ref(f"skillgit/new/{skill}", sha, g.ref_sha(f"skillgit/new/{skill}"), "bench")


def measure(repo: Path, github: GitHubStub, n: int, label: str) -> PublishResult:
    github.reset_log()
    options = PublishOptions(max_open=n, reviewers=["alice"], dashboard=False)
    start = time.perf_counter()
    result = run_publish(repo, options, lambda git: connect(git, options.remote, os.environ))
    wall = time.perf_counter() - start
    calls = len(github.log)
    writes = len(github.writes)
    statuses = sorted({o.status for o in result.outcomes})
    print(f"{label:<10} {wall:6.2f} s  {calls:4d} API calls ({writes} writes) = "
          f"{calls / n:.2f} per PR  statuses: {', '.join(statuses)}")
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--proposals", type=int, default=50)
    n = parser.parse_args().proposals
    token = f"ghs_{secrets.token_hex(18)}"
    with tempfile.TemporaryDirectory() as scratch, \
            GitHttpServer(Path(scratch) / "remotes", token=token) as server, \
            GitHubStub(owner="o", name="r", token=token, page_size=100) as github:
        bare = server.create_repo("o/r.git")
        repo = Path(scratch) / "skills"
        repo.mkdir()
        git(repo, "init", "-q", "-b", "main")
        (repo / "README.md").write_text("skills\n")
        git(repo, "add", "-A")
        git(repo, "-c", "user.name=b", "-c", "user.email=b@example.invalid", "commit", "-qm", "i")
        git(repo, "remote", "add", "origin", server.url("o/r.git"))
        git(repo, "push", "-q", str(bare), "main")
        github.state.branch_sha = lambda b: subprocess.run(
            ["git", "rev-parse", "--verify", "-q", f"refs/heads/{b}"], cwd=bare,
            capture_output=True, text=True).stdout.strip() or None
        os.environ.update(github.env)
        os.environ["HOME"] = scratch
        propose(repo, n, 0)
        measure(repo, github, n, "new")
        measure(repo, github, n, "unchanged")
        propose(repo, n, 4)
        measure(repo, github, n, "updated")


if __name__ == "__main__":
    main()
