"""Static checks are part of the test suite, so the README's one test command runs them too."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]


def test_ruff_is_clean() -> None:
    proc = subprocess.run([sys.executable, "-m", "ruff", "check", "."], cwd=PROJECT,
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def mypy_cache_dir() -> Path:
    """mypy's own incremental cache, kept outside the clone (like the child interpreters'
    bytecode, tests/conftest.py), one per clone path: a fresh clone at the same place (CI's)
    starts warm instead of checking all of skillgit and its dependencies from scratch (~7
    CPU-s, one of the suite's longest tests). Still a full check: mypy reuses a module's
    cached result only when the module's content hash, options and mypy version match and no
    dependency's interface changed, re-reports cached errors, and rechecks the rest. Two
    clones never share one (two suites at once could interleave writes of one module)."""
    user = os.getuid() if hasattr(os, "getuid") else os.getlogin()
    clone = hashlib.sha256(os.fsencode(PROJECT)).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"skillgit-tests-mypy-{user}" / clone


def test_mypy_strict_is_clean() -> None:
    # A first run checks everything (~12 s), later runs recheck only what changed (~1 s) and
    # report the same errors.
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(mypy_cache_dir()),
         "skillgit", "action"],
        cwd=PROJECT, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
