"""Digests → signals: a resumed or forked session's copied history is one conversation."""

from __future__ import annotations

from pathlib import Path

from test_propose import digest, run

from skillgit.digest import Digest
from skillgit.mine.signals import conversation_ids, signals_from


def resumed(original: Digest, n: int) -> Digest:
    """What `claude --resume` leaves: a new file (new id) holding the earlier history."""
    return original.model_copy(update={"session_id": f"resumed-{n:04d}-abcdef",
                                       "n_user_turns": original.n_user_turns + 3})


def test_copies_of_one_history_are_one_conversation() -> None:
    first = digest(1, corrections=("no, use pnpm not npm",))
    copy = resumed(first, 1)
    other = digest(2, corrections=("no, use pnpm not npm",))
    assert conversation_ids([first, copy, other]) == {first.session_id: copy.session_id,
                                                     copy.session_id: copy.session_id}
    signals = signals_from([first, copy, other])
    assert sorted((s.session_id, s.quote) for s in signals) == [
        (copy.session_id, "no, use pnpm not npm"), (other.session_id, "no, use pnpm not npm")]


def test_a_one_off_correction_in_a_resumed_session_is_still_a_one_off(repo: Path) -> None:
    first = digest(1, corrections=("no, use pnpm not npm for installs",))
    assert run(repo, [first, resumed(first, 1)]).proposals == []
    found = run(repo, [first, resumed(first, 1), digest(2, corrections=("use pnpm not npm",))])
    [p] = found.proposals
    assert len(p.evidence_sessions) == 2


def test_sessions_of_other_agents_or_other_starts_stay_apart() -> None:
    first = digest(1, corrections=("no, use pnpm not npm",))
    codex = first.model_copy(update={"agent": "codex", "session_id": "codex-0001"})
    undated = [d.model_copy(update={"started_at": None}) for d in (first, resumed(first, 1))]
    assert conversation_ids([first, codex]) == {}
    assert conversation_ids(undated) == {}
