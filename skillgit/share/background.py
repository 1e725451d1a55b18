"""The quiet `share` run an agent's hook or a user timer starts.

An agent waits for its hooks, so the hook only launches: `python -m skillgit.share.background
--launch REPO` starts `python -m skillgit.share.background REPO` in a new session, with no
terminal, its output going to the log in the cache folder, and returns at once (exit 0,
whatever happens).
That detached runner skips the run when one is already going (a lock file) or when the last
one started less than `MIN_INTERVAL` ago (Codex notifies after every turn), then runs
`skillgit share` in REPO, bounded by `TIME_LIMIT`: past it, SIGTERM (share stops cleanly: a
push is atomic, every digest finished is cached), then SIGKILL after `GRACE`.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

TIME_LIMIT = 600.0      # seconds one background share may take
GRACE = 20.0
MIN_INTERVAL = 600.0    # seconds between two background runs
LOG_NAME = "share-background.log"
LOG_MAX = 256 * 1024    # the log is cut to its last half past this size


def cache_root(env: Mapping[str, str]) -> Path:
    """`skillgit.distill.cache.cache_root`'s rule, without its imports: the launcher an agent
    waits for imports nothing but the standard library (tests keep the two equal)."""
    base = env.get("XDG_CACHE_HOME") or ""
    root = Path(base) if base and os.path.isabs(base) else (
        Path(env.get("HOME") or Path.home()) / ".cache")
    return root / "skillgit"


def log_path(env: Mapping[str, str]) -> Path:
    return cache_root(env) / LOG_NAME


def launch(repo: Path, env: Mapping[str, str]) -> None:
    """Start the detached runner for `repo` and return at once; never raises."""
    with contextlib.suppress(Exception):
        log = log_path(env)
        log.parent.mkdir(parents=True, exist_ok=True)
        with open(log, "ab") as out:
            subprocess.Popen(
                [sys.executable, "-m", "skillgit.share.background", str(repo)],
                stdin=subprocess.DEVNULL, stdout=out, stderr=out, cwd=str(repo),
                start_new_session=True, close_fds=True, env=dict(env))


def _cut(log: Path) -> None:
    with contextlib.suppress(OSError):
        if log.stat().st_size > LOG_MAX:
            data = log.read_bytes()[-LOG_MAX // 2:]
            log.write_bytes(data[data.find(b"\n") + 1:])


def _claim(lock: Path, stamp: Path, now: float) -> bool:
    """Whether this runner may go: no other one running (a lock younger than the time limit
    plus grace) and none started within MIN_INTERVAL."""
    with contextlib.suppress(OSError):
        if now - stamp.stat().st_mtime < MIN_INTERVAL:
            return False
    with contextlib.suppress(OSError):
        if now - lock.stat().st_mtime > TIME_LIMIT + GRACE * 2:
            lock.unlink()   # a runner that died without cleaning up
    try:
        os.close(os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    except OSError:
        return False
    stamp.touch()
    return True


def run(repo: Path, env: Mapping[str, str], *, time_limit: float = TIME_LIMIT,
        command: Sequence[str] | None = None) -> int:
    """One bounded `skillgit share` in `repo` (the detached runner's work); its exit code,
    or None-like 0 when skipped. `command` replaces the share command (tests)."""
    cache = cache_root(env)
    cache.mkdir(parents=True, exist_ok=True)
    lock, stamp = cache / "share-background.lock", cache / "share-background.last"
    _cut(log_path(env))
    if not _claim(lock, stamp, time.time()):
        print(f"{_now()} skipped: a run is going or ran recently", flush=True)
        return 0
    argv = list(command or [sys.executable, "-m", "skillgit", "share"])
    print(f"{_now()} start: {repo}", flush=True)
    try:
        child = subprocess.Popen(argv, cwd=str(repo), stdin=subprocess.DEVNULL,
                                 env=dict(env))
        try:
            code = child.wait(timeout=time_limit)
        except subprocess.TimeoutExpired:
            child.terminate()
            try:
                child.wait(timeout=GRACE)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
            print(f"{_now()} stopped: over the time limit of {time_limit:.0f} s", flush=True)
            return 124
    except OSError as exc:
        print(f"{_now()} cannot start share: {exc}", flush=True)
        return 2
    finally:
        with contextlib.suppress(OSError):
            lock.unlink()
    print(f"{_now()} done: exit {code}", flush=True)
    return code


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S%z")


def main(argv: Sequence[str]) -> int:
    """`--launch REPO [ignored ...]`: start the runner detached and return 0 at once (what
    hooks and timers call; an agent may append its event); `REPO`: be the runner."""
    if len(argv) >= 2 and argv[0] == "--launch":
        launch(Path(argv[1]), os.environ)
        return 0
    if len(argv) != 1:
        print("usage: `python -m skillgit.share.background [--launch] REPO`", file=sys.stderr)
        return 2
    return run(Path(argv[0]), os.environ)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
