"""A real-format corpus for the benchmarks: the shared corpus's Claude Code and Codex files,
replicated with fresh session ids until the copy holds at least `--mb` MB.

    python benchmarks/real_corpus.py DIR [--mb 200] [--corpus PATH]

Each copy of a file gets a new session id: every occurrence of the file's own ids (Claude Code's
`sessionId`, a Codex rollout's `session_meta` id, the id in the file name) is replaced by a
fresh, deterministic UUID, so the copies are distinct sessions (not resumptions of one another)
with exactly the real files' shapes, sizes and text. Copies go under
`DIR/claude/projects/<project>/<id>.jsonl` and `DIR/codex/sessions/2026/05/11/rollout-…-<id>.jsonl`,
where the adapters' discovery finds them (`HOME=DIR/home` or `CLAUDE_CONFIG_DIR`/`CODEX_HOME`).
Generated at bench time into a temporary directory; never committed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus" / "transcripts"


def _ids(data: bytes, codex: bool) -> list[bytes]:
    """The session ids a file names (the ones to replace in each copy)."""
    found: dict[bytes, None] = {}
    for line in data.split(b"\n")[:400]:
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if not isinstance(record, dict):
            continue
        if codex:
            payload = record.get("payload")
            value = payload.get("id") if isinstance(payload, dict) and (
                record.get("type") == "session_meta") else None
        else:
            value = record.get("sessionId")
        if isinstance(value, str) and len(value) >= 8:
            found.setdefault(value.encode(), None)
    return list(found)


def sources(corpus: Path = DEFAULT_CORPUS) -> list[tuple[Path, bool]]:
    """The corpus's Claude Code and Codex JSONL files, each with whether it is Codex."""
    files = [(path, False) for path in sorted((corpus / "claude-code").rglob("*.jsonl"))]
    files += [(path, True) for path in sorted((corpus / "codex").rglob("*.jsonl"))]
    if not files:
        raise SystemExit(f"no Claude Code or Codex files under {corpus}")
    return files


def generate(directory: Path, megabytes: float, *, corpus: Path = DEFAULT_CORPUS,
             seed: int = 7) -> tuple[int, int]:
    """Write copies of the corpus into `directory` until `megabytes` MB; (bytes, files)."""
    rng = random.Random(seed)
    originals = [(path.read_bytes(), codex) for path, codex in sources(corpus)]
    plans = [(data, codex, _ids(data, codex)) for data, codex in originals]
    claude_dir = directory / "claude" / "projects"
    codex_dir = directory / "codex" / "sessions" / "2026" / "05" / "11"
    budget = int(megabytes * 1_000_000)
    written = files = 0
    copy = 0
    while written < budget:
        for index, (data, codex, ids) in enumerate(plans):
            fresh = {old: str(uuid.UUID(int=rng.getrandbits(128), version=4)).encode()
                     for old in ids}
            for old, new in fresh.items():
                data = data.replace(old, new)
            name = (next(iter(fresh.values())) if fresh else
                    str(uuid.UUID(int=rng.getrandbits(128), version=4)).encode()).decode()
            if codex:
                path = codex_dir / f"rollout-2026-05-11T08-{copy % 60:02}-{index:02}-{name}.jsonl"
            else:
                path = claude_dir / f"-home-dev-proj{index:02}" / f"{name}.jsonl"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            written += len(data)
            files += 1
            if written >= budget:
                break
        copy += 1
    return written, files


@dataclass
class CliRun:
    """One whole-CLI run as a subprocess: wall and CPU seconds, peak RSS, exit code, output."""

    seconds: float
    cpu: float
    rss_mb: float
    returncode: int
    stdout: str


def run_cli(args: list[str], env: dict[str, str], *, stdin: str | None = None) -> CliRun:
    """`skillgit ARGS` in a fresh process (the installed script, else `python -m skillgit`),
    its own resource usage measured with `wait4`."""
    script = Path(sys.executable).with_name("skillgit")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "skillgit"]
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as source:
        if stdin is not None:
            source.write(stdin.encode())
            source.seek(0)
        started = time.perf_counter()
        process = subprocess.Popen([*command, *args], env=env, stdout=out,
                                   stderr=subprocess.DEVNULL, stdin=source)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read().decode("utf-8", "replace")
    return CliRun(seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024,
                  process.returncode, text)


def isolated_env(scratch: Path) -> dict[str, str]:
    """The environment for CLI runs: HOME, XDG folders and git config inside `scratch`, no
    agent folders of the user's, bytecode cached as after an install."""
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("SKILLGIT_", "XDG_", "GIT_", "CLAUDE_", "CODEX_", "GEMINI_",
                                  "OPENAI_", "ANTHROPIC_"))
           and key != "PYTHONDONTWRITEBYTECODE"}
    home = scratch / "home"
    home.mkdir(parents=True, exist_ok=True)
    env.update(HOME=str(home), XDG_CACHE_HOME=str(scratch / "xdg-cache"),
               XDG_CONFIG_HOME=str(scratch / "xdg-config"),
               XDG_DATA_HOME=str(scratch / "xdg-data"),
               GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=os.devnull,
               PYTHONPYCACHEPREFIX=str(scratch / "pycache"), SKILLGIT_LLM="heuristic")
    return env


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", type=Path)
    parser.add_argument("--mb", type=float, default=200)
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    args = parser.parse_args()
    size, files = generate(args.directory, args.mb, corpus=args.corpus)
    print(f"wrote {size / 1e6:.1f} MB in {files} files under {args.directory}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
