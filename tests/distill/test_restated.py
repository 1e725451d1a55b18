"""Corrections by structure: a follow-up restating the agent's command with other arguments,
and the ordinary follow-ups that look like one (each case here fails without its rule)."""

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.distill.user_signals import user_signals


def _after(command: str, follow_up: str, output: str = "ok") -> list[tuple[str, int]]:
    talk = (Talk().user("Get the specs green.").tool("Bash", command, output)
            .say("Done, everything passes.").user(follow_up))
    return [(f.kind, f.evidence[0].turn) for f in user_signals(talk.build()).feedback]


@pytest.mark.parametrize(("command", "follow_up"), [
    # the same program with a narrower target the agent did not name
    ("bundle exec rspec", "bundle exec rspec spec/models, the request specs hit the network"),
    # a flag the agent did not pass
    ("bundle exec rspec", "bundle exec rspec --fail-fast"),
    # the new argument before the program's name, and a dotted file name
    ("bundle exec rspec", "spec/smoke.rb via bundle exec rspec, the rest is slow"),
    ("bundle exec rspec", "bundle exec rspec smoke.ci.rb"),
    # a flag right after a verb that modifies the command, with nothing else pointing back
    ("npm run build", "pass --mode=staging"),
])
def test_a_restated_command_is_a_correction(command: str, follow_up: str) -> None:
    assert _after(command, follow_up) == [("correction", 3)]


@pytest.mark.parametrize(("command", "follow_up"), [
    ("bundle exec rspec", "bundle exec rspec spec/models too"),           # one more step
    ("bundle exec rspec", "Great. bundle exec rspec spec/models"),        # approved, next step
    ("bundle exec rspec", "fyi, bundle exec rspec spec/models is what CI calls"),  # informs
    ("bundle exec rspec", "does bundle exec rspec spec/models skip the slow ones?"),  # asks
    ("bundle exec rspec", "bundle exec rspec"),                           # nothing new
    ("npm run build", "so try --legacy-peer-deps if it ever complains"),  # advice, unrelated
    ("npm run build", "set the title and keep the --help text as is"),  # flag not the operand
])
def test_ordinary_follow_ups_that_name_a_command_are_not(command: str, follow_up: str) -> None:
    assert _after(command, follow_up) == []


@pytest.mark.parametrize("follow_up", [
    "No, good point. How would you handle the retries?",        # "no" agreeing
    "Always fun to watch a suite go green. Next, add a badge.",  # an exclamation
    "don't forget to ping me when the deploy is done",           # a request, not a forbid
    "Instead of stopping there, could you also write the docs?",  # a request
    "we'll tidy the commits next time",                          # deferring
    "Never thought git could be this quick. Now add a changelog.",  # the user's story
    "It wiped the floor with the old approach, nice.",           # not the agent's harm
])
def test_openers_that_look_like_rules_are_not_corrections(follow_up: str) -> None:
    assert _after("git commit -am wip", follow_up) == []


@pytest.mark.parametrize("follow_up", [
    "smaller commits next time",                 # a clause-final "next time" about the work
    "don't forget to run git status first",      # a reminder about what it ran
    "a plain git stash would have kept my scratch files safe",  # what it could have run
    "that removed the untracked notes folder",   # harm done by the agent's action
])
def test_rules_at_a_clause_end_counterfactuals_and_harm_are_corrections(follow_up: str) -> None:
    assert _after("git commit -am wip", follow_up) == [("correction", 3)]


def test_a_touched_folder_after_a_run_over_the_whole_tree_narrows_it() -> None:
    talk = (Talk().user("Type the billing module.").tool("Edit", "src/billing/core.py", "ok")
            .tool("Bash", "mypy .", "Found 812 errors in 97 files").say("Typed.")
            .user("mypy src/billing/ with the strict settings"))
    assert [(f.kind, f.evidence[0].turn) for f in user_signals(talk.build()).feedback] == [
        ("correction", 4)]
