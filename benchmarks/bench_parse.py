"""Benchmark: parsing Claude Code and Codex transcripts against the "read + json.loads" floor.

    python benchmarks/bench_parse.py [--corpus real|generated|both] [--mb 200] [--seed 7]
                                     [--repeat 3] [--keep DIR] [--profile] [--reference TREE]

Two corpora of about `--mb` MB each (default: both):
- real: the shared corpus's Claude Code and Codex files replicated with fresh session ids
  (`real_corpus.py`), so every line has a real agent's shape, size and text;
- generated: realistic JSONL, deterministic for a seed: Claude Code sessions with streamed
  assistant lines, thinking blocks, tool results duplicated in `toolUseResult`,
  file-history snapshots and a few multi-MB lines; Codex rollouts with large base
  instructions, encrypted reasoning, token counters, unified-exec polls and
  `exec_command_end` events that repeat the output. Some text holds secrets and home paths.

Then, each in a fresh subprocess over the same files, `--repeat` times interleaved (the lowest
CPU time of each is kept: CPU time is less disturbed by other load than wall time):
- floor: read every line of every file and `json.loads` it;
- parse: `adapter.parse(path, Redactor.from_environment())` for every file, counting turns
  and tool errors. Turns redact their texts on first read (`model.Deferred`), so this is
  what a consumer that reads no text pays (`sessions`);
- parse + read every text: the same, then every turn's text, tool input and result text is
  read, so every kept text is redacted: what `distill` pays, and what parsing cost before
  redaction became lazy.
A fresh redactor per file, so no file profits from another's cached results.
- whole CLI: `skillgit sessions --source DIR --json` as a subprocess (one redactor per run,
  as always; start-up included).
Prints CPU and wall time, MB/s, peak RSS of each and the CPU-time ratio to the floor
(target: parse <= 2x on each corpus, parse peak RSS < 300 MB). `--profile` prints the top
entries of a profile of "parse + read every text" on the real corpus.
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import real_corpus  # noqa: E402

_WORDS = ("the", "test", "file", "value", "error", "config", "import", "return", "session",
          "skill", "branch", "commit", "build", "install", "parse", "token", "model", "output",
          "update", "request", "handler", "user", "path", "module", "function", "result",
          "deploy", "cache", "schema", "retry", "query", "index", "worker", "docker")
_SECRETS = ("AKIAIOSFODNN7EXAMPLQ", "ghp_1234567890abcdefghijABCDEFGHIJ123456",
            "postgres://admin:hunter2pass@db.example.com/app")


def _dumps(record: dict[str, Any]) -> str:
    """Compact, like the agents write (no spaces after `:` and `,`)."""
    return json.dumps(record, separators=(",", ":"), ensure_ascii=False)


class _Text:
    """Cheap deterministic text: slices of a pre-generated pool."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        lines = []
        for i in range(4000):
            words = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(4, 14)))
            # About 3% of real tool-output lines hold a home path (measured on the shared
            # corpus: 452/15518 Claude Code, 446/13535 Codex); the rest are relative.
            where = "/home/dev/proj/src" if rng.random() < 0.04 else "src"
            lines.append(f"{i:5}  {where}/{rng.choice(_WORDS)}.py: {words}")
        self.pool = "\n".join(lines)

    def chunk(self, size: int) -> str:
        start = self.rng.randrange(0, max(1, len(self.pool) - size))
        text = self.pool[start:start + size]
        while len(text) < size:
            text += "\n" + self.pool[: size - len(text)]
        if self.rng.random() < 0.05:
            text += f"\nexport TOKEN={self.rng.choice(_SECRETS)}\n"
        return text

    def size(self) -> int:
        roll = self.rng.random()
        if roll < 0.70:
            return self.rng.randint(200, 4000)
        if roll < 0.97:
            return self.rng.randint(4000, 60000)
        return self.rng.randint(200_000, 600_000)


