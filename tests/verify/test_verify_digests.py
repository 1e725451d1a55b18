"""Replay cases from shared digests (team mining): a teammate's digest carries the replay of
each moment it cites, so `verify` on another machine, with no session, builds the same cases
as on the machine that has the sessions; an older digest without replays is read, and its
cases are noted "no replay context", never measured; no replay carries a secret or a home
path."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "share"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "distill"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "redact"))

from agent_server import AgentServer
from secret_kinds import KINDS
from sessionkit import ClaudeSession
from teamkit import Contributor, contributor, git, pnpm_session, ref_files

from skillgit.digest import DIGEST_SCHEMA_VERSION
from skillgit.distill.cache import as_cached
from skillgit.distill.heuristic import HeuristicEngine
from skillgit.redact import Redactor
from skillgit.redact.screen import secret_findings
from skillgit.share.format import decode
from skillgit.share.gate import for_sharing, gate_findings, shareable_replays
from skillgit.share.projects import Project
from skillgit.transcripts import claude_code

BRANCH = "skillgit/new/use-pnpm-not-npm"
ASKS = ("add a settings page", "fix the login form", "add CSV export")


def team(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
         capsys: pytest.CaptureFixture[str]) -> tuple[Path, Contributor, Contributor]:
    """Alice shares three sessions' digests; Bob, with no session at all, mines them."""
    bare = tmp_path / "team.git"
    subprocess.run(["git", "init", "-q", "--bare", str(bare)], check=True)
    alice = contributor(tmp_path, "alice", str(bare), contributor_id="alice")
    for day, ask in enumerate(ASKS):
        alice.session(pnpm_session(ask, "no, use pnpm not npm in this repo"), day=day)
    assert alice.run(monkeypatch, capsys, "share")[0] == 0
    bob = contributor(tmp_path, "bob", str(bare), contributor_id="bob")
    git(bob.clone, "add", "-A")
    git(bob.clone, "commit", "-qm", "init")
    return bare, alice, bob


def verify(person: Contributor, server: AgentServer, monkeypatch: pytest.MonkeyPatch,
           capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict, str]:
    monkeypatch.setenv("OPENAI_BASE_URL", server.url)
    monkeypatch.setenv("SKILLGIT_MODEL", "agent-test")
    code, out, err = person.run(monkeypatch, capsys, "verify", "--json", "--samples", "2",
                                *args)
    return code, json.loads(out) if out.strip() else {}, err


