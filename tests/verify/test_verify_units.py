"""The pieces of `verify`: reading answers, deciding them, the lesson's shape, the trailer and
section, the budget, and the screen every case text passes."""

from __future__ import annotations

import pytest

from skillgit.config import parse_config
from skillgit.distill.replays import context_steps
from skillgit.errors import UsageError
from skillgit.proposal import (
    Candidate,
    DimensionResult,
    MeasuredEffect,
    Proposal,
    Signal,
    SkillChange,
    Verdict,
)
from skillgit.redact.screen import secret_findings
from skillgit.transcripts.model import Conversation, ToolResult, Turn, TurnKind
from skillgit.verify.answer import Action, from_text
from skillgit.verify.budget import Budget, call_cap, estimate
from skillgit.verify.case import Expectation, ReplayCase, Step
from skillgit.verify.cases import build_cases, screened_case
from skillgit.verify.decide import JudgeAnswer, decide_structural, grounded
from skillgit.verify.effect import parse_effect, row, trailer_value, with_effect
from skillgit.verify.lesson import added_rules, expectation_of, rule_lines
from skillgit.verify.loading import LoadedSkill, system_prompt, triggers, user_prompt

PNPM = Expectation(rule="Use `pnpm install`, not `npm install`.", expected="pnpm install",
                   avoided="npm install")
PYPATH = expectation_of("Run `PYTHONPATH=src pytest tests/` instead of `pytest tests/`, which "
                        "fails here.")
SECRET = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"


@pytest.mark.parametrize(("command", "expectation", "outcome"), [
    ("pnpm install", PNPM, "followed"),
    ("pnpm install --frozen-lockfile", PNPM, "followed"),
    ("npm install", PNPM, "not-followed"),
    ("cd web && npm install", PNPM, "not-followed"),
    ("pnpm install && npm install", PNPM, "not-followed"),
    ("yarn", PNPM, "not-followed"),
    ("PYTHONPATH=src pytest tests/", PYPATH, "followed"),
    ("PYTHONPATH=src pytest -q tests/", PYPATH, "followed"),
    ("pytest tests/", PYPATH, "not-followed"),
    ("make deploy", expectation_of("Run `make deploy-staging` instead of `make deploy`."),
     "not-followed"),
    ("make deploy-staging", expectation_of("Run `make deploy-staging` instead of `make deploy`."),
     "followed"),
    ("git commit -m x", expectation_of("Never run `git commit --no-verify`."), "followed"),
    ("git commit --no-verify -m x", expectation_of("Never run `git commit --no-verify`."),
     "not-followed"),
])
def test_structural_decisions(command: str, expectation: Expectation, outcome: str) -> None:
    assert decide_structural(Action(command=command), expectation) == outcome


def test_an_answer_without_a_command_is_unparsed_for_an_action_lesson() -> None:
    assert decide_structural(from_text("lorem ipsum, the answer is purple"), PNPM) == "unparsed"
    assert decide_structural(Action(parsed=False), PNPM) == "unparsed"


def test_a_file_lesson_matches_the_file_edited() -> None:
    rule = expectation_of("Edit `config/settings.toml`, not `settings.py`.")
    assert rule.expected == "config/settings.toml" and rule.avoided == "settings.py"
    assert decide_structural(Action(file="config/settings.toml"), rule) == "followed"
    assert decide_structural(Action(file="settings.py"), rule) == "not-followed"


@pytest.mark.parametrize("raw", [
    '{"tool_calls": [{"function": {"name": "bash", "arguments": '
    '"{\\"command\\": \\"pnpm install\\"}"}}]}',
    '{"type": "tool_use", "name": "Bash", "input": {"command": "pnpm install"}}',
    '{"tool": "bash", "command": ["pnpm", "install"]}',
    "I will run:\n```bash\n$ pnpm install\n```",
    "$ pnpm install",
    "Next I run `pnpm install` to get the dependencies.",
])
def test_answers_are_read_in_the_forms_models_give(raw: str) -> None:
    action = from_text(raw)
    assert action.parsed and action.command == "pnpm install"


def test_a_bare_line_is_a_command_only_when_it_runs_a_program_of_the_case() -> None:
    assert from_text("pnpm install", frozenset({"pnpm", "npm"})).command == "pnpm install"
    assert from_text("PYTHONPATH=src pytest tests/", frozenset({"pytest"})).parsed
    assert not from_text("pnpm install", frozenset()).parsed
    assert not from_text("lorem ipsum, the answer is purple", frozenset({"pnpm"})).parsed
    assert not from_text("pnpm install\nand then more prose", frozenset({"pnpm"})).parsed


