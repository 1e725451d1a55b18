"""One lesson said in many words (issue 25): a compound command, a runner, a subcommand
named alone, a procedure after a colon, a modifier clause, a definition of done, and a rule
pointing back at the sentence before all still carry the command that teaches the lesson.
Look-alikes stay ordinary."""

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.distill import norms
from skillgit.distill.commands_around import named_part, refers_to
from skillgit.distill.habits import habit
from skillgit.distill.user_signals import user_signals


@pytest.mark.parametrize(("text", "command"), [
    ("let alembic generate it", "rm a.py && uv run alembic revision --autogenerate -m x"),
    ("generate it with alembic's autogenerate", "uv run alembic revision --autogenerate"),
    ("the scaffold comes from rails generators", "bundle exec rails g model Item"),
    ("finish with the usual clippy pass", "SQLX_OFFLINE=true cargo clippy -- -D warnings"),
])
def test_the_words_name_a_part_a_runner_runs_or_a_tool_subcommand(text: str,
                                                                   command: str) -> None:
    assert refers_to(text, command)


@pytest.mark.parametrize(("text", "command"), [
    ("make sure the tests pass", "uv run pytest -q"),        # "run" names no runner's program
    ("add a test for the parser", "cargo test -p parser"),    # test: an everyday subcommand
    ("remove the old file", "rm old.py && ls"),               # no part named
    ("the build is fine", "npx tsc --noEmit"),
])
def test_words_that_name_no_part_are_no_mention(text: str, command: str) -> None:
    assert not refers_to(text, command)


def test_the_named_part_of_a_compound_command_is_the_command() -> None:
    assert named_part("let alembic generate it",
                      "rm a.py && uv run alembic revision --autogenerate -m x") \
        == "uv run alembic revision --autogenerate -m x"
    assert named_part("use pnpm", "pnpm install") == "pnpm install"


@pytest.mark.parametrize(("ask", "clause"), [
    ("rename the column. usual procedure for schema changes: change the model, have alembic "
     "autogenerate the revision (no handwritten files), and show it to me",
     "usual procedure for schema changes: change the model, have alembic autogenerate the "
     "revision (no handwritten files), and show it to me"),
    ("good. push it and put up a PR, as a draft like always",
     "put up a PR, as a draft like always"),
    ("split the error type. finish with the usual clippy pass with warnings denied",
     "finish with the usual clippy pass with warnings denied"),
    ("add checked_sub. before you tell me you're done, run `cargo clippy -- -D warnings`, "
     "CI fails on any warning", "before you tell me you're done, run `cargo clippy -- -D "
     "warnings`"),
    ("port the page. before saying it is finished, run `npm run lint`",
     "before saying it is finished, run `npm run lint`"),
])
def test_a_rule_recalled_in_other_words_is_read_whole(ask: str, clause: str) -> None:
    found = habit(ask)
    assert found is not None and ask[found[0]:found[1]] == clause


@pytest.mark.parametrize("ask", [
    "the usual suspects broke again, can you look at the login page",
    "as usual I'll review it tomorrow, just push the branch",
    "before you tell me you're done, is there anything else you need from me?",
    "put it in the usual place?",
    "deploy it to staging, as a test",
])
def test_habit_look_alikes_stay_a_plain_ask(ask: str) -> None:
    assert habit(ask) is None


def test_a_rule_pointing_back_quotes_the_sentence_it_points_at() -> None:
    talk = (Talk().user("add the currency filter").say("Done.")
            .user("did you run clippy? CI runs `cargo clippy --all-targets -- -D warnings` "
                  "and fails on anything. please always do that before calling it finished")
            .say("Running it now.").build())
    [item] = user_signals(talk).feedback
    assert item.kind == "preference"
    assert item.summary.startswith("CI runs `cargo clippy --all-targets -- -D warnings`")
    assert item.summary.endswith("please always do that before calling it finished")


def test_a_rule_naming_its_own_thing_keeps_its_own_sentence() -> None:
    talk = (Talk().user("add the currency filter").say("Done.")
            .user("CI is slow today. please always run `cargo fmt` before you commit")
            .say("OK.").build())
    [item] = user_signals(talk).feedback
    assert item.summary == "please always run `cargo fmt` before you commit"


@pytest.mark.parametrize(("text", "rule"), [
    ("Draft please. Anything you open goes up as a draft and I flip it to ready myself.", True),
    ("anything that runs in CI uses the pinned image", True),
    ("anything you need from me? the draft is ready", False),
    ("Anything you open goes well, thanks", False),
    ("anything else on the list?", False),
])
def test_anything_you_do_is_a_quantifier_over_the_work(text: str, rule: bool) -> None:
    assert (norms.norm(text, new_task=False) is not None) is rule
