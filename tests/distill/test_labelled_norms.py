"""Team norms the user labels as such after praise or in passing (issue 25): "For the record,
we don't …", "house style: …", "convention here is …", "One thing for every X going forward:
…", "In this shop …". Their look-alikes — the rule book named, a question, a joke about the
past, "no more changes needed", approval of the agent's choice — stay ordinary."""

from __future__ import annotations

import pytest

from skillgit.distill import intents, statements
from skillgit.distill.labelled_norms import labelled


@pytest.mark.parametrize("text", [
    "Works. For the record, we don't call the payment gateway from view code in this repo.",
    "house style: no global variables, ever",
    "Team standard: every lambda handler logs a request_id first.",
    "convention here is each public struct derives Debug",
    "Fine. One thing for every job going forward: retry_limit=3 is mandatory.",
    "In this shop database views are never edited in the console.",
    "Just so you know, feature flags only live in config/flags.yaml.",
])
def test_a_labelled_team_rule_is_a_norm(text: str) -> None:
    assert labelled(text) is not None
    assert statements.norm(text, new_task=False) is not None


@pytest.mark.parametrize("text", [
    "Our house style guide has a section on logging that nobody ever reads.",   # the book
    "the team convention is in docs/CONTRIBUTING.md, what does it say about tests?",
    "House rule question: do we ever squash commits before merge?",              # a question
    "we always said we'd retire the old api module someday",                     # the past
    "Never touched migrations in this codebase before, so go slow.",             # a story
    "For the record, the deploy went fine.",                                     # no rule word
    "In this repo the tests are green again.",                                   # no rule word
])
def test_labelled_look_alikes_stay_ordinary(text: str) -> None:
    assert labelled(text) is None


@pytest.mark.parametrize("text", [
    "Team convention: React hooks live in src/hooks and start with use.",   # label + habit
    "House style: Go errors get wrapped with %w at each layer.",
    "branches here follow the ticket-id/short-name pattern",                 # things here
    "Migrations here go through the DBA review channel.",
])
def test_a_habit_after_a_label_or_of_things_here_is_a_norm(text: str) -> None:
    assert labelled(text) is not None


@pytest.mark.parametrize("text", [
    "The team standard is in the wiki.",                        # the book, no habit
    "Team convention question: do hooks live in src/hooks?",    # a question
    "the tests here pass now",                                  # now, and definite
    "tests here pass again after the rebase",                   # again
    "That migration here goes first, then the seed.",           # one thing just shown
    "for the record: the deploy key lives in ~/.ssh/deploy",    # an aside's label + habit
])
def test_habit_look_alikes_stay_ordinary(text: str) -> None:
    assert labelled(text) is None


def _cue_names(text: str) -> list[str]:
    return [cue.intent.name for cue in intents.cues(text)]


def test_no_more_changes_needed_forbids_nothing() -> None:
    assert "forbid" not in _cue_names("No more tweaks needed on the parser. Next, the lexer.")
    assert "forbid" in _cue_names("No more print statements in the handlers.")


def test_approval_by_the_user_restricts_nothing() -> None:
    assert "restrict" not in _cue_names("The retry wrapper you wrote is fine with me.")
    assert "restrict" in _cue_names("One retry is enough.")


def test_a_rule_told_about_the_past_is_a_story() -> None:
    assert "standing rule" not in _cue_names("we always said we'd split this service")
    assert "standing rule" in _cue_names("we always pin the base image by digest")