def test_the_grounded_judge_must_quote_the_answer() -> None:
    action = Action(text="I will add a changelog entry before I commit.")
    assert grounded(JudgeAnswer(followed=True, quote="add a changelog entry"), action) \
        == "followed"
    assert grounded(JudgeAnswer(followed=True, quote="updated the changelog"), action) \
        == "unparsed"
    assert grounded(JudgeAnswer(followed=False, quote="before I   commit"), action) \
        == "not-followed"


def test_rule_lines_of_an_update_are_the_added_ones_only() -> None:
    before = "---\nname: d\ndescription: x\n---\n1. Test.\n2. Run `make deploy`.\n"
    after = before + "3. Run `make deploy-staging` instead of `make deploy`.\n"
    assert rule_lines(before, after) == ["Run `make deploy-staging` instead of `make deploy`."]
    assert len(rule_lines(None, after)) == 3


def test_commands_fenced_under_a_rule_are_its_expectation() -> None:
    skill = ("---\nname: d\ndescription: x\n---\n## Rules\n\n"
             "- Run the first command below, not the second.\n  ```sh\n"
             "  docker compose -f compose.dev.yml up --build --remove-orphans\n  ```\n"
             "  ```sh\n  docker compose up\n  ```\n- Use `pnpm install`, not `npm install`.\n")
    [(first, blocks), (second, none)] = added_rules(None, skill)
    assert blocks == ["docker compose -f compose.dev.yml up --build --remove-orphans",
                      "docker compose up"] and none == []
    rule = expectation_of(first, blocks)
    assert (rule.expected, rule.avoided) == (blocks[0], "docker compose up")
    assert decide_structural(Action(command="docker compose up"), rule) == "not-followed"
    assert decide_structural(Action(command=blocks[0]), rule) == "followed"
    assert expectation_of(second, none).expected == "pnpm install"


def test_trailer_and_section_round_trip_and_replace_each_other() -> None:
    message = ("skills(x): new\n\nWhy: because.\n\nSkillgit-Proposal: 0123456789abcdef\n"
               "Skillgit-Skill: x\n")
    first = MeasuredEffect(without=0, with_skill=6, samples=6, engine="openai/m",
                           rows=[row("claude-code 2026-11-02 00000000 turn 3", "0/3", "3/3")])
    once = with_effect(message, first)
    assert once.startswith("skills(x): new\n\nWhy: because.\n\n")
    assert once.endswith("Skillgit-Skill: x\nSkillgit-Effect: without 0/6, with 6/6\n")
    read = parse_effect(once)
    assert read is not None and (read.without, read.with_skill, read.samples) == (0, 6, 6)
    assert read.engine == "openai/m" and read.rows == first.rows
    assert with_effect(once, first) == once                  # idempotent
    second = first.model_copy(update={"with_skill": 2, "unparsed": 1})
    twice = with_effect(once, second)
    assert twice.count("Skillgit-Effect:") == 1 and twice.count("Measured effect") == 1
    assert trailer_value(second) in twice and "No measured effect" not in twice
    assert parse_effect(message) is None


def test_a_forged_table_row_is_not_written() -> None:
    effect = MeasuredEffect(without=0, with_skill=1, samples=1,
                            rows=["| x\n\nSkillgit-Proposal: ffff | 1/1 | 1/1 |"])
    assert "ffff" not in with_effect("s\n\nSkillgit-Proposal: 0123456789abcdef\n", effect)


def test_the_description_triggers_the_body() -> None:
    skill = LoadedSkill(name="use-pnpm-not-npm", description="Runs pnpm install instead of npm "
                        "install. Use when installing dependencies.",
                        body="- Use `pnpm install`, not `npm install`.")
    about = ReplayCase(branch="b", fingerprint="f", session="s", turn=1, expectation=PNPM,
                       context=[Step(role="user", text="install the deps and add a page")])
    other = about.model_copy(update={"context": [Step(role="user", text="fix the typo")]})
    assert triggers(skill, about) and not triggers(skill, other)
    about_to = other.model_copy(update={"taken": "npm install"})   # the step it was taking
    assert triggers(skill, about_to) and "npm install" not in user_prompt(about_to)
    assert skill.body in system_prompt(skill, about)
    assert skill.description in system_prompt(skill, other)
    assert skill.body not in system_prompt(skill, other)


def proposal_with(signal: Signal) -> Proposal:
    holds = DimensionResult(holds=True, reason="r")
    return Proposal(kind="new", skill="x", summary="s", engine="heuristic",
                    change=SkillChange(skill="x", directory="skills/x", files={}),
                    verdict=Verdict(candidate=Candidate(key="k", title="t", terms=[],
                                                        signals=[signal]),
                                    repeatable=holds, feedback=holds, repeated_ask=holds))


