"""Benchmark: `distill` with the heuristic engine, first run and cached re-run.

    python benchmarks/bench_distill.py [--corpus real|generated] [--mb 200] [--seed 7]
                                       [--workers 4] [--keep DIR] [--tokens-from DIR]

Writes about `--mb` MB of Claude Code and Codex JSONL into a temp dir: by default (`real`) the
shared corpus's files replicated with fresh session ids (`real_corpus.py`); `generated` uses the
generator of `bench_parse.py` (deterministic for a seed). Then runs the distill pipeline twice
over it with an empty digest cache, in process and as the whole CLI (`skillgit distill --source
DIR --json` in a subprocess, start-up included):
- first run: discover, parse, redact, distill every conversation, cache every digest;
- re-run: unchanged sessions, so no file may be parsed and no engine call made.
Prints wall time, MB/s, CPU time against the read + json.loads floor of the same files, and
engine calls of each; the re-run must cost < 10% of the first.

Prompt tokens are counted on the exact request bodies sent: `skillgit distill --llm openai`
runs against a local 127.0.0.1 server that records every body and answers with a minimal
digest. For each body: the characters of its messages (system prompt, schema instructions,
the rendered session) and of the whole JSON body (with the `response_format` schema), as
tokens at four characters each (`skillgit.tokens`), next to the renderer's own estimate of
the session part alone. Sessions: the shared corpus's Claude Code and Codex files (one copy
each), or `--tokens-from DIR`. Target: median body tokens < 3k.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

import real_corpus  # noqa: E402
from bench_parse import generate  # noqa: E402

from skillgit.digest import Digest  # noqa: E402
from skillgit.distill.cache import DigestCache  # noqa: E402
from skillgit.distill.heuristic import HeuristicEngine  # noqa: E402
from skillgit.distill.render import DEFAULT_TOKEN_BUDGET, render_prompt  # noqa: E402
from skillgit.distill.run import DistillOptions, DistillResult, distill_sessions  # noqa: E402
from skillgit.llm.base import Usage  # noqa: E402
from skillgit.redact import Redactor  # noqa: E402
from skillgit.tokens import estimate_tokens  # noqa: E402
from skillgit.transcripts.discover import SessionQuery, iter_conversations  # noqa: E402
from skillgit.transcripts.model import Conversation  # noqa: E402


class CountingEngine(HeuristicEngine):
    """The heuristic engine, counting the calls the pipeline makes."""

    def __init__(self) -> None:
        self.calls = 0
        self._lock = threading.Lock()

    def distill(self, conversation: Conversation) -> tuple[Digest, Usage]:
        with self._lock:
            self.calls += 1
        return super().distill(conversation)


def _run(source: Path, cache: Path, workers: int) -> tuple[float, int, DistillResult]:
    engine = CountingEngine()
    options = DistillOptions(query=SessionQuery(source=source), workers=workers)
    started = time.perf_counter()
    result = distill_sessions(engine, options, DigestCache(cache), Redactor.from_environment())
    return time.perf_counter() - started, engine.calls, result


def prompt_tokens(source: Path, budget: int = DEFAULT_TOKEN_BUDGET) -> list[int]:
    """The renderer's estimate of the session part of each prompt (no system prompt, no
    schema): what this benchmark printed before it measured the bodies."""
    query = SessionQuery(source=source, agents=("claude-code", "codex"))
    return [render_prompt(c, token_budget=budget).tokens
            for c in iter_conversations(query, Redactor.from_environment())
            if c.user_turns and not c.is_sidechain]


_DIGEST_ANSWER = json.dumps({"topics": ["benchmark"], "tasks": [], "env_feedback": [],
                             "user_feedback": []})


class _Recorder(BaseHTTPRequestHandler):
    """Chat Completions on 127.0.0.1: records each body, answers with a minimal digest."""

    bodies: ClassVar[list[bytes]] = []

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("content-length") or 0))
        type(self).bodies.append(body)
        answer = json.dumps({
            "id": "bench", "object": "chat.completion", "model": "bench-model",
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": _DIGEST_ANSWER}}],
            "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0}}).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def log_message(self, format: str, *args: Any) -> None:
        pass


def request_tokens(source: Path, scratch: Path) -> list[tuple[int, int]]:
    """(message tokens, whole-body tokens) of every request `skillgit distill --llm openai`
    sends for the Claude Code and Codex sessions under `source`."""
    _Recorder.bodies = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Recorder)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        env = real_corpus.isolated_env(scratch / "llm")
        env.update(SKILLGIT_LLM="openai", OPENAI_API_KEY="bench-key",
                   OPENAI_BASE_URL=f"http://127.0.0.1:{server.server_address[1]}/v1")
        run = real_corpus.run_cli(["distill", "--source", str(source), "--agent", "claude-code",
                                   "--agent", "codex", "--model", "bench-model", "--json"], env)
        if run.returncode != 0:
            raise SystemExit(f"skillgit distill --llm openai exited {run.returncode}")
    finally:
        server.shutdown()
        server.server_close()
    sizes = []
    for raw in _Recorder.bodies:
        body = json.loads(raw)
        messages = "".join(str(message.get("content") or "") for message in body["messages"])
        sizes.append((estimate_tokens(messages), estimate_tokens(raw.decode("utf-8"))))
    return sizes


def _floor(source: Path) -> float:
    """CPU seconds to read every line of every file and json.loads it."""
    cpu = time.process_time()
    for path in sorted(source.rglob("*.jsonl")):
        with open(path, "rb") as handle:
            for line in handle:
                json.loads(line)
    return time.process_time() - cpu


def _cli(source: Path, env: dict[str, str], workers: int) -> real_corpus.CliRun:
    run = real_corpus.run_cli(["distill", "--source", str(source), "--json",
                               "--workers", str(workers)], env)
    if run.returncode != 0:
        raise SystemExit(f"skillgit distill exited {run.returncode}")
    return run


def _quantiles(values: list[int]) -> str:
    # "inclusive": the default ("exclusive") extrapolates past the largest value on small
    # samples, so a p90 above the max was printed for runs of a few sessions.
    cuts = (statistics.quantiles(values, n=10, method="inclusive") if len(values) > 1
            else values * 9)
    return f"median {statistics.median(values):.0f}, p90 {cuts[-1]:.0f}, max {max(values)}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", choices=("real", "generated"), default="real")
    parser.add_argument("--mb", type=int, default=200, help="MB of JSONL to write")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--keep", type=Path, help="write the corpus into DIR and keep it")
    parser.add_argument("--tokens-from", type=Path, help="measure the requests of this folder")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="skillgit-bench-") as scratch:
        directory = args.keep or Path(scratch) / "transcripts"
        cache = Path(scratch) / "cache"
        os.environ["XDG_CACHE_HOME"] = str(Path(scratch) / "xdg-cache")
        started = time.perf_counter()
        if args.corpus == "real":
            size, files = real_corpus.generate(directory, args.mb, seed=args.seed)
        else:
            size, files = generate(directory, args.mb, args.seed)
        mb = size / 1e6
        print(f"{args.corpus} corpus: {mb:.1f} MB in {files} files "
              f"({time.perf_counter() - started:.1f}s)")
        floor = _floor(directory)
        cpu = time.process_time()
        first_s, first_calls, first = _run(directory, cache, args.workers)
        first_cpu = time.process_time() - cpu
        cpu = time.process_time()
        again_s, again_calls, again = _run(directory, cache, args.workers)
        again_cpu = time.process_time() - cpu
        env = real_corpus.isolated_env(Path(scratch) / "cli")
        real_corpus.run_cli(["--version"], env)  # warm the bytecode cache
        cli_first = _cli(directory, env, args.workers)
        cli_again = _cli(directory, env, args.workers)
        token_source = args.tokens_from or (
            real_corpus.DEFAULT_CORPUS if args.corpus == "real" else directory)
        estimates = prompt_tokens(token_source)
        bodies = request_tokens(token_source, Path(scratch))
    print(f"floor read + json.loads: {floor:6.2f}s CPU {mb / floor:6.1f} MB/s")
    for label, seconds, cpu_s, calls, result in (
            ("first run", first_s, first_cpu, first_calls, first),
            ("re-run", again_s, again_cpu, again_calls, again)):
        print(f"in process, {label:9}: {seconds:7.2f}s wall {mb / seconds:6.1f} MB/s "
              f"{cpu_s:6.2f}s CPU ({cpu_s / floor:5.2f}x floor)  {len(result.digests)} digests, "
              f"{calls} engine calls, {result.stats.files_parsed} files parsed")
    for label, run in (("first run", cli_first), ("re-run", cli_again)):
        print(f"CLI distill, {label:9}: {run.seconds:7.2f}s wall {mb / run.seconds:6.1f} MB/s "
              f"{run.cpu:6.2f}s CPU ({run.cpu / floor:5.2f}x floor)  peak RSS "
              f"{run.rss_mb:.0f} MB, {len(run.stdout.splitlines())} digests")
    ratio = again_s / first_s
    print(f"re-run / first run: {ratio:.3f} in process, {cli_again.seconds / cli_first.seconds:.3f}"
          f" CLI (target < 0.10, zero engine calls)")
    if estimates:
        print(f"renderer's estimate, session part only ({len(estimates)} sessions of "
              f"{token_source}, budget {DEFAULT_TOKEN_BUDGET}): {_quantiles(estimates)}")
    if bodies:
        print(f"request bodies sent ({len(bodies)} requests, local server): message tokens "
              f"{_quantiles([m for m, _ in bodies])}; whole-body tokens "
              f"{_quantiles([b for _, b in bodies])} (target: median < 3000)")
    same = sorted(d.model_dump_json() for d in first.digests) == sorted(
        d.model_dump_json() for d in again.digests)
    ok = (ratio < 0.10 and again_calls == 0 and same
          and (not bodies or statistics.median(b for _, b in bodies) < 3000))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
