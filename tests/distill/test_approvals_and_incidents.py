"""Remarks built like the false alarms of the twelfth and thirteenth rounds (issue 25), with
new sentences: a verdict word taken back by an apology, a question disarmed by curiosity, a
habit that only seems to happen, a guess that never would have been made, a reason ("that's
why I asked"), a noun that looks like a cue ("vendor drop came in"), a next task naming a
tool of the same family, a value approved ("4s is fine"), a rerun asked for to look closer,
an incident told with its recent time. Each has a correction of the same shape that must
still be read."""

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.distill.env_signals import env_feedback
from skillgit.distill.user_signals import user_signals


def _kinds(command: str, output: str, reply: str, text: str) -> list[str]:
    talk = (Talk().user("go ahead").tool("Bash", command, output).say(reply).user(text))
    return [item.kind for item in user_signals(talk.build()).feedback]


@pytest.mark.parametrize(("command", "output", "reply", "text"), [
    ("mix test", "42 tests, 0 failures", "Added the retry; tests pass.",
     "Wrong tab, oops — that was meant for the release channel. Anyway, can you add paging "
     "to the list endpoint?"),
    ("mix compile", "Compiled 12 files", "I wrapped the poller in a GenServer.",
     "Why did you reach for a GenServer here? Not saying it's wrong, just curious how you'd "
     "compare it with a Task."),
    ("sbt update", "resolved 212 artifacts in 3m", "Resolved the dependencies.",
     "we always seem to hit these slow resolves after the weekend, probably the runner cache "
     "getting evicted. anyway, next add the Refund case class"),
    ("cargo bench", "rust: 41ms, zig: 38ms", "The Zig version is slightly faster.",
     "Not bad! I didn't expect Zig to win. Never would have thought the Rust one would lose."),
    ("python bench.py", "p50 12ms p99 80ms", "Here are the numbers.",
     "The p99 on cold caches is exactly why I asked for this. What's the slowest case?"),
    ("ls vendor/", "README.md", "vendor/ holds no sdk yet.",
     "vendor drop arrived for the maps sdk, its in ~/Downloads/maps-3.1.zip, unpack it pls"),
    ("npm ci", "added 812 packages", "Installed with npm ci; the image uses Node 20.",
     "The staging image is Node 20 as well, so that matches. Next, bump pnpm in the "
     "Dockerfile to 9.1."),
    ("psql -f report.sql", "Time: 4102 ms", "The report ran in about 4s on the XS warehouse.",
     "4s is fine. Can you split the report by region?"),
    ("kubectl get pods -n jobs", "NAME READY STATUS\nsync-1 1/1 Running",
     "One pod in jobs, running.",
     "every pod in that namespace restarted around 2am last night. anything in the events?"),
    ("npm test", "212 passing", "All green.", "Never run into this before, weird."),
    ("npm test", "212 passing", "All green.",
     "the new endpoint works like every other endpoint, nice"),
])
def test_a_remark_of_that_shape_is_no_correction(command: str, output: str, reply: str,
                                                 text: str) -> None:
    assert _kinds(command, output, reply, text) == []


@pytest.mark.parametrize(("command", "output", "text"), [
    ("pnpm install --no-lockfile", "done", "Wrong flag: use --frozen-lockfile, not --no-lockfile."),
    ("mix compile", "Compiled 12 files", "why mix compile? run mix test like I said"),
    ("git commit -m wip", "[main 1a2b3c] wip", "we always run mix format before committing here"),
    ("git push --force", "forced update", "drop the --force, we never rewrite shared branches"),
    ("npm test", "212 passing", "the unit tests are fine, skip the e2e suite next time"),
    ("npm ci", "added 812 packages", "pnpm please, this repo has a pnpm-lock.yaml"),
    ("npm test", "212 passing", "never run npm test with --force here"),
    ("npm test --force", "212 passing",
     "I can't remember which flag it was, but don't use --force with npm test"),
])
def test_a_correction_of_the_same_shape_is_still_read(command: str, output: str,
                                                      text: str) -> None:
    assert _kinds(command, output, "Done.", text) != []


def _fixes(text: str) -> list[str | None]:
    talk = (Talk().user("build the workspace")
            .tool("Bash", "colcon build", "CMake Error at CMakeLists.txt:9 (find_package)",
                  error=True, exit_code=1)
            .say("The configure step fails in find_package.").user(text))
    return [i.fix for i in env_feedback(talk.build()) if i.kind == "failure-then-fix"]


def test_flags_asked_for_to_look_closer_are_no_fix() -> None:
    assert _fixes("Try it again with --event-handlers console_cohesion+ so we can see what "
                  "find_package looks for.") == []


def test_flags_given_to_fix_it_are_the_fix() -> None:
    assert _fixes("Try it again with --cmake-args -DCMAKE_PREFIX_PATH=/opt/ros/jazzy.") == [
        "colcon build --cmake-args -DCMAKE_PREFIX_PATH=/opt/ros/jazzy"]
