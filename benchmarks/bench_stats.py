"""Benchmark: `skillgit stats` on N sessions (default 1,000), 50 skills, 200 commits of history.

Builds a skills repository whose 50 skills change over 200 dated commits (written with dulwich,
no git subprocess), and N sessions in real Claude Code and Codex formats, each invoking one to
three skills at dates spread over the history (half of the Claude Code invocations carry the
skill's injected text, so they are matched by content key; the rest by name and time). Reports
wall time of the history walk alone, of the whole `stats` run (parse, classify, attribute,
aggregate), and how many times history was walked (must be 1, whatever the invocation count).

Usage: python benchmarks/bench_stats.py [--sessions N] [--skills N] [--commits N]
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from skillgit.attribution import run as attribution_run
from skillgit.attribution.history import build_history
from skillgit.demo.transcripts import (
    claude_code_path,
    claude_code_records,
    codex_path,
    codex_records,
    shell,
    skill,
    user,
    write_jsonl,
)
from skillgit.gitops import FileChange, GitRepo
from skillgit.redact import Redactor
from skillgit.transcripts.discover import SessionQuery

START = datetime(2026, 1, 1, tzinfo=timezone.utc)
AUTHOR = "bench <bench@example.com>"


def skill_text(name: str, revision: int) -> str:
    steps = "\n".join(f"{i}. Step {i} of {name}, revision {revision}." for i in range(1, 12))
    return (f"---\nname: {name}\ndescription: How to {name.replace('-', ' ')}. Use when asked "
            f"to {name.replace('-', ' ')}.\n---\n# {name}\n\n{steps}\n")


def build_repo(root: Path, skills: int, commits: int, rng: random.Random,
               ) -> tuple[list[str], dict[tuple[str, int], str], datetime]:
    """(skill names, (name, revision) → text, date of the last commit)."""
    import subprocess
    subprocess.run(["git", "init", "-q", "-b", "main", str(root)], check=True)
    names = [f"skill-{n:02d}" for n in range(skills)]
    texts: dict[tuple[str, int], str] = {}
    revision = dict.fromkeys(names, 0)
    when = START
    with GitRepo(root) as repo:
        tip: str | None = None
        for n in range(commits):
            name = names[n] if n < skills else rng.choice(names)
            revision[name] += 1
            text = skill_text(name, revision[name])
            texts[(name, revision[name])] = text
            when = START + timedelta(hours=8 * n)
            tip = repo.write_commit(tip, [FileChange(f"skills/{name}/SKILL.md", text.encode())],
                                    f"{name}: revision {revision[name]}", AUTHOR,
                                    timestamp=int(when.timestamp()))
        assert tip is not None
        repo.set_ref("refs/heads/main", tip, None, "bench")
    return names, texts, when


def with_body(records: list[dict[str, Any]], name: str, text: str) -> list[dict[str, Any]]:
    """Claude Code records with the injected skill body after the Skill tool's result."""
    out: list[dict[str, Any]] = []
    for record in records:
        out.append(record)
        content = record.get("message", {}).get("content")
        if isinstance(content, list) and content and content[0].get("content") == \
                f"Launching skill: {name}":
            body = text.split("\n---\n", 1)[1]
            out.append({**record, "uuid": record["uuid"] + "-meta", "isMeta": True,
                        "sourceToolUseID": content[0]["tool_use_id"],
                        "message": {"role": "user", "content": [{"type": "text", "text": (
                            f"Base directory for this skill: /home/u/.claude/skills/{name}\n\n"
                            + body)}]}})
    return out


def generate(root: Path, count: int, names: list[str], texts: dict[tuple[str, int], str],
             end: datetime, rng: random.Random) -> None:
    span = (end - START).total_seconds()
    for n in range(count):
        start = START + timedelta(seconds=rng.uniform(0, span))
        used = rng.sample(names, rng.randint(1, 3))
        steps = [user(f"task {n}: work on {' and '.join(used)}")]
        for name in used:
            steps += [skill(name), shell(f"./run-{name}.sh", "ok" if rng.random() < 0.8
                                         else "error: failed", 0 if rng.random() < 0.8 else 1),
                      user(rng.choice(["thanks", "no, use the staging profile instead",
                                       "remember to run the linter first.", "next step"]))]
        sid = f"{n:08d}-0000-4000-8000-{n:012d}"
        if n % 2:
            write_jsonl(codex_path(root / "codex", start, sid),
                        codex_records(sid, "/work/app", start, steps))
            continue
        records = claude_code_records(sid, "/work/app", start, steps)
        if n % 4 == 0:  # the installed copy's text: its newest revision before `start`
            for name in used:
                revisions = sorted(r for (s, r) in texts if s == name)
                records = with_body(records, name, texts[(name, revisions[0])])
        write_jsonl(claude_code_path(root / "claude", "/work/app", sid), records)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--skills", type=int, default=50)
    parser.add_argument("--commits", type=int, default=200)
    args = parser.parse_args()
    rng = random.Random(15)
    with tempfile.TemporaryDirectory(prefix="bench-stats-") as tmp:
        root = Path(tmp)
        names, texts, end = build_repo(root / "repo", args.skills, args.commits, rng)
        generate(root / "sessions", args.sessions, names, texts, end, rng)
        walks = 0
        original = attribution_run.build_history

        def counted(*a: Any, **k: Any) -> Any:
            nonlocal walks
            walks += 1
            return original(*a, **k)

        attribution_run.build_history = counted  # type: ignore[assignment]
        began = time.perf_counter()
        with GitRepo(root / "repo") as repo:
            history = build_history(repo, repo.resolve("main"))
        walk = time.perf_counter() - began
        began, cpu = time.perf_counter(), time.process_time()
        report = attribution_run.collect(root / "repo", SessionQuery(source=root / "sessions"),
                                         Redactor(), window=3)
        total, cpu = time.perf_counter() - began, time.process_time() - cpu
        invocations = sum(s.total.invocations for s in report.skills.values())
        print(f"history: {args.skills} skills, {history.commits_walked} commits walked, "
              f"{sum(len(v) for v in history.versions.values())} versions in {walk:.3f} s")
        print(f"stats: {report.sessions} sessions, {invocations} invocations attributed, "
              f"{walks} history walk(s), {total:.2f} s wall, {cpu:.2f} s CPU "
              f"({1000 * total / max(report.sessions, 1):.2f} ms/session)")


if __name__ == "__main__":
    main()
