"""The heuristic engine on real transcripts written by others (read-only corpus).

Every item must point at a real turn whose text holds its quote, for every file. The
specific expectations below come from reading those transcripts, not from the engine.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from skillgit.digest import Digest
from skillgit.distill.evidence import USER_AUTHORED, quote_occurs
from skillgit.distill.heuristic import HeuristicEngine
from skillgit.distill.verify import verify_digest
from skillgit.redact import Redactor
from skillgit.transcripts.discover import SessionQuery, iter_conversations
from skillgit.transcripts.model import Conversation, TurnKind

Distilled = list[tuple[Conversation, Digest]]


@functools.lru_cache(maxsize=1)
def _distill_all(transcripts: Path) -> tuple[tuple[Conversation, Digest], ...]:
    query = SessionQuery(source=transcripts, include_sidechains=True)
    engine = HeuristicEngine()
    return tuple((c, engine.distill(c)[0])
                 for c in iter_conversations(query, Redactor.from_environment()))


@pytest.fixture
def distilled(corpus_dir: Path) -> Distilled:
    return list(_distill_all(corpus_dir / "transcripts"))


def _by_id(distilled: Distilled,
           prefix: str) -> tuple[Conversation, Digest]:
    (found,) = [pair for pair in distilled if pair[0].session_id.startswith(prefix)]
    return found


def test_every_item_quotes_its_turn_verbatim(
        distilled: Distilled) -> None:
    assert {c.agent for c, _ in distilled} >= {"claude-code", "codex"}
    checked = 0
    for conversation, digest in distilled:
        turns = {t.index: t for t in conversation.turns}
        first_user = min((t.index for t in conversation.user_turns), default=None)
        for item in [*digest.tasks, *digest.user_feedback, *digest.env_feedback]:
            assert item.evidence, item
            for evidence in item.evidence:
                turn = turns[evidence.turn]
                assert quote_occurs(evidence.quote, turn), (conversation.source_path, evidence)
                assert len(evidence.quote) <= 240
                checked += 1
        for item in digest.user_feedback:
            assert all(turns[e.turn].kind in USER_AUTHORED for e in item.evidence)
            if item.kind == "correction":
                assert all(e.turn != first_user for e in item.evidence)
        for item in digest.env_feedback:
            kind = turns[item.evidence[0].turn].kind
            assert kind is TurnKind.TOOL_CALL or (kind is TurnKind.USER
                                                  and item.kind == "failure")
        assert verify_digest(digest, conversation).dropped == 0
        assert Digest.model_validate_json(digest.model_dump_json()) == digest
    assert checked > 0


def test_known_corrections_in_a_real_design_session(
        distilled: Distilled) -> None:
    conversation, digest = _by_id(distilled, "196820da")
    corrections = [f.evidence[0].quote for f in digest.user_feedback if f.kind == "correction"]
    assert "don't produce code, design solution first" in corrections
    first = conversation.user_turns[0]
    assert all(f.evidence[0].turn != first.index for f in digest.user_feedback)
    assert digest.tasks[0].evidence[0].turn == first.index


def test_known_correction_after_an_interrupted_edit(
        distilled: Distilled) -> None:
    _conversation, digest = _by_id(distilled, "624a4a58")
    quotes = [f.evidence[0].quote for f in digest.user_feedback]
    assert any(q.startswith("no, add conversationId field") for q in quotes)
    assert any(q.startswith("no, it's not phase 1") for q in quotes)


def test_known_environment_failure_and_its_fix(
        distilled: Distilled) -> None:
    _conversation, digest = _by_id(distilled, "3fe1b6bc")
    fixed = [f for f in digest.env_feedback if f.kind == "failure-then-fix"]
    assert any("Codex requires compatible models" in f.evidence[0].quote
               and f.fix is not None and "--profile" in f.fix for f in fixed)


def test_single_prompt_sessions_have_no_user_feedback(
        distilled: Distilled) -> None:
    singles = [d for c, d in distilled if len(c.user_turns) == 1]
    assert singles
    assert all(d.user_feedback == [] for d in singles)


# Every follow-up prompt of the corpus after agent actions, labelled by reading the
# transcripts (session id prefix, turn index); two ambiguous ones are left out. The labels
# name turns, they copy no text.
CORRECTIONS = frozenset({
    ("196820da", 47), ("196820da", 54), ("196820da", 56), ("196820da", 58), ("196820da", 69),
    ("196820da", 81), ("196820da", 83), ("196820da", 85), ("196820da", 87), ("3fe1b6bc", 103),
    ("624a4a58", 12), ("624a4a58", 26), ("624a4a58", 30), ("624a4a58", 35), ("624a4a58", 46),
    ("624a4a58", 50), ("624a4a58", 65), ("624a4a58", 86), ("9eda1058", 4)})
ORDINARY = frozenset({
    ("4c2ddfdc", 6), ("4c2ddfdc", 10), ("196820da", 61), ("196820da", 89), ("196820da", 91),
    ("3fe1b6bc", 37), ("3fe1b6bc", 41), ("3fe1b6bc", 64), ("3fe1b6bc", 76), ("3fe1b6bc", 96),
    ("3fe1b6bc", 115), ("624a4a58", 58), ("624a4a58", 75), ("624a4a58", 77), ("624a4a58", 81),
    ("9eda1058", 8), ("019e1625", 4), ("019e1695", 14), ("019e1695", 16), ("5b959dae", 2),
    ("5b959dae", 9), ("37b7abef", 2), ("37b7abef", 13), ("37b7abef", 16), ("37b7abef", 20)})
# Recall on the labelled corrections before the structural rewrite (issue 18): 17 of 19.
RECALL_FLOOR = 17 / 19


def _flagged(distilled: Distilled) -> dict[tuple[str, int], bool]:
    found: dict[tuple[str, int], bool] = {}
    for conversation, digest in distilled:
        cited = {e.turn for f in digest.user_feedback if f.kind in ("correction", "preference")
                 for e in f.evidence}
        for turn in conversation.user_turns[1:]:
            found[(conversation.session_id[:8], turn.index)] = turn.index in cited
    return found


def test_labelled_corrections_keep_their_recall(distilled: Distilled) -> None:
    flagged = _flagged(distilled)
    assert flagged.keys() >= CORRECTIONS | ORDINARY
    recall = sum(flagged[k] for k in CORRECTIONS) / len(CORRECTIONS)
    assert recall >= RECALL_FLOOR, sorted(k for k in CORRECTIONS if not flagged[k])


def test_ordinary_follow_ups_yield_no_correction(distilled: Distilled) -> None:
    flagged = _flagged(distilled)
    assert [k for k in sorted(ORDINARY) if flagged[k]] == []
