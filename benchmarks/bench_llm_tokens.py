"""Benchmark: prompt tokens an LLM engine spends per session, in distill and in judging.

    python benchmarks/bench_llm_tokens.py [--sessions 100] [--seed 7] [--keep DIR]

Replicates the real Claude Code and Codex files of ../shared/corpus/transcripts (read
only) with fresh session ids until there are `--sessions` sessions, then runs `mine` with
the LLM engine and the LLM judge both pointed at a local OpenAI-compatible server on
127.0.0.1 that counts the tokens of every request (characters / 4, like skillgit's own
estimate) and answers with valid JSON: a digest quoting the session's own user turns (so
the quote check keeps it, and the judge has real candidates), and a judgement per candidate
that cites its evidence. Prints the prompt tokens per session (median, p90) in distill, the
judge's tokens (total, per session, per request, and as a share of distill), and the calls
of a second, cached run (both must be 0).
Goal: median <= 3k distill tokens per session; judge <= 20% of distill.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from skillgit.distill.cache import DigestCache  # noqa: E402
from skillgit.distill.llm_engine import LLMEngine  # noqa: E402
from skillgit.distill.render import SENTINEL  # noqa: E402
from skillgit.distill.run import DistillOptions  # noqa: E402
from skillgit.judge.answer import KILL_SWITCHES  # noqa: E402
from skillgit.judge.model_judge import ModelJudge  # noqa: E402
from skillgit.llm.base import EngineSettings  # noqa: E402
from skillgit.llm.openai import OpenAIBackend  # noqa: E402
from skillgit.mine.run import MineOptions, run_mine  # noqa: E402
from skillgit.redact import Redactor  # noqa: E402
from skillgit.tokens import estimate_tokens  # noqa: E402
from skillgit.transcripts.discover import SessionQuery  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus" / "transcripts"
_TURN = re.compile(r"^\[(\d+)\] USER: (.+)$", re.M)
_CANDIDATE = re.compile(r"^(C\d+): (\d+) session")
_EVIDENCE = re.compile(r"^  (E\d+) ")


def sources() -> list[tuple[str, Path]]:
    """(agent, file) for every top-level Claude Code and Codex session file of the corpus."""
    found = []
    for agent in ("claude-code", "codex"):
        for path in sorted((CORPUS / agent).rglob("*.jsonl")):
            if "subagents" not in path.parts and not path.name.startswith("agent-"):
                found.append((agent, path))
    return found


def session_ids(text: str) -> set[str]:
    ids: set[str] = set()
    for line in text.splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if not isinstance(record, dict):
            continue
        if isinstance(record.get("sessionId"), str):
            ids.add(record["sessionId"])
        payload = record.get("payload")
        if record.get("type") == "session_meta" and isinstance(payload, dict) and isinstance(
                payload.get("id"), str):
            ids.add(payload["id"])
    return ids


def replicate(out: Path, copies: int, rng: random.Random) -> int:
    """Write `copies` copies of every source file, each with fresh session ids."""
    written = 0
    for n in range(copies):
        for agent, path in sources():
            text = path.read_text(encoding="utf-8", errors="replace")
            fresh = str(uuid.UUID(int=rng.getrandbits(128), version=4))
            for old in session_ids(text):
                text = text.replace(old, str(uuid.UUID(int=rng.getrandbits(128), version=4)))
            folder = out / agent / f"copy-{n:03d}"
            folder.mkdir(parents=True, exist_ok=True)
            name = (f"{fresh}.jsonl" if agent == "claude-code"
                    else f"rollout-2026-05-11T11-26-55-{fresh}.jsonl")
            (folder / name).write_text(text, encoding="utf-8")
            written += 1
    return written


def digest_answer(prompt: str) -> dict[str, Any]:
    turns = [(int(t), text.strip()) for t, text in _TURN.findall(prompt)]
    tasks = [{"summary": text[:80], "evidence": [{"quote": text[:60], "turn": t}]}
             for t, text in turns[:1]]
    feedback = [{"kind": "correction", "summary": text[:80], "command": None, "fix": None,
                 "evidence": [{"quote": text[:60], "turn": t}]} for t, text in turns[1:4]]
    return {"topics": ["coding work"], "tasks": tasks, "env_feedback": [],
            "user_feedback": feedback}


def judge_answer(prompt: str) -> dict[str, Any]:
    out: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    for line in prompt.splitlines():
        m = _CANDIDATE.match(line)
        if m:
            current = {"cid": m.group(1), "sessions": int(m.group(2)), "eids": []}
            out.append(current)
        elif (e := _EVIDENCE.match(line)) and current is not None:
            current["eids"].append(e.group(1))
    judgements = []
    for rank, c in enumerate(out, 1):
        ids = c["eids"][:2]
        holds = c["sessions"] >= 2

        def reason(value: bool, text: str, ids: list[str] = ids) -> dict[str, Any]:
            return {"holds": value, "reason": text, "evidence": ids}

        judgements.append({
            "candidates": [c["cid"]], "repeatable": reason(holds, "It recurs."),
            "room_to_improve": reason(holds, "The user redirected the agent."),
            "repeated_ask": reason(False, "No repeated ask."),
            "kill_switches": [{"switch": k, "fires": False, "reason": "Does not apply.",
                               "evidence": ids} for k in KILL_SWITCHES],
            "kind": "new", "skill": None, "rank": rank})
    return {"judgements": judgements}


PROSE = {"description": "Lessons this user's sessions keep teaching. Use when the same work "
                          "comes up again.",
         "body": "# Lessons\n\nFollow what the sessions show: ask before large rewrites.\n"}


class CountingServer:
    """OpenAI-compatible, on 127.0.0.1: counts prompt tokens per request kind."""

    def __init__(self) -> None:
        self.distill: list[int] = []
        self.judge: list[int] = []
        self.prose: list[int] = []
        self.lock = threading.Lock()
        counter = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["content-length"])))
                text = "".join(m["content"] for m in body["messages"])
                tokens = estimate_tokens(text)
                user = body["messages"][-1]["content"]
                if SENTINEL in text:
                    answer = digest_answer(user)
                    with counter.lock:
                        counter.distill.append(tokens)
                elif "candidate(s)" in user:
                    answer = judge_answer(user)
                    with counter.lock:
                        counter.judge.append(tokens)
                else:   # the prose writer of an accepted proposal
                    answer = ({"bullets": ["- Do it the way the sessions show."]}
                              if "Extend the existing skill" in user else PROSE)
                    with counter.lock:
                        counter.prose.append(tokens)
                payload = json.dumps({
                    "id": "x", "object": "chat.completion", "model": body.get("model"),
                    "choices": [{"index": 0, "finish_reason": "stop", "message": {
                        "role": "assistant", "content": json.dumps(answer)}}],
                    "usage": {"prompt_tokens": tokens, "completion_tokens": 50,
                              "total_tokens": tokens + 50}}).encode()
                self.send_response(200)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host!s}:{port}/v1"


def percentile(values: list[int], q: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0


def run(work: Path, sessions: int, seed: int) -> None:
    files = len(sources())
    replicate(work / "sessions", -(-sessions // files) + 1, random.Random(seed))
    repo = work / "repo"
    subprocess.run(["git", "init", "-q", "-b", "main", str(repo)], check=True)
    (repo / "README.md").write_text("bench\n")
    subprocess.run(["git", "-C", str(repo), "add", "-A"], check=True)
    subprocess.run(["git", "-C", str(repo), "-c", "user.name=b", "-c", "user.email=b@b",
                    "commit", "-qm", "init"], check=True)
    server = CountingServer()
    backend = OpenAIBackend(EngineSettings(base_url=server.url, model="bench-model"))
    redactor = Redactor.from_environment()
    calls = []
    for attempt in (1, 2):
        before = (len(server.distill), len(server.judge), len(server.prose))
        judge = ModelJudge(backend, redactor=redactor, cache_dir=work / "verdicts")
        distilled, result = run_mine(
            repo, SessionQuery(source=work / "sessions"), MineOptions(dry_run=True),
            LLMEngine(backend), cache=DigestCache(work / "digests"), redactor=redactor,
            distill=DistillOptions(limit=sessions, workers=2), model_judge=judge)
        calls.append((len(server.distill) - before[0], len(server.judge) - before[1],
                      len(server.prose) - before[2]))
        if attempt == 1:
            first = (distilled, result, judge.report)
    distilled, result, report = first
    n = distilled.stats.sessions
    distill_total, judge_total = sum(server.distill), sum(server.judge)
    print(f"sessions: {n} (replicated from {files} corpus files), candidates: "
          f"{result.found.candidates}, judged by the model: {report.candidates}, proposals: "
          f"{len(result.found.proposals)}")
    print(f"distill prompt tokens per session: median {statistics.median(server.distill):.0f}"
          f", p90 {percentile(server.distill, 0.9)}, total {distill_total} "
          f"({len(server.distill)} calls)")
    print(f"judge prompt tokens: total {judge_total} in {len(server.judge)} calls "
          f"(per request median {statistics.median(server.judge or [0]):.0f}, p90 "
          f"{percentile(server.judge, 0.9)}); per session {judge_total / max(n, 1):.0f}; "
          f"{100 * judge_total / max(distill_total, 1):.1f}% of distill")
    print(f"prose writer: {calls[0][2]} calls, {sum(server.prose[:calls[0][2]])} prompt tokens"
          " (one per accepted proposal)")
    print(f"cached re-run: {calls[1][0]} distill calls, {calls[1][1]} judge calls "
          f"({calls[1][2]} prose calls: drafts are not cached)")
    server.httpd.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=100)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--keep", type=Path, default=None)
    args = parser.parse_args()
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=False)
        run(args.keep, args.sessions, args.seed)
        return
    with tempfile.TemporaryDirectory(prefix="skillgit-bench-tokens-") as tmp:
        run(Path(tmp), args.sessions, args.seed)


if __name__ == "__main__":
    main()
