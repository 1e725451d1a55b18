"""What a proposal adds to a skill, for scoring: an update may amend a step in place, so the
added text is the new and changed lines, never the whole file."""

from __future__ import annotations

from skillgit.eval.run import added_lines

BEFORE = ("---\nname: deploy\ndescription: Deploy or release the app.\n---\n\n"
          "1. Run `make deploy`.\n")


def test_an_amended_step_is_the_added_text_not_the_whole_file() -> None:
    after = BEFORE.replace("`make deploy`.", "`make deploy-staging` (not `make deploy`).")
    assert added_lines(BEFORE, after) == "1. Run `make deploy-staging` (not `make deploy`)."


def test_appended_lines_are_the_added_text() -> None:
    assert added_lines(BEFORE, BEFORE + "2. Check the dashboard.\n") == "2. Check the dashboard."
    assert added_lines("", "a\nb\n") == "a\nb"
