"""Skill names, rules and descriptions from the lesson's identity, not one message's words
(issue 25): what to run (and the flag the words name), the setup a compound fix runs before
the failing command, the step a plan precedes, the part of a compound command that matters."""

from __future__ import annotations

from skillgit.mine.describe import description
from skillgit.mine.lessons import Lesson, lessons, statement
from skillgit.mine.naming import base_name, lesson_words, run_words
from skillgit.proposal import Candidate, Signal, SignalKind


def _signal(n: int, said: str, *, kind: SignalKind = "preference", corrected: str | None = None,
            succeeded: str | None = None, command: str | None = None,
            fix: str | None = None) -> Signal:
    return Signal(kind=kind, summary=said, quote=said, turn=2, agent="claude-code",
                  session_id=f"s{n}", corrected_command=corrected, succeeded_command=succeeded,
                  command=command, fix=fix)


def _candidate(*signals: Signal) -> Candidate:
    return Candidate(key="k", title="t", terms=["x"], signals=list(signals))


def test_a_rule_saying_what_to_run_is_named_by_it_not_by_the_message() -> None:
    said = "please don't write migration files by hand, you guessed the down_revision."
    found = _candidate(*(_signal(n, said, kind="correction",
                                 succeeded="uv run alembic revision --autogenerate -m x")
                         for n in (1, 2)))
    assert base_name(found) == "run-alembic-revision-with-autogenerate"


def test_the_flag_the_words_name_by_its_stem_names_the_skill() -> None:
    words = run_words("migrate create -ext sql -dir db/migrations -seq add_x",
                      "we number migrations sequentially")
    assert words == ["run", "migrate", "create", "with", "seq"]
    assert run_words("npx vitest --run", "") == ["run", "vitest", "with", "run"]
    assert run_words("uv sync", "") == ["run", "uv", "sync"]   # a subcommand, no runner


def test_a_compound_fix_ending_in_the_failing_command_is_a_setup() -> None:
    failing = "SQLX_OFFLINE=true cargo check -p api"
    fix = f"docker compose up -d db && cargo sqlx prepare --workspace && {failing}"
    found = _candidate(*(_signal(n, "`cargo check` failed", kind="env-fix", command=failing,
                                 fix=fix) for n in (1, 2)))
    [lesson] = lessons(found)
    assert lesson.setup and lesson.steps == ["docker compose up -d db",
                                             "cargo sqlx prepare --workspace"]
    assert base_name(found) == "run-cargo-sqlx-prepare-before-cargo-check"
    assert statement(lesson).startswith(
        "Run `docker compose up -d db` then `cargo sqlx prepare --workspace` before")


def test_a_setup_is_named_by_the_step_that_matters() -> None:
    lesson = Lesson(kind="fix", said="x", do="sudo apt-get update -qq && sudo apt-get install "
                    "-y libpq-dev\nuv sync", dont="uv sync", setup=True)
    assert lesson_words(lesson) == ["run", "apt-get", "install", "libpq-dev", "before", "uv",
                                    "sync"]


def test_a_plan_told_before_its_apply_is_ordered_not_replaced() -> None:
    said = "never apply directly. run `terraform plan -out=tfplan` first"
    found = _candidate(
        _signal(1, said, corrected="cd envs/staging && terraform apply",
                succeeded="terraform plan -out=tfplan"),
        _signal(2, said, corrected="cd envs/prod && terraform apply -auto-approve",
                succeeded="terraform plan -out=tfplan"),
        _signal(3, "the usual routine: terraform plan -out to a file",
                succeeded="terraform plan -out=tfplan"))
    [lesson] = lessons(found)
    assert (lesson.do, lesson.dont) == ("terraform plan -out=tfplan", "terraform apply")
    assert statement(lesson) == "Run `terraform plan -out=tfplan` before `terraform apply`."
    assert base_name(found) == "run-terraform-plan-before-terraform-apply"
    assert description(found).startswith("Runs terraform plan -out=tfplan before terraform "
                                         "apply.")


def test_a_replacement_is_still_a_replacement() -> None:
    found = _candidate(*(_signal(n, "use pnpm, not npm", corrected="npm install",
                                 succeeded="pnpm install") for n in (1, 2)))
    [lesson] = lessons(found)
    assert statement(lesson) == "Use `pnpm install`, not `npm install`."
    assert base_name(found) == "use-pnpm-not-npm"
