"""The cheap checks that let the scan skip work must never skip a match."""

from __future__ import annotations

import random
import re

from skillgit.redact.entropy import MIN_LENGTH
from skillgit.redact.scan import _candidate_runs


def _regex_runs(text: str) -> list[tuple[int, int]]:
    run = "[A-Za-z0-9+/_\\-]{" + str(MIN_LENGTH) + ",}"
    return [match.span() for match in re.finditer(run, text)]


def test_candidate_runs_are_the_maximal_runs_the_regex_finds() -> None:
    rng = random.Random(11)
    noise = "=.: é\n\u0663?\ud800\t\"'"
    for _ in range(3000):
        text = "".join(rng.choice(noise) if rng.random() < 0.06 else rng.choice("aZ9+/_-")
                       for _ in range(rng.randint(0, 160)))
        assert _candidate_runs(text) == _regex_runs(text), text
