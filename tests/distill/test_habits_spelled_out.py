"""A habit recalled in an opening ask in the forms the other tables missed: "we always <verb>
and <verb> …" (its verbs run on to the thing), "usual drill/routine before …: <command>",
and a clause after it that restates it concretely ("…, so `pytest -k smoke`", German
"…, also … -LE slow"). English "also" adds another request and stays out (issue 25)."""

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.distill.habits import habit
from skillgit.distill.user_signals import user_signals


def _clause(text: str) -> str | None:
    found = habit(text)
    return None if found is None else text[found[0]:found[1]]


@pytest.mark.parametrize(("ask", "clause"), [
    ("We always lint and test through the tox envs here (py312-lint), never a bare pytest. "
     "Task: add a retry to the uploader.",
     "We always lint and test through the tox envs here (py312-lint), never a bare pytest"),
    ("add the CSV exporter and commit it. usual drill before the commit: cargo fmt on what "
     "you changed", "usual drill before the commit: cargo fmt on what you changed"),
    ("fix the parser bug; test it the normal way, i.e. `pytest -k parser -q`",
     "test it the normal way, i.e. `pytest -k parser -q`"),
    ("Bitte den Export-Button ergänzen. Tests wie immer nur die schnellen, also pytest mit "
     "-m fast.", "Tests wie immer nur die schnellen, also pytest mit -m fast"),
    ("corrige le tri des dates, et teste comme d'habitude sans les lents, donc pytest avec "
     "-m 'not slow'", "et teste comme d'habitude sans les lents, donc pytest avec -m 'not "
     "slow'"),
])
def test_a_habit_spelled_out_is_the_clause_that_holds_it(ask: str, clause: str) -> None:
    assert _clause(ask) == clause


@pytest.mark.parametrize(("ask", "clause"), [
    # English "also" is another request: the habit clause ends before it
    ("bump the chart version like always, also run helm lint --strict before you push",
     "bump the chart version like always"),
    # the next clause restates nothing concrete (no flag, no code): not taken along
    ("tag the release as usual, so the team sees it in the channel",
     "tag the release as usual"),
])
def test_a_clause_after_the_habit_joins_it_only_when_it_restates_it(ask: str,
                                                                   clause: str) -> None:
    assert _clause(ask) == clause


@pytest.mark.parametrize("ask", [
    "We always deploy on Fridays and then we regret it.",      # a story, no thing of ours
    "we always end up fixing the build by hand, add a make target for it",
    "the usual drill? remind me what it is",                   # a question
    "thanks, the usual routine worked",                        # no thing it is about
])
def test_look_alikes_stay_a_plain_ask(ask: str) -> None:
    found = user_signals(Talk().user(ask).say("On it.").build())
    assert [f for f in found.feedback if f.kind == "preference"] == []


def test_the_norm_in_an_opener_is_a_preference_beside_its_task() -> None:
    ask = ("We always build through the CMake presets here (gcc-asan-debug), never a "
           "hand-rolled build directory. Task: add a bounds check to the tile reader.")
    found = user_signals(Talk().user(ask).say("On it.").build())
    assert [t.summary for t in found.tasks] and [f.kind for f in found.feedback] == [
        "preference"]
    assert "gcc-asan-debug" in found.feedback[0].summary
