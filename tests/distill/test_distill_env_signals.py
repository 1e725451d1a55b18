"""Environment feedback: failures with their fixes, repeated errors, and what to ignore."""

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.distill.env_signals import env_feedback, program_of
from skillgit.distill.evidence import quote_occurs


def test_failure_followed_by_a_different_working_command_is_a_fix() -> None:
    talk = (Talk().user("run the tests")
            .tool("Bash", "python -m pytest -q", "Exit code 127\nsh: python: command not found",
                  error=True, exit_code=127)
            .tool("Bash", "python3 -m pytest -q", "5 passed", exit_code=0))
    conversation = talk.build()
    (item,) = env_feedback(conversation)
    assert item.kind == "failure-then-fix"
    assert (item.command, item.fix) == ("python -m pytest -q", "python3 -m pytest -q")
    assert [e.turn for e in item.evidence] == [1, 2]
    assert item.evidence[0].quote == "sh: python: command not found"
    for evidence in item.evidence:
        assert quote_occurs(evidence.quote, conversation.turns[evidence.turn])


def test_the_same_error_twice_without_a_fix_is_a_repeated_error() -> None:
    talk = (Talk().user("deploy")
            .tool("Bash", "kubectl apply -f app.yaml",
                  "error: You must be logged in to the server (Unauthorized)", error=True)
            .user("I logged in, try again")
            .tool("Bash", "kubectl apply -f app.yaml --context prod",
                  "error: You must be logged in to the server (Unauthorized)", error=True))
    (item,) = env_feedback(talk.build())
    assert item.kind == "repeated-error"
    assert [e.turn for e in item.evidence] == [1, 3]
    assert "seen 2 times" in item.summary


def test_a_search_that_found_nothing_is_not_feedback() -> None:
    talk = (Talk().user("is the flag used anywhere?")
            .tool("Bash", "grep -rn ENABLE_X src", "Exit code 1", error=True, exit_code=1)
            .tool("Grep", "src", "", error=True))
    assert env_feedback(talk.build()) == []


def test_a_test_that_passes_unchanged_after_a_code_fix_is_not_feedback() -> None:
    talk = (Talk().user("make the tests green")
            .tool("Bash", "npm test", "1 failed: expected 2, got 3", error=True, exit_code=1)
            .tool("Edit", "/work/proj/src/sum.js", "updated")
            .tool("Bash", "npm test", "all passed", exit_code=0))
    assert env_feedback(talk.build()) == []


def test_a_refused_tool_call_is_user_feedback_not_environment_feedback() -> None:
    talk = (Talk().user("clean up")
            .tool("Bash", "rm -rf data", "The user doesn't want to proceed with this tool use.",
                  error=True))
    assert env_feedback(talk.build()) == []


def test_an_unresolved_informative_failure_is_kept() -> None:
    talk = (Talk().user("publish the package")
            .tool("Bash", "twine upload dist/*", "HTTPError: 403 Forbidden: invalid token",
                  error=True, exit_code=1))
    (item,) = env_feedback(talk.build())
    assert item.kind == "failure"
    assert item.command == "twine upload dist/*"
    assert item.evidence[0].quote == "HTTPError: 403 Forbidden: invalid token"


def test_fix_search_stops_at_the_next_user_prompt() -> None:
    talk = (Talk().user("build it")
            .tool("Bash", "make build", "make: *** No rule to make target 'build'", error=True)
            .user("forget it, run the linter")
            .tool("Bash", "make lint", "ok"))
    (item,) = env_feedback(talk.build())
    assert item.kind == "failure"


def test_program_of_skips_prefixes_and_keeps_subcommands() -> None:
    assert program_of("FOO=1 sudo git commit -m x") == "git commit"
    assert program_of("cd web && npm run build") == "npm run"
    assert program_of("/usr/bin/pytest -q") == "pytest"
    assert program_of("") == ""


def test_an_error_the_user_pasted_is_reported_failure() -> None:
    talk = (Talk().user("the app no longer starts:\nTraceback (most recent call last):\n"
                        "  File \"app.py\", line 3\nModuleNotFoundError: No module named 'yaml'")
            .say("Let me look."))
    (item,) = env_feedback(talk.build())
    assert item.kind == "failure"
    assert item.evidence[0].turn == 0
    assert item.evidence[0].quote == "Traceback (most recent call last):"


