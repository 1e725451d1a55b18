"""Helpers for team-mining tests: contributors with their own HOME, sessions, clones."""

from __future__ import annotations

import json
import subprocess
import zlib
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from skillgit.cli import main
from skillgit.demo.transcripts import (
    Step,
    assistant,
    claude_code_path,
    claude_code_records,
    shell,
    user,
    write_jsonl,
)

START = datetime(2026, 11, 2, 9, 0, tzinfo=timezone.utc)
PROJECTS = ["~/src/webapp"]


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True,
                          text=True).stdout


def pnpm_session(ask: str, correction: str) -> list[Step]:
    return [user(ask), assistant("Installing dependencies."),
            shell("npm install", "added 300 packages"), user(correction),
            shell("pnpm install", "done"), assistant("Done.")]


@dataclass
class Contributor:
    name: str
    home: Path
    clone: Path
    email: str
    count: int = 0

    def session(self, steps: list[Step], cwd: str = "src/webapp", day: int = 0) -> str:
        """Write a Claude Code session under this contributor's HOME; returns its id."""
        self.count += 1
        n = zlib.crc32(self.name.encode()) % 10_000 * 100 + self.count
        sid = f"{n:08d}-7e40-4000-8000-{n:012d}"
        folder = cwd if cwd.startswith("/") else str(self.home / cwd)
        start = START + timedelta(days=day, hours=self.count)
        write_jsonl(claude_code_path(self.home / ".claude", folder, sid),
                    claude_code_records(sid, folder, start, steps))
        return sid

    def activate(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("HOME", str(self.home))
        for name in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
            monkeypatch.setenv(name, str(self.home / name.lower()))
        monkeypatch.chdir(self.clone)

    def run(self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
            *args: str) -> tuple[int, str, str]:
        self.activate(monkeypatch)
        capsys.readouterr()
        code = main(list(args))
        out, err = capsys.readouterr()
        return code, out, err


def contributor(tmp_path: Path, name: str, remote: str,
                projects: list[str] | None = None, contributor_id: str | None = None
                ) -> Contributor:
    home = tmp_path / f"home-{name}"
    for sub in ("xdg_config_home", "xdg_cache_home", "xdg_data_home", "xdg_state_home"):
        (home / sub).mkdir(parents=True)
    clone = tmp_path / f"clone-{name}"
    clone.mkdir()
    git(clone, "init", "-q", "-b", "main")
    git(clone, "config", "user.email", f"{name}@example.com")
    git(clone, "config", "user.name", name.title())
    git(clone, "remote", "add", "origin", remote)
    share: dict[str, object] = {"projects": PROJECTS if projects is None else projects}
    if contributor_id:
        share["contributor"] = contributor_id
    (clone / ".skillgit.yaml").write_text(json.dumps({"share": share}))
    return Contributor(name, home, clone, f"{name}@example.com")


def all_objects(git_dir: Path) -> bytes:
    """Every object in a (bare) repository, contents concatenated."""
    return subprocess.run(["git", "--git-dir", str(git_dir), "cat-file",
                           "--batch-all-objects", "--batch"], check=True,
                          capture_output=True).stdout


def ref_files(git_dir: Path, ref: str) -> dict[str, bytes]:
    names = subprocess.run(["git", "--git-dir", str(git_dir), "ls-tree", "-r", "--name-only",
                            ref], check=True, capture_output=True, text=True).stdout.split()
    return {name: subprocess.run(["git", "--git-dir", str(git_dir), "show", f"{ref}:{name}"],
                                 check=True, capture_output=True).stdout for name in names}


def remote_refs(git_dir: Path) -> dict[str, str]:
    lines = subprocess.run(["git", "--git-dir", str(git_dir), "for-each-ref",
                            "--format=%(refname) %(objectname)"], check=True,
                           capture_output=True, text=True).stdout.splitlines()
    return dict(line.split(" ", 1) for line in lines)


def dry_run_files(out: str) -> dict[str, bytes]:
    """The `=== path (…)` sections of `share --dry-run` output: path → the bytes shown."""
    files: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in out.splitlines(keepends=True):
        if line.startswith("=== "):
            current = files.setdefault(line[4:].split(" ", 1)[0], [])
        elif current is not None and not line.startswith(("would-push", "unchanged")):
            current.append(line)
    return {path: "".join(lines).encode() for path, lines in files.items()}
