"""A lesson's name comes from the part of the command it changed: `gradle "run
com.acme.tools.SchemaDump" && git status` names SchemaDump, not the check the agent ran after."""

from __future__ import annotations

from skillgit.mine.lessons import Lesson
from skillgit.mine.naming import command_words


def _moved(dont: str, do: str) -> list[str]:
    return command_words(Lesson(kind="rule", said="", dont=dont, do=do))


def test_the_part_running_the_same_program_names_the_lesson() -> None:
    words = _moved("gradle check", 'gradle "runMain com.acme.tools.SchemaDump" && git status')
    assert words == ["run", "gradle", "runMain", "SchemaDump"]


def test_a_qualified_class_is_named_by_its_own_name() -> None:
    assert _moved("mvn test", "mvn exec:java org.acme.billing.InvoiceReplay") == [
        "run", "mvn", "exec:java", "InvoiceReplay"]


def test_a_compound_without_that_program_is_read_whole() -> None:
    assert _moved("make lint", "ruff check . && ruff format .")[:2] == ["use", "ruff"]


def test_a_lower_case_dotted_word_is_kept_whole() -> None:
    assert _moved("npm run build", "npm run build:docs.site") == ["run", "npm", "build:docs.site"]
