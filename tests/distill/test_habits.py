"""A standing rule recalled inside an ask ("… like always", "as usual", "the normal way") is
a preference beside the task; its quote is the clause alone. Look-alikes stay a plain ask."""

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.distill.habits import habit
from skillgit.distill.user_signals import user_signals


def _signals(ask: str) -> tuple[list[str], list[str]]:
    found = user_signals(Talk().user(ask).say("On it.").build())
    return [t.summary for t in found.tasks], [f"{f.kind}: {f.summary}" for f in found.feedback]


@pytest.mark.parametrize(("ask", "clause"), [
    ("bump the chart version and lint it with `helm lint --strict` as usual, then open a PR",
     "lint it with `helm lint --strict` as usual"),
    ("add the audit table. the migration goes through sqitch like always",
     "the migration goes through sqitch like always"),
    ("fix the flaky login spec and run the suite the normal way (bin/rspec --tag ~slow, not "
     "rake spec)", "run the suite the normal way (bin/rspec --tag ~slow, not rake spec)"),
    ("per usual, deps get pinned with --save-exact; add date-fns", "per usual"),
])
def test_a_habit_in_an_ask_is_a_preference_beside_the_task(ask: str, clause: str) -> None:
    tasks, feedback = _signals(ask)
    assert len(tasks) == 1
    if clause == "per usual":  # the marker opens the sentence: the clause is up to its break
        assert feedback and feedback[0].startswith("preference: per usual")
    else:
        assert feedback == [f"preference: {clause}"]


@pytest.mark.parametrize("ask", [
    "deploy the app to staging like always?",                 # a question
    "as usual I'll review the PR after lunch, no rush",       # the user's own plan
    "thanks as usual! now add a dark mode toggle",            # no anchor in its clause
    "the cafe was closed as usual, anyway: add a CSV export",  # no thing of the repository
])
def test_look_alikes_are_a_plain_ask(ask: str) -> None:
    tasks, feedback = _signals(ask)
    assert len(tasks) == 1 and feedback == []


def test_the_clause_keeps_a_parenthesis_whole() -> None:
    text = "then run the tests the usual way (make test, not go test), and push"
    span = habit(text)
    assert span is not None and text[span[0]:span[1]] == (
        "run the tests the usual way (make test, not go test)")