def test_a_shared_digest_gives_another_machine_the_same_cases(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    _, alice, bob = team(tmp_path, monkeypatch, capsys)
    code, out, err = bob.run(monkeypatch, capsys, "mine", "--from-digests")
    assert code == 0 and BRANCH in out, err
    assert not list((bob.home / ".claude").glob("**/*.jsonl"))       # Bob has no session
    copy = tmp_path / "alice-view"
    subprocess.run(["cp", "-a", str(bob.clone), str(copy)], check=True)
    with AgentServer("follows") as server:
        code, on_bob, _ = verify(bob, server, monkeypatch, capsys, "--from-digests",
                                 "--dry-run", BRANCH)
        assert code == 0
        # Alice verifies the same proposal from her own sessions (no digest read)
        code, on_alice, _ = verify(alice, server, monkeypatch, capsys, "--repo", str(copy),
                                   "--dry-run", BRANCH)
        assert code == 0 and server.received == []
        [bob_cases], [alice_cases] = ([p["cases"] for p in r["proposals"]]
                                      for r in (on_bob, on_alice))
        assert len(bob_cases) == len(ASKS) and on_bob["proposals"][0]["notes"] == []
        assert bob_cases == alice_cases
        assert {c["context"][0]["text"] for c in bob_cases} == set(ASKS)
        assert all(c["taken"] == "npm install" for c in bob_cases)
        # ... and measures it with the scripted agent: the figures go into Bob's commit
        code, report, _ = verify(bob, server, monkeypatch, capsys, "--from-digests", BRANCH)
        assert code == 0 and len(server.received) == 2 * 2 * len(ASKS)
    n = 2 * len(ASKS)
    assert report["proposals"][0]["effect"]["trailer"] == f"without 0/{n}, with {n}/{n}"
    message = git(bob.clone, "log", "-1", "--format=%B", BRANCH)
    assert f"Skillgit-Effect: without 0/{n}, with {n}/{n}" in message


def test_mine_from_digests_measures_its_proposals_from_their_replays(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    _, _, bob = team(tmp_path, monkeypatch, capsys)
    with AgentServer("follows") as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        code, out, err = bob.run(monkeypatch, capsys, "mine", "--from-digests", "--json",
                                 "--llm", "heuristic", "--verify-llm", "openai",
                                 "--verify-model", "agent-test")
        assert code == 0, err
        assert len(server.received) == 2 * 3 * len(ASKS)      # verify.samples: 3
    n = 3 * len(ASKS)
    [proposal] = json.loads(out)["verify"]["proposals"]
    assert proposal["branch"] == BRANCH and proposal["notes"] == []
    assert proposal["effect"]["trailer"] == f"without 0/{n}, with {n}/{n}"
    message = git(bob.clone, "log", "-1", "--format=%B", BRANCH)
    assert f"Skillgit-Effect: without 0/{n}, with {n}/{n}" in message


def test_an_older_digest_without_replays_is_read_and_its_cases_are_not_measured(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    bare, _, bob = team(tmp_path, monkeypatch, capsys)
    ref = "refs/skillgit/digests/alice"
    files = ref_files(bare, ref)
    older = {}
    for path, data in files.items():
        if path.endswith(".json"):
            envelope = json.loads(data)
            digest = envelope["digest"]
            assert digest["schema_version"] == DIGEST_SCHEMA_VERSION == 3
            assert any(item.get("replay") for item in digest["user_feedback"])
            digest["schema_version"] = 2          # as skillgit wrote it before replays
            for item in digest["user_feedback"] + digest["env_feedback"]:
                item.pop("replay", None)
            data = (json.dumps(envelope, sort_keys=True, indent=1) + "\n").encode()
            assert decode(data, path, "alice").user_feedback[0].replay is None
        older[path] = data
    work = tmp_path / "older"
    work.mkdir()
    git(work, "init", "-q", "-b", "x")
    for path, data in older.items():
        (work / path).parent.mkdir(parents=True, exist_ok=True)
        (work / path).write_bytes(data)
    git(work, "add", "-A")
    git(work, "-c", "user.name=x", "-c", "user.email=x@x", "commit", "-qm", "schema 2")
    git(work, "push", "-q", str(bare), f"+HEAD:{ref}")
    assert bob.run(monkeypatch, capsys, "mine", "--from-digests")[0] == 0
    before = git(bob.clone, "rev-parse", BRANCH)
    with AgentServer("follows") as server:
        code, report, _ = verify(bob, server, monkeypatch, capsys, "--from-digests", BRANCH)
        assert server.received == []
    [proposal] = report["proposals"]
    assert code == 0 and proposal["status"] == "no-cases" and "effect" not in proposal
    assert len(proposal["notes"]) == len(ASKS)
    assert all("no replay context" in note for note in proposal["notes"])
    assert git(bob.clone, "rev-parse", BRANCH) == before               # nothing written


def test_no_replay_carries_a_secret_or_a_home_path(tmp_path: Path) -> None:
    """Every kind of the redaction tests' secrets corpus, in the request, the command, a
    failing output and the correction of a session under a home folder: the digest's replays
    (as cached, and as shared) hold none of them, and no home path."""
    home = "/home/dev"
    project = Project(root=f"{home}/src/webapp",
                      spellings=(f"{home}/src/webapp", "~/src/webapp"), subdir=".")
    checked = 0
    for number, kind in enumerate(KINDS):
        session = (ClaudeSession(f"s-leak-{number}", cwd=f"{home}/src/webapp")
                   .user(f"set up the app, {kind.line}")
                   .say("Installing the dependencies.")
                   .bash(f"npm install # {kind.line}",
                         f"npm ERR! at {home}/src/webapp/package.json: {kind.line}", error=True)
                   .user("no, use pnpm not npm in this repo")
                   .bash("pnpm install", "done"))
        (conversation,) = claude_code.parse(session.write(tmp_path / str(number)),
                                            Redactor(home=home))
        digest, _ = HeuristicEngine().distill(conversation)
        for shown in (as_cached(digest), shareable_replays(for_sharing(as_cached(digest),
                                                                       project),
                                                           Redactor(home=home))):
            replays = [item.replay for item in [*shown.user_feedback, *shown.env_feedback]
                       if item.replay is not None]
            text = json.dumps([r.model_dump() for r in replays])
            assert kind.secret not in text, kind.name
            assert home not in text and "/Users/" not in text, kind.name
            for replay in replays:     # each text as it is screened and sent: alone
                for piece in [replay.taken or "", *(s.text for s in replay.context)]:
                    assert not secret_findings(piece), (kind.name, piece)
            checked += len(replays)
        shared = shareable_replays(for_sharing(as_cached(digest), project), Redactor(home=home))
        assert "home-path" not in gate_findings(shared, Redactor(home=home)), kind.name
    assert checked >= len(KINDS)          # the check is not vacuous: replays were built
