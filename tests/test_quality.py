"""Static checks are part of the test suite, so the README's one test command runs them too."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]


def test_ruff_is_clean() -> None:
    proc = subprocess.run([sys.executable, "-m", "ruff", "check", "."], cwd=PROJECT,
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy_strict_is_clean() -> None:
    # mypy's own incremental cache (.mypy_cache, git-ignored): a first run checks everything
    # (~12 s), later runs recheck only what changed (~1 s) and report the same errors.
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(PROJECT / ".mypy_cache"),
         "skillgit", "action"],
        cwd=PROJECT, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
