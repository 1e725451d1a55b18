"""End to end (issue 25): a lesson whose sessions share only an identifier of the repository —
a correction to the command that runs it, and days later a one-line question about it in
Italian — is one proposal; a one-off correction naming another identifier, and a task whose
opening request names the first one, add nothing to it."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from skillgit.demo.transcripts import Step, assistant, shell, user
from skillgit.mine.run import MineResult
from tests.mine.scripted_sessions import mine_scripted

CWD = "/srv/acme/fleet"
START = datetime(2026, 9, 7, 9, 0, tzinfo=timezone.utc)
LESSON: list[tuple[str, list[Step]]] = [
    ("claude-code", [
        user("add a speed limit column to the vehicle table"),
        shell("./gradlew test", "BUILD SUCCESSFUL"), assistant("Added the column."),
        user("the api schema is stale now. run ./gradlew run -PmainClass=fleet.tools.SchemaDump "
             "and commit its output with the change"),
        shell("./gradlew run -PmainClass=fleet.tools.SchemaDump", "wrote docs/schema.json"),
        assistant("Regenerated and committed the schema.")]),
    ("codex", [
        user("aggiungi il filtro per deposito alla lista dei veicoli"),
        shell("./gradlew test", "BUILD SUCCESSFUL"), assistant("Fatto, i test passano."),
        user("e SchemaDump?"),
        shell("./gradlew run -PmainClass=fleet.tools.SchemaDump", "wrote docs/schema.json"),
        assistant("Rigenerato lo schema.")]),
]
OTHERS: list[tuple[str, list[Step]]] = [
    ("claude-code", [
        user("make SchemaDump print the fields sorted by name"),
        shell("./gradlew test", "BUILD SUCCESSFUL"), assistant("Sorted the fields.")]),
    ("claude-code", [
        user("speed up the trip import"),
        shell("./gradlew test", "BUILD SUCCESSFUL"), assistant("Batched the inserts."),
        user("no, keep TripBatcher at 500 rows, the replica lags with more"),
        shell("./gradlew test", "BUILD SUCCESSFUL"), assistant("Back to 500 rows.")]),
]


def _mine(tmp_path: Path, sessions: list[tuple[str, list[Step]]]) -> MineResult:
    return mine_scripted(tmp_path, sessions, cwd=CWD, start=START, tag="2b7a")


def test_a_correction_and_a_question_naming_one_identifier_are_one_proposal(
        tmp_path: Path) -> None:
    result = _mine(tmp_path, LESSON + OTHERS)
    [proposal] = result.found.proposals
    assert len(proposal.evidence_sessions) == 2
    [text] = proposal.change.files.values()
    skill = text.decode()
    assert "SchemaDump" in skill
    assert "TripBatcher" not in skill and "sorted by name" not in skill


def test_the_question_alone_beside_the_one_offs_proposes_nothing(tmp_path: Path) -> None:
    result = _mine(tmp_path, LESSON[1:] + OTHERS)
    assert result.found.proposals == []
