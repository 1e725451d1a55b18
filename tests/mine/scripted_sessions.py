"""Mine scripted sessions end to end: an empty skills repository, one transcript per session
(Claude Code or Codex format, one day apart), the heuristic engine and a fresh cache."""

from __future__ import annotations

import subprocess
from datetime import datetime, timedelta
from pathlib import Path

from skillgit.demo.transcripts import (
    Step,
    claude_code_path,
    claude_code_records,
    codex_path,
    codex_records,
    write_jsonl,
)
from skillgit.distill.cache import DigestCache
from skillgit.distill.heuristic import HeuristicEngine
from skillgit.mine.run import MineOptions, MineResult, run_mine
from skillgit.redact import Redactor
from skillgit.transcripts.discover import SessionQuery


def mine_scripted(tmp_path: Path, sessions: list[tuple[str, list[Step]]], *, cwd: str,
                  start: datetime, tag: str) -> MineResult:
    """`sessions` as (agent, steps), agent `codex` or `claude-code`; `tag` is four hex digits
    that keep the session ids of one test file apart from another's."""
    repo = tmp_path / "repo"
    (repo / "skills").mkdir(parents=True)
    (repo / "skills" / ".keep").write_text("")
    for args in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-qm", "init"]):
        subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True)
    root = tmp_path / "sessions"
    for n, (agent, steps) in enumerate(sessions):
        when, sid = start + timedelta(days=n), f"{n:08d}-{tag}-4000-8000-{n:012d}"
        if agent == "codex":
            write_jsonl(codex_path(root / "codex", when, sid),
                        codex_records(sid, cwd, when, steps))
        else:
            write_jsonl(claude_code_path(root / "claude", cwd, sid),
                        claude_code_records(sid, cwd, when, steps))
    _distilled, result = run_mine(repo, SessionQuery(source=root), MineOptions(),
                                  HeuristicEngine(), cache=DigestCache(tmp_path / "cache"),
                                  redactor=Redactor(home="/home/tester"))
    return result