@pytest.mark.parametrize(("failing", "output", "setup"), [
    ("uv run pytest -q", "E   ModuleNotFoundError: No module named 'shop'", "uv sync --all-extras"),
    ("npm test", "sh: 1: jest: not found", "npm install"),
    ("pytest tests/integration -q", "psycopg.OperationalError: connection refused",
     "make db-local"),
])
def test_a_setup_step_before_the_same_command_passes_is_the_fix(failing: str, output: str,
                                                                setup: str) -> None:
    talk = (Talk().user("run the tests")
            .tool("Bash", failing, output, error=True, exit_code=1)
            .say("A prerequisite is missing; setting it up.")
            .tool("Bash", "ls", "src tests")
            .tool("Bash", setup, "done", exit_code=0)
            .tool("Bash", failing, "12 passed", exit_code=0))
    conversation = talk.build()
    (item,) = env_feedback(conversation)
    assert item.kind == "failure-then-fix"
    assert (item.command, item.fix) == (failing, f"{setup}\n{failing}")
    assert [e.turn for e in item.evidence] == [1, 4]
    assert item.summary == (f"`{failing}` failed ({output.removeprefix('E   ')}); "
                            f"run `{setup}` first")
    for evidence in item.evidence:
        assert quote_occurs(evidence.quote, conversation.turns[evidence.turn])


def test_every_setup_step_between_failure_and_rerun_is_kept_in_order() -> None:
    talk = (Talk().user("run the integration tests")
            .tool("Bash", "pytest tests/integration", "OperationalError: connection refused",
                  error=True, exit_code=1)
            .tool("Bash", "docker compose up -d db", "Started", exit_code=0)
            .tool("Bash", "git status", "clean", exit_code=0)
            .tool("Bash", "make migrate", "applied 3 migrations", exit_code=0)
            .tool("Bash", "pytest tests/integration", "27 passed", exit_code=0))
    (item,) = env_feedback(talk.build())
    assert item.fix == "docker compose up -d db\nmake migrate\npytest tests/integration"
    assert [e.turn for e in item.evidence] == [1, 2, 4]


@pytest.mark.parametrize("between", [
    [],                                                             # flaky: nothing ran
    [("Bash", "ls -la", "x"), ("Bash", "cat pyproject.toml", "x"),  # read-only inspection
     ("Bash", "git status", "clean"), ("Read", "/work/proj/setup.py", "x")],
    [("Bash", "pip install foo", "ERROR: no matching distribution")],  # a step that failed
    [("Bash", "pytest -q tests/test_cart.py", "3 passed")],          # the command, narrowed
    [("Edit", "/work/proj/src/cart.py", "updated")],                # a code change
    [("Bash", "sed -i 's/2/3/' src/cart.py", "")],                  # a code change in a shell
], ids=["nothing", "inspection", "failed-step", "narrowed-rerun", "edit", "sed-edit"])
def test_a_rerun_that_passes_after_nothing_relevant_is_not_feedback(
        between: list[tuple[str, str, str]]) -> None:
    talk = (Talk().user("make the tests green")
            .tool("Bash", "pytest -q", "1 failed: expected 2, got 3", error=True, exit_code=1))
    for name, command, output in between:
        failed = output.startswith("ERROR")
        talk.tool(name, command, output, error=failed, exit_code=1 if failed else 0)
    talk.tool("Bash", "pytest -q", "all passed", exit_code=0)
    assert [i for i in env_feedback(talk.build()) if i.command == "pytest -q"] == []


def test_a_setup_step_is_not_the_fix_once_the_user_spoke_in_between() -> None:
    talk = (Talk().user("run the tests")
            .tool("Bash", "npm test", "sh: 1: jest: not found", error=True, exit_code=127)
            .user("I switched branches, try again")
            .tool("Bash", "npm install", "added 3 packages", exit_code=0)
            .tool("Bash", "npm test", "all passed", exit_code=0))
    assert env_feedback(talk.build()) == []


