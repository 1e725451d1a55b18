"""The cheap checks that let the scan skip work must never skip a match."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_redact_properties import FRAGMENTS, TOKENISH

from skillgit.redact.entropy import MIN_LENGTH
from skillgit.redact.scan import _candidate_runs, _token_candidates, _token_candidates_in_runs


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


MIXED_TOKENS = st.lists(st.one_of(st.sampled_from(FRAGMENTS), TOKENISH,
                                  st.sampled_from([" ", "\n", ":", "=", "é", "٣", "a" * 14])),
                        min_size=1, max_size=60).map("".join)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(MIXED_TOKENS)
def test_token_rules_find_in_the_long_runs_what_they_find_in_the_whole_text(text: str) -> None:
    assert sorted(_token_candidates_in_runs(text)) == sorted(_token_candidates(text))


@pytest.mark.parametrize("text", [
    "x" * 14 + "AKIA" + "Z" * 16, "AKIA" + "Z" * 16, "ghp_" + "A1b2" * 9 + ":",
    "bot ٣٣٣٣٣٣٣٣:AA" + "b" * 33 + " tail", "id 12345678:AA" + "b" * 33,
    "Private-MAC: " + "ab" * 10, "k -----BEGIN RSA PRIVATE KEY-----\nMIIB" + "q" * 70,
    "https://hooks.slack.com/services/T0000/B0000/" + "x1" * 12 + " and more words here",
    ("word " * 30) + "sk-" + "a1" * 12 + "\n" + ("word " * 30),
])
def test_token_rules_in_runs_on_edge_cases(text: str) -> None:
    text = "plain words " * 20 + text + " plain words" * 20  # mostly no runs: not scanned whole
    whole = sorted(_token_candidates(text))
    assert sorted(_token_candidates_in_runs(text)) == whole
    assert whole or "x" * 14 + "AKIA" in text
