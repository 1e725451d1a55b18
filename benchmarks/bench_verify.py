"""Benchmark: what `skillgit verify` costs per proposal, against a scripted model.

    python benchmarks/bench_verify.py [--samples 3] [--workers 4] [--delay 0.05]

Mines the demo's planted-lesson sessions into a throwaway skills repository (HOME and XDG
folders in a temporary directory), then runs `skillgit verify` on each proposal branch in turn
against the scripted agent of tests/verify/agent_server.py on 127.0.0.1 (it follows a skill only
when the skill's rule is in its prompt; `--delay` adds a model's latency to every answer).
Prints per proposal the requests, the prompt tokens the server counted (characters / 4) and the
figures written; the median requests and tokens per proposal; the wall time of the whole run;
and the requests of an unchanged re-run (must be 0).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "verify")]

from agent_server import AgentServer  # noqa: E402

from skillgit.cli import main  # noqa: E402
from skillgit.demo.run import create_repo  # noqa: E402
from skillgit.demo.scenarios import write_sessions  # noqa: E402


def run(argv: list[str]) -> tuple[int, str]:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = main(argv)
    return code, out.getvalue()


def main_bench() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=int, default=3)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--delay", type=float, default=0.05)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="skillgit-bench-verify-") as tmp:
        root = Path(tmp)
        for name in ("HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME"):
            os.environ[name] = str(root / name.lower())
        for name in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY", "SKILLGIT_LLM"):
            os.environ.pop(name, None)
        write_sessions(root / "sessions")
        create_repo(root / "repo")
        code, _ = run(["mine", "--source", str(root / "sessions"), "--repo", str(root / "repo")])
        assert code == 0, "mine failed"
        refs = [f"skillgit/{p.parent.name}/{p.name}" for p in sorted(
            (root / "repo" / ".git" / "refs" / "heads" / "skillgit").glob("*/*"))
            if p.parent.name in ("new", "update")]
        assert refs, "no proposal to verify"
        with AgentServer("follows") as server:
            server.delay = args.delay
            os.environ["OPENAI_BASE_URL"] = server.url
            os.environ["SKILLGIT_MODEL"] = "agent-bench"
            base = ["verify", "--source", str(root / "sessions"), "--repo", str(root / "repo"),
                    "--samples", str(args.samples), "--workers", str(args.workers), "--json"]
            requests, tokens = [], []
            started = time.perf_counter()
            for branch in refs:
                sent, counted = len(server.received), server.prompt_tokens
                code, out = run([*base, branch])
                assert code == 0, f"verify {branch} failed"
                [item] = json.loads(out)["proposals"]
                requests.append(len(server.received) - sent)
                tokens.append(server.prompt_tokens - counted)
                print(f"{branch}: {requests[-1]} requests, {tokens[-1]} prompt tokens, "
                      f"{item['effect']['trailer']}")
            wall = time.perf_counter() - started
            sent = len(server.received)
            started = time.perf_counter()
            code, _ = run(base)
            rerun_wall = time.perf_counter() - started
            rerun = len(server.received) - sent
    print(f"proposals: {len(refs)}; samples per case and condition: {args.samples}; "
          f"workers: {args.workers}; model latency: {args.delay * 1000:.0f} ms")
    per_request = statistics.median(t / r for t, r in zip(tokens, requests, strict=True))
    print(f"per proposal (median): {statistics.median(requests):.0f} requests, "
          f"{statistics.median(tokens):.0f} prompt tokens ({per_request:.0f} per request)")
    print(f"wall time: {wall:.2f} s for all proposals; unchanged re-run: {rerun} requests, "
          f"{rerun_wall:.2f} s")
    return 0 if rerun == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main_bench())
