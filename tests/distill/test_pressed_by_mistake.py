"""A button pressed by mistake is the user's own doing: "misclicked, I declined that by
accident, carry on" corrects nothing the agent did; a redirect beside it still does
(fu19 ex-o5 class, issue 25)."""

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.distill.user_signals import user_signals


def _kinds(reply: str) -> list[str]:
    talk = (Talk().user("switch the cache TTL in src/cache/config.rs to 10 minutes")
            .tool("Read", "src/cache/config.rs", "pub const TTL_SECS: u64 = 60;")
            .say("I was going to edit src/cache/config.rs, but the edit was declined. "
                 "Should I try another way?")
            .user(reply).say("Done."))
    return [f.kind for f in user_signals(talk.build()).feedback]


@pytest.mark.parametrize("reply", [
    "wrong button haha, I hit deny by accident. go ahead and edit it",
    "ugh, wrong button: I clicked decline by mistake. please make the edit",
    "that was the wrong button, I pressed no accidentally. apply it",
    "misclicked, I declined that by accident. carry on with the edit",
])
def test_a_button_pressed_by_mistake_is_no_correction(reply: str) -> None:
    assert "correction" not in _kinds(reply)


def test_a_redirect_beside_the_misclick_is_still_a_correction() -> None:
    reply = ("wrong button, sorry. but don't touch config.rs, the TTL lives in "
             "settings/cache.toml")
    assert "correction" in _kinds(reply)
