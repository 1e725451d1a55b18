"""A correction's quote runs to the sentence naming what the agent should do instead (a
namespaced command, a call, a flag), even when sentences of explanation sit between the cue
and that one; a question or a new task after it is never taken (issue 25)."""

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.digest import MAX_QUOTE_CHARS
from skillgit.distill.quote_targets import with_named_target
from skillgit.distill.user_signals import user_signals


def _quotes(command: str, follow_up: str) -> list[tuple[str, str]]:
    talk = (Talk().user("wire up the refund flow").tool("Bash", command, "ok")
            .say("Done.").user(follow_up).build())
    return [(f.kind, f.evidence[0].quote) for f in user_signals(talk).feedback]


@pytest.mark.parametrize(("command", "follow_up", "carried"), [
    ("bin/console cache:clear",
     "that won't help, the cache was never the problem. the consumers are long-running and "
     "still hold the old code. bin/console messenger:stop-workers and the supervisor "
     "restarts them with yours", "messenger:stop-workers"),
    ("php artisan test",
     "no, the tests must not call the payment sandbox. the CI runner has no outbound network "
     "at all. wrap it in Http::fake() in the setUp of that class", "Http::fake()"),
    ("npm test",
     "stop running the whole suite every time. it is slow and flaky. npm test -- "
     "--onlyChanged is enough", "--onlyChanged"),
])
def test_the_quote_runs_to_the_sentence_naming_the_action(command: str, follow_up: str,
                                                          carried: str) -> None:
    [(kind, quote)] = _quotes(command, follow_up)
    assert kind == "correction"
    assert carried in quote and follow_up.startswith(quote[:20])


def test_a_question_after_the_cue_is_not_where_the_rule_moves() -> None:
    [(_kind, quote)] = _quotes("make restart", "no, don't restart the whole stack. it takes "
                               "ages to come back. could you try make reload-api instead?")
    assert quote == "no, don't restart the whole stack."


@pytest.mark.parametrize("later", [
    "the staging password is `Tr0ub4dor&3` by the way",
    "el token de la API es `tk-8812-live`, por cierto",
    "der Deploy-Schlüssel steht in `~/.ssh/ci_deploy`",
])
def test_a_later_sentence_about_a_credential_is_never_carried(later: str) -> None:
    text = f"no, not the shared runner. it has no docker. {later}"
    assert with_named_target(text, "no, not the shared runner.") == "no, not the shared runner."


def test_a_quote_naming_its_action_already_is_not_extended() -> None:
    text = ("use `bin/console messenger:stop-workers`, not a cache clear. the worker pool is "
            "small. later we can look at supervisor:reload too")
    assert with_named_target(text, text[:58]) == text[:58]


def test_a_far_sentence_that_does_not_fit_is_quoted_alone() -> None:
    filler = "the workers keep the old classes in memory for hours on this box. " * 3
    text = f"that will not help. {filler}bin/console messenger:stop-workers restarts them"
    quote = with_named_target(text, "that will not help.")
    assert quote == "bin/console messenger:stop-workers restarts them"
    assert len(f"that will not help. {filler}{quote}") > MAX_QUOTE_CHARS


@pytest.mark.parametrize("text", [
    "no, not like that. it is 10:30 already and the build at 09:45 was green.",
    "no, not like that. the std::vector copy is fine as it is.",
])
def test_times_urls_and_scopes_are_no_action(text: str) -> None:
    assert with_named_target(text, "no, not like that.") == "no, not like that."
