"""A team's norm labelled "how this shop works" about the files or folders the agent touched
(issue 25): the domain word ("copybooks", "runbooks") is a thing of the work because the
agent just edited it; the same label about anything else stays ordinary."""

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.distill.user_signals import user_signals


def _kinds(text: str) -> list[str]:
    talk = (Talk().user("add the failover step to the database runbook")
            .tool("Edit", "runbooks/db-failover.md")
            .say("Added step 4 (promote the standby) to runbooks/db-failover.md.")
            .user(text))
    return [f.kind for f in user_signals(talk.build()).feedback]


@pytest.mark.parametrize("text", [
    "One thing about how this team works: runbooks are never edited in place. You copy the "
    "page to a dated version and link the old one from it.",
    "Heads up on how this team works: runbooks are always copied to a dated page, and the "
    "copy is what gets edited.",
])
def test_a_labelled_norm_about_what_the_agent_touched_is_a_preference(text: str) -> None:
    assert _kinds(text) == ["preference"]


@pytest.mark.parametrize("text", [
    "One thing about how this team works: lunches are never before noon, so no rush.",
    "Funny how this team works: nobody reads the wiki anyway. Thanks!",
])
def test_the_label_about_anything_else_stays_ordinary(text: str) -> None:
    assert _kinds(text) == []
