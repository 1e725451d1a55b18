"""Digests → signals: a resumed or forked session's copied history is one conversation."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

from test_propose import digest, run

from skillgit.digest import Digest, DigestAnswer
from skillgit.distill.facts import build_digest
from skillgit.mine.signals import conversation_ids, redacted, signals_from
from skillgit.redact import Redactor
from skillgit.transcripts import claude_code


def resumed(original: Digest, n: int) -> Digest:
    """What `claude --resume` leaves: a new file (new id) holding the earlier history."""
    return original.model_copy(update={"session_id": f"resumed-{n:04d}-abcdef",
                                       "n_user_turns": original.n_user_turns + 3})


def test_signals_are_redacted_again_field_by_field_and_clean_ones_are_not_copied() -> None:
    """A cached digest may hold a secret in any text field: each is redacted again; a signal
    the redactor leaves as it was is kept itself (issue 27: no copy of every signal)."""
    token = "ghp_" + "Q7x" * 12
    dirty = digest(1, corrections=(f"no, export GH_TOKEN={token} first",),
                   commands=(f"gh auth login --with-token {token}", "gh pr list"),
                   env=((f"`gh api` failed; token {token}", f"curl -H 'x: {token}' x",
                         f"gh auth login --with-token {token}"),))
    clean = digest(2, corrections=("no, use pnpm not npm",), asks=("rename the cart module",))
    signals = signals_from([dirty, clean], Redactor(home="/home/tester"))
    dirty_signals = [s for s in signals if s.session_id == dirty.session_id]
    assert len(dirty_signals) == 2   # the correction, the failure with its fix
    for signal in dirty_signals:
        assert all(token not in (text or "") for text in signal.texts)
    assert any("[REDACTED" in (signal.corrected_command or "") for signal in dirty_signals)
    assert any("[REDACTED" in (signal.fix or "") for signal in dirty_signals)
    unredacted = {(s.kind, s.quote): s for s in signals_from([clean])}
    for signal in signals:
        if signal.session_id == clean.session_id:
            assert signal == unredacted[(signal.kind, signal.quote)]
    kept = unredacted[("ask", "rename the cart module")]
    assert redacted(kept, Redactor(home="/home/tester")) is kept


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


def test_sessions_of_other_agents_or_unknown_openings_stay_apart() -> None:
    first = digest(1, corrections=("no, use pnpm not npm",))
    codex = first.model_copy(update={"agent": "codex", "session_id": "codex-0001"})
    unknown = [d.model_copy(update={"opening": None}) for d in (first, resumed(first, 1))]
    assert conversation_ids([first, codex]) == {}
    assert conversation_ids(unknown) == {}  # a digest cached without content is never merged


def test_a_resumed_copy_is_found_by_content_not_start_time() -> None:
    first = digest(1, corrections=("no, use pnpm not npm",))
    later = resumed(first, 1).model_copy(update={"started_at": None})
    assert conversation_ids([first, later]) == {first.session_id: later.session_id,
                                                later.session_id: later.session_id}


def test_distinct_sessions_starting_in_the_same_second_stay_distinct() -> None:
    same = datetime(2026, 11, 1, 9, 0, tzinfo=timezone.utc)
    three = [digest(n, corrections=(f"no, use tool{n} here",)).model_copy(
        update={"started_at": same}) for n in (1, 2, 3)]
    assert conversation_ids(three) == {}
    signals = signals_from(three)
    assert sorted((s.session_id, s.quote) for s in signals) == [
        (d.session_id, f"no, use tool{n} here") for n, d in enumerate(three, 1)]


def _claude_file(path: Path, session_id: str, records: list[tuple[str, str, str]]) -> Path:
    """A Claude Code session file: (timestamp, role, text) records."""
    lines = []
    for n, (when, role, text) in enumerate(records):
        env = {"sessionId": session_id, "cwd": "/work/app", "timestamp": when,
               "uuid": f"{session_id}-{n}", "isSidechain": False, "type": role}
        content: object = text if role == "user" else [{"type": "text", "text": text}]
        lines.append(json.dumps({**env, "message": {"id": f"m{n}", "role": role,
                                                    "content": content}}))
    path.write_text("\n".join(lines) + "\n")
    return path


def _digest_of(path: Path) -> Digest:
    [conversation] = claude_code.parse(path, Redactor(home="/home/tester"))
    return build_digest(conversation, DigestAnswer(), engine="heuristic", model=None,
                        prompt_version="test")


def test_openings_from_real_files_tell_copies_from_same_second_sessions(tmp_path: Path) -> None:
    # Three scripted sessions started in the same second with the same prompt; one of them
    # later resumed (`claude --resume` copies its records into a new file) and forked twice.
    prompt = "run the test suite and fix what fails"
    starts = ("2026-11-01T09:00:00.101Z", "2026-11-01T09:00:00.377Z",
              "2026-11-01T09:00:00.902Z")
    originals = []
    for n, start in enumerate(starts):
        history = [(start, "user", prompt), (start[:-4] + "5.000Z", "assistant", f"ran it: {n}")]
        originals.append((f"sess-{n}", history))
    paths = [_claude_file(tmp_path / f"{sid}.jsonl", sid, h) for sid, h in originals]
    resumed_history = [*originals[1][1], ("2026-11-02T10:00:00.000Z", "user", "now lint it"),
                       ("2026-11-02T10:00:03.000Z", "assistant", "linted"),
                       ("2026-11-02T10:01:00.000Z", "user", "and commit")]
    forked = [*originals[1][1], ("2026-11-02T11:00:00.000Z", "user", "try another way")]
    paths.append(_claude_file(tmp_path / "sess-r.jsonl", "sess-r", resumed_history))
    paths.append(_claude_file(tmp_path / "sess-f.jsonl", "sess-f", forked))
    digests = [_digest_of(p) for p in paths]
    assert len({d.started_at.replace(microsecond=0) for d in digests[:3]
                if d.started_at}) == 1
    assert conversation_ids(digests) == {"sess-1": "sess-r", "sess-r": "sess-r",
                                         "sess-f": "sess-r"}


def test_a_resumed_copy_starting_with_a_summary_is_still_the_same_conversation(
        tmp_path: Path) -> None:
    history = [("2026-11-01T09:00:00.101Z", "user", "migrate the db"),
               ("2026-11-01T09:00:04.000Z", "assistant", "migrated")]
    original = _claude_file(tmp_path / "orig.jsonl", "orig", history)
    copy = tmp_path / "copy.jsonl"
    summary = json.dumps({"type": "summary", "summary": "Database migration", "leafUuid": "x"})
    copy.write_text(summary + "\n" + _claude_file(tmp_path / "tmp.jsonl", "copy", [
        *history, ("2026-11-02T10:00:00.000Z", "user", "now seed it")]).read_text())
    first, resumed_copy = _digest_of(original), _digest_of(copy)
    assert first.opening is not None and first.opening == resumed_copy.opening
