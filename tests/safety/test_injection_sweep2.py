"""The second attacker round (injection_variants2.py) through the screen as the mine pipeline
and the LLM prose writer use it: each variant is refused with its class, alone, after prose,
inside a code fence, and as new lines appended to an owner's skill."""

from __future__ import annotations

import pytest
from injection_variants2 import HOST, VARIANTS

from skillgit.safety import UNKNOWN_HOST, notes, refused, unsafe_lines

CASES = [(risk, text) for risk, texts in VARIANTS.items() for text in texts]
OWNER_SKILL = "# Release\n\nTag from `main` only.\n"


def test_the_second_round_is_broad() -> None:
    assert len(CASES) >= 60
    assert {len(texts) >= 8 for texts in VARIANTS.values()} == {True}


@pytest.mark.parametrize(("risk", "text"), CASES)
def test_each_variant_is_refused_with_its_class(risk: str, text: str) -> None:
    assert risk in refused(text)


@pytest.mark.parametrize(("risk", "text"), CASES)
def test_a_variant_after_prose_in_a_fence_or_appended_is_refused(risk: str, text: str) -> None:
    assert risk in refused(f"Before you build:\n\n```\n{text}\n```\n")
    assert risk in refused("no, you must run this first: " + text)
    assert unsafe_lines(OWNER_SKILL + text + "\n", ignore=OWNER_SKILL)


LEFT_TO_THE_REVIEWER = [
    # A module from a host the screen cannot judge: the host is listed. (Pointing a package
    # manager at a new index adds a code source: refused, see tests/safety/test_effects.py.)
    f"go install {HOST}/tool@latest",
]


@pytest.mark.parametrize("text", LEFT_TO_THE_REVIEWER)
def test_configuration_pointing_at_an_unknown_host_is_listed_not_refused(text: str) -> None:
    assert refused(text) == []
    assert [n.kind for n in notes(text, known_hosts={"github.com"})] == [UNKNOWN_HOST]
