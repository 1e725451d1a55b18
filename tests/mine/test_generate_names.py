"""Names say the lesson (verb + objects), are spec-valid for any input, and repeat on a re-run."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skillgit.mine.lessons import lessons, statement
from skillgit.mine.naming import skill_name, title
from skillgit.proposal import Candidate, Signal

SPEC_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def _candidate(*signals: Signal) -> Candidate:
    return Candidate(key="k", title="t", terms=["x"], signals=list(signals))


def correction(n: int, said: str, corrected: str | None, succeeded: str | None) -> Signal:
    return Signal(kind="correction", summary=said, quote=said, turn=2, agent="codex",
                  session_id=f"s{n}", corrected_command=corrected, succeeded_command=succeeded)


def fix(n: int, command: str, worked: str, error: str = "boom") -> Signal:
    return Signal(kind="env-fix", summary=f"'{command}' failed; '{worked}' worked", quote=error,
                  turn=1, agent="codex", session_id=f"s{n}", command=command, fix=worked)


@pytest.mark.parametrize(("signal", "name", "heading"), [
    (correction(1, "no, use pnpm", "npm install", "pnpm install"),
     "use-pnpm-not-npm", "Use pnpm, not npm"),
    (correction(1, "use uv run", "pytest -q", "uv run pytest -q"),
     "run-pytest-with-uv", "Run pytest with uv"),
    (correction(1, "deploy to staging", "make deploy", "make deploy-staging"),
     "run-make-deploy-staging", "Run make deploy-staging"),
    (correction(1, "needs legacy peers", "npm install", "npm install --legacy-peer-deps"),
     "run-npm-install-with-legacy-peer-deps", "Run npm install with legacy-peer-deps"),
    (fix(1, "pytest tests/", "PYTHONPATH=src pytest tests/"),
     "set-pythonpath-for-pytest", "Set PYTHONPATH for pytest"),
    (fix(1, "pytest tests/integration", "docker compose up -d db\npytest tests/integration"),
     "run-docker-compose-up-before-pytest", "Run docker compose up before pytest"),
    (correction(1, "the changelog entry goes under Unreleased", None, None),
     "changelog-entry-goes-under-unreleased", "Changelog entry goes under Unreleased"),
])
def test_names_and_titles_say_the_lesson(signal: Signal, name: str, heading: str) -> None:
    candidate = _candidate(signal, signal.model_copy(update={"session_id": "s2"}))
    assert skill_name(candidate, ()) == name
    assert title(candidate, name) == heading
    assert skill_name(candidate, {name}) == f"{name}-2"


def test_a_setup_fix_reads_as_steps_before_the_command() -> None:
    [lesson] = lessons(_candidate(fix(1, "pytest tests/integration",
                                      "docker compose up -d db\npytest tests/integration",
                                      "connection refused"),
                                  fix(2, "pytest tests/integration",
                                      "docker compose up -d db\npytest tests/integration")))
    assert statement(lesson) == ("Run `docker compose up -d db` before `pytest "
                                 "tests/integration`: without it, it fails with "
                                 "`connection refused`.")


def test_paraphrases_with_the_same_commands_are_one_lesson() -> None:
    said = ["no, use pnpm not npm in this repo", "don't use npm here, always use pnpm",
            "again: pnpm, not npm"]
    found = lessons(_candidate(*(correction(n, s, "npm install", "pnpm install")
                                 for n, s in enumerate(said))))
    assert [statement(lesson) for lesson in found] == ["Use `pnpm install`, not `npm install`."]


def test_different_commands_are_different_lessons() -> None:
    found = lessons(_candidate(correction(1, "use pnpm", "npm install", "pnpm install"),
                               correction(2, "use ruff", "flake8 .", "ruff check .")))
    assert len(found) == 2


commands = st.text(alphabet=st.sampled_from("abcXYZ019 -_=./:@'\"`$[]\n\u00e9\u65e5"),
                   max_size=60)


@given(commands, commands, st.text(max_size=80))
def test_every_name_is_spec_valid_and_repeats(corrected: str, succeeded: str, said: str) -> None:
    candidate = _candidate(correction(1, said or "x", corrected or None, succeeded or None))
    name = skill_name(candidate, ())
    assert SPEC_NAME.fullmatch(name) and len(name) <= 64, name
    assert skill_name(candidate, ()) == name
    assert "\n" not in title(candidate, name)


def test_a_command_cannot_close_its_fence_or_open_markdown() -> None:
    hostile = "echo ```\n# Heading\n~~~~\n`x`"
    candidate = _candidate(correction(1, "use the script", "make x", hostile),
                           correction(2, "use the script", "make x", hostile))
    from skillgit.mine.generate import new_skill_body

    body = new_skill_body("use-the-script", candidate)
    fence = "````"
    assert f"  {fence}sh\n  echo ```\n  # Heading\n  ~~~~\n  `x`\n  {fence}\n" in body
    assert "\n# Heading" not in body


def test_a_lesson_taught_by_thousands_of_sessions_is_still_one_rule() -> None:
    """A team's digests: one lesson in many words and sessions, drowned in one-offs. Only the
    first MAX_CLUSTERED signals may open a lesson; later ones still join theirs (and count
    its sessions), so the rule taught most is first and is stated once."""
    from skillgit.mine.lessons import MAX_CLUSTERED, _clusters
    noise = [correction(n, f"rename widget{n} to gadget{n} in module{n}", None, None)
             for n in range(600)]
    lesson = [correction(10_000 + n, "no, use pnpm not npm here", "npm install",
                         "pnpm install") for n in range(450)]
    signals = [s for pair in zip(noise[:len(lesson)], lesson, strict=True) for s in pair]
    signals += noise[len(lesson):]
    groups = _clusters(signals)
    noisy = {s.session_id for s in noise}
    opened = sum(1 for s in signals[:MAX_CLUSTERED] if s.session_id in noisy)  # before the cap
    assert len(groups) == opened + 1 < len(noise)  # one-offs past the cap open no lesson
    assert sum(len(g) for g in groups) == opened + len(lesson)
    found = lessons(_candidate(*signals))
    assert statement(found[0]) == "Use `pnpm install`, not `npm install`."
    assert found[0].sessions == len(lesson)
    assert [statement(x) for x in found].count(statement(found[0])) == 1
