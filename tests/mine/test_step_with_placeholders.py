"""A skill step written with placeholders (`--release=<name>`) is the step a session's concrete
command changes: the update amends it in place and keeps its placeholders, and a failure fixed
by the same move is no second rule beside the correction (issue 25)."""

from __future__ import annotations

from signalkit import signal

from skillgit.mine.lessons import lessons
from skillgit.mine.placeholders import generic, instance_of
from skillgit.mine.placement import amend_step
from skillgit.proposal import Candidate

STEPS = ["1. Build the chart: `make chart`.\n",
         "2. Roll it out: `./bin/rollout apply --release=<name>` from the repo root.\n",
         "3. Check it: `./bin/rollout status`.\n"]


def test_a_concrete_command_is_an_instance_of_the_step_written_with_a_placeholder() -> None:
    filled = instance_of("./bin/rollout apply --release=<name>",
                         "./bin/rollout apply --release=shop-7")
    assert filled == {"--release=shop-7": "--release=<name>"}
    assert generic("./bin/rollout apply --zone=eu --release=shop-7", filled) == (
        "./bin/rollout apply --zone=eu --release=<name>")


def test_other_commands_are_no_instance() -> None:
    step = "./bin/rollout apply --release=<name>"
    assert instance_of(step, "./bin/rollout apply --release=shop-7 --dry-run") is None
    assert instance_of(step, "./bin/rollout delete --release=shop-7") is None
    assert instance_of("./bin/rollout apply", "./bin/rollout apply") is None  # nothing filled


def test_the_step_with_placeholders_is_amended_in_place() -> None:
    lines = list(STEPS)
    assert amend_step(lines, ["- Run `./bin/rollout apply --zone=eu --release=shop-7` instead "
                              "of `./bin/rollout apply --release=shop-7`."], "\n")
    assert lines[1] == ("2. Roll it out: `./bin/rollout apply --zone=eu --release=<name>` (not "
                        "`./bin/rollout apply --release=<name>`) from the repo root.\n")
    assert lines[0] == STEPS[0] and lines[2] == STEPS[2] and len(lines) == 3


def test_a_failure_fixed_by_the_move_a_correction_states_is_one_rule() -> None:
    correction = signal(1, "correction", "it needs --zone=eu now, every rollout",
                        corrected_command="./bin/rollout apply --release=shop-7",
                        succeeded_command="./bin/rollout apply --zone=eu --release=shop-7")
    failure = signal(2, "env-fix", "`./bin/rollout apply --release=shop-8` failed (no zone)",
                     command="./bin/rollout apply --release=shop-8",
                     fix="./bin/rollout apply --zone=eu --release=shop-8")
    other = signal(3, "env-fix", "`make chart` failed (helm missing)", command="make chart",
                   fix="brew install helm\nmake chart")
    found = lessons(Candidate(key="update:k", title="t", terms=["rollout"],
                              signals=[correction, failure, other], skill="deploy"))
    assert [lesson.kind for lesson in found] == ["rule", "fix"]
    assert found[1].dont == "make chart"               # another failure stays its own rule
