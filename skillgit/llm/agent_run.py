"""Running an agent CLI safely: argv lists only (never a shell), an empty working directory,
a trimmed environment, a timeout that kills the whole process group."""

from __future__ import annotations

import os
import re
import signal
import subprocess
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from skillgit.llm.base import EngineUnavailable
from skillgit.llm.http import scrub

# Variables that look like credentials are not passed to the agent (an injected transcript
# could make it print its environment), except the ones the agent itself needs.
_SENSITIVE = re.compile(r"(TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|_API_KEY|ACCESS_KEY|"
                        r"PRIVATE_KEY|SESSION_KEY)", re.IGNORECASE)
MAX_MESSAGE_CHARS = 300
# After a timeout kill, how long to wait for the pipes to close before closing them.
REAP_SECONDS = 2.0


@dataclass(frozen=True)
class RunResult:
    returncode: int
    stdout: str
    stderr: str


def child_environment(env: Mapping[str, str], keep: Iterable[str],
                      overrides: Mapping[str, str]) -> dict[str, str]:
    """`env` without credential-like variables (except `keep`), plus `overrides`."""
    kept = set(keep)
    child = {k: v for k, v in env.items() if k in kept or not _SENSITIVE.search(k)}
    child.update(overrides)
    return child


def secrets_in(env: Mapping[str, str]) -> list[str]:
    """Values of credential-like variables, to scrub from messages."""
    return [v for k, v in env.items() if _SENSITIVE.search(k) and len(v) >= 8]


def short(text: str, secrets: list[str]) -> str:
    """The last part of `text` on one line, without secrets."""
    flat = " ".join(scrub(text, secrets).split())
    return flat if len(flat) <= MAX_MESSAGE_CHARS else "…" + flat[-MAX_MESSAGE_CHARS:]


def _kill(process: subprocess.Popen[str]) -> None:
    try:
        if os.name == "posix":
            os.killpg(process.pid, signal.SIGKILL)
        else:
            process.kill()
    except (ProcessLookupError, PermissionError):
        process.kill()


def _reap(process: subprocess.Popen[str]) -> None:
    """Wait for the killed program, but not for a descendant that left its process group
    and still holds the pipes open (it would keep `communicate` waiting for ever)."""
    try:
        process.communicate(timeout=REAP_SECONDS)
    except subprocess.TimeoutExpired:
        for pipe in (process.stdin, process.stdout, process.stderr):
            if pipe is not None:
                pipe.close()
        process.wait()


def run_program(argv: list[str], *, stdin: str, env: Mapping[str, str], cwd: Path,
                timeout: float, service: str) -> RunResult:
    """Run `argv` with `stdin`; kill it (and its children) when it exceeds `timeout`."""
    try:
        process = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            cwd=cwd, env=dict(env), text=True, encoding="utf-8", errors="replace",
            start_new_session=os.name == "posix")
    except OSError as exc:
        raise EngineUnavailable(f"{service}: cannot start {argv[0]}: {exc.strerror}") from None
    try:
        stdout, stderr = process.communicate(stdin, timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill(process)
        _reap(process)
        raise EngineUnavailable(f"{service}: {Path(argv[0]).name} did not finish within "
                                f"{timeout:g} s and was killed") from None
    except BaseException:
        _kill(process)
        _reap(process)
        raise
    return RunResult(process.returncode, stdout, stderr)
