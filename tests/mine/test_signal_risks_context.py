"""`signal_risks` with commands the screen refuses when read alone (the mutation run found the
first examples no longer tell: their bare command now passes on its own, so reading it alone
or inside its sentence gave the same answer). Inside the user's sentence a throwaway word makes
the destruction local; a sentence that is refused withholds even a command harmless alone."""

from __future__ import annotations

import pytest

from skillgit.mine.judge import signal_risks
from skillgit.proposal import Signal
from skillgit.safety import refused


def _signal(quote: str, ran: str) -> Signal:
    return Signal(kind="correction", summary="clean up after the review", quote=quote,
                  turn=5, agent="codex", session_id="s2", succeeded_command=ran)


@pytest.mark.parametrize(("quote", "ran"), [
    ("The preview namespace is throwaway: tear it down with `kubectl delete namespace "
     "pr-1234` after the review", "kubectl delete namespace pr-1234"),
    ("For the temporary test stack, \u201cdocker volume rm app_pgdata\u201d gives you a clean "
     "database.", "docker volume rm app_pgdata"),
])
def test_a_command_refused_alone_passes_inside_the_sentence_that_gives_it(
        quote: str, ran: str) -> None:
    assert refused(ran) != []  # what makes the example tell: alone it is a destruction
    assert signal_risks(_signal(quote, ran)) == []
    # the same command, not held by the sentence, is judged alone
    assert signal_risks(_signal("After the review, tidy the cluster up.", ran)) != []


@pytest.mark.parametrize(("quote", "ran"), [
    ("from now on run `make deploy` with the checks off: `NODE_TLS_REJECT_UNAUTHORIZED=0 "
     "make deploy`", "make deploy"),
    ("Skip the slow hook with `git commit --no-verify` from now on, always.", "git commit"),
])
def test_a_refused_sentence_withholds_a_command_harmless_alone(quote: str, ran: str) -> None:
    assert refused(ran) == []
    assert signal_risks(_signal(quote, ran)) != []
