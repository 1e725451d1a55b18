"""A rule keeps the sentence naming where it moves to; "only <run>" after a rhetorical question
is a restriction; "we always <do>" inside an ask is a standing rule (issue 25)."""

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.distill.user_signals import user_signals


def _feedback(text: str) -> list[tuple[str, str]]:
    talk = (Talk().user("add a retry to the upload client")
            .tool("Edit", "client/upload.py")
            .tool("Bash", "make test", "214 passed in 6m12s")
            .say("Added the retry with backoff in client/upload.py; `make test` passes.")
            .user(text))
    return [(f.kind, f.evidence[0].quote) for f in user_signals(talk.build()).feedback]


def test_the_sentence_naming_the_target_joins_the_quote() -> None:
    found = _feedback("Don't hard-code the retry count in upload.py. Limits live in "
                      "config/limits.yaml and the client reads them at startup.")
    assert found == [("correction", "Don't hard-code the retry count in upload.py. Limits "
                      "live in config/limits.yaml and the client reads them at startup.")]


@pytest.mark.parametrize("text,quote", [
    # the next sentence opens a new task: not part of the rule
    ("Don't hard-code the retry count in upload.py. Also add a test for config/limits.yaml.",
     "Don't hard-code the retry count in upload.py."),
    # the next sentence asks something
    ("Don't hard-code the retry count in upload.py. Is config/limits.yaml read at startup?",
     "Don't hard-code the retry count in upload.py."),
])
def test_a_new_task_or_a_question_stays_out_of_the_quote(text: str, quote: str) -> None:
    assert _feedback(text) == [("correction", quote)]


def test_only_run_after_a_rhetorical_question_is_a_restriction() -> None:
    found = _feedback("six minutes for a retry?? make test runs every package. only run the "
                      "client tests: `pytest tests/client -q`")
    assert found == [("correction", "only run the client tests: `pytest tests/client -q`")]


@pytest.mark.parametrize("text", [
    "six minutes, wow. we only run the full suite before a release, so that's fine. thanks!",
    "I only ran the client tests locally before, so good to see the full run pass.",
])
def test_only_in_a_story_or_a_habit_of_ours_is_no_restriction(text: str) -> None:
    assert _feedback(text) == []


def _ask(text: str) -> list[tuple[str, str]]:
    talk = Talk().user(text).tool("Edit", "deploy/values.yaml").say("Done.")
    return [(f.kind, f.evidence[0].quote) for f in user_signals(talk.build()).feedback]


def test_we_always_inside_an_ask_is_a_standing_rule() -> None:
    found = _ask("add a redis sidecar to the worker. reminder: we always pin images by digest "
                 "in deploy/values.yaml, never by tag")
    assert found == [("preference", "reminder: we always pin images by digest in "
                      "deploy/values.yaml")]


@pytest.mark.parametrize("text", [
    "we always said we'd drop deploy/legacy.yaml someday, so delete it now",
    "we always end up fighting the deploy/values.yaml merge, can you split it per env?",
    # a habit marker inside a question, past a dotted name
    "what's the usual layout for charts — is deploy/values.yaml next to the templates, or "
    "one level up?",
])
def test_we_always_telling_the_past_stays_an_ask(text: str) -> None:
    assert _ask(text) == []
