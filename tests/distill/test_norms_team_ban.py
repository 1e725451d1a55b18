"""The team's own ban is a norm whatever precedes it ("Nice, nine `unwrap()`s. We don't allow
`unwrap()` outside tests: …"); a question, a past ban or one about a thing just shown is
not (issue 25)."""

from __future__ import annotations

import pytest

from skillgit.distill import norms


@pytest.mark.parametrize("text", [
    "Nice, nine `unwrap()`s in one module. We don't allow `unwrap()` outside tests: return "
    "a proper error from the parser.",
    "we never merge a migration without its down step",
    "This repo does not... sorry: this repo won't accept `print()` calls in library code.",
    "We do not permit raw SQL strings in the handlers, use the query builder.",
])
def test_a_team_ban_is_a_norm(text: str) -> None:
    assert norms.norm(text, new_task=False) is not None


@pytest.mark.parametrize("text", [
    "we don't allow that?",                          # a question
    "we didn't allow guests to comment back then",   # the past
    "We don't allow it.",                            # no thing of the repository
    "we don't accept the cookie banner on the staging site, it's annoying",  # no rule form
])
def test_look_alikes_of_a_team_ban_are_no_norm(text: str) -> None:
    assert norms.norm(text, new_task=False) is None
