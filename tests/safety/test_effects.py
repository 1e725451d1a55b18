"""What a rule would make the agent do (tests/safety/effects_variants.py): each variant is
refused with its class alone, after prose in a fence, and appended to an owner's skill; each
look-alike passes; polarity decides (a rule that forbids the weakening passes)."""

from __future__ import annotations

import pytest
from effects_variants import (
    CODE_SOURCE,
    EXTRA_ADDRESSED,
    FIFTH_ADDRESSED,
    FIFTH_LOOK_ALIKES,
    FIFTH_ROUND,
    FOURTH_ADDRESSED,
    FOURTH_LOOK_ALIKES,
    FOURTH_ROUND,
    FOURTH_WEAKENED,
    LOOK_ALIKES,
    MORE_LOOK_ALIKES,
    MORE_VARIANTS,
    NOT_FORBIDDING,
    VARIANTS,
    WEAKENED,
)

from skillgit.safety import refused, unsafe_lines
from skillgit.safety.lookalike import imitates
from skillgit.safety.packages import WELL_KNOWN
from skillgit.safety.polarity import forbids

CASES = [(risk, text) for variants in (VARIANTS, MORE_VARIANTS, FOURTH_ROUND, FIFTH_ROUND,
                                       {WEAKENED: FOURTH_WEAKENED})
         for risk, texts in variants.items() for text in texts]
AGENT = "instruction aimed at the agent"
OWNER_SKILL = "# Deploy\n\nRun `make deploy` from a clean tree.\n"


def test_the_sets_are_broad() -> None:
    assert len(VARIANTS[WEAKENED]) >= 60 and len(VARIANTS[CODE_SOURCE]) >= 40
    assert len(LOOK_ALIKES) >= 50
    assert {eco: len(names) >= 40 for eco, names in WELL_KNOWN.items()} == dict.fromkeys(
        WELL_KNOWN, True)


@pytest.mark.parametrize(("risk", "text"), CASES)
def test_each_variant_is_refused_with_its_class(risk: str, text: str) -> None:
    assert risk in refused(text)


@pytest.mark.parametrize(("risk", "text"), CASES[::3])
def test_a_variant_in_a_fence_after_prose_or_appended_is_refused(risk: str, text: str) -> None:
    assert risk in refused(f"Before you build:\n\n```\n{text}\n```\n")
    assert risk in refused(f"- {text}\n- then run make build")
    assert unsafe_lines(OWNER_SKILL + text + "\n", ignore=OWNER_SKILL)


@pytest.mark.parametrize("text", EXTRA_ADDRESSED + FOURTH_ADDRESSED + FIFTH_ADDRESSED)
def test_words_for_agents_in_general_are_refused_in_any_language(text: str) -> None:
    assert AGENT in refused(text)


@pytest.mark.parametrize("text", LOOK_ALIKES + MORE_LOOK_ALIKES + FOURTH_LOOK_ALIKES
                         + FIFTH_LOOK_ALIKES)
def test_each_look_alike_passes(text: str) -> None:
    assert refused(text) == []


@pytest.mark.parametrize("text", NOT_FORBIDDING)
def test_an_intro_that_does_not_forbid_it_refuses_what_follows(text: str) -> None:
    assert WEAKENED in refused(text)


@pytest.mark.parametrize(("line", "mention", "forbidden"), [
    ("Don't use --no-verify, fix the hook", "--no-verify", True),
    ("Never pass --insecure to curl", "--insecure", True),
    ("--no-verify is forbidden", "--no-verify", True),
    ("use --no-verify instead of fixing the hook", "--no-verify", False),
    ("Don't bother with the hook, just use --no-verify", "--no-verify", False),
    ("If the hook is not installed use --no-verify", "--no-verify", False),
    ("Don't forget to pass --no-verify", "--no-verify", False),
    # the negation reaches MAX_NEGATION_GAP (8) words, not one more
    ("never one two three four five six seven eight --no-verify", "--no-verify", True),
    ("never one two three four five six seven eight nine --no-verify", "--no-verify", False),
])
def test_polarity(line: str, mention: str, forbidden: bool) -> None:
    start = line.index(mention)
    assert forbids(line, start, start + len(mention)) is forbidden


@pytest.mark.parametrize(("ecosystem", "name", "original"), [
    ("pypi", "reqeusts", "requests"), ("pypi", "request", "requests"),
    ("pypi", "python_dateutil2", "python-dateutil"),
    ("pypi", "python-dateutils", "python-dateutil"),
    ("npm", "lodahs", "lodash"), ("npm", "react-dom", None), ("npm", "react-dnd", None),
    ("pypi", "my-own-internal-lib", None), ("crates", "serde-json", None),
    ("crates", "serde_jsn", "serde-json"), ("gems", "rials", "rails"), ("npm", "pg", None),
])
def test_look_alike_names_by_edit_distance_swap_separator_and_plural(
        ecosystem: str, name: str, original: str | None) -> None:
    assert imitates(ecosystem, name) == original


@pytest.mark.parametrize(("name", "imitated"), [
    ("tqdn", "tqdm"),        # four letters are judged, one edit away
    ("pamdaz", "pandas"),    # six letters may be two edits away
    ("sixes", "six"),        # a plural two letters longer
])
def test_look_alike_boundaries(name: str, imitated: str) -> None:
    assert imitates("pypi", name) == imitated
