"""One world for `skillgit publish` end-to-end tests: a skills repository whose `origin` is a
real git smart-HTTP remote (Basic auth with the token), and the GitHub REST stand-in for the
same `o/r` repository, wired so the stand-in sees the branches the git remote holds."""

from __future__ import annotations

import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from github_server import GitHubStub
from gitserver import GitHttpServer
from pushkit import IDENTITY

from skillgit.cli import main
from skillgit.gitops import FileChange, GitRepo


def git(repo: Path, *args: str, check: bool = True) -> str:
    return subprocess.run(["git", *args], cwd=repo, check=check, capture_output=True,
                          text=True).stdout


def remote_sha(bare: Path, branch: str) -> str | None:
    out = git(bare, "rev-parse", "--verify", "-q", f"refs/heads/{branch}", check=False)
    return out.strip() or None


@dataclass
class Run:
    code: int
    out: str
    err: str


@dataclass
class World:
    repo: Path
    bare: Path
    github: GitHubStub
    git_server: GitHttpServer
    capsys: pytest.CaptureFixture[str]
    token: str
    runs: list[Run] = field(default_factory=list)

    def publish(self, *args: str) -> Run:
        self.capsys.readouterr()
        code = main(["publish", *args])
        captured = self.capsys.readouterr()
        run = Run(code, captured.out, captured.err)
        self.runs.append(run)
        return run

    def lines(self, run: Run) -> dict[str, str]:
        """branch → status, from the output lines."""
        out = {}
        for line in run.out.splitlines():
            parts = line.split()
            if not line.startswith(" ") and len(parts) >= 2 and parts[1].startswith("skillgit/"):
                out[parts[1]] = parts[0]
        return out

    def remote(self, branch: str) -> str | None:
        return remote_sha(self.bare, branch)

    def local(self, branch: str) -> str | None:
        with GitRepo(self.repo) as g:
            return g.ref_sha(branch)

    def pulls(self, state: str = "open") -> list[dict[str, object]]:
        return [p for p in self.github.state.pulls.values() if p["state"] == state]

    def propose(self, skill: str, fingerprint: str, sessions: int = 3,
                identity: str = IDENTITY,
                rejected: tuple[str | tuple[str, str], ...] = (),
                timestamp: int | None = None) -> str:
        """Write (or rewrite) skillgit/new/<skill> the way `mine` does; `rejected`: the
        run's rejected candidates, each a title (not repeatable) or (title, why)."""
        branch = f"skillgit/new/{skill}"
        notes = [(t, "not repeatable: seen once") if isinstance(t, str) else t
                 for t in rejected]
        others = ("\n\nRejected in the same run:\n" + "\n".join(
            f"- \u201c{t}\u201d (2 sessions): {why}" for t, why in notes)
        ) if rejected else ""
        message = (f"skills({skill}): add {skill}\n\n"
                   "Why: the gate is repeatable AND (room to do better OR a repeated ask).\n"
                   f"- Repeatable: yes, seen in {sessions} sessions.\n"
                   "- Room to do better: yes, corrected @octo/team in #12.\n"
                   "- Repeated ask: no, asked once.\n\nEvidence:\n"
                   f"- claude-code 2026-11-02 abcd1234, turn 3 (correction): \u201cuse "
                   f"pnpm, not npm {fingerprint[:4]}\u201d{others}\n\n"
                   f"Skillgit-Proposal: {fingerprint}\nSkillgit-Kind: new\n"
                   f"Skillgit-Skill: {skill}\nSkillgit-Evidence: {sessions} sessions\n"
                   "Skillgit-Engine: heuristic\n")
        content = (f"---\nname: {skill}\ndescription: Use pnpm for {skill}. Use when "
                   f"installing packages.\n---\n# {skill}\n\nRun pnpm. ({fingerprint})\n")
        with GitRepo(self.repo) as g:
            sha = g.write_commit(g.resolve("main"), [FileChange(
                f"skills/{skill}/SKILL.md", content.encode())], message, identity,
                timestamp=timestamp)
            g.set_ref(branch, sha, g.ref_sha(branch), f"propose {skill}")
        return sha


def make_world(tmp_path: Path, token: str, git_server: GitHttpServer, github: GitHubStub,
               monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> World:
    bare = git_server.create_repo("o/r.git")
    repo = tmp_path / "skills"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    (repo / "README.md").write_text("skills\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "init")
    git(repo, "remote", "add", "origin", git_server.url("o/r.git"))
    git(repo, "push", "-q", str(bare), "main")          # the base exists on the remote
    github.state.branch_sha = lambda branch: remote_sha(bare, branch)
    for name, value in github.env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.chdir(repo)
    return World(repo, bare, github, git_server, capsys, token)
