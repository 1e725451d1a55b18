"""The cheap checks that let the scan skip work must never skip a match."""

from __future__ import annotations

import random
import re

import pytest

from skillgit.redact.entropy import MIN_LENGTH
from skillgit.redact.rules import TOKEN_RULES, literal_prefix
from skillgit.redact.scan import _candidate_runs


@pytest.mark.parametrize(("pattern", "prefix"), [
    ("sk-ant-[a-z]", "sk-ant-"), ("ab+c", "ab"), ("abc?", "ab"), ("abc*d", "ab"),
    ("abc{2}", "ab"), ("ab(c)|de", ""), ("ab|c", ""), (r"ab\|c", "ab"), ("ab[|]c", "ab"),
    ("ab(c|d)", "ab"), ("(?i)abc", ""), ("[ab]c", ""), (r"SG\.x", "SG"), ("a.b", "a"),
    ("^ab", ""), ("", ""),
])
def test_literal_prefix_is_what_every_match_starts_with(pattern: str, prefix: str) -> None:
    assert literal_prefix(pattern) == prefix


def test_every_rule_trigger_starts_its_pattern_and_its_matches() -> None:
    rng = random.Random(5)
    alphabet = "abcdefABCDEF0123456789_-+/=.:"
    for rule in TOKEN_RULES:
        assert rule.pattern.pattern.startswith(rule.trigger)
        for _ in range(50):
            body = "".join(rng.choice(alphabet) for _ in range(80))
            text = rule.trigger + body
            for match in rule.pattern.finditer(text):
                assert text.startswith(rule.trigger, match.start())


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
