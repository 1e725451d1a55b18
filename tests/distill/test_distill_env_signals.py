"""Environment feedback: failures with their fixes, repeated errors, and what to ignore."""

from __future__ import annotations

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