def test_every_case_text_passes_the_final_screen() -> None:
    turns = [Turn(index=0, kind=TurnKind.USER, text=f"deploy with token {SECRET} please"),
             Turn(index=1, kind=TurnKind.TOOL_CALL, tool_name="Bash",
                  command=f"curl -H 'Authorization: Bearer {SECRET}' https://x.example",
                  result=ToolResult(text=f"GITHUB_TOKEN={SECRET}", is_error=True)),
             Turn(index=2, kind=TurnKind.TOOL_CALL, tool_name="Bash", command="make deploy")]
    steps = context_steps(turns, 2, 2000)
    assert [s.role for s in steps] == ["user", "tool_call", "tool_output"]
    signal = Signal(kind="correction", summary="s", quote="q", turn=2, agent="claude-code",
                    session_id="s-1")
    [case] = build_cases(proposal_with(signal), "f", [PNPM], [Conversation(
        agent="claude-code", session_id="s-1", source_path="x", turns=turns)], 2000).cases
    assert [s.role for s in case.context] == ["user", "tool_call", "tool_output"]
    assert SECRET not in case.model_dump_json()
    assert all(not secret_findings(text) for text in case.texts())
    edited = ReplayCase(branch="b", fingerprint="f", session="s", turn=1, expectation=PNPM,
                        context=[Step(role="user", text=f"token {SECRET}")], taken=SECRET)
    assert SECRET not in screened_case(edited).model_dump_json()
    assert not secret_findings(screened_case(edited).model_dump_json())


def test_the_context_keeps_the_request_and_the_latest_steps_within_budget() -> None:
    turns = [Turn(index=0, kind=TurnKind.USER, text="the request")]
    turns += [Turn(index=i, kind=TurnKind.ASSISTANT, text=f"step {i} " + "x" * 400)
              for i in range(1, 40)]
    steps = context_steps(turns, 40, 500)
    assert steps[0].text == "the request" and steps[-1].text.startswith("step 39")
    assert 1 < len(steps) < 10


@pytest.mark.parametrize(("text", "message"), [
    ("verify:\n  samples: 0\n", "verify.samples"),
    ("verify:\n  max_usd: -1\n", "verify.max_usd"),
    ("verify:\n  sample: 3\n", "verify.sample: unknown key"),
    ("verify:\n  workers: '4'\n", "verify.workers: expected an integer"),
])
def test_a_bad_verify_section_names_the_key(text: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        parse_config(text, ".skillgit.yaml")
    assert parse_config("verify:\n  max_usd: 1\n  samples: 5\n", "x").verify.samples == 5


def test_the_budget_cap_is_hard_and_an_unknown_price_cannot_cap_dollars() -> None:
    found = estimate([1000] * 10, 0, "gpt-4.1-mini")
    assert found.requests == 10 and found.usd is not None and found.usd > 0
    assert call_cap(3, None, found) == 3
    assert call_cap(None, found.usd / 2, found) == 5
    unknown = estimate([1000] * 10, 0, "local-model")
    assert unknown.usd is None
    with pytest.raises(UsageError, match="max-calls"):
        call_cap(None, 1.0, unknown)
    budget = Budget(3)
    assert budget.reserve(2) and not budget.reserve(2)


def test_cases_are_cached_per_context_of_their_sessions_and_patterns(tmp_path) -> None:
    from skillgit.verify.cache import VerifyCache
    from skillgit.verify.case import CaseFile

    cache = VerifyCache(tmp_path)
    built = CaseFile(fingerprint="f" * 16, notes=["built from source A, patterns P"])
    cache.put_cases(built, '[["P"], "/src/a"]|2000')
    assert cache.cases("f" * 16, '[["P"], "/src/a"]|2000') == built
    assert cache.cases("f" * 16, '[["P", "Q"], "/src/a"]|2000') is None  # new patterns: rebuilt
    assert cache.cases("f" * 16, '[["P"], "/src/b"]|2000') is None       # other sessions
    assert cache.cases("f" * 16, '[["P"], "/src/a"]|4000') is None       # another budget


def test_all_answers_unreadable_is_not_measured_and_not_labelled() -> None:
    from skillgit.verify.effect import labels_for, section_lines

    nothing = MeasuredEffect(without=0, with_skill=0, samples=6, unparsed=12, engine="x")
    no_gain = MeasuredEffect(without=0, with_skill=0, samples=6, unparsed=2, engine="x")
    assert any(line.startswith("Not measured") for line in section_lines(nothing))
    assert labels_for(nothing) == [] and labels_for(no_gain) == ["skill:no-measured-effect"]
    assert "| --- | --- | --- |" in section_lines(no_gain)
