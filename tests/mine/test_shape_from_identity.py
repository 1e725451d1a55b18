"""A skill's name comes from the lesson's identity — the program run by its path, a setting
the rule writes out, a type or call word by word — and its "Use when" names the kinds of work
its sessions were doing, never one stray term of one message (issue 25)."""

from __future__ import annotations

import pytest
from signalkit import signal

from skillgit.mine.describe import description, task
from skillgit.mine.lessons import Lesson
from skillgit.mine.naming import base_name, command_words, run_words
from skillgit.mine.situations import situations
from skillgit.mine.thing_names import thing_words
from skillgit.proposal import Candidate, Signal


def _candidate(*signals: Signal) -> Candidate:
    return Candidate(key="feedback:k", title=signals[0].summary, terms=["k"],
                     signals=list(signals))


def test_a_program_run_by_its_path_is_named_by_its_file_name() -> None:
    assert run_words("./scripts/lint --fix", "lint with --fix") == [
        "run", "lint", "with", "fix"]
    assert run_words("./gradlew ktlintFormat", "always run ktlintFormat before you push") == [
        "run", "gradlew", "ktlintFormat", "before", "push"]
    assert run_words("./gradlew ktlintFormat", "the push went out unformatted") == [
        "run", "gradlew", "ktlintFormat"]                 # no step it must precede
    lesson = Lesson(kind="rule", said="x", do="bin/rails db:migrate:status",
                    dont="bin/rails db:migrate")
    assert command_words(lesson) == ["run", "rails", "db:migrate:status"]


@pytest.mark.parametrize(("do", "dont", "words"), [
    ("helm --kube-context prod-us upgrade api ./chart", "helm upgrade api ./chart",
     ["run", "helm", "upgrade", "with", "kube-context"]),        # its value is no target
    ("msbuild -p Release -nowarn", "msbuild", ["run", "msbuild", "with", "nowarn"]),
    ("make deploy-staging", "make deploy", ["run", "make", "deploy-staging"]),
])
def test_a_flag_added_with_its_value_names_the_flag(do: str, dont: str,
                                                     words: list[str]) -> None:
    assert command_words(Lesson(kind="rule", said="x", do=do, dont=dont)) == words


def test_a_setup_step_writing_a_setting_is_named_by_the_setting() -> None:
    lesson = Lesson(kind="fix", said="x", do="npm config set FETCH_RETRIES=5\nnpm ci",
                    dont="npm ci", setup=True)
    assert command_words(lesson) == ["set", "FETCH_RETRIES", "before", "npm", "ci"]


def test_adding_a_migration_is_no_dependency_install() -> None:
    assert task("dotnet ef migrations add AddOrderNotes") == "running migrations"
    assert task("pnpm add zod") == "installing dependencies"


@pytest.mark.parametrize(("said", "words"), [
    ("every retry here goes with backoff: :exponential, the queue is shared",
     ["use", "backoff", "exponential"]),
    ("on this box it only works with BUNDLE_FROZEN=1 set", ["set", "BUNDLE_FROZEN"]),
    ("never retry with backoff: :linear", []),                       # only what it drops
])
def test_a_rule_naming_only_a_setting_is_named_from_it(said: str, words: list[str]) -> None:
    assert thing_words(said) == words


def test_a_namespaced_command_in_a_negated_clause_does_not_name_the_rule() -> None:
    assert thing_words("not cache:clear, it does nothing. it's messenger:stop-workers") == [
        "run", "messenger:stop-workers"]


def test_a_type_named_by_the_rule_is_named_word_by_word() -> None:
    rule = signal(1, "correction", "the import goes in a background task: a class under "
                  "app/jobs/imports that subclasses ImportRunner, never in the controller")
    assert base_name(_candidate(rule)) == "use-import-runner"


def test_an_ask_keeps_its_words_as_written() -> None:
    asks = [signal(n, "ask", "regenerate the GraphQL schema from the server") for n in (1, 2)]
    assert base_name(_candidate(*asks)) == "regenerate-graphql-schema-from-server"


def test_use_when_names_the_work_the_sessions_did() -> None:
    first = signal(1, "correction", "don't make the view tests depend on a frontend build. put "
                   "$this->skipAssets() in the test")
    second = signal(2, "preference", "Como siempre en los tests de vistas: $this->skipAssets(), "
                    "que en CI no hay build")
    text = description(_candidate(first, second))
    assert "Use when writing or running tests" in text
    assert "working with" not in text


def test_one_stray_word_of_one_session_does_not_decide() -> None:
    found = situations([("a", "the migration needs an index on big tables"),
                        ("b", "index builds on these tables lock writes"),
                        ("c", "a data fix in a task, not in the migration, please")])
    assert found == "writing database migrations"     # all three; data only in one


def test_words_naming_no_kind_of_work_give_no_situation() -> None:
    assert situations([("a", "that was wrong, sorry, try again")]) == ""


def test_a_switch_of_tools_keeps_naming_its_tools() -> None:
    rules = [signal(n, "correction", f"no, use biome not eslint for the {thing}")
             for n, thing in ((1, "form"), (2, "table"))]
    assert description(_candidate(*rules)).endswith("Use when working with biome or eslint "
                                                    "here.")
