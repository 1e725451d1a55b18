"""An update adds each rule to the section of the existing SKILL.md it concerns, keeping every
other byte; a "Learned from sessions" section only when nothing fits."""

from __future__ import annotations

import pytest

from skillgit.mine.generate import append_lessons
from skillgit.mine.placement import LEARNED_HEADING, place

FRONT = "---\nname: py\ndescription: Python work here. Use when testing.\n---\n"
BODY = """\
# Python work

## Setup

Install the tools with `uv sync`.

## Testing

- Run `uv run pytest -q` before pushing.
- Keep tests fast.

## Release

1. Bump the version in pyproject.toml.
2. Tag the release.
"""


def _added(before: str, after: str) -> list[tuple[int, str]]:
    """(line number in `after`, line) of the lines `after` adds; asserts it removes none."""
    old, new = before.splitlines(), after.splitlines()
    out, i = [], 0
    for n, line in enumerate(new):
        if i < len(old) and old[i] == line:
            i += 1
        else:
            out.append((n, line))
    assert i == len(old), "a line of the original was changed or dropped"
    return out


def _section_of(text: str, line: int) -> str:
    return next(h for h in reversed(text.splitlines()[:line + 1]) if h.startswith("#"))


def test_a_rule_about_tests_joins_the_testing_bullets() -> None:
    after = place(BODY, "\n", [["- Use `uv run pytest -x` when a test fails."]])
    [(n, line)] = _added(BODY, after)
    assert line == "- Use `uv run pytest -x` when a test fails."
    assert _section_of(after, n) == "## Testing"
    assert after.splitlines()[n - 1] == "- Keep tests fast."


def test_a_step_list_gets_the_next_step() -> None:
    after = place(BODY, "\n", [["- Push the release tag with `git push --tags`."]])
    [(n, line)] = _added(BODY, after)
    assert line == "3. Push the release tag with `git push --tags`."
    assert _section_of(after, n) == "## Release"


def test_prose_gets_a_bullet_after_it() -> None:
    after = place(BODY, "\n", [["- Run `uv sync --frozen` in CI."]])
    assert after == BODY.replace("`uv sync`.\n", "`uv sync`.\n\n- Run `uv sync --frozen` in CI.\n")


def test_nothing_fits_then_a_learned_section() -> None:
    after = place(BODY, "\n", [["- Answer in German."]])
    assert after.startswith(BODY)
    assert after[len(BODY):] == f"\n{LEARNED_HEADING}\n\n- Answer in German.\n"
    again = place(after, "\n", [["- Keep answers short in German."]])
    assert again == after + "- Keep answers short in German.\n"  # the same section again


def test_continuation_lines_follow_the_marker_width() -> None:
    lesson = ["- Tag the release from a clean tree:", "  ```sh", "  git tag -s v1", "  ```"]
    after = place(BODY, "\n", [lesson])
    assert "3. Tag the release from a clean tree:\n   ```sh\n   git tag -s v1\n   ```\n" in after


def test_headings_inside_code_fences_are_not_sections() -> None:
    body = "# Tool\n\n```md\n## Testing\n```\n\n## Notes\n\n- Uses pytest.\n"
    after = place(body, "\n", [["- Run pytest with -q."]])
    assert after == body + "- Run pytest with -q.\n"


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_every_other_byte_is_kept(newline: str) -> None:
    current = (FRONT + BODY).replace("\n", newline).encode()
    updated = append_lessons(current, ["- Use `uv run pytest -x` when a test fails."])
    assert updated is not None
    text = updated.decode()
    assert text.replace("- Use `uv run pytest -x` when a test fails." + newline, "", 1) == \
        current.decode()


def test_a_rule_the_skill_already_states_adds_nothing() -> None:
    current = (FRONT + BODY).encode()
    assert append_lessons(current, ["- Keep tests fast."]) is None


def test_a_step_amended_before_is_no_new_update() -> None:
    current = (FRONT + STEPS).encode()
    rule = ["- Use `pnpm install`, not `npm install`."]
    once = append_lessons(current, rule)
    assert once is not None and b"`pnpm install` (not `npm install`)" in once
    assert append_lessons(once, rule) is None


STEPS = """\
# Work here

## Steps

1. Clone the repository.
2. Install with `npm install`.
3. Run `pytest tests/integration`.
4. Open a pull request.

## Notes

- Keep the changelog short.
"""


def test_an_update_amends_the_step_it_changes() -> None:
    """Issue 25: a rule replacing a step's command amends that step (its number, words and
    place kept), never a second step contradicting it; a re-run changes nothing more."""
    after = place(STEPS, "\n", [["- Use `pnpm install`, not `npm install`."]])
    assert after == STEPS.replace("2. Install with `npm install`.",
                                  "2. Install with `pnpm install` (not `npm install`).")
    assert place(after, "\n", [["- Use `pnpm install`, not `npm install`."]]) == after
    with_why = place(STEPS, "\n", [["- Run `make ci` instead of `pytest tests/integration`.",
                                    "  It starts the database first."]])
    assert with_why == STEPS.replace(
        "3. Run `pytest tests/integration`.\n",
        "3. Run `make ci` (not `pytest tests/integration`).\n   It starts the database first.\n")


def test_a_command_that_still_runs_the_step_adds_a_step_instead() -> None:
    """`prepare && old` keeps the step: nothing is replaced, the rule goes right after it."""
    rule = "- Use `make db && pytest tests/integration`, not `pytest tests/integration`."
    after = place(STEPS, "\n", [[rule]])
    [(_n, line)] = _added(STEPS, after)
    assert line == "4. " + rule[2:]


def test_a_command_in_a_steps_continuation_line_is_amended_there() -> None:
    body = ("## Steps\n\n1. Push the branch.\n2. Create the PR against `main`:\n"
            "   `gh pr create --fill --base main`\n3. Paste the URL.\n")
    after = place(body, "\n", [["- Use `gh pr create --draft --fill --base main`, not "
                                "`gh pr create --fill --base main`."]])
    assert after == body.replace("   `gh pr create --fill --base main`",
                                 "   `gh pr create --draft --fill --base main` (not "
                                 "`gh pr create --fill --base main`)")


def test_an_update_goes_at_the_step_it_changes_not_after_the_list() -> None:
    """Issue 25: a rule replacing only a step's program follows that step; steps that must
    come before a command go right before the step running it."""
    after = place(STEPS, "\n", [["- Use `pnpm install --frozen-lockfile`, not `npm ci`."]])
    [(n, line)] = _added(STEPS, after)
    assert line == "3. Use `pnpm install --frozen-lockfile`, not `npm ci`."
    assert after.splitlines()[n - 1] == "2. Install with `npm install`."
    after = place(STEPS, "\n", [[
        "- Run `docker compose up -d db` before `pytest tests/integration`: without it, "
        "it fails."]])
    [(n, line)] = _added(STEPS, after)
    assert line.startswith("3. Run `docker compose up -d db` before")
    assert after.splitlines()[n + 1] == "3. Run `pytest tests/integration`."
    unrelated = place(STEPS, "\n", [["- Use `ruff check`, not `flake8`."]])
    assert "## Learned from sessions" in unrelated