@pytest.mark.parametrize(("output", "expected"), [
    ("docker: 'compose' is not a docker command.\nSee 'docker --help'",
     "docker: 'compose' is not a docker command."),
    ("ImportError while loading conftest '/work/proj/tests/conftest.py'.\n"
     "E   ModuleNotFoundError: No module named 'shop'",
     "E   ModuleNotFoundError: No module named 'shop'"),
    ("Traceback (most recent call last):\n  File \"app.py\", line 3, in <module>\n"
     "    main()\nKeyError: 'DATABASE_URL'", "KeyError: 'DATABASE_URL'"),
    ("Something went sideways while starting the worker\n\n"
     "Run 'worker --help' for more information.",
     "Something went sideways while starting the worker"),
    ("Usage: tool [OPTIONS] COMMAND\nTry 'tool --help' for help.\n\n"
     "Error: No such command 'biuld'.",
     "Error: No such command 'biuld'."),
    ("Reading package lists...\nE: Unable to locate package libfoo-dev",
     "E: Unable to locate package libfoo-dev"),
], ids=["prog-colon", "pytest-E", "traceback", "hint-skipped", "usage", "apt"])
def test_the_quoted_reason_is_the_error_line_not_a_usage_hint(output: str, expected: str) -> None:
    talk = (Talk().user("start it")
            .tool("Bash", "tool run", output, error=True, exit_code=1))
    conversation = talk.build()
    (item,) = env_feedback(conversation)
    assert item.evidence[0].quote == expected
    assert quote_occurs(item.evidence[0].quote, conversation.turns[1])


def test_the_summary_names_commands_not_the_agents_tool() -> None:
    for name in ("Bash", "exec_command"):
        talk = (Talk().user("start the stack")
                .tool(name, "docker compose up -d", "docker: 'compose' is not a docker "
                      "command.\nSee 'docker --help'", error=True, exit_code=1)
                .tool(name, "docker-compose up -d", "Creating db ... done", exit_code=0)
                .tool(name, "twine upload dist/*", "HTTPError: 403 Forbidden", error=True,
                      exit_code=1))
        fixed, single = env_feedback(talk.build())
        for item in (fixed, single):
            assert name not in item.summary
        assert fixed.summary.startswith("`docker compose up -d` failed (docker: 'compose'")


GRADLE_FAILURE = """> Task :compileJava FAILED

FAILURE: Build failed with an exception.

* What went wrong:
Execution failed for task ':compileJava'.
> java.lang.IllegalArgumentException: Unsupported class file major version 65

* Try:
> Run with --stacktrace option to get the stack trace.

* Exception is:
org.gradle.api.tasks.TaskExecutionException: Execution failed for task ':compileJava'.
\tat org.gradle.api.internal.tasks.execution.ExecuteActionsTaskExecuter.execute(E.java:147)
Caused by: java.lang.RuntimeException: compilation of build scripts failed
\tat org.gradle.internal.Try.ifSuccessfulOrElse(Try.java:282)
Caused by: java.lang.IllegalArgumentException: Unsupported class file major version 65
\tat groovyjarjarasm.asm.ClassReader.<init>(ClassReader.java:199)

BUILD FAILED in 4s"""


@pytest.mark.parametrize(("output", "expected"), [
    ("go: downloading github.com/jackc/pgx/v5 v5.5.4\n"
     "internal/store/pg.go:12:2: missing go.sum entry for module providing package x\n"
     "FAIL\tgithub.com/acme/ledger/internal/store [setup failed]",
     "internal/store/pg.go:12:2: missing go.sum entry for module providing package x"),
    (GRADLE_FAILURE,
     "Caused by: java.lang.IllegalArgumentException: Unsupported class file major version 65"),
    ("FAILURE: Build failed with an exception.\n\n* What went wrong:\n"
     "Could not resolve all files for configuration ':app:compileClasspath'.\n"
     "   > Could not find com.acme:money:1.4.\n\n* Try:\n> Run with --info for more output.",
     "> Could not find com.acme:money:1.4."),
    ("cc -c src/main.c\nsrc/main.c:3:5: warning: unused variable 'x'\n"
     "src/main.c:9:1: error: expected ';' before '}' token\n"
     "make: *** [Makefile:3: all] Error 1",
     "src/main.c:9:1: error: expected ';' before '}' token"),
    ("# shop/cmd\n./main.go:9:2: undefined: ledgerClient\nmake: *** [Makefile:7: build] Error 1",
     "./main.go:9:2: undefined: ledgerClient"),
    ("[INFO] BUILD FAILURE\n[INFO] Total time: 2.1 s\n"
     "[ERROR] Failed to execute goal on project shop: Could not resolve dependencies",
     "[ERROR] Failed to execute goal on project shop: Could not resolve dependencies"),
    ("   Compiling shop v0.1.0 (/work/proj)\n   Resolving dependencies\n"
     "   Fetching index\nprocess didn't exit successfully: `target/debug/build` (signal 9)",
     "process didn't exit successfully: `target/debug/build` (signal 9)"),
], ids=["go-root-cause", "gradle-caused-by", "gradle-went-wrong", "compiler-file-line",
        "go-file-line", "maven-info", "progress-skipped"])
