"""Outcome windows: what counts, where the window ends, and the in-use phrasings."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from skillgit.attribution.in_use import in_use_correction, is_acceptance
from skillgit.attribution.outcome import outcome
from skillgit.digest import SkillUse
from skillgit.transcripts.model import Conversation, ToolResult, Turn, TurnKind

T = datetime(2026, 1, 1, tzinfo=timezone.utc)


def conv(*turns: tuple[TurnKind, str, ToolResult | None]) -> Conversation:
    return Conversation(agent="claude-code", session_id="s", source_path="x", turns=[
        Turn(index=i, kind=kind, text=text, result=result, timestamp=T,
             skill_name="deploy" if kind is TurnKind.SKILL else None)
        for i, (kind, text, result) in enumerate(turns)])


@pytest.mark.parametrize("text", [
    "The user doesn't want to proceed with this tool use. The tool use was rejected.",
    "exec command rejected by user",
    "The user rejected permission to use this specific tool call.",
    "Tool call cancelled by the user",
])
def test_rejected_tool_calls_in_every_agents_words(text: str) -> None:
    c = conv((TurnKind.SKILL, "", None),
             (TurnKind.TOOL_CALL, "", ToolResult(text=text, is_error=True)))
    use = SkillUse(skill="deploy", turn=0)
    assert [e.kind for e in outcome(use, 3, [], [], c).events] == ["rejected"]


def test_window_counts_errors_interrupts_and_ends_at_the_kth_user_turn() -> None:
    c = conv((TurnKind.SKILL, "", None),
             (TurnKind.TOOL_CALL, "", ToolResult(text="boom", is_error=True)),
             (TurnKind.INTERRUPT, "", None),
             (TurnKind.USER, "perfect, thanks", None),
             (TurnKind.TOOL_CALL, "", ToolResult(text="boom again", is_error=True)),
             (TurnKind.USER, "next", None))
    use = SkillUse(skill="deploy", turn=0, next_user_turns=[3, 5])
    assert [e.kind for e in outcome(use, 1, [], [], c).events] == [
        "error", "interrupt", "accepted"]
    assert [e.kind for e in outcome(use, 2, [], [], c).events] == [
        "error", "interrupt", "accepted", "error"]
    again = SkillUse(skill="deploy", turn=2)
    assert [e.kind for e in outcome(use, 2, [], [], c, later=[again]).events] == ["error"]


@pytest.mark.parametrize("text, expected", [
    ("remember to run the migrations first.", True),
    ("Don't forget the --region flag", True),
    ("make sure the cache is warm before the deploy", True),
    ("The deploy needs --region eu-west-1.", True),
    ("staging requires the VPN to be up", True),
    ("does the deploy need a region?", False),
    ("now write the README", False),
    ("thanks!", False),
])
def test_reminders_and_needed_facts(text: str, expected: bool) -> None:
    assert (in_use_correction(text) is not None) is expected


@pytest.mark.parametrize("text, expected", [
    ("perfect, thanks", True), ("lgtm", True), ("great, that works", True),
    ("thanks but it still fails", False), ("no", False), ("great, now add tests to it all "
                                                           "and then deploy it to prod", False),
])
def test_acceptance_is_a_short_approval_only(text: str, expected: bool) -> None:
    assert is_acceptance(text) is expected
