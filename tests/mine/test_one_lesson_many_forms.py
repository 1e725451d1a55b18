"""End to end (issue 25): one lesson taught in three sessions in three forms — the full
command after a wrong commit, the rule recalled in German inside an ask, only its flag beside
the program's name — is one proposal, named and written from its identity, and a one-off
correction in the same words about another flag stays out."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from skillgit.demo.transcripts import Step, assistant, shell, user
from skillgit.mine.run import MineResult
from tests.mine.scripted_sessions import mine_scripted

CWD = "/srv/acme/ledger"
START = datetime(2026, 10, 5, 9, 0, tzinfo=timezone.utc)
COMMITTED = "[main 4f2a9c1] Add export\n 212 files changed"
SESSIONS: list[tuple[str, list[Step]]] = [
    ("claude-code", [
        user("add the CSV export of ledger entries and commit it"),
        shell("./tools/fmt", "formatted 212 files"), shell("git commit -am 'Add export'",
                                                           COMMITTED),
        assistant("Committed the export."),
        user("212 files?? revert that and format only what you touched: ./tools/fmt --staged"),
        shell("git reset --soft HEAD~1", ""), shell("./tools/fmt --staged", "formatted 3 files"),
        assistant("Reformatted only the staged files.")]),
    ("codex", [
        user("Füge den PDF-Export der Buchungen hinzu. Wie immer vorher `./tools/fmt --staged` "
             "laufen lassen, nicht übers ganze Repo."),
        shell("./tools/fmt --staged", "formatted 2 files"), assistant("Fertig.")]),
    ("claude-code", [
        user("add a filter by account to the ledger list and commit"),
        shell("./tools/fmt", "formatted 198 files"),
        shell("git commit -am 'Filter by account'", "[main 9d1e0b2] Filter by account"),
        assistant("Committed."),
        user("unformatted again, the imports are a mess. fmt with --staged, then commit"),
        shell("./tools/fmt --staged", "formatted 2 files"), assistant("Done.")]),
    ("claude-code", [
        user("add a totals row to the ledger table"),
        shell("./tools/fmt --staged", "formatted 1 file"), assistant("Added the totals row."),
        user("no, in CI we run fmt with --check only, it must never rewrite files there"),
        shell("./tools/fmt --check", "ok"), assistant("Switched CI to --check.")]),
]


def _mine(tmp_path: Path) -> MineResult:
    return mine_scripted(tmp_path, SESSIONS, cwd=CWD, start=START, tag="1e55")


def test_one_lesson_in_three_forms_is_one_proposal_written_from_its_identity(
        tmp_path: Path) -> None:
    result = _mine(tmp_path)
    [proposal] = result.found.proposals
    assert proposal.skill == "run-fmt-with-staged"
    assert len(proposal.evidence_sessions) == 3
    [text] = proposal.change.files.values()
    skill = text.decode()
    assert "`./tools/fmt --staged`" in skill
    assert "git reset" not in skill and "--check" not in skill   # the repair, the one-off
    assert "Use when" in skill and "working with" not in skill
