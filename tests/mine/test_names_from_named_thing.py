"""A rule without a command to name it is named from what it is about (issue 25): the build
task it restricts to, or the settings file it moves to, away from another; a name cut short
never ends on a connective."""

from __future__ import annotations

import pytest

from skillgit.mine.describe import _use_when, task
from skillgit.mine.naming import _slug
from skillgit.mine.thing_names import thing_words


@pytest.mark.parametrize("said,words", [
    ("don't pin versions inline in setup.cfg. every pin goes in constraints/pins.toml",
     ["use", "pins.toml", "not", "setup.cfg"]),
    ("Nein, keine Versionen direkt in setup.cfg. Alle Pins kommen nach constraints/pins.toml.",
     ["use", "pins.toml", "not", "setup.cfg"]),
    ("reminder: we always pin through the pins file (pins.toml)", ["use", "pins.toml"]),
    ("only lint the module you changed: `./gradlew :feature:map:lintKotlinMain`",
     ["run", "lintKotlinMain", "only"]),
    ("lintKotlinMain on :feature:search covers it", ["run", "lintKotlinMain"]),
    ("never touch the generated client, regenerate it instead", []),
])
def test_thing_words(said: str, words: list[str]) -> None:
    assert thing_words(said) == words


@pytest.mark.parametrize("command,situation", [
    ("./gradlew :feature:map:testReleaseUnitTest", "running tests"),
    ("./gradlew assembleStagingRelease", "building"),
    ("./gradlew ktlintFormat", "running gradlew"),  # no leading verb of a task: the tool
    ("./gradlew detektApply", "running gradlew"),   # "Apply" is no deploy
])
def test_a_camel_case_task_is_read_by_its_leading_verb(command: str, situation: str) -> None:
    assert task(command) == situation


def test_the_use_when_sentence_names_a_tool_once() -> None:
    assert _use_when("running gradlew", "gradlew") == "Use when running gradlew here."
    assert _use_when("running tests", "gradlew") == "Use when running tests with gradlew here."
    assert _use_when("running tests or building", "") == "Use when running tests or building here."


def test_a_name_cut_short_ends_on_no_connective() -> None:
    name = _slug(["run", "gradlew", "spotlessApply", "before", "commit", "and", "pushing"])
    assert name == "run-gradlew-spotlessapply-before-commit"
    assert _slug(["use", "pins.toml", "not", "setup.cfg"]) == "use-pins-toml-not-setup-cfg"
