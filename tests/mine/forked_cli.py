"""`skillgit ARGS` in a process of its own, forked from a server that imported skillgit once.

For tests that start the CLI many times only to signal it or race it against itself
(test_fault_writes.py). `python -m skillgit` spends ~0.6 s of CPU starting the interpreter
and importing (the redaction and safety tables compile at import) before it reads an argument;
those tests start ~35 of them. Here multiprocessing's fork server (a fresh interpreter, no test
state, skillgit's command modules imported once) forks each run. A run is still a process of
its own: its own pid, signals sent to it alone, Python's default handlers for them, stdout and
stderr of its own, and the exit status `python -m skillgit` has (`main`'s return code, or
`-N` when signal N killed it). What it skips is the interpreter start and the imports, which
the subprocess tests (tests/test_cli.py, test_odd_repos.py, the Action's) still go through.

    run = start(["mine", "--repo", str(repo)], tmp_path, env={"SKILLGIT_TEST_PAUSE": "ref"})
    run.wait_for_line("skillgit-test: paused at ref")
    run.send_signal(signal.SIGTERM)
    out, err = run.communicate(timeout=240)
    assert run.returncode == 143
"""

from __future__ import annotations

import io
import itertools
import multiprocessing
import os
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from multiprocessing.process import BaseProcess
from pathlib import Path

# The modules `skillgit mine` and `skillgit proposals` import, loaded once in the fork server.
PRELOAD = ["skillgit.cli.app", "skillgit.mine.run", "skillgit.mine.lifecycle"]
_CONTEXT = multiprocessing.get_context("forkserver")
_CONTEXT.set_forkserver_preload(PRELOAD)
_COUNT = itertools.count(1)


def _child(args: list[str], env: dict[str, str], cwd: str, out: str, err: str) -> None:
    """In the forked process: the environment, folder and standard streams a subprocess of the
    test would have, then the CLI; exits with its code."""
    os.chdir(cwd)
    os.environ.clear()
    os.environ.update(env)
    for fd, path in ((1, out), (2, err)):
        opened = os.open(path, os.O_WRONLY | os.O_APPEND)
        os.dup2(opened, fd)
        os.close(opened)
    sys.stdout = io.TextIOWrapper(io.BufferedWriter(io.FileIO(1, "w", closefd=False)),
                                  encoding="utf-8")
    sys.stderr = io.TextIOWrapper(io.BufferedWriter(io.FileIO(2, "w", closefd=False)),
                                  encoding="utf-8", errors="backslashreplace",
                                  line_buffering=True)
    from skillgit.cli import main

    code = main(args)
    sys.stdout.flush()
    sys.stderr.flush()
    sys.exit(code)


@dataclass
class ForkedRun:
    """A started run: the Popen calls the tests use (`send_signal`, `wait`, `communicate`,
    `returncode`) and `wait_for_line` on its stderr."""

    process: BaseProcess
    args: list[str]
    out: Path
    err: Path

    @property
    def returncode(self) -> int | None:
        return self.process.exitcode

    def send_signal(self, sig: int) -> None:
        assert self.process.pid is not None
        os.kill(self.process.pid, sig)

    def wait(self, timeout: float) -> int:
        self.process.join(timeout)
        if self.process.exitcode is None:
            raise subprocess.TimeoutExpired(["skillgit", *self.args], timeout)
        return self.process.exitcode

    def communicate(self, timeout: float) -> tuple[str, str]:
        self.wait(timeout)
        return (self.out.read_text(encoding="utf-8", errors="replace"),
                self.err.read_text(encoding="utf-8", errors="replace"))

    def wait_for_line(self, prefix: str, timeout: float = 240) -> str:
        """The stderr written so far, once a line of it starts with `prefix`; fails when the
        run ends (or `timeout` passes) first."""
        deadline = time.monotonic() + timeout
        while True:
            ended = self.process.exitcode is not None
            text = self.err.read_text(encoding="utf-8", errors="replace")
            if any(line.startswith(prefix) for line in text.splitlines(keepends=True)
                   if line.endswith("\n")):
                return text
            if ended or time.monotonic() > deadline:
                raise AssertionError(f"never printed {prefix!r} (exit {self.returncode}): {text}")
            time.sleep(0.01)


def start(args: Sequence[str], scratch: Path, env: Mapping[str, str] | None = None) -> ForkedRun:
    """Start `skillgit args` with this process's environment plus `env`, in its folder; its
    stdout and stderr go to files in `scratch`."""
    scratch.mkdir(parents=True, exist_ok=True)
    number = next(_COUNT)
    out, err = scratch / f"run-{number}.out", scratch / f"run-{number}.err"
    out.write_bytes(b"")
    err.write_bytes(b"")
    process = _CONTEXT.Process(target=_child, args=(
        list(args), {**os.environ, **(env or {})}, os.getcwd(), str(out), str(err)))
    process.start()
    return ForkedRun(process, list(args), out, err)
