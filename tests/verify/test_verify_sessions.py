"""Evidence resolved to its session exactly (issue 26's acceptance, finding 1): a commit message
names a session by the first 8 characters of its id, and ids can share them. The demo's
planted-lesson sessions are given ids that all start with `acc26000-`: `mine`'s verify step
measures every proposal from the right sessions (it hands its own evidence, with full ids,
over), a later `skillgit verify` builds every case from the session it cites, and where no
full id is known a shared prefix is called ambiguous, never resolved to one of them."""

from __future__ import annotations

import json
import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from agent_server import AgentServer

from skillgit.cli import main
from skillgit.demo.run import create_repo
from skillgit.demo.scenarios import SESSIONS, write_sessions
from skillgit.digest import Digest
from skillgit.proposal import Signal
from skillgit.redact import Redactor
from skillgit.transcripts.discover import SessionQuery, iter_conversations
from skillgit.transcripts.model import TurnKind
from skillgit.verify.cases import find_digest

PREFIX = "acc26000"
SAMPLES = 3    # verify.samples' default


def colliding_sessions(root: Path) -> dict[str, str]:
    """The demo's sessions with ids sharing their first 8 characters; full id -> the request
    the session opens with (read back by the same parser `verify` uses)."""
    for path in write_sessions(root):
        text = path.read_text(encoding="utf-8")
        name = path.name
        for n in range(len(SESSIONS)):
            old, new = f"{n:08d}-de00-", f"{PREFIX}-de{n:02d}-"
            text, name = text.replace(old, new), name.replace(old, new)
        path.unlink()
        (path.parent / name).write_text(text, encoding="utf-8")
    found = list(iter_conversations(SessionQuery(source=root), Redactor.from_environment([])))
    assert len(found) == len(SESSIONS)
    assert all(c.session_id.startswith(PREFIX) for c in found)
    return {c.session_id: next(t.text for t in c.turns if t.kind == TurnKind.USER and t.text)
            for c in found}


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict, str]:
    capsys.readouterr()
    code = main(list(args))
    captured = capsys.readouterr()
    return code, json.loads(captured.out) if captured.out.strip() else {}, captured.err


def dry_run(capsys: pytest.CaptureFixture[str], repo: Path, sessions: Path) -> dict:
    code, report, err = run(capsys, "verify", "--dry-run", "--json", "--source", str(sessions),
                            "--repo", str(repo), "--llm", "openai", "--model", "agent-test")
    assert code == 0, err
    return report


@pytest.fixture
def world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path, dict[str, str]]:
    for name in ("SKILLGIT_LLM", "SKILLGIT_MODEL", "OPENAI_API_KEY", "OPENAI_BASE_URL",
                 "ANTHROPIC_API_KEY", "GEMINI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    requests = colliding_sessions(tmp_path / "sessions")
    create_repo(tmp_path / "repo")
    return tmp_path / "repo", tmp_path / "sessions", requests


def test_colliding_prefixes_are_measured_and_replayed_from_the_sessions_cited(
        world: tuple[Path, Path, dict[str, str]], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    repo, sessions, requests = world
    with AgentServer("follows") as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        code, mined, err = run(capsys, "mine", "--json", "--llm", "heuristic", "--source",
                               str(sessions), "--repo", str(repo), "--verify-llm", "openai",
                               "--verify-model", "agent-test")
    assert code == 0, err
    measured = mined["verify"]["proposals"]
    assert len(measured) == 3
    for proposal in measured:    # before: "no-cases" (a digest of the wrong session)
        assert proposal["status"] == "measured", proposal
        assert proposal["notes"] == []
        n = proposal["effect"]["n"]
        assert n >= 2 * SAMPLES and n % SAMPLES == 0
        assert (proposal["effect"]["without"], proposal["effect"]["with"]) == (0, n)

    # a later `skillgit verify` on this machine: every case from the session it cites
    cases = [c for p in dry_run(capsys, repo, sessions)["proposals"] for c in p["cases"]]
    assert len(cases) == sum(p["effect"]["n"] for p in measured) // SAMPLES
    for case in cases:
        assert case["session"].split()[-1] == PREFIX
        assert case["context"][0]["text"] == requests[case["session_id"]], case
    pnpm = {c["session_id"] for c in cases if "pnpm" in c["expectation"]["rule"]}
    assert len(pnpm) == 3     # three sessions, two of them "claude-code <day> acc26000"

    # no full id known (another machine's cache): a shared prefix is ambiguous, not guessed
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "other-cache"))
    fresh = dry_run(capsys, repo, sessions)["proposals"]
    notes = [n for p in fresh for n in p["notes"]]
    assert notes and all("ambiguous session" in n and PREFIX in n for n in notes), notes
    for case in (c for p in fresh for c in p["cases"]):   # a prefix one session has: exact
        assert case["context"][0]["text"] == requests[case["session_id"]]


def test_a_digest_is_found_by_its_full_id_and_a_shared_prefix_is_ambiguous() -> None:
    day = datetime(2026, 11, 20, tzinfo=timezone.utc)
    digests = [Digest(agent="claude-code", session_id=f"{PREFIX}-0000-4000-8000-00000000000{n}",
                      started_at=day, engine="heuristic", prompt_version="p") for n in (1, 2)]

    def signal(session_id: str) -> Signal:
        return Signal(kind="correction", summary="", quote="q", turn=2, agent="claude-code",
                      session_id=session_id, started_at=day)

    assert find_digest(signal(digests[1].session_id), digests).item == digests[1]
    short = find_digest(signal(PREFIX), digests)      # as read back from a commit message
    assert short.item is None and short.ambiguous == tuple(d.session_id for d in digests)
    assert find_digest(signal(PREFIX), digests[:1]).item == digests[0]
    assert find_digest(signal(PREFIX), [d.model_copy(update={"agent": "codex"})
                                        for d in digests]).item is None
