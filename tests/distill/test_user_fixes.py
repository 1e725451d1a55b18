"""A failure followed by the user giving the working command: a failure with a fix."""

from __future__ import annotations

import subprocess
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from sessionkit import Talk

from skillgit.distill.env_signals import env_feedback
from skillgit.distill.evidence import quote_occurs
from skillgit.distill.heuristic import HeuristicEngine
from skillgit.distill.user_fixes import given_command
from skillgit.gitops import GitRepo
from skillgit.mine.propose import propose
from skillgit.redact import Redactor

FAILED = "go generate ./..."
ERROR = "gen.go:3: running \"mockgen\": exec: \"mockgen\": executable file not found in $PATH"


def _failure_then(user_text: str, session: str = "s-1",
                  ask: str = "regenerate the mocks for the store package") -> Talk:
    return (Talk(session_id=session).user(ask)
            .tool("Bash", FAILED, ERROR, error=True, exit_code=1)
            .say("mockgen is not installed, so go generate fails.")
            .user(user_text))


@pytest.mark.parametrize(("text", "command"), [
    ("use `go run go.uber.org/mock/mockgen@v0.4.0` via go generate -tags tools ./... instead",
     "go run go.uber.org/mock/mockgen@v0.4.0"),
    ("it's vendored: go generate -tags tools ./... works", "go generate -tags tools ./..."),
    ("run this:\n$ go generate -mod=mod ./...\nthat picks up the tools module",
     "go generate -mod=mod ./..."),
    ("```sh\ngo generate -tags tools ./internal/...\n```",
     "go generate -tags tools ./internal/..."),
])
def test_the_users_next_prompt_gives_the_fix(text: str, command: str) -> None:
    conversation = _failure_then(text).build()
    (item,) = env_feedback(conversation)
    assert item.kind == "failure-then-fix"
    assert (item.command, item.fix) == (FAILED, command)
    assert [e.turn for e in item.evidence] == [1, 3]
    assert all(quote_occurs(e.quote, conversation.turns[e.turn]) for e in item.evidence)
    assert "the user gave" in item.summary


@pytest.mark.parametrize("text", [
    "mockgen should be on the path, I installed it yesterday. Try again.",  # no command
    "ok, skip the mocks and write the README section instead",              # no command
    "`make docs` first please",                          # another program, nothing shared
    f"`{FAILED}`",                                                          # the same command
    "no, always pass that flag to go here, the generator is vendored",     # prose after `go`
])
def test_no_fix_without_a_working_command_from_the_user(text: str) -> None:
    (item,) = env_feedback(_failure_then(text).build())
    assert item.kind != "failure-then-fix" and item.fix is None


def _hung_then(user_text: str, next_run: str, *, next_failed: bool = False) -> Talk:
    return (Talk().user("add a test for the totals")
            .tool("Bash", "make test", "Command timed out after 2m 0.0s", error=True,
                  exit_code=143)
            .say("The test target never returned.")
            .user(user_text)
            .tool("Bash", next_run, "FAILED" if next_failed else "12 passed",
                  error=next_failed, exit_code=1 if next_failed else 0))


def test_a_quoted_command_of_another_program_that_then_worked_is_the_fix() -> None:
    """`make test` hung; the user gives `./gradlew check --offline <module>` and the agent
    runs it with the module filled in: the user's command is the fix."""
    talk = _hung_then("make test waits on the daemon. the one-shot run is "
                      "`./gradlew check --offline <module>`", "./gradlew check --offline :app")
    (item,) = env_feedback(talk.build())
    assert (item.kind, item.fix) == ("failure-then-fix", "./gradlew check --offline <module>")


@pytest.mark.parametrize(("text", "next_run", "failed"), [
    # the quoted command was run next but failed too
    ("the one-shot run is `./gradlew check --offline <module>`",
     "./gradlew check --offline :app", True),
    # the agent ran something else than the quoted command
    ("the one-shot run is `./gradlew check --offline <module>`", "./gradlew build", False),
    # a quoted name that is no command of the next run
    ("see `docs/testing.md` for how the suite is run", "./gradlew check", False),
])
def test_a_quoted_command_counts_only_when_it_then_worked(
        text: str, next_run: str, failed: bool) -> None:
    items = env_feedback(_hung_then(text, next_run, next_failed=failed).build())
    assert all(item.fix is None for item in items if item.command == "make test")