def _claude_session(rng: random.Random, text: _Text, target: int) -> list[str]:
    sid = f"{rng.getrandbits(32):08x}-0000-4000-8000-{rng.getrandbits(48):012x}"
    env: dict[str, Any] = {"parentUuid": None, "isSidechain": False, "userType": "external",
                           "cwd": "/home/dev/proj", "sessionId": sid, "version": "2.0.76",
                           "gitBranch": "main"}
    out: list[str] = []
    size = 0
    turn = 0

    def emit(record: dict[str, Any]) -> None:
        nonlocal size
        line = _dumps({**env, **record, "uuid": f"u{len(out)}",
                       "timestamp": f"2026-01-02T10:{turn % 60:02}:00.000Z"})
        out.append(line)
        size += len(line) + 1

    while size < target:
        turn += 1
        emit({"type": "user", "message": {"role": "user", "content": text.chunk(300)}})
        for step in range(rng.randint(2, 8)):
            mid = f"msg_{turn}_{step}"
            base = {"type": "assistant", "requestId": f"req_{turn}_{step}"}
            msg = {"id": mid, "model": "claude-sonnet-4-5", "role": "assistant",
                   "usage": {"input_tokens": 10, "output_tokens": 200}}
            emit({**base, "message": {**msg, "content": [
                {"type": "thinking", "thinking": text.chunk(800), "signature": "x" * 400}]}})
            emit({**base, "message": {**msg, "content": [
                {"type": "text", "text": text.chunk(400)}]}})
            tool = rng.choice(("Bash", "Read", "Grep", "Edit"))
            tid = f"toolu_{turn}_{step}"
            arg = ({"command": f"pytest -q tests/{rng.choice(_WORDS)}"} if tool == "Bash"
                   else {"file_path": f"/home/dev/proj/src/{rng.choice(_WORDS)}.py"})
            emit({**base, "message": {**msg, "content": [
                {"type": "tool_use", "id": tid, "name": tool, "input": arg}]}})
            output = text.chunk(text.size())
            error = rng.random() < 0.1
            emit({"type": "user", "toolUseResult": {"stdout": output, "stderr": "",
                                                    "interrupted": False},
                  "message": {"role": "user", "content": [
                      {"type": "tool_result", "tool_use_id": tid, "is_error": error,
                       "content": ("Exit code 1\n" if error else "") + output}]}})
        if rng.random() < 0.3:
            emit({"type": "file-history-snapshot", "messageId": f"m{turn}",
                  "snapshot": {"trackedFileBackups": {"a.py": text.chunk(3000)}}})
        if rng.random() < 0.01:
            image = base64.b64encode(rng.randbytes(2_500_000)).decode()
            emit({"type": "user", "message": {"role": "user", "content": [
                {"type": "image", "source": {"type": "base64", "data": image}}]}})
    return out


def _codex_rollout(rng: random.Random, text: _Text, target: int) -> list[str]:
    tid = f"019e{rng.getrandbits(28):07x}-0000-7000-8000-{rng.getrandbits(48):012x}"
    out: list[str] = []
    size = 0

    def emit(kind: str, payload: dict[str, Any]) -> None:
        nonlocal size
        line = _dumps({"timestamp": "2026-05-11T08:27:17.490Z", "type": kind,
                       "payload": payload})
        out.append(line)
        size += len(line) + 1

    emit("session_meta", {"id": tid, "timestamp": "2026-05-11T08:26:55.042Z",
                          "cwd": "/home/dev/proj", "cli_version": "0.125.0", "source": "cli",
                          "base_instructions": {"text": text.chunk(20000)},
                          "git": {"branch": "main"}})
    emit("response_item", {"type": "message", "role": "developer", "content": [
        {"type": "input_text", "text": "<permissions instructions>" + text.chunk(8000)}]})
    call = 0
    while size < target:
        emit("turn_context", {"turn_id": f"t{call}", "cwd": "/home/dev/proj", "model": "gpt-5"})
        prompt = text.chunk(300)
        emit("response_item", {"type": "message", "role": "user",
                               "content": [{"type": "input_text", "text": prompt}]})
        emit("event_msg", {"type": "user_message", "message": prompt})
        for _ in range(rng.randint(2, 10)):
            call += 1
            cid = f"call_{call}"
            emit("response_item", {"type": "reasoning", "summary": [], "encrypted_content":
                                   base64.b64encode(rng.randbytes(6000)).decode()})
            emit("response_item", {"type": "function_call", "name": "exec_command",
                                   "call_id": cid, "arguments": json.dumps(
                                       {"cmd": f"rg -n {rng.choice(_WORDS)} src"})})
            output = text.chunk(text.size())
            code = 1 if rng.random() < 0.1 else 0
            emit("response_item", {"type": "function_call_output", "call_id": cid,
                                   "output": "Chunk ID: ab12\nWall time: 1.0 seconds\nProcess "
                                             "running with session ID 9\nOutput:\n"})
            emit("response_item", {"type": "function_call", "name": "write_stdin",
                                   "call_id": f"{cid}p", "arguments": json.dumps(
                                       {"session_id": 9, "chars": ""})})
            emit("response_item", {"type": "function_call_output", "call_id": f"{cid}p",
                                   "output": f"Chunk ID: cd34\nWall time: 0.0 seconds\nProcess "
                                             f"exited with code {code}\nOutput:\n{output}"})
            emit("event_msg", {"type": "exec_command_end", "call_id": cid, "exit_code": code,
                               "aggregated_output": output, "stdout": output, "stderr": ""})
            emit("event_msg", {"type": "token_count", "info": {"total_token_usage": {
                "input_tokens": call * 1000, "output_tokens": call * 10}}})
        answer = text.chunk(600)
        emit("event_msg", {"type": "agent_message", "message": answer})
        emit("response_item", {"type": "message", "role": "assistant",
                               "content": [{"type": "output_text", "text": answer}]})
    return out


