"""Negative words inside praise, relief, a question for advice or the user's own account
correct nothing (`framing`); the same words with a rule, a contrast or a redirect beside them
still do."""

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.distill import framing
from skillgit.distill.user_signals import user_signals


def _kinds(text: str) -> list[str]:
    talk = (Talk().user("find out why the nightly export job is slow")
            .tool("Bash", "kubectl logs job/export-nightly --tail=200",
                  "WARN slow query 4.2s\nERROR pool exhausted")
            .tool("Edit", "charts/export/values.yaml")
            .tool("Bash", "helm upgrade export charts/export -f charts/export/values.yaml",
                  "Release \"export\" has been upgraded.")
            .say("Raised the pool size in values.yaml to 20 and upgraded the release.")
            .user(text))
    return [f.kind for f in user_signals(talk.build()).feedback]


@pytest.mark.parametrize("text", [
    # praise closing the turn, the negatives report good news
    "Zero errors, no timeouts, not one retry in the last run. Lovely.",
    "Nah, nothing else from me. The pool thing finally makes sense. Cheers!",
    # relief at the cause found, then a request for new work
    "I can't believe it was the pool size all along. Wrong default in the chart. Could you "
    "add a note to the runbook about it?",
    "So that was it. Bad retry math since March. Wow. Can you write a test that pins it?",
    # a question for advice closing the turn
    "That's not what the dashboards showed at all, pool at 95%?? Where would you start?",
    "Hm, not the numbers I had in mind. Any ideas?",
    # the user's own account, then a request for new work
    "Staging already runs with 20, I set it by hand yesterday during the load test. Can you "
    "commit the values file so it matches?",
])
def test_framed_remarks_stay_ordinary(text: str) -> None:
    assert _kinds(text) == []


@pytest.mark.parametrize("text", [
    # a verdict on the result: no praise frame hides it
    "Wrong release. Thanks.",
    "That's not right. What would you try first?",
    # praise with an objection, a rule or a redirect beside it
    "No errors, nice. But never run helm upgrade from a laptop, we deploy through Argo.",
    "Great, thanks! Only thing: values.yaml is shared with staging.",
    "Wow, finally works. Next time use helm diff before you upgrade.",
    "I set it by hand yesterday, so you should not have run helm upgrade. Can you add a "
    "check?",
    "No, you upgraded the wrong release. Can you roll it back?",
])
def test_objections_beside_the_frame_are_still_found(text: str) -> None:
    assert _kinds(text) in (["correction"], ["preference"])


@pytest.mark.parametrize("text,framed", [
    ("No failures, no flakes. Sweet.", True),
    ("Not the fix I expected. What would you check next?", True),
    ("I renamed the column myself this morning. Please generate the migration.", True),
    ("I can't believe that was it. Please add a regression test.", True),
    ("No failures. Sweet, but use the staging cluster next time.", False),
    ("Not the fix I expected. Why did you change the pool?", False),
    ("I renamed the column myself this morning. Revert your rename.", False),
    ("Thanks.", False),  # one sentence: nothing framed, an acknowledgement elsewhere
])
def test_framed_remark_reads_the_whole_turn(text: str, framed: bool) -> None:
    assert framing.framed_remark(text) is framed
