"""`skillgit verify` end to end: the demo's planted lessons mined into proposals, replayed
against scripted agents on 127.0.0.1 (one that follows a skill only when its rule is in the
prompt, one that ignores skills, one that answers garbage)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from agent_server import AgentServer

from skillgit.cli import main
from skillgit.demo.run import create_repo
from skillgit.demo.scenarios import write_sessions
from skillgit.gitops import GitRepo
from skillgit.publish.body import render_body
from skillgit.publish.proposals import local_branches, read_proposal
from skillgit.verify.effect import NO_EFFECT_LABEL, labels_for, parse_effect

CASES = {"skillgit/new/use-pnpm-not-npm": 3, "skillgit/new/set-pythonpath-for-pytest": 2,
         "skillgit/update/deploy-app": 2}
SAMPLES = 2


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-c", "safe.directory=*", *args], cwd=repo, check=True,
                          capture_output=True, text=True).stdout


@pytest.fixture(scope="module")
def mined(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("verify")
    write_sessions(root / "sessions")
    create_repo(root / "repo")
    with pytest.MonkeyPatch.context() as patch:   # runs before the per-test isolation
        patch.setenv("HOME", str(root / "home"))
        patch.setenv("XDG_CACHE_HOME", str(root / "cache"))
        patch.setenv("XDG_CONFIG_HOME", str(root / "config"))
        for name in ("SKILLGIT_LLM", "OPENAI_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_API_KEY",
                     "GEMINI_API_KEY", "GIT_DIR", "GIT_WORK_TREE"):
            patch.delenv(name, raising=False)
        assert main(["mine", "--source", str(root / "sessions"), "--repo",
                     str(root / "repo")]) == 0
    return root / "repo", root / "sessions"


@pytest.fixture
def repo(mined: tuple[Path, Path], tmp_path: Path) -> Path:
    copy = tmp_path / "repo"
    subprocess.run(["cp", "-a", str(mined[0]), str(copy)], check=True)
    return copy


def verify(repo: Path, sessions: Path, server: AgentServer, capsys: pytest.CaptureFixture[str],
           monkeypatch: pytest.MonkeyPatch, *extra: str) -> tuple[int, dict]:
    monkeypatch.setenv("OPENAI_BASE_URL", server.url)
    monkeypatch.setenv("SKILLGIT_MODEL", "agent-test")
    capsys.readouterr()
    code = main(["verify", "--source", str(sessions), "--repo", str(repo), "--samples",
                 str(SAMPLES), "--json", *extra])
    out = capsys.readouterr().out
    return code, json.loads(out) if out.strip() else {}


def effects(report: dict) -> dict[str, str]:
    return {p["branch"]: p["effect"]["trailer"] for p in report["proposals"] if "effect" in p}


def test_a_model_that_follows_loaded_skills_shows_the_full_effect(
        repo: Path, mined: tuple[Path, Path], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    head, status = git(repo, "rev-parse", "HEAD"), git(repo, "status", "--porcelain")
    before = {b: git(repo, "rev-parse", b).strip() for b in CASES}
    with AgentServer("follows") as server:
        code, report = verify(repo, mined[1], server, capsys, monkeypatch)
    assert code == 0
    assert effects(report) == {b: f"without 0/{n * SAMPLES}, with {n * SAMPLES}/{n * SAMPLES}"
                               for b, n in CASES.items()}
    assert len(server.received) == 2 * SAMPLES * sum(CASES.values())
    assert git(repo, "rev-parse", "HEAD") == head and git(repo, "status", "--porcelain") == status
    with GitRepo(repo) as g:
        for branch, old in before.items():
            new = git(repo, "rev-parse", branch).strip()
            assert new != old
            assert g.commit_info(new).tree == g.commit_info(old).tree
            assert g.commit_info(new).parents == g.commit_info(old).parents
            message = g.commit_info(new).message
            n = CASES[branch] * SAMPLES
            assert f"Skillgit-Effect: without 0/{n}, with {n}/{n}\n" in message
            assert "| case | without the skill | with it |" in message
        locals_ = {b.branch: b for b in local_branches(g, "skillgit <skillgit@users.noreply"
                                                         ".invalid>")}
        assert all(locals_[b].ours for b in CASES)       # still skillgit's own commits
        proposal = read_proposal(g, locals_["skillgit/new/use-pnpm-not-npm"])
    assert proposal.effect is not None and proposal.effect.gain
    body = render_body(proposal, None, None)
    assert "### Measured effect" in body and "**6/6** answers with the skill" in body
    assert "<!-- skillgit:effect=without 0/6, with 6/6 -->" in body
    assert "No measured effect" not in body
    git(repo, "fsck", "--strict")


def test_an_unchanged_rerun_makes_no_request_and_no_new_commit(
        repo: Path, mined: tuple[Path, Path], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    with AgentServer("follows") as server:
        verify(repo, mined[1], server, capsys, monkeypatch)
        first = {b: git(repo, "rev-parse", b) for b in CASES}
        sent = len(server.received)
        code, report = verify(repo, mined[1], server, capsys, monkeypatch)
        assert len(server.received) == sent
    assert code == 0 and report["usage"]["calls"] == 0
    assert report["cached"] == 2 * SAMPLES * sum(CASES.values())
    assert {b: git(repo, "rev-parse", b) for b in CASES} == first
    assert {p["written"] for p in report["proposals"]} == {"unchanged"}


def test_a_model_that_ignores_skills_shows_no_effect_and_says_so(
        repo: Path, mined: tuple[Path, Path], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    with AgentServer("ignores") as server:
        code, report = verify(repo, mined[1], server, capsys, monkeypatch)
    assert code == 0
    assert effects(report) == {b: f"without 0/{n * SAMPLES}, with 0/{n * SAMPLES}"
                               for b, n in CASES.items()}
    assert all(p["effect"]["labels"] == [NO_EFFECT_LABEL] for p in report["proposals"])
    message = git(repo, "log", "-1", "--format=%B", "skillgit/new/use-pnpm-not-npm")
    assert "No measured effect" in message
    with GitRepo(repo) as g:
        local = next(b for b in local_branches(g, "skillgit <skillgit@users.noreply.invalid>")
                     if b.skill == "use-pnpm-not-npm")
        body = render_body(read_proposal(g, local), None, None)
    assert "**No measured effect**" in body


def test_garbage_answers_are_unparsed_never_counted_as_followed(
        repo: Path, mined: tuple[Path, Path], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    with AgentServer("garbage") as server:
        code, report = verify(repo, mined[1], server, capsys, monkeypatch,
                              "skillgit/new/use-pnpm-not-npm")
    assert code == 0
    n = CASES["skillgit/new/use-pnpm-not-npm"] * SAMPLES
    assert effects(report) == {"skillgit/new/use-pnpm-not-npm":
                               f"without 0/{n}, with 0/{n}, {2 * n} unparsed"}
    message = git(repo, "log", "-1", "--format=%B", "skillgit/new/use-pnpm-not-npm")
    assert parse_effect(message) is not None and parse_effect(message).unparsed == 2 * n
    assert "Not measured: none of the model's answers could be read" in message
    assert "No measured effect" not in message  # nothing was measured: no verdict on the skill
    assert labels_for(parse_effect(message)) == []


def test_a_plain_text_answer_naming_the_command_is_read(
        repo: Path, mined: tuple[Path, Path], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    with AgentServer("plain") as server:
        code, report = verify(repo, mined[1], server, capsys, monkeypatch,
                              "skillgit/update/deploy-app")
    n = CASES["skillgit/update/deploy-app"] * SAMPLES
    assert code == 0 and effects(report) == {"skillgit/update/deploy-app":
                                             f"without 0/{n}, with {n}/{n}"}
    assert len(server.received) == 2 * 2 * n      # each answer asked once more for JSON


def test_the_cap_is_never_exceeded_and_an_incomplete_replay_writes_nothing(
        repo: Path, mined: tuple[Path, Path], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    before = git(repo, "for-each-ref")
    with AgentServer("follows") as server:
        code, report = verify(repo, mined[1], server, capsys, monkeypatch, "--max-calls", "5",
                              "--workers", "3")
    assert code == 0
    assert len(server.received) <= 5
    assert report["estimate"]["cap"] == 5 and report["usage"]["calls"] == len(server.received)
    assert {p["status"] for p in report["proposals"]} == {"incomplete"}
    assert not any("effect" in p for p in report["proposals"])   # no partial figure
    assert git(repo, "for-each-ref") == before


def test_dry_run_prints_the_cases_and_sends_nothing(
        repo: Path, mined: tuple[Path, Path], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    before = git(repo, "for-each-ref")
    with AgentServer("follows") as server:
        code, report = verify(repo, mined[1], server, capsys, monkeypatch, "--dry-run")
        assert server.received == []
    assert code == 0 and git(repo, "for-each-ref") == before
    cases = {p["branch"]: p["cases"] for p in report["proposals"]}
    assert {b: len(c) for b, c in cases.items()} == CASES
    pnpm = cases["skillgit/new/use-pnpm-not-npm"][0]
    assert pnpm["taken"] == "npm install"
    assert pnpm["expectation"]["expected"] == "pnpm install"
    assert pnpm["expectation"]["avoided"] == "npm install"
    assert pnpm["context"][0]["role"] == "user"
    assert report["estimate"]["requests"] == 2 * SAMPLES * sum(CASES.values())


def test_dry_run_shows_exactly_what_is_sent_and_masks_nothing_more(
        repo: Path, mined: tuple[Path, Path], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A case whose user asked to "fix the login form" (a credential word) sits next to the
    proposal's hex fingerprint: neither the JSON nor the text dry-run masks that fingerprint
    or the session id, and the prompts it shows are byte for byte the ones then sent."""
    branch = "skillgit/new/use-pnpm-not-npm"
    with GitRepo(repo) as g:
        fingerprint = next(b.fingerprint for b in local_branches(
            g, "skillgit <skillgit@users.noreply.invalid>") if b.branch == branch)
    with AgentServer("follows") as server:
        code, report = verify(repo, mined[1], server, capsys, monkeypatch, "--dry-run", branch)
        assert code == 0 and server.received == []
        main(["verify", "--source", str(mined[1]), "--repo", str(repo), "--samples", "1",
              "--dry-run", branch])
        text = capsys.readouterr().out
        code, _ = verify(repo, mined[1], server, capsys, monkeypatch, "--samples", "1", branch)
        sent = [json.loads(r.body)["messages"] for r in server.received]
    [proposal] = report["proposals"]
    login = [c for c in proposal["cases"] if "login" in json.dumps(c["context"])]
    assert login and all(c["fingerprint"] == fingerprint for c in proposal["cases"])
    assert all("REDACTED" not in c["session"] for c in proposal["cases"])
    lines = [json.loads(ln) for ln in text.splitlines() if ln.startswith("{")]
    assert [c["fingerprint"] for c in lines] == [fingerprint] * CASES[branch]
    assert "REDACTED" not in text
    shown = sorted((r["user"], r["system"]) for c in proposal["cases"]
                   for r in c["requests"].values())
    got = sorted((m[-1]["content"], m[0]["content"]) for m in sent)
    assert code == 0 and len(got) == len(shown) == 2 * CASES[branch]
    # the user message byte for byte; the system message as composed, to which the backend
    # only appends its fixed answer-format instructions
    assert [u for u, _ in got] == [u for u, _ in shown]
    assert all(s.startswith(mine + "\n\n") for (_, s), (_, mine) in zip(got, shown, strict=True))


