"""Issue 25: a skill's step is amended once per command it replaces. Two lessons of one update
replacing the same command (the user's corrected command and the fix a failure got) leave
"`new` (not `old`)" once, never a second "(not …)" inside the first; a lesson replacing
another step's command still amends that step."""

from __future__ import annotations

from skillgit.mine.placement import amend_step

STEPS = ["1. Upgrade: `helm upgrade shop ./chart`.\n",
         "2. Smoke test: `curl -fsS https://shop.test/healthz`.\n"]


def test_a_second_lesson_replacing_the_same_command_leaves_the_step_as_amended() -> None:
    lines = list(STEPS)
    assert amend_step(lines, ["- Use `helm upgrade shop ./chart --atomic`, not "
                              "`helm upgrade shop ./chart`."], "\n")
    once = lines[0]
    assert once == ("1. Upgrade: `helm upgrade shop ./chart --atomic` (not "
                    "`helm upgrade shop ./chart`).\n")
    assert amend_step(lines, ["- Use `helm upgrade shop ./chart --atomic --timeout 5m`, not "
                              "`helm upgrade shop ./chart`."], "\n")
    assert lines[0] == once and lines[0].count("(not ") == 1


def test_a_lesson_replacing_another_steps_command_still_amends_it() -> None:
    lines = list(STEPS)
    assert amend_step(lines, ["- Use `helm upgrade shop ./chart --atomic`, not "
                              "`helm upgrade shop ./chart`."], "\n")
    assert amend_step(lines, ["- Use `curl -fsS --retry 5 https://shop.test/healthz`, not "
                              "`curl -fsS https://shop.test/healthz`."], "\n")
    assert lines[1] == ("2. Smoke test: `curl -fsS --retry 5 https://shop.test/healthz` (not "
                        "`curl -fsS https://shop.test/healthz`).\n")
