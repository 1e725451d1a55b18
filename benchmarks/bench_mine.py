"""Benchmark: end-to-end `mine` with the heuristic engine.

Generates N sessions (default 1,000) in real Claude Code and Codex formats: most are one-off
work, some repeat a correction, an environment failure + fix, or an ask; or, with `--real`,
the shared corpus's Claude Code and Codex files replicated with fresh session ids to `--mb`
MB (default 200, `real_corpus.py`). Reports wall time per stage for a cold cache and a warm
cache in process, the whole CLI (`skillgit mine --dry-run --json` in a subprocess, start-up
included: wall, CPU, peak RSS) cold and warm, and separately the time to write 50 proposals
as branches, with the floor "read every line + json.loads" as the baseline of the same run.

Usage: python benchmarks/bench_mine.py [--sessions N] [--real [--mb MB]]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import real_corpus

from skillgit.demo.transcripts import (
    assistant,
    claude_code_path,
    claude_code_records,
    codex_path,
    codex_records,
    shell,
    user,
    write_jsonl,
)
from skillgit.distill.cache import DigestCache
from skillgit.distill.heuristic import HeuristicEngine
from skillgit.distill.run import DistillOptions, distill_sessions
from skillgit.gitops import GitRepo
from skillgit.mine.propose import propose
from skillgit.mine.run import MineOptions, mine_digests
from skillgit.redact import Redactor
from skillgit.transcripts.discover import SessionQuery
from skillgit.wire.ledger import Ledger

TOOLS = ["pnpm", "uv", "ruff", "podman", "vitest", "biome", "bun", "poetry", "nox", "just"]
OTHERS = ["npm", "pip", "flake8", "docker", "jest", "eslint", "node", "pipenv", "tox", "make"]
WORDS = ["page", "form", "report", "export", "sidebar", "invoice", "login", "cart", "search",
         "profile", "chart"]


def generate(root: Path, count: int, seed: int = 11) -> None:
    rng = random.Random(seed)
    start = datetime(2026, 10, 1, tzinfo=timezone.utc)
    for n in range(count):
        ask = f"add a {rng.choice(WORDS)} {rng.choice(WORDS)} with {rng.randint(1, 999)} items"
        steps = [user(ask), assistant("Working on it."),
                 shell(f"cat src/{rng.choice(WORDS)}.ts", "x" * rng.randint(200, 4000))]
        kind = n % 10
        if kind == 0:
            i = rng.randrange(len(TOOLS))
            steps += [shell(f"{OTHERS[i]} run build", "ok"),
                      user(f"no, use {TOOLS[i]} not {OTHERS[i]} here")]
        elif kind == 1:
            steps += [shell("pytest tests/", "ModuleNotFoundError: No module named 'app'", 1),
                      shell("PYTHONPATH=src pytest tests/", "10 passed")]
        steps += [assistant("Done."), user("thanks")]
        sid = f"{n:08d}-beef-4000-8000-{n:012d}"
        when = start + timedelta(minutes=37 * n)
        if n % 2:
            write_jsonl(codex_path(root / ".codex", when, sid),
                        codex_records(sid, "/srv/app", when, steps))
        else:
            write_jsonl(claude_code_path(root / ".claude", "/srv/app", sid),
                        claude_code_records(sid, "/srv/app", when, steps))


def floor(root: Path) -> float:
    began = time.perf_counter()
    for path in root.rglob("*.jsonl"):
        with path.open("rb") as handle:
            for line in handle:
                json.loads(line)
    return time.perf_counter() - began


def make_repo(path: Path) -> None:
    path.mkdir()
    subprocess.run(["git", "init", "-q", "-b", "main", str(path)], check=True)
    (path / "README.md").write_text("skills\n")
    subprocess.run(["git", "-C", str(path), "add", "-A"], check=True)
    subprocess.run(["git", "-C", str(path), "-c", "user.name=b", "-c", "user.email=b@x",
                    "commit", "-qm", "init"], check=True)


def timed_run(sessions: Path, repo: Path, cache: DigestCache,
              redactor: Redactor) -> dict[str, float]:
    times: dict[str, float] = {}
    began = time.perf_counter()
    distilled = distill_sessions(HeuristicEngine(), DistillOptions(
        query=SessionQuery(source=sessions), workers=2), cache, redactor)
    times["discover+parse+redact+distill"] = time.perf_counter() - began
    with GitRepo(repo) as git:
        began = time.perf_counter()
        found = propose(git, git.resolve("main"), distilled.digests, redactor=redactor)
        times["group+judge+generate+validate"] = time.perf_counter() - began
    began = time.perf_counter()
    mine_digests(repo, distilled.digests, MineOptions(), redactor)
    times["propose+write (mine_digests)"] = time.perf_counter() - began
    times["sessions"] = float(distilled.stats.sessions)
    times["proposals"] = float(len(found.proposals))
    return times


def write_fifty(repo: Path, redactor: Redactor) -> tuple[float, int]:
    from skillgit.digest import Digest, Evidence, FeedbackItem

    digests = []
    for topic in range(50):
        for day in range(2):
            quote = f"no, use tool{topic}x not tool{topic}y for module{topic}z"
            digests.append(Digest(
                agent="claude-code", session_id=f"s{topic}-{day}", n_user_turns=2,
                user_feedback=[FeedbackItem(kind="correction", summary=quote,
                                            evidence=[Evidence(quote=quote, turn=1)])],
                engine="heuristic", prompt_version="bench"))
    with GitRepo(repo) as git:
        found = propose(git, git.resolve("main"), digests, max_proposals=50,
                        ledger=Ledger(), redactor=redactor)
        began = time.perf_counter()
        from skillgit.mine.write import write_proposal
        from skillgit.wire.commit import DEFAULT_IDENTITY
        base = git.resolve("main")
        for proposal in found.proposals:
            write_proposal(git, proposal, base, DEFAULT_IDENTITY)
        return time.perf_counter() - began, len(found.proposals)


def cli_mine(sessions: Path, repo: Path, env: dict[str, str]) -> real_corpus.CliRun:
    run = real_corpus.run_cli(["mine", "--dry-run", "--json", "--source", str(sessions),
                               "--repo", str(repo), "--llm", "heuristic"], env)
    if run.returncode != 0:
        raise SystemExit(f"skillgit mine --dry-run exited {run.returncode}")
    return run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--real", action="store_true",
                        help="the shared corpus replicated with fresh session ids instead")
    parser.add_argument("--mb", type=float, default=200, help="MB of the --real corpus")
    args = parser.parse_args()
    redactor = Redactor(home="/home/bench")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        if args.real:
            real_corpus.generate(root / "sessions", args.mb)
        else:
            generate(root / "sessions", args.sessions)
        size = sum(p.stat().st_size for p in (root / "sessions").rglob("*.jsonl"))
        base = floor(root / "sessions")
        cache = DigestCache(root / "cache")
        make_repo(root / "repo")
        cold = timed_run(root / "sessions", root / "repo", cache, redactor)
        warm = timed_run(root / "sessions", root / "repo", cache, redactor)
        env = real_corpus.isolated_env(root / "cli")
        real_corpus.run_cli(["--version"], env)  # warm the bytecode cache
        make_repo(root / "cli-repo")
        cli_cold = cli_mine(root / "sessions", root / "cli-repo", env)
        cli_warm = cli_mine(root / "sessions", root / "cli-repo", env)
        make_repo(root / "repo50")
        fifty, n = write_fifty(root / "repo50", redactor)
    corpus = "real-format corpus" if args.real else f"{args.sessions} generated sessions"
    print(f"corpus: {corpus}, {size / 1e6:.1f} MB; floor (read + json.loads): {base:.3f} s")
    for label, result in (("cold cache", cold), ("warm cache", warm)):
        print(f"{label}: {int(result.pop('sessions'))} sessions, "
              f"{int(result.pop('proposals'))} proposals")
        for stage, seconds in result.items():
            print(f"  {stage:<34} {seconds:7.3f} s  ({seconds / base:5.1f}x floor)")
    for label, run in (("cold cache", cli_cold), ("warm cache", cli_warm)):
        summary = json.loads(run.stdout)
        print(f"CLI mine --dry-run, {label}: {run.seconds:7.3f} s wall "
              f"({run.seconds / base:5.1f}x floor), {run.cpu:7.3f} s CPU, peak RSS "
              f"{run.rss_mb:.0f} MB; {summary['sessions']} sessions, "
              f"{len(summary['proposals'])} proposals")
    ratio = warm["discover+parse+redact+distill"] / cold["discover+parse+redact+distill"]
    print(f"warm/cold distill: {ratio:.1%} in process, "
          f"{cli_warm.seconds / cli_cold.seconds:.1%} whole CLI")
    print(f"writing {n} proposals as branches: {fifty:.3f} s (target < 2 s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
