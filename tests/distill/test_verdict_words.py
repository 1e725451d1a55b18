"""Verdicts opening a follow-up in other words than "wrong" (issue 25): "that's backwards",
"it's the wrong way round", "this is upside down"; the same words about something other
than the result stay ordinary."""

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.distill.user_signals import user_signals


def _kinds(text: str) -> list[str]:
    talk = (Talk().user("sort the leaderboard by score")
            .tool("Edit", "src/board/rank.ts")
            .tool("Bash", "npm test -- rank", "3 passing")
            .say("rank() now sorts by score ascending; the three tests pass.")
            .user(text))
    return [f.kind for f in user_signals(talk.build()).feedback]


@pytest.mark.parametrize("text", [
    "That's backwards. The top score goes first, so it has to be descending.",
    "It's the wrong way round, highest first please.",
    "this is upside down — the best player belongs at the top",
])
def test_a_verdict_in_other_words_is_a_correction(text: str) -> None:
    assert _kinds(text) == ["correction"]


@pytest.mark.parametrize("text", [
    "Thanks! Funny, the old board was backwards for years and nobody noticed.",
    "Works. Next, can you add a reversed view for the admin page?",
])
def test_the_words_about_something_else_stay_ordinary(text: str) -> None:
    assert _kinds(text) == []