def test_a_fix_found_by_the_agent_is_kept_over_the_users() -> None:
    talk = (Talk().user("regenerate the mocks")
            .tool("Bash", FAILED, ERROR, error=True, exit_code=1)
            .tool("Bash", "go install go.uber.org/mock/mockgen@latest", "", exit_code=0)
            .tool("Bash", FAILED, "", exit_code=0)
            .user("also `go generate -tags tools ./...` works"))
    (item,) = env_feedback(talk.build())
    assert item.fix == f"go install go.uber.org/mock/mockgen@latest\n{FAILED}"


def test_only_commands_of_the_failed_program_or_like_it_count() -> None:
    assert given_command("try `npm ci`", "go test ./...", "go test") is None
    assert given_command("try `go test -count=1 ./...`", "go test ./...", "go test") == (
        "go test -count=1 ./...", 5)
    assert given_command("nothing to run here", "go test ./...", "") is None


def test_a_recurring_failure_fixed_by_the_user_is_proposed(tmp_path: Path) -> None:
    """Two sessions, the same failure, the user gives the command: not 'no fix'."""
    root = tmp_path / "skills-repo"
    (root / "skills").mkdir(parents=True)
    (root / "skills" / ".keep").write_text("")
    subprocess.run(["git", "init", "-q", "-b", "main", str(root)], check=True)
    subprocess.run(["git", "-C", str(root), "add", "-A"], check=True)
    subprocess.run(["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@e",
                    "commit", "-qm", "init"], check=True)
    engine = HeuristicEngine()
    start = datetime(2026, 11, 2, 9, 0, tzinfo=timezone.utc)
    digests = []
    for n, (ask, text) in enumerate((
            ("regenerate the store mocks",
             "use go generate -tags tools ./... instead, mockgen is vendored"),
            ("the billing interface changed, refresh its generated mocks",
             "`go generate -tags tools ./...` - the tools build tag"))):
        conversation = _failure_then(text, f"session-{n}-abcdef", ask).build()
        conversation = conversation.model_copy(
            update={"started_at": start + timedelta(days=n)})
        digests.append(engine.distill(conversation)[0])
    assert all(any(f.kind == "failure-then-fix" for f in d.env_feedback) for d in digests)
    with GitRepo(root) as g:
        found = propose(g, g.resolve("main"), digests, redactor=Redactor(home="/home/tester"))
    reasons = [r.missed for r in found.rejected]
    assert not any("no fix" in reason for reason in reasons), reasons
    assert found.proposals, reasons


@pytest.mark.parametrize(("text", "failed", "program", "command"), [
    ("Run `make db-up` first. The test Postgres runs in docker on port 5433.",
     "mix test", "mix", "make db-up"),
    ("add --upload-port /dev/ttyACM1, acm0 is the jtag probe",
     "pio run -t upload", "pio", "pio run -t upload --upload-port /dev/ttyACM1"),
    ("Add --vault-id prod@~/.ansible/vault-prod.txt. That file is on every ops box.",
     "ansible-playbook site.yml", "ansible-playbook",
     "ansible-playbook site.yml --vault-id prod@~/.ansible/vault-prod.txt"),
    ("JAVA_HOME=/usr/lib/jvm/temurin-17 ./gradlew assembleDebug",
     "./gradlew assembleDebug", "gradlew",
     "JAVA_HOME=/usr/lib/jvm/temurin-17 ./gradlew assembleDebug"),
    # a word of the sentence after a flag is no value of it
    ("no, always pass --frozen-lockfile to pnpm here, the CI checks it",
     "pnpm install", "pnpm", "pnpm install --frozen-lockfile"),
])
def test_a_setup_step_added_flags_or_an_env_prefix_are_the_users_fix(
        text: str, failed: str, program: str, command: str) -> None:
    found = given_command(text, failed, program)
    assert found is not None and found[0] == command


@pytest.mark.parametrize(("text", "failed", "program"), [
    ("Can you rerun it with -v and show me which target it dies in?", "make build", "make"),
    ("I ran `make db-up` yesterday and it was fine, odd", "mix test", "mix"),
    ("with --upload-port it's the same, I already tried", "pio run -t upload --upload-port x",
     "pio"),
])
def test_a_question_a_story_or_a_flag_already_passed_is_no_fix(text: str, failed: str,
                                                               program: str) -> None:
    assert given_command(text, failed, program) is None