def generate(directory: Path, megabytes: int, seed: int) -> tuple[int, int]:
    rng = random.Random(seed)
    text = _Text(rng)
    budget = megabytes * 1_000_000
    written = files = 0
    while written < budget:
        claude = files % 2 == 0
        target = rng.randint(200_000, 3_000_000)
        lines = (_claude_session if claude else _codex_rollout)(rng, text, target)
        if claude:
            path = directory / "claude" / "projects" / "-home-dev-proj" / f"s{files:05}.jsonl"
        else:
            path = directory / "codex" / "sessions" / f"rollout-2026-05-11T08-00-{files:05}.jsonl"
        path.parent.mkdir(parents=True, exist_ok=True)
        data = ("\n".join(lines) + "\n").encode()
        path.write_bytes(data)
        written += len(data)
        files += 1
    return written, files


_FLOOR = """
import json, resource, sys, time
from pathlib import Path
files = sorted(p for p in Path(sys.argv[1]).rglob("*.jsonl"))
start, cpu = time.perf_counter(), time.process_time()
records = 0
for path in files:
    with open(path, "rb") as handle:
        for line in handle:
            json.loads(line)
            records += 1
elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
print(json.dumps({"seconds": elapsed, "cpu": cpu, "records": records,
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""

_PARSE = """
import json, resource, sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from skillgit.redact import Redactor
from skillgit.transcripts import claude_code, codex
files = sorted(p for p in Path(sys.argv[1]).rglob("*.jsonl"))
read_all = sys.argv[3] == "read"
profile = len(sys.argv) > 4
def run():
    turns = errors = chars = 0
    for path in files:
        adapter = codex if path.name.startswith("rollout-") else claude_code
        for conversation in adapter.parse(path, Redactor.from_environment()):
            turns += len(conversation.turns)
            errors += conversation.n_tool_errors
            if read_all:
                for turn in conversation.turns:
                    chars += len(turn.text) + len(turn.tool_input or "")
                    chars += len(turn.result.text) if turn.result is not None else 0
    return turns, errors, chars
start, cpu = time.perf_counter(), time.process_time()
if profile:
    import cProfile, io, pstats
    profiler = cProfile.Profile()
    turns, errors, chars = profiler.runcall(run)
    stream = io.StringIO()
    pstats.Stats(profiler, stream=stream).sort_stats("tottime").print_stats(int(sys.argv[4]))
    print(stream.getvalue(), file=sys.stderr)
else:
    turns, errors, chars = run()
elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
print(json.dumps({"seconds": elapsed, "cpu": cpu, "turns": turns, "tool_errors": errors,
                  "chars": chars,
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def _child(script: str, *args: str) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-c", script, *args], capture_output=True,
                          text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout)
    if done.stderr.strip():
        print(done.stderr.rstrip())
    return result


def _line(label: str, run: dict[str, Any], mb: float, floor: dict[str, Any] | None) -> str:
    ratio = f"  {run['cpu'] / floor['cpu']:5.2f}x floor" if floor else ""
    return (f"  {label:28} {run['cpu']:6.2f}s CPU ({run['seconds']:6.2f}s wall) "
            f"{mb / run['cpu']:6.1f} MB/s  peak RSS {run['rss_mb']:6.1f} MB{ratio}")


def measure(name: str, directory: Path, size: int, repeat: int, scratch: Path,
            reference: Path | None = None) -> bool:
    """Floor, parse, parse + read every text and the whole CLI on one corpus; prints them.
    With `reference` (another checkout), its parse and parse + read too, interleaved with
    this tree's runs: a before/after measured in the same run, under the same load."""
    runs: dict[str, list[dict[str, Any]]] = {"floor": [], "lazy": [], "read": [], "cli": []}
    if reference is not None:
        runs.update({"reference lazy": [], "reference read": []})
    env = real_corpus.isolated_env(scratch / f"cli-{name}")
    real_corpus.run_cli(["--version"], env)  # warm the bytecode cache
    sessions = 0
    for _ in range(repeat):
        runs["floor"].append(_child(_FLOOR, str(directory)))
        runs["lazy"].append(_child(_PARSE, str(directory), str(ROOT), "lazy"))
        runs["read"].append(_child(_PARSE, str(directory), str(ROOT), "read"))
        if reference is not None:
            runs["reference lazy"].append(_child(_PARSE, str(directory), str(reference), "lazy"))
            runs["reference read"].append(_child(_PARSE, str(directory), str(reference), "read"))
        cli = real_corpus.run_cli(["sessions", "--source", str(directory), "--json"], env)
        if cli.returncode != 0:
            raise SystemExit(f"skillgit sessions exited {cli.returncode}")
        sessions = len(cli.stdout.splitlines())
        runs["cli"].append({"cpu": cli.cpu, "seconds": cli.seconds, "rss_mb": cli.rss_mb})
    best = {key: min(values, key=lambda r: r["cpu"]) for key, values in runs.items()}
    for key, values in runs.items():
        best[key]["rss_mb"] = max(r["rss_mb"] for r in values)
    floor, lazy, read = best["floor"], best["lazy"], best["read"]
    mb = size / 1e6
    print(f"{name} corpus: {mb:.1f} MB, {floor['records']} records, {lazy['turns']} turns, "
          f"{lazy['tool_errors']} tool errors, {read['chars'] / 1e6:.1f} M characters kept")
    print(_line("floor read + json.loads", floor, mb, None))
    print(_line("parse", lazy, mb, floor))
    print(_line("parse + read every text", read, mb, floor))
    print(_line(f"CLI sessions ({sessions} rows)", best["cli"], mb, floor))
    if reference is not None:
        print(_line("reference: parse", best["reference lazy"], mb, floor))
        print(_line("reference: parse + read", best["reference read"], mb, floor))
        print(f"  this tree / reference: parse {lazy['cpu'] / best['reference lazy']['cpu']:.2f}x"
              f", parse + read every text {read['cpu'] / best['reference read']['cpu']:.2f}x")
    ratio = lazy["cpu"] / floor["cpu"]
    print(f"  ratio parse / floor: {ratio:.2f}x (target <= 2x); parse + redact every text: "
          f"{read['cpu'] / floor['cpu']:.2f}x; peak RSS {read['rss_mb']:.0f} MB "
          f"(target < 300 MB)")
    return ratio <= 2 and read["rss_mb"] < 300


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", choices=("real", "generated", "both"), default="both")
    parser.add_argument("--mb", type=int, default=200, help="MB of JSONL per corpus")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each, best is kept")
    parser.add_argument("--keep", type=Path, help="generate into DIR and keep it")
    parser.add_argument("--profile", action="store_true",
                        help="print the top entries of a profile of parse + read (real corpus)")
    parser.add_argument("--reference", type=Path,
                        help="another checkout whose parse and parse + read are measured in "
                             "the same run (before/after)")
    args = parser.parse_args()
    ok = True
    with tempfile.TemporaryDirectory(prefix="skillgit-bench-") as scratch:
        root = args.keep or Path(scratch)
        for name in (("real", "generated") if args.corpus == "both" else (args.corpus,)):
            directory = root / name
            started = time.perf_counter()
            if name == "real":
                size, files = real_corpus.generate(directory, args.mb, seed=args.seed)
            else:
                size, files = generate(directory, args.mb, args.seed)
            print(f"{name}: wrote {size / 1e6:.1f} MB in {files} files "
                  f"({time.perf_counter() - started:.1f}s)")
            ok = measure(name, directory, size, args.repeat, Path(scratch),
                         args.reference) and ok
            if args.profile and name == "real":
                print("profile of parse + read every text (real corpus), top entries:")
                _child(_PARSE, str(directory), str(ROOT), "read", "14")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
