"""A verdict that the agent's fix only hides the problem, or an order to undo it, is a
correction ("skipping it isn't fixing", "that just moves the stall", "put it back"); the same
words about a plan, a question or something else stay ordinary."""

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.distill.user_signals import user_signals


def _kinds(text: str) -> list[str]:
    talk = (Talk().user("the importer stalls on big files, fix it")
            .tool("Edit", "/work/proj/importer/run.py")
            .tool("Bash", "pytest tests/importer -q", "14 passed")
            .say("Added a sleep between batches; the tests pass.").user(text))
    return [f.kind for f in user_signals(talk.build()).feedback]


@pytest.mark.parametrize("text", [
    "sleeping between batches isn't fixing it. find where the memory goes",
    "Retrying is not a fix, the parser leaks.",
    "That only masks the leak. Stream the rows instead of loading them.",
    "this just delays the stall to the next batch",
    "The old batching was there for the S3 limits, put it back.",
])
def test_a_fix_that_hides_the_problem_or_must_be_undone_is_a_correction(text: str) -> None:
    assert _kinds(text) == ["correction"]


@pytest.mark.parametrize("text", [
    "Is retrying not a fix in this case?",
    "That just works now, thanks! Next: the progress bar.",
    "We should put them back in the queue once the outage is over, can you script that?",
    "Good. Once the backlog drains, put it back on the hourly schedule.",
])
def test_the_same_words_about_plans_or_questions_stay_ordinary(text: str) -> None:
    assert _kinds(text) == []
