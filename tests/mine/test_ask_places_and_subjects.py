"""Two asks that only share the settings file they work in are two tasks, in any language;
and a correction naming a file the agent's next command never touches is a lesson about
that file, not about the command that happened to run next (issue 25)."""

from __future__ import annotations

from signalkit import holding, signal

from skillgit.mine.group import group
from skillgit.mine.identity import identities
from skillgit.mine.judge import judge
from skillgit.mine.lessons import lessons
from skillgit.proposal import Candidate

ASKS_IN_ONE_FILE = [
    signal(1, "ask", "Bitte das Upload-Limit über `max_upload_mb` in server.toml "
           "einstellbar machen (Standard 64)."),
    signal(2, "ask", "make the request timeout configurable: `timeout_s = 30` in "
           "server.toml, default stays 30"),
]
SAME_ASK_TWICE = [
    signal(3, "ask", "add `max_upload_mb` to server.toml with a default of 64"),
    signal(4, "ask", "please add `max_upload_mb` to server.toml, default 64"),
]

PUT_IN_MANIFEST = signal(
    5, "correction", "no apt packages for the build. everything comes from vcpkg: put "
    "libpng in the manifest (vcpkg.json) like the others",
    succeeded_command="cmake --build --preset dev")
MANIFEST_NORM = signal(6, "preference", "libraries go in vcpkg.json, never FetchContent")
MANIFEST_TOUCHED = signal(
    7, "correction", "stage the manifest too: vcpkg.json", corrected_command="git add src",
    succeeded_command="git add src vcpkg.json")


def _accepted(candidates: list[Candidate]) -> list[Candidate]:
    return [v.candidate for v in judge(candidates, []) if v.accepted]


def test_asks_sharing_only_a_settings_file_are_no_repeated_ask() -> None:
    assert not any(k[0] == "file" for s in ASKS_IN_ONE_FILE for k in identities(s).strong)
    assert _accepted(group(ASKS_IN_ONE_FILE)) == []


def test_the_same_ask_in_two_sessions_still_groups_by_its_words() -> None:
    candidates = group(SAME_ASK_TWICE)
    assert holding(candidates, 3) is holding(candidates, 4)


def test_a_correction_about_a_file_its_next_command_never_touches_is_about_the_file() -> None:
    ident = identities(PUT_IN_MANIFEST)
    assert ident.beside_command and ("file", "", "vcpkg.json") in ident.strong
    assert not any(k[1] == "cmake" for k in ident.strong)
    candidates = group([PUT_IN_MANIFEST, MANIFEST_NORM])
    found = holding(candidates, 5)
    assert found is holding(candidates, 6)
    assert all("cmake" not in (lesson.do or "") for lesson in lessons(found))


def test_a_correction_whose_command_touches_the_file_keeps_its_command() -> None:
    ident = identities(MANIFEST_TOUCHED)
    assert not ident.beside_command and ident.from_commands


def test_a_task_named_in_another_case_than_the_command_runs_it_is_that_command() -> None:
    """`assembleStagingRelease` said, `./gradlew :app:assembleStagingRelease` run: the
    command carries what the words name, whatever its case."""
    norm = signal(8, "preference", "ship builds like we always do (assembleStagingRelease, "
                  "never the plain `./gradlew assemble`)",
                  succeeded_command="./gradlew :app:assembleStagingRelease")
    ident = identities(norm)
    assert not ident.beside_command and ident.from_commands