def test_the_quoted_reason_is_the_root_cause_not_progress_or_a_wrapper(
        output: str, expected: str) -> None:
    conversation = (Talk().user("build it")
                    .tool("Bash", "make build", output, error=True, exit_code=1)).build()
    (item,) = env_feedback(conversation)
    assert item.evidence[0].quote == expected
    assert quote_occurs(item.evidence[0].quote, conversation.turns[1])


def test_a_caused_by_reason_reads_without_its_marker() -> None:
    talk = (Talk().user("build it")
            .tool("Bash", "./gradlew build", GRADLE_FAILURE, error=True, exit_code=1)
            .tool("Bash", "JAVA_HOME=/usr/lib/jvm/java-17 ./gradlew build", "BUILD SUCCESSFUL"))
    (item,) = env_feedback(talk.build())
    assert item.kind == "failure-then-fix"
    assert item.summary.startswith("`./gradlew build` failed (java.lang.IllegalArgumentException: "
                                   "Unsupported class file major version 65)")


@pytest.mark.parametrize(("calls", "fix"), [
    ([("Bash", "make check", "All checks passed!")], "make check"),
    ([("Bash", "cat Makefile", "check: lint-py lint-js"), ("Read", "Makefile", "..."),
      ("Bash", "make check", "All checks passed!")], "make check"),
    ([("Bash", "make fmt-check", "make: *** No rule to make target 'fmt-check'.  Stop."),
      ("Bash", "make check", "All checks passed!")], "make check"),
    ([("Bash", "ls cmd", "gentool"), ("Bash", "go run ./cmd/gentool", "generated 14 files")],
     "go run ./cmd/gentool"),
], ids=["same-base-program", "after-inspections", "after-another-failure", "next-attempt"])
def test_a_different_command_run_instead_of_the_failed_one_is_its_fix(
        calls: list[tuple[str, str, str]], fix: str) -> None:
    talk = (Talk().user("run the linters")
            .tool("Bash", "make lint", "make: *** No rule to make target 'lint'.  Stop.",
                  error=True, exit_code=2))
    for name, command, output in calls:
        failed = "No rule" in output
        talk.tool(name, command, output, error=failed, exit_code=2 if failed else 0)
    conversation = talk.build()
    (item,) = [i for i in env_feedback(conversation) if i.command == "make lint"]
    assert (item.kind, item.fix) == ("failure-then-fix", fix)
    assert item.summary == ("`make lint` failed (make: *** No rule to make target 'lint'. "
                            f"Stop.); `{fix}` worked")
    for evidence in item.evidence:
        assert quote_occurs(evidence.quote, conversation.turns[evidence.turn])


GEN_MISSING = "gen: cannot find gen-tool in PATH"


@pytest.mark.parametrize("calls", [
    [("Bash", "ls", "Makefile"), ("Bash", "cat Makefile", "gen:"),         # only inspections
     ("Bash", "git status", "clean"), ("Bash", "make help", "targets: gen")],
    [("Edit", "/work/proj/Makefile", "updated"), ("Bash", "go run ./cmd/gentool", "ok")],
    [("Bash", "go run ./cmd/gentool", "ok"), ("Bash", "make gen", GEN_MISSING)],
    [("Bash", "npm test", "FAIL"), ("Bash", "go run ./cmd/gentool", "ok")],  # not an attempt
    [("Bash", "cd tools", ""), ("Bash", "make --help", "Usage: make [options]")],
], ids=["inspections", "code-change-first", "failed-command-again", "unrelated-after-failure",
        "navigation-and-help"])
def test_a_command_that_did_not_replace_the_failed_one_is_not_its_fix(
        calls: list[tuple[str, str, str]]) -> None:
    talk = (Talk().user("regenerate the client")
            .tool("Bash", "make gen", GEN_MISSING, error=True, exit_code=2))
    for name, command, output in calls:
        failed = output in ("FAIL", GEN_MISSING)
        talk.tool(name, command, output, error=failed, exit_code=2 if failed else 0)
    (item,) = [i for i in env_feedback(talk.build()) if i.command == "make gen"]
    assert item.kind != "failure-then-fix"


def test_a_command_run_after_the_user_spoke_is_not_the_fix() -> None:
    talk = (Talk().user("regenerate the client")
            .tool("Bash", "make gen", "gen: cannot find gen-tool in PATH", error=True,
                  exit_code=2)
            .user("dont use make gen, run go run ./cmd/gentool")
            .tool("Bash", "go run ./cmd/gentool", "generated 14 files", exit_code=0))
    (item,) = env_feedback(talk.build())
    assert (item.kind, item.fix) == ("failure", None)
