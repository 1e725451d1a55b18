"""Issue 25: right after the agent edited code, a short turn made only of code names tells it
what the edit should have said (`dictated_code`). New sentences in new ecosystems, beside the
look-alikes that stay ordinary: a pasted failure, a question, the agent's own code, a bare
name, code after a command that edited nothing."""

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.distill.action_context import ActionContext
from skillgit.distill.dictated_code import dictated
from skillgit.distill.user_signals import user_signals

GO = ("internal/sync/worker.go", "for _, s := range shards {\n+\tgo func() { run(s) }()\n}",
      "Each shard now runs in its own goroutine.")
KOTLIN = ("app/src/main/kotlin/Session.kt", "+val started = System.currentTimeMillis()",
          "Session stores its start time.")
PYTHON = ("svc/ratelimit.py", "+    elapsed = time.time() - self.start", "Measured the window.")


def _after_edit(path: str, added: str, reply: str) -> Talk:
    patch = f"*** Begin Patch\n*** Update File: {path}\n@@\n{added}\n*** End Patch\n"
    return Talk().user("make the change").tool("apply_patch", patch).say(reply)


def _context(talk: Talk) -> ActionContext:
    return ActionContext.collect(talk.build().turns[1:], "/work/proj")


@pytest.mark.parametrize(("edit", "text"), [
    (GO, "errgroup.WithContext(ctx), then g.Go()"),
    (KOTLIN, "Clock clock, then clock.millis()"),
    (PYTHON, "time.monotonic() instead"),
])
def test_code_dictated_after_an_edit_is_a_correction(edit: tuple[str, str, str],
                                                     text: str) -> None:
    talk = _after_edit(*edit)
    assert dictated(text, _context(talk)) is not None
    kinds = [i.kind for i in user_signals(talk.user(text).build()).feedback]
    assert kinds == ["correction"]


@pytest.mark.parametrize(("edit", "text"), [
    (GO, "panic in worker.run(), line 42"),                    # a pasted failure
    (KOTLIN, "Clock.systemUTC()?"),                            # a question
    (PYTHON, "time.time() - self.start"),                      # the agent's own code
    (KOTLIN, "SessionTest"),                                   # one bare name: what's next
    (GO, "looks good, ship it"),                               # words, no code
])
def test_look_alikes_of_dictated_code_stay_ordinary(edit: tuple[str, str, str],
                                                    text: str) -> None:
    assert dictated(text, _context(_after_edit(*edit))) is None


def test_code_after_a_command_that_edited_nothing_is_no_correction() -> None:
    talk = (Talk().user("run the tests").tool("Bash", "go test ./internal/sync/", "ok")
            .say("Tests pass."))
    assert dictated("errgroup.WithContext(ctx), then g.Go()", _context(talk)) is None
