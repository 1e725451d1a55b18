"""A failure whose fix is the values the user gives for the arguments the error names (issue
25): "the queue is jobs-eu-2 in ns-batch" after `… --queue jobs-eu --namespace ns-default`
failed naming both, in any language; a guess in a question, or values of another kind, are
no fix."""

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.distill.env_signals import env_feedback


def _env(text: str) -> list[tuple[str, str | None]]:
    talk = (Talk().user("drain the old jobs from the batch queue")
            .tool("Bash", "qctl drain --queue jobs-eu --namespace ns-default",
                  "error: queue jobs-eu not found in namespace ns-default", error=True)
            .say("There is no queue jobs-eu in ns-default. What is it called?")
            .user(text))
    return [(f.kind, f.fix) for f in env_feedback(talk.build())]


@pytest.mark.parametrize("text", [
    "it's jobs-eu-2 now, and it lives in ns-batch",
    "die Queue heißt jobs-eu-2 und liegt in ns-batch, jobs-eu gibt es nicht mehr",
])
def test_values_for_the_named_arguments_are_the_fix(text: str) -> None:
    assert _env(text) == [("failure-then-fix",
                           "qctl drain --queue jobs-eu-2 --namespace ns-batch")]


@pytest.mark.parametrize("text", [
    "is it jobs-eu-2 maybe?",                         # a guess, asked
    "no idea, ask in #platform-help tomorrow",         # another kind of value
    "forget it, we'll do it after the freeze",
])
def test_no_values_of_the_same_kind_is_no_fix(text: str) -> None:
    assert _env(text) == [("failure", None)]
