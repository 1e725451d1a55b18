"""One lesson however it was said, when its messages name the same settings file or build
task (issue 25): "new deps go in gradle/libs.versions.toml", "through the version catalog
(libs.versions.toml)", "Neue Abhängigkeiten kommen in gradle/libs.versions.toml" are one
lesson; a message naming another file is another."""

from __future__ import annotations

from signalkit import holding as _holding
from signalkit import signal as _signal

from skillgit.mine.group import group
from skillgit.mine.identity import identities_of, said


def test_a_settings_file_and_a_task_name_are_keys() -> None:
    assert ("file", "", "pyproject.toml") in said("pins live in tools/pyproject.toml, ok?")
    assert ("task", "", "lintKotlinMain") in said("run `./gradlew :app:lintKotlinMain` only")
    assert ("task", "", "lintKotlinMain") in said("lintKotlinMain is enough for this")
    assert not any(k[0] in ("file", "task") for k in said("rename lint to check in the docs"))
    keys = identities_of("pins live in pyproject.toml", "pins live in pyproject.toml",
                         None, None)
    assert ("file", "", "pyproject.toml") in keys.strong


def test_one_file_in_different_words_and_languages_is_one_lesson() -> None:
    signals = [
        _signal(1, "correction", "stop pinning versions inline in setup.cfg. every pin goes in "
                "constraints/pins.toml"),
        _signal(2, "preference", "reminder: we always pin through the pins file "
                "(pins.toml)"),
        _signal(3, "correction", "Nein, keine Versionen direkt in setup.cfg. Alle Pins kommen "
                "nach constraints/pins.toml."),
        _signal(4, "correction", "the changelog entry belongs in docs/changes.yaml, not in "
                "the README"),
    ]
    candidates = group(signals)
    assert _holding(candidates, 1) is _holding(candidates, 2) is _holding(candidates, 3)
    assert [s.turn for s in _holding(candidates, 4).signals] == [4]


def test_one_task_said_as_a_command_or_by_its_name_is_one_lesson() -> None:
    signals = [
        _signal(1, "correction", "only run the lint of the module you changed: "
                "`./gradlew :feature:map:lintKotlinMain`"),
        _signal(2, "correction", "lintKotlinMain on :feature:search is all it takes"),
        _signal(3, "correction", "assembleStagingRelease signs with the debug key, use that "
                "locally"),
    ]
    candidates = group(signals)
    assert _holding(candidates, 1) is _holding(candidates, 2)
    assert [s.turn for s in _holding(candidates, 3).signals] == [3]
