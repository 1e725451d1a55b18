"""`polarity.unforbidden` in prose blanks exactly the letters of the words a negation reaches:
none of them is left (not even its first letter), nothing before or after the clause is
touched, on the first line and on any later one (the mutation run found the offset of the
lines unchecked: with every span one character late, the first letter of each forbidden word
stayed and one character after it was blanked)."""

from __future__ import annotations

import pytest

from skillgit.safety.polarity import unforbidden

CLAUSE = "touch the vendored wheels manually"


@pytest.mark.parametrize("before", ["", "Run the linter first.\n", "Pin the image.\nThen build.\n"])
def test_prose_blanking_covers_exactly_the_words_a_negation_reaches(before: str) -> None:
    text = f"{before}Never {CLAUSE}, regenerate them"
    assert unforbidden(text, prose=True) == f"{before}Never {' ' * len(CLAUSE)}, regenerate them"
    # without prose only code spans are judged: the words stay
    assert unforbidden(text) == text


@pytest.mark.parametrize("text", [
    "Merge the release branch only after approval from the lead",
    "Résumé: merge the release branch only after approval",  # a line that is not ASCII
    "发布前: merge the release branch only after approval",
])
def test_a_guard_with_no_negation_on_its_line_blanks_nothing_in_any_script(text: str) -> None:
    assert unforbidden(text, prose=True) == text


@pytest.mark.parametrize(("text", "forbidden"), [
    ("Never rebase the shared branch and tell the team", "rebase the shared branch"),
    ("Do not bump the pinned wheels or regenerate the lockfile", "bump the pinned wheels"),
])
def test_the_word_that_joins_a_new_clause_stays(text: str, forbidden: str) -> None:
    blanked = unforbidden(text, prose=True)
    joint = text.index(forbidden) + len(forbidden) + 1
    assert blanked[joint - 1 - len(forbidden):joint - 1] == " " * len(forbidden)
    assert blanked[joint:].startswith(("and ", "or "))  # "… and switch to …": a new clause


def test_prose_blanking_keeps_punctuation_and_blanks_digits() -> None:
    text = "Pin the image.\nDon't bump protobuf past 4.25; the stubs break"
    assert unforbidden(text, prose=True) == (
        "Pin the image.\nDon't " + " " * len("bump protobuf past 4") + ".  ; the stubs break")
