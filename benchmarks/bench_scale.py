"""Benchmark: `skillgit mine --dry-run` (the real CLI, a whole process, warm digest cache) on
1k to 50k sessions, to check that mining grows linearly with the number of sessions.

The sessions are real-format Claude Code and Codex transcripts whose asks draw their words
from a Zipf-like vocabulary (everyday and generic words most often, then tools, then a long
tail of project words, paths and identifiers), with a few real lessons repeated across
sessions (a correction, an environment failure and its fix) and one-off noise corrections.

How the warm cache is made (distilling 50,000 sessions cold would take far longer than the
benchmark): every session is written as a real-format transcript, and its digest is written
through the cache module's own API (`DigestCache.put`, which screens it, and
`put_file_refs`, with each file's real fingerprint), built the way the heuristic engine
builds it from that transcript (the asks through the engine's own `summarize_ask`, the
correction, the failure and its fix). A check distills a sample of the sessions with the
real pipeline and prints how many of its digests carry exactly the generated tasks and
feedback. `--real-distill` warms the cache with the real pipeline instead (slow). Each
smaller corpus holds hard links to the first N files of the largest, with its own index
entries. Then every size is mined by the CLI as a user would,
`skillgit mine --dry-run --source DIR`, on a warm cache.

Reported per size: wall time of the whole process, the ratio to the previous size per
doubling (time ratio ** (1 / log2(size ratio)), the goal is <= 2.2 at every step), the
process's peak memory (max RSS), and the in-process times of the stages after distilling
(signals, group, judge, all of propose) on the same digests.

Two corpora (`--corpus`, default both), each reported against the floor of reading its files
(every line of every file read and `json.loads`ed, in a fresh process, measured in the same
run):
- small: the corpus above; its candidates stay small (a lesson recurs in tens of sessions);
- huge: many sessions teach lessons of one template (a handful of tool switches, each
  corrected in its own words with its own arguments and flags, hundreds of sessions per
  candidate), plus the same asks and one-off noise.
Goals: at most 2.2x per doubling; on the huge corpus 4k -> 16k at most 4.4x and 16k at most
8x its read floor (CPU time).

Usage: python benchmarks/bench_scale.py [--sizes 1000,2000,...] [--corpus small|huge|both]
                                         [--workdir DIR] [--real-distill] [--no-in-process]
(a --workdir is kept and reused: the corpus and the cache are built only once)
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import NamedTuple

from skillgit.demo.transcripts import (
    Step,
    assistant,
    claude_code_path,
    claude_code_records,
    codex_path,
    codex_records,
    shell,
    user,
    write_jsonl,
)
from skillgit.digest import Digest, Evidence, FeedbackItem, TaskItem
from skillgit.distill.cache import (
    ConversationRef,
    DigestCache,
    default_cache_dir,
    digest_key,
    file_fingerprint,
    parse_tag,
)
from skillgit.distill.heuristic import PROMPT_VERSION, HeuristicEngine
from skillgit.distill.run import DistillOptions, distill_sessions
from skillgit.distill.user_signals import summarize_ask
from skillgit.gitops import GitRepo
from skillgit.mine.group import group
from skillgit.mine.judge import ranked_verdicts
from skillgit.mine.propose import MAX_REJECTED_LISTED, propose
from skillgit.mine.signals import signals_from
from skillgit.mine.terms import COMMON_WORDS, GENERIC_TERMS
from skillgit.redact import Redactor
from skillgit.transcripts.discover import SessionQuery

SIZES = (1000, 2000, 4000, 8000, 16000, 50000)
GOAL_RATIO, GOAL_50K_SECONDS = 2.2, 60.0
GOAL_4K_16K, GOAL_FLOOR = 4.4, 8.0   # warm mine 4k -> 16k, and 16k against its read floor
START = datetime(2026, 1, 5, 8, 0, tzinfo=timezone.utc)
TOOLS = ["pnpm", "npm", "uv", "pip", "ruff", "flake8", "podman", "docker", "vitest", "jest",
         "biome", "eslint", "bun", "node", "poetry", "pipenv", "nox", "tox", "just", "make",
         "terraform", "kubectl", "helm", "cargo", "go", "gradle", "maven", "pytest", "mypy",
         "alembic", "prisma", "redis", "postgres", "sqlite", "nginx", "vite", "webpack", "tsc"]
# Real lessons users repeat across sessions: (wrong, right, topic words)
CORRECTIONS = [("npm", "pnpm", "install"), ("pip", "uv", "dependencies"),
               ("docker", "podman", "containers"), ("jest", "vitest", "unit tests"),
               ("flake8", "ruff", "lint"), ("tox", "nox", "sessions"),
               ("make", "just", "recipes"), ("pipenv", "poetry", "lockfile"),
               ("eslint", "biome", "format"), ("node", "bun", "scripts")]
FAILURES = [("pytest tests/", "ModuleNotFoundError: No module named 'app'",
             "PYTHONPATH=src pytest tests/"),
            ("alembic upgrade head", "sqlalchemy.exc.OperationalError: database is locked",
             "rm -f dev.db-journal && alembic upgrade head"),
            ("pnpm build", "Error: Cannot find module 'vite'", "pnpm install && pnpm build"),
            ("cargo test", "error[E0432]: unresolved import `crate::db`",
             "cargo test --features db"),
            ("kubectl apply -f k8s/", "error: You must be logged in to the server",
             "kubectl --context staging apply -f k8s/")]


def vocabulary(rng: random.Random, tail: int = 6000) -> list[str]:
    """Words by rank: everyday and generic words, then tools, then a long tail of project
    words, dotted file names and snake_case identifiers."""
    head = sorted(GENERIC_TERMS | COMMON_WORDS)
    rng.shuffle(head)
    syllables = ["ka", "lo", "mi", "ne", "ru", "to", "va", "ze", "bri", "cor", "dan", "fel",
                 "gus", "hal", "jin", "mor", "pex", "quo", "sil", "tra", "ul", "wen", "yor"]
    words: set[str] = set()
    while len(words) < tail:
        word = "".join(rng.choice(syllables) for _ in range(rng.randint(2, 4)))
        form = rng.random()
        words.add(f"{word}.py" if form < 0.1 else f"{word}_{rng.choice(syllables)}"
                  if form < 0.2 else word)
    rest = sorted(words)
    rng.shuffle(rest)
    return head[:200] + TOOLS + head[200:] + rest


class Sampler:
    """Zipf-like word draws (weight 1 / rank ** 1.05)."""

    def __init__(self, words: list[str], rng: random.Random) -> None:
        self.words, self.rng = words, rng
        self.cumulative = list(itertools.accumulate(1 / (r + 1) ** 1.05
                                                    for r in range(len(words))))

    def draw(self, k: int) -> list[str]:
        return self.rng.choices(self.words, cum_weights=self.cumulative, k=k)


Facts = dict[str, list[tuple[int, str]]]  # kind → (turn, text)
# The huge corpus's lessons, one template: (wrong program, right program, subcommand, flag)
SWITCHES = [("npm", "pnpm", "add", "--save-exact"), ("pip", "uv", "pip install", "--upgrade"),
            ("docker", "podman", "run", "--rm"), ("jest", "vitest", "run", "--coverage"),
            ("flake8", "ruff", "check", "--fix")]
PHRASINGS = ["no, use {right} not {wrong} for {arg}", "don't use {wrong} here, always {right}",
             "again: {right}, not {wrong}", "`{do}` please, not `{dont}`",
             "we use {right} in this repo, never {wrong} ({arg})", "stop, {flag} on {arg}",
             "no - run `{do}` instead"]


# ... and standing rules said in the same words each time, whatever the agent had just run
# (a command of any program): (the rule, the command that then worked)
NORMS = [("never edit the generated client by hand, regenerate it", "pnpm run codegen"),
         ("the integration tests need the database, start it first", "docker compose up -d db"),
         ("always run the migrations before the tests", "alembic upgrade head"),
         ("the release notes go in CHANGELOG.md under Unreleased", "git add CHANGELOG.md")]


def switch_lesson(rng: random.Random, words: Sampler) -> tuple[str, str, str]:
    """(correction, corrected command, succeeded command) of one of SWITCHES, in one of
    PHRASINGS, with its own argument and sometimes the flag; or one of NORMS after a
    command of any program."""
    if rng.random() < 0.4:
        norm, do = NORMS[min(int(rng.expovariate(0.7)), len(NORMS) - 1)]
        tool, arg = words.draw(2)
        tool = "".join(ch for ch in tool.lower() if ch.isalnum()) or "make"
        return norm, f"{tool} {arg}", do
    wrong, right, sub, flag = SWITCHES[min(int(rng.expovariate(0.5)), len(SWITCHES) - 1)]
    arg = words.draw(1)[0]
    with_flag = rng.random() < 0.4
    dont = f"{wrong} {sub} {arg}"
    do = f"{right} {sub} {arg}{' ' + flag if with_flag else ''}"
    text = rng.choice(PHRASINGS if with_flag else PHRASINGS[:5])
    return text.format(right=right, wrong=wrong, arg=arg, do=do, dont=dont, flag=flag), dont, do


def session_steps(rng: random.Random, words: Sampler,
                  huge: bool = False) -> tuple[list[Step], Facts]:
    """One session's steps, and what the heuristic engine finds in it (turn, text); `huge`:
    most sessions teach one of SWITCHES."""
    ask = f"please {' '.join(words.draw(rng.randint(6, 12)))}"
    steps = [user(ask), assistant("Looking at it."),
             shell(f"cat src/{words.draw(1)[0]}", "x" * rng.randint(100, 1500))]
    facts: Facts = {"asks": [(0, ask)], "corrections": [], "env": [], "commands": []}
    roll = rng.random()
    if huge and roll < 0.7:
        correction, dont, do = switch_lesson(rng, words)
        steps += [shell(dont, "ok"), user(correction), shell(do, "ok")]
        facts["corrections"].append((4, correction))
        facts["commands"] += [(4, dont), (4, do)]
    elif huge and roll < 0.8:
        command, error, fix = FAILURES[min(int(rng.expovariate(0.6)), 4)]
        steps += [shell(command, error, 1), shell(fix, "ok")]
        facts["env"] += [(3, command), (3, error), (4, fix)]
    elif not huge and roll < 0.12:  # a real lesson, repeated; popular ones more often
        wrong, right, topic = CORRECTIONS[min(int(rng.expovariate(0.4)), 9)]
        correction = f"no, use {right} not {wrong} for the {topic}"
        steps += [shell(f"{wrong} run build", "ok"), user(correction),
                  shell(f"{right} run build", "ok")]
        facts["corrections"].append((4, correction))
    elif not huge and roll < 0.18:
        command, error, fix = FAILURES[min(int(rng.expovariate(0.6)), 4)]
        steps += [shell(command, error, 1), shell(fix, "ok")]
        facts["env"] += [(3, command), (3, error), (4, fix)]
    if (not huge and 0.18 <= roll < 0.26) or (huge and roll >= 0.92):
        # a one-off correction, in words nobody repeats on purpose
        correction = f"no, {' '.join(words.draw(rng.randint(4, 9)))}"
        steps += [shell(f"{rng.choice(TOOLS)} run", "ok"), user(correction)]
        facts["corrections"].append((4, correction))
    if rng.random() < 0.3:
        also = f"also {' '.join(words.draw(rng.randint(5, 10)))}"
        facts["asks"].append((len(steps), also))
        steps.append(user(also))
    steps.append(assistant("Done."))
    return steps, facts


class Session(NamedTuple):
    agent: str
    relative: Path
    session_id: str
    started: datetime
    facts: Facts
    user_turns: int


def generate(root: Path, count: int, seed: int = 7, huge: bool = False) -> list[Session]:
    """`count` real-format sessions under `root`, in order (`huge`: see `session_steps`)."""
    rng = random.Random(seed)
    words = Sampler(vocabulary(rng), rng)
    sessions = []
    for n in range(count):
        sid = f"{n:08x}-5ca1-4000-8000-{n:012x}"
        when = START + timedelta(minutes=11 * n)
        cwd = f"/srv/project{n % 40}"
        steps, facts = session_steps(rng, words, huge)
        if n % 2:
            agent = "codex"
            path = write_jsonl(codex_path(root / ".codex", when, sid),
                               codex_records(sid, cwd, when, steps))
        else:
            agent = "claude-code"
            path = write_jsonl(claude_code_path(root / ".claude", cwd, sid),
                               claude_code_records(sid, cwd, when, steps))
        turns = len(facts["asks"]) + len(facts["corrections"])
        sessions.append(Session(agent, path.relative_to(root), sid, when, facts, turns))
    return sessions


def digest_of(session: Session) -> Digest:
    """The digest the heuristic engine makes of the session (see `sample_check`)."""
    def evidence(turn: int, text: str) -> list[Evidence]:
        return [Evidence(quote=text, turn=turn)]
    facts = session.facts
    tasks = [TaskItem(summary=summarize_ask(text), evidence=evidence(turn, text))
             for turn, text in facts["asks"]]
    env = []
    commands = dict(enumerate(text for _, text in facts.get("commands", [])))
    if facts["env"]:
        (turn, command), (_, error), (fix_turn, fix) = facts["env"]
        env.append(FeedbackItem(
            kind="failure-then-fix", summary=f"`{command}` failed ({error}); `{fix}` worked",
            command=command, fix=fix,
            evidence=[Evidence(quote=error, turn=turn), Evidence(quote=fix, turn=fix_turn)]))
    return Digest(
        agent=session.agent, session_id=session.session_id, started_at=session.started,
        main_dir="src", n_user_turns=session.user_turns,
        opening=hashlib.sha256(session.session_id.encode()).hexdigest()[:32],
        topics=[tasks[0].summary], tasks=tasks, env_feedback=env,
        user_feedback=[FeedbackItem(kind="correction", summary=text,
                                    evidence=evidence(turn, text),
                                    corrected_command=commands.get(0),
                                    succeeded_command=commands.get(1))
                       for turn, text in facts["corrections"]],
        engine="heuristic", prompt_version=PROMPT_VERSION)


def _items(digest: Digest, commands: bool) -> list[tuple[str | None, ...]]:
    """What grouping reads from a digest (`commands`: with a correction's commands)."""
    return ([("task", t.summary, t.evidence[0].quote) for t in digest.tasks]
            + [(f.kind, f.summary, f.evidence[0].quote, f.command, f.fix)
               + ((f.corrected_command, f.succeeded_command) if commands else ())
               for f in digest.user_feedback + digest.env_feedback])


def sample_check(big: Path, sessions: list[Session], work: Path, env: dict[str, str],
                 huge: bool, count: int = 200) -> str:
    """Distill the first `count` sessions with the real pipeline; how many real digests
    carry exactly the generated tasks and feedback."""
    sample = work / "sample"
    shutil.rmtree(sample, ignore_errors=True)
    for session in sessions[:count]:
        (sample / session.relative).parent.mkdir(parents=True, exist_ok=True)
        os.link(big / session.relative, sample / session.relative)
    real = distill_sessions(HeuristicEngine(), DistillOptions(
        query=SessionQuery(source=sample), workers=2, parse_tag=parse_tag([], env)),
        DigestCache(work / "sample-cache"), Redactor.from_environment([])).digests
    made = {s.session_id: _items(digest_of(s), huge) for s in sessions[:count]}
    same = sum(1 for d in real if made.get(d.session_id) == _items(d, huge))
    shutil.rmtree(sample, ignore_errors=True)
    shutil.rmtree(work / "sample-cache", ignore_errors=True)
    return f"{same}/{count} real digests equal the generated ones"


def build(work: Path, sizes: list[int], env: dict[str, str], real: bool,
          huge: bool = False) -> dict[int, Path]:
    """The corpora (one folder per size) and a warm cache; reused when already built."""
    largest = max(sizes)
    dirs = {size: work / f"sessions-{size}" for size in sizes}
    if all((d / ".built").exists() for d in dirs.values()):
        return dirs
    began = time.perf_counter()
    big = dirs[largest]
    shutil.rmtree(big, ignore_errors=True)
    sessions = generate(big, largest, huge=huge)
    print(f"wrote {largest} sessions in {time.perf_counter() - began:.1f} s", file=sys.stderr)
    tag = parse_tag([], env)
    cache = DigestCache(default_cache_dir(env))
    began = time.perf_counter()
    if real:
        result = distill_sessions(HeuristicEngine(), DistillOptions(
            query=SessionQuery(source=big), workers=2, parse_tag=tag), cache,
            Redactor.from_environment([]))
        print(f"distilled them with the real pipeline (cold cache): {result.stats.computed} "
              f"digests in {time.perf_counter() - began:.1f} s", file=sys.stderr)
    else:
        for session in sessions:
            path = big / session.relative
            content = hashlib.sha256(path.read_bytes()).hexdigest()
            cache.put(digest_key(content, "heuristic", None, PROMPT_VERSION), digest_of(session))
            cache.put_file_refs(session.agent, path, file_fingerprint(path, tag), [
                ConversationRef(session_id=session.session_id, content_hash=content,
                                last_activity=session.started.timestamp(),
                                n_user_turns=session.user_turns)])
        print(f"cached their digests through the cache API in "
              f"{time.perf_counter() - began:.1f} s; sample check: "
              f"{sample_check(big, sessions, work, env, huge)}", file=sys.stderr)
    for size, folder in dirs.items():
        if size == largest:
            continue
        shutil.rmtree(folder, ignore_errors=True)
        for session in sessions[:size]:
            source, target = big / session.relative, folder / session.relative
            target.parent.mkdir(parents=True, exist_ok=True)
            os.link(source, target)
            refs = cache.file_refs(session.agent, source, file_fingerprint(source, tag))
            if refs is None:
                raise SystemExit(f"no file-index entry for {source}")
            cache.put_file_refs(session.agent, target, file_fingerprint(target, tag), refs)
    for folder in dirs.values():
        (folder / ".built").touch()
    return dirs


def make_repo(path: Path) -> Path:
    if not (path / ".git").exists():
        path.mkdir(parents=True, exist_ok=True)
        (path / "README.md").write_text("skills\n")
        for args in (["init", "-q", "-b", "main"], ["add", "-A"],
                     ["-c", "user.name=b", "-c", "user.email=b@x", "commit", "-qm", "init"]):
            subprocess.run(["git", *args], cwd=path, check=True, capture_output=True)
    return path


def run_cli(repo: Path, source: Path,
            env: dict[str, str]) -> tuple[float, float, float, str]:
    """Wall seconds, CPU seconds, peak RSS (MB) and the summary of one `mine --dry-run`."""
    skillgit = Path(sys.executable).with_name("skillgit")
    command = [str(skillgit), "mine", "--dry-run", "--source", str(source), "--repo", str(repo)]
    with tempfile.TemporaryFile() as errors:
        began = time.perf_counter()
        # posix_spawn, not fork: the child's peak memory must not count a copy of this one
        pid = os.posix_spawn(command[0], command, env, file_actions=[
            (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
            (os.POSIX_SPAWN_DUP2, errors.fileno(), 2)])
        _, status, usage = os.wait4(pid, 0)
        seconds = time.perf_counter() - began
        errors.seek(0)
        err = errors.read().decode()
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise SystemExit(f"skillgit mine failed ({code}):\n{err}")
    lines = [ln for ln in err.splitlines() if "candidates ->" in ln or "sessions read" in ln]
    return (seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024,
            " | ".join(ln.removeprefix("skillgit: ") for ln in lines))


def in_process(repo: Path, source: Path, env: dict[str, str]) -> dict[str, float]:
    """Stage times inside one process: distill (warm), signals, group, judge (the verdicts
    `mine` takes: its proposals and the rejections it lists), and all of propose."""
    redactor = Redactor.from_environment([])
    times = {}
    began = time.perf_counter()
    digests = distill_sessions(HeuristicEngine(), DistillOptions(
        query=SessionQuery(source=source), workers=2, parse_tag=parse_tag([], env)),
        DigestCache(default_cache_dir(env)), redactor).digests
    times["distill"] = time.perf_counter() - began
    began = time.perf_counter()
    signals = signals_from(digests, redactor)
    times["signals"] = time.perf_counter() - began
    began = time.perf_counter()
    candidates = group(signals)
    times["group"] = time.perf_counter() - began
    began = time.perf_counter()
    list(itertools.islice(ranked_verdicts(candidates, []), 5 + MAX_REJECTED_LISTED))
    times["judge"] = time.perf_counter() - began
    with GitRepo(repo) as git:
        began = time.perf_counter()
        propose(git, git.resolve("main"), digests, redactor=redactor)
        times["propose"] = time.perf_counter() - began
    times["signals_n"], times["candidates_n"] = len(signals), len(candidates)
    return times


_FLOOR = """
import json, sys, time
from pathlib import Path
began, cpu = time.perf_counter(), time.process_time()
records = 0
for path in sorted(Path(sys.argv[1]).rglob("*.jsonl")):
    with path.open("rb") as lines:
        for line in lines:
            if line.strip():
                json.loads(line)
                records += 1
print(json.dumps({"seconds": time.perf_counter() - began, "cpu": time.process_time() - cpu,
                  "records": records}))
"""


def read_floor(source: Path) -> tuple[float, float]:
    """(wall, CPU) seconds to read every line of every file under `source` and
    `json.loads` it, in a fresh process (the lower of two runs)."""
    runs = []
    for _ in range(2):
        done = subprocess.run([sys.executable, "-c", _FLOOR, str(source)], check=True,
                              capture_output=True, text=True)
        result = json.loads(done.stdout)
        runs.append((float(result["seconds"]), float(result["cpu"])))
    return min(runs, key=lambda run: run[1])


Row = tuple[int, float, float, float, dict[str, float], tuple[float, float]]


def report(corpus: str, rows: list[Row]) -> list[str]:
    """Print one corpus's table; the goals it misses."""
    print(f"\n{corpus} corpus: skillgit mine --dry-run, warm cache, whole process (per "
          "doubling: the time ratio to the size before, scaled to a doubling; floor: reading "
          "and json.loads of its files, CPU):")
    print(f"{'sessions':>8} {'wall s':>7} {'/doubling':>9} {'CPU s':>7} {'/doubling':>9} "
          f"{'peak MB':>7} {'floor s':>7} {'x floor':>7}  in-process s: distill signals group "
          "judge propose")
    failures = []
    for i, (size, seconds, cpu, peak, stages, floor) in enumerate(rows):
        ratios = ["", ""]
        if i:
            before = rows[i - 1]
            for k, (now, then) in enumerate(((seconds, before[1]), (cpu, before[2]))):
                ratio = (now / then) ** (1 / math.log2(size / before[0]))
                ratios[k] = f"{ratio:.2f}x"
                if ratio > GOAL_RATIO:
                    failures.append(f"{before[0]}->{size}: {ratio:.2f}x per doubling "
                                    f"({'wall' if k == 0 else 'CPU'})")
        inner = "  ".join(f"{stages[k]:6.2f}" for k in
                          ("distill", "signals", "group", "judge", "propose")) if stages else ""
        print(f"{size:>8} {seconds:7.2f} {ratios[0]:>9} {cpu:7.2f} {ratios[1]:>9} {peak:7.0f} "
              f"{floor[1]:7.2f} {cpu / floor[1]:6.1f}x  {inner}")
    by_size = {row[0]: row for row in rows}
    if 4000 in by_size and 16000 in by_size:
        growth = by_size[16000][2] / by_size[4000][2]
        print(f"4k -> 16k: {growth:.2f}x CPU ({by_size[16000][1] / by_size[4000][1]:.2f}x wall;"
              f" goal <= {GOAL_4K_16K}x)")
        if growth > GOAL_4K_16K:
            failures.append(f"4k->16k {growth:.2f}x")
    if 16000 in by_size:
        times_floor = by_size[16000][2] / by_size[16000][5][1]
        print(f"16k: {times_floor:.1f}x its read floor (CPU; goal <= {GOAL_FLOOR}x)")
        if times_floor > GOAL_FLOOR:
            failures.append(f"16k at {times_floor:.1f}x the floor")
    if rows and rows[-1][0] >= 50000 and rows[-1][1] >= GOAL_50K_SECONDS:
        failures.append(f"{rows[-1][0]} sessions took {rows[-1][1]:.1f} s wall")
    return failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)),
                        help="comma-separated session counts (default: %(default)s)")
    parser.add_argument("--corpus", choices=("small", "huge", "both"), default="both",
                        help="many small candidates, a few huge ones, or both (default)")
    parser.add_argument("--workdir", type=Path, default=None,
                        help="keep the corpora and cache here and reuse them")
    parser.add_argument("--real-distill", action="store_true",
                        help="warm the cache by distilling every session (slow)")
    parser.add_argument("--no-in-process", action="store_true",
                        help="skip the in-process stage times")
    args = parser.parse_args()
    sizes = sorted({int(s) for s in args.sizes.split(",") if s.strip()})
    corpora = ["small", "huge"] if args.corpus == "both" else [args.corpus]
    work = args.workdir or Path(tempfile.mkdtemp(prefix="bench-scale-"))
    work.mkdir(parents=True, exist_ok=True)
    home = work / "home"
    home.mkdir(exist_ok=True)
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("GIT_", "XDG_", "SKILLGIT_"))}
    env.update(HOME=str(home), XDG_CACHE_HOME=str(home / ".cache"), GIT_CONFIG_NOSYSTEM="1")
    os.environ.clear()
    os.environ.update(env)   # the in-process stages see what the CLI sees
    tables: dict[str, list[Row]] = {}
    try:
        repo = make_repo(work / "repo")
        for corpus in corpora:
            # the small corpus keeps the folder layout it always had
            folder = work if corpus == "small" else work / corpus
            dirs = build(folder, sizes, env, args.real_distill, huge=corpus == "huge")
            rows = tables.setdefault(corpus, [])
            for size in sizes:
                seconds, cpu, peak, summary = run_cli(repo, dirs[size], env)
                stages = {} if args.no_in_process else in_process(repo, dirs[size], env)
                floor = read_floor(dirs[size])
                rows.append((size, seconds, cpu, peak, stages, floor))
                print(f"{corpus} {size:>6} sessions: {seconds:6.2f} s wall, {cpu:6.2f} s CPU, "
                      f"peak {peak:4.0f} MB, floor {floor[1]:.2f} s CPU  ({summary})",
                      flush=True)
    finally:
        if args.workdir is None:
            shutil.rmtree(work, ignore_errors=True)
    failures = [f"{corpus}: {failure}" for corpus, rows in tables.items()
                for failure in report(corpus, rows)]
    print(f"\ngoal: <= {GOAL_RATIO}x per doubling at every step, 50k under "
          f"{GOAL_50K_SECONDS:.0f} s; huge-candidate goals on both corpora: "
          + ("met" if not failures else "NOT met (" + "; ".join(failures) + ")"))
    return 0 if not failures else 1


if __name__ == "__main__":
    raise SystemExit(main())