def test_no_request_carries_a_secret_planted_in_a_cached_case(
        repo: Path, mined: tuple[Path, Path], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, isolated_env: Path) -> None:
    secret = "ghp_" + "Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp9Oo8"
    with AgentServer("follows") as server:
        verify(repo, mined[1], server, capsys, monkeypatch, "skillgit/new/use-pnpm-not-npm")
        cache = isolated_env / "xdg_cache_home" / "skillgit" / "verify"
        [case_file] = list((cache / "cases").rglob("*.json"))
        data = json.loads(case_file.read_text())
        for case in data["cases"]:   # a case file edited by hand, or by something else
            case["context"].append({"role": "tool_output", "tool": None,
                                    "text": f"export GITHUB_TOKEN={secret}"})
        case_file.write_text(json.dumps(data))
        sent = len(server.received)
        code, _ = verify(repo, mined[1], server, capsys, monkeypatch,
                         "skillgit/new/use-pnpm-not-npm")
        new = server.received[sent:]
    assert code == 0 and len(new) == 2 * SAMPLES * 3        # the edited cases were replayed
    assert all(secret not in r.raw and "Zz9Yy8Xx7" not in r.raw for r in new)
    assert any("GITHUB_TOKEN=" in r.raw for r in new)       # the step itself was sent


def test_the_offline_engine_is_refused_with_exit_2(
        repo: Path, mined: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    before = git(repo, "for-each-ref")
    assert main(["verify", "--source", str(mined[1]), "--repo", str(repo)]) == 2
    err = capsys.readouterr().err
    assert "verify needs a model" in err and "Traceback" not in err
    assert "verify.model" in err and "verify.llm" in err    # where to name one
    assert git(repo, "for-each-ref") == before


def test_sessions_not_at_hand_are_noted_and_nothing_is_measured(
        repo: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    before = git(repo, "for-each-ref")
    with AgentServer("follows") as server:
        code, report = verify(repo, tmp_path / "empty", server, capsys, monkeypatch)
        assert server.received == []
    assert code == 0 and git(repo, "for-each-ref") == before
    assert {p["status"] for p in report["proposals"]} == {"no-cases"}
    assert all(p["notes"] and "session not found" in p["notes"][0]
               for p in report["proposals"])


def test_an_unknown_branch_is_a_usage_error(
        repo: Path, mined: tuple[Path, Path], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    with AgentServer("follows") as server:
        code, _ = verify(repo, mined[1], server, capsys, monkeypatch, "no-such-skill")
        assert server.received == []
    assert code == 2
