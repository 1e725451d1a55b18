"""Issue 25 after fu17: a fact stated about the very thing the agent touched is an implicit
correction (`touched_facts`), and a report of a good result that negates problems is no
correction (`result_reports`). New sentences in new ecosystems; each signal beside the
look-alikes that must stay ordinary."""

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.distill import result_reports, retractions
from skillgit.distill.action_context import ActionContext
from skillgit.distill.bare_facts import fact_sentences
from skillgit.distill.touched_facts import touched_fact
from skillgit.distill.user_signals import user_signals


def _context(*, edited: tuple[str, ...] = (), read: tuple[str, ...] = (),
             commands: tuple[str, ...] = (), said: str = "Done.") -> ActionContext:
    talk = Talk().user("make the change")
    for path in read:
        talk = talk.tool("Read", f"/work/proj/{path}", "1\t...")
    for path in edited:
        talk = talk.tool("Edit", f"/work/proj/{path}")
    for command in commands:
        talk = talk.tool("Bash", command, "ok")
    talk = talk.say(said)
    return ActionContext.collect(talk.build().turns[1:], "/work/proj")


def _kinds(context_turns: Talk, text: str) -> list[str]:
    return [item.kind for item in user_signals(context_turns.user(text).build()).feedback]


SPEC = _context(edited=("spec/openapi/billing.yaml",), said="Added the refund endpoint.")
FLAKE = _context(edited=("flake.nix",), commands=("nix build .#server",),
                 said="Pinned nixpkgs to the 24.05 branch in flake.nix.")
SBT = _context(commands=("sbt update",), said="Resolved the new akka-http version.")
VENDORED = _context(read=("third_party/zlib/inflate.c",), edited=("third_party/zlib/inflate.c",),
                    said="Patched the window size check in inflate.c.")


@pytest.mark.parametrize(("text", "context"), [
    ("billing.yaml is also consumed by the partner SDK build, field names included.", SPEC),
    ("flake.nix is what the deploy host evaluates, with its own nixpkgs input.", FLAKE),
    ("build.sbt says scala 2.12 for the spark job module.", _context(
        commands=("sbt compile",), edited=("src/main/scala/Job.scala",),
        said="Used Scala 3 given instances in Job.scala.")),
    ("anything under third_party/zlib is synced from upstream by a script.", VENDORED),
])
def test_a_fact_about_the_touched_thing_is_a_correction(text: str,
                                                        context: ActionContext) -> None:
    assert touched_fact(text, context) is not None


@pytest.mark.parametrize(("text", "context"), [
    ("billing.yaml is also consumed by the partner SDK build? I never checked.", SPEC),  # asks
    ("flake.nix looks much tidier now, thanks.", FLAKE),                        # praise
    ("sbt is slow on the VPN.", SBT),                                           # a tool alone
    ("third_party/zlib was the first thing I ever patched here, I had no idea.", VENDORED),
    ("third_party/zlib holds the copy we ship.", VENDORED),                     # its contents
    ("the spec folder is public anyway.", SPEC),                                # a concession
    ("docs/ is built by another job.", SPEC),                                   # not touched
])
def test_the_same_facts_asked_praised_or_about_something_else_stay_ordinary(
        text: str, context: ActionContext) -> None:
    assert touched_fact(text, context) is None


def test_nothing_changed_means_nothing_contradicted() -> None:
    only_read = _context(read=("flake.nix",), said="flake.nix pins nixpkgs 24.05.")
    assert touched_fact("flake.nix is what the deploy host evaluates.", only_read) is None


def test_a_touched_fact_becomes_a_correction_item() -> None:
    talk = (Talk().user("add the refund endpoint").tool("Edit", "/work/proj/spec/openapi/"
                                                        "billing.yaml")
            .say("Added POST /refunds to billing.yaml."))
    assert _kinds(talk, "billing.yaml is also consumed by the partner SDK build, "
                  "field names included.") == ["correction"]


@pytest.mark.parametrize("text", [
    "zero deadlocks, no stale handles. great. next wire the scheduler into main",
    "No more OOM kills on the workers, even under load. How come it only hit the big ones?",
    "no segfaults. 🎉 can you tag the release?",
])
def test_a_good_result_reported_is_no_correction(text: str) -> None:
    assert result_reports.reported(text)
    talk = (Talk().user("run it under the race detector")
            .tool("Bash", "go test -race -run TestScheduler ./sched/", "ok")
            .say("Clean under -race."))
    assert _kinds(talk, text) == []


@pytest.mark.parametrize("text", [
    "no tests, no docs. great.",                                # things that should be there
    "no errors. why did you pass --force though?",              # a question at the agent
    "No deadlocks. Don't merge it before the load test though.",  # an instruction beside
    "no panics in library code, ever.",                         # a rule's verb
    "zero warnings. Next time run the linter before you push.",  # a rule as the next step
])
def test_a_problem_absent_beside_an_objection_or_rule_is_no_report(text: str) -> None:
    assert not result_reports.reported(text)


def test_a_file_shown_by_a_command_is_read_like_a_read_tool() -> None:
    """Codex reads a file with `sed -n '1,200p' f`; Claude Code with Read: the same facts."""
    by_tool = _context(read=("config/live.toml",))
    for command in ("sed -n '1,200p' config/live.toml", "cat config/live.toml",
                    "head -n 40 config/live.toml"):
        by_shell = _context(commands=(command,))
        assert (by_shell.files, by_shell.folders, by_shell.changed, by_shell.used,
                by_shell.shell) == (by_tool.files, by_tool.folders, by_tool.changed,
                                    by_tool.used, by_tool.shell), command
    piped = _context(commands=("cat config/live.toml | grep rate",))
    assert piped.shell and "cat" in piped.used  # a pipeline is a command, not a read


def test_a_clean_build_is_a_kind_of_build_and_clean_alone_a_verdict() -> None:
    context = _context(edited=("third_party/zlib/inflate.c",))
    assert fact_sentences("third_party/zlib is wiped on a clean checkout.", context)
    assert fact_sentences("the inflate build is clean.", context) is None


@pytest.mark.parametrize(("text", "praised"), [
    ("We keep fighting the Gradle cache here, lol. The cleanup was worth it though. "
     "Thanks, all green.", True),                                    # "though" concedes
    ("Though the cache key is wrong. Thanks, all green.", False),     # "though" objects
    ("The cleanup was worth it. all green", True),
])
def test_praise_closing_a_turn_may_concede_with_though(text: str, praised: bool) -> None:
    assert retractions.praised(text) is praised
