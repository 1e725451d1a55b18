"""Benchmark: `distill` with the heuristic engine, first run and cached re-run.

    python benchmarks/bench_distill.py [--mb 200] [--seed 7] [--workers 4] [--keep DIR]
                                       [--tokens-from DIR]

Generates about `--mb` MB of Claude Code and Codex JSONL with the generator of
`bench_parse.py` (deterministic for a seed), then runs the distill pipeline twice over it
with an empty digest cache in a temp dir:
- first run: discover, parse, redact, distill every conversation, cache every digest;
- re-run: unchanged sessions, so no file may be parsed and no engine call made.
Prints wall time, MB/s and engine calls of each; the re-run must cost < 10% of the first.
Then renders the LLM prompt for every conversation (default token budget) and prints the
median / p90 / max prompt tokens per session (target: median < 3k). `--tokens-from DIR`
measures the prompts of a real transcript folder instead of the generated one.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from bench_parse import generate  # noqa: E402

from skillgit.digest import Digest  # noqa: E402
from skillgit.distill.cache import DigestCache  # noqa: E402
from skillgit.distill.heuristic import HeuristicEngine  # noqa: E402
from skillgit.distill.render import DEFAULT_TOKEN_BUDGET, render_prompt  # noqa: E402
from skillgit.distill.run import DistillOptions, DistillResult, distill_sessions  # noqa: E402
from skillgit.llm.base import Usage  # noqa: E402
from skillgit.redact import Redactor  # noqa: E402
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
    """Prompt tokens of the LLM rendering for every conversation with a user prompt."""
    return [render_prompt(c, token_budget=budget).tokens
            for c in iter_conversations(SessionQuery(source=source), Redactor.from_environment())
            if c.user_turns]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mb", type=int, default=200, help="MB of JSONL to generate")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--keep", type=Path, help="generate into DIR and keep it")
    parser.add_argument("--tokens-from", type=Path, help="measure prompt tokens of this folder")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="skillgit-bench-") as scratch:
        directory = args.keep or Path(scratch) / "transcripts"
        cache = Path(scratch) / "cache"
        os.environ["XDG_CACHE_HOME"] = str(Path(scratch) / "xdg-cache")
        started = time.perf_counter()
        size, files = generate(directory, args.mb, args.seed)
        mb = size / 1e6
        print(f"generated {mb:.1f} MB in {files} files ({time.perf_counter() - started:.1f}s)")
        first_s, first_calls, first = _run(directory, cache, args.workers)
        again_s, again_calls, again = _run(directory, cache, args.workers)
        tokens = prompt_tokens(args.tokens_from or directory)
    print(f"first run: {first_s:7.2f}s {mb / first_s:6.1f} MB/s  {len(first.digests)} digests, "
          f"{first_calls} engine calls, {first.stats.files_parsed} files parsed")
    print(f"re-run:    {again_s:7.2f}s {mb / again_s:6.1f} MB/s  {len(again.digests)} digests, "
          f"{again_calls} engine calls, {again.stats.files_parsed} files parsed")
    ratio = again_s / first_s
    print(f"re-run / first run: {ratio:.3f} (target < 0.10, zero engine calls)")
    source = args.tokens_from or "the generated corpus"
    if tokens:
        # "inclusive": the default ("exclusive") extrapolates past the largest value on small
        # samples, so a p90 above the max was printed for runs of a few sessions.
        cuts = (statistics.quantiles(tokens, n=10, method="inclusive") if len(tokens) > 1
                else tokens * 9)
        print(f"LLM prompt tokens per session ({len(tokens)} sessions of {source}, budget "
              f"{DEFAULT_TOKEN_BUDGET}): median {statistics.median(tokens):.0f}, "
              f"p90 {cuts[-1]:.0f}, max {max(tokens)} (target: median < 3000)")
    same = sorted(d.model_dump_json() for d in first.digests) == sorted(
        d.model_dump_json() for d in again.digests)
    ok = (ratio < 0.10 and again_calls == 0 and same
          and (not tokens or statistics.median(tokens) < 3000))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
