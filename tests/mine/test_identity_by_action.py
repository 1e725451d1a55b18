"""One lesson told as the full command in one session, only its flag (with the program in
words) in another, or only its namespaced command in a third is keyed on the same action —
the program with its flag, or the namespaced command — and written from the commands that
carry it, not from how one session's agent repaired its mistake (issue 25)."""

from __future__ import annotations

from signalkit import holding, signal

from skillgit.mine.group import group
from skillgit.mine.identity import identities, said
from skillgit.mine.lessons import lessons, statement
from skillgit.mine.naming import base_name
from skillgit.mine.told import told

FORMAT = [
    signal(1, "correction", "revert that and format only what you touched: ./tools/fmt "
           "--staged", corrected_command="git commit -am wip",
           succeeded_command="git reset --soft HEAD~1"),
    signal(2, "correction", "unformatted again, the imports are a mess. fmt with --staged, "
           "then commit", succeeded_command="./tools/fmt --staged"),
]
WORKERS = [
    signal(3, "correction", "the cache is not it, the consumers hold the old handler. "
           "bin/console messenger:stop-workers and supervisor restarts them",
           corrected_command="bin/console cache:clear",
           succeeded_command="bin/console messenger:stop-workers && sleep 2 && bin/console "
           "messenger:stats"),
    signal(4, "correction", "not cache:clear, that does nothing here. after a handler change "
           "it's messenger:stop-workers"),
    signal(5, "preference", "once a handler changes do the usual messenger:stop-workers so the "
           "consumers pick it up"),
]


def test_the_full_command_and_the_flag_named_beside_its_program_are_one_key() -> None:
    first, second = (identities(s).strong for s in FORMAT)
    assert ("flag", "fmt", "staged") in first & second


def test_one_lesson_in_two_forms_is_one_candidate_written_from_the_carrying_command() -> None:
    candidate = holding(group(FORMAT), 1)
    assert {s.turn for s in candidate.signals} == {1, 2}
    [lesson] = lessons(candidate)
    assert lesson.do == "./tools/fmt --staged"          # not the agent's `git reset`
    assert "git reset" not in statement(lesson)
    # said by the session that wrote the command out, not the one naming only its flag
    assert statement(lesson) == ("Revert that and format only what you touched: "
                                 "`./tools/fmt --staged`.")
    assert base_name(candidate) == "run-fmt-with-staged"


def test_a_namespaced_command_said_or_run_is_one_lesson() -> None:
    for s in WORKERS:
        assert ("task", "", "messenger:stop-workers") in identities(s).strong
    candidate = holding(group(WORKERS), 3)
    assert len({s.session_id for s in candidate.signals}) == 3
    [lesson] = lessons(candidate)
    assert lesson.do == "bin/console messenger:stop-workers"   # the part carrying it
    assert lesson.dont == "bin/console cache:clear"
    assert base_name(candidate) == "run-console-messenger-stop-workers"


def test_a_method_named_as_a_call_is_its_identity_in_any_language() -> None:
    english = signal(6, "correction", "don't make the view tests need a build. put "
                     "$this->skipAssets() in the test")
    spanish = signal(7, "preference", "Como siempre en los tests de vistas: "
                     "$this->skipAssets(), que en CI no hay build")
    assert ("call", "", "skipAssets") in identities(english).strong & identities(spanish).strong
    candidate = holding(group([english, spanish]), 6)
    assert len(candidate.signals) == 2
    assert base_name(candidate) == "use-skip-assets"


def test_a_flag_named_beside_no_program_the_agent_ran_is_no_program_key() -> None:
    assert told("maybe try --staged some time", None, "npm test") == frozenset()
    keys = identities(signal(8, "correction", "maybe try --staged some time",
                             succeeded_command="npm test")).strong
    assert not any(k[0] == "flag" and k[2] == "staged" for k in keys)


def test_a_namespaced_command_only_mentioned_is_no_key_of_a_move() -> None:
    keys = identities(signal(9, "correction", "use make b, and maybe db:seed later",
                             corrected_command="make a", succeeded_command="make b")).strong
    assert ("task", "", "db:seed") not in keys


def test_times_urls_and_scopes_are_no_namespaced_command() -> None:
    keys = said("the 10:30 build, see https://ci.example.org/job/7, and std::vector is fine")
    assert not any(k[0] == "task" for k in keys)


def test_other_flags_of_one_program_stay_other_lessons() -> None:
    check = signal(10, "correction", "fmt with --check in CI, never rewrite there",
                   succeeded_command="./tools/fmt --check")
    candidates = group([*FORMAT, check])
    assert holding(candidates, 10) is not holding(candidates, 1)
