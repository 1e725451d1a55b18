"""Fixtures for publish tests: `github`, a GitHub REST stand-in on 127.0.0.1."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from github_server import GitHubStub


@pytest.fixture
def github() -> Iterator[GitHubStub]:
    """The stand-in: `.url`, `.env`, `.token`, `.log`, `.writes`, `.state`, `.fail_next(…)`,
    `.rate_limit_next(…)`, `.secondary_limit_next(…)`."""
    with GitHubStub() as stub:
        yield stub
