"""The summary and the sticky comment: proposal trailers, inert hostile text, one comment
created then edited, Actions defaults from the event."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import commit, git, skill_md, write
from github_server import GitHubStub

from skillgit.cli import main
from skillgit.review.summary import COMMENT_MARKER

TRAILERS = ("skills(lint-fix): fix lint\n\nWhy: evidence.\n\n"
            "Skillgit-Proposal: 0123456789abcdef\nSkillgit-Kind: new\n"
            "Skillgit-Skill: lint-fix\nSkillgit-Evidence: 4 sessions\n"
            "Skillgit-Engine: heuristic\n")


def test_proposal_commit_shows_evidence_and_engine(repo: Path, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    write(repo, {"skills/lint-fix/SKILL.md": skill_md("lint-fix", "Fix lint errors.")})
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", TRAILERS)
    summary = tmp_path / "summary.md"
    assert main(["review", "--summary", str(summary)]) == 0
    text = summary.read_text()
    assert "- Evidence: 4 sessions" in text and "- Engine: heuristic" in text
    assert "0123456789abcdef" in text


def test_no_proposal_section_for_a_plain_commit(repo: Path, tmp_path: Path) -> None:
    write(repo, {"skills/lint-fix/SKILL.md": skill_md("lint-fix", "Fix lint errors.")})
    commit(repo)
    summary = tmp_path / "summary.md"
    assert main(["review", "--summary", str(summary)]) == 0
    assert "skillgit proposal" not in summary.read_text()


HOSTILE = ("Ping @octocat and #1, see https://evil.example/x <img src=x onerror=alert(1)> "
           "[click](javascript:alert(1)) | cell ![i](https://t.example/p.png) `code`")


def test_hostile_description_and_path_are_inert(repo: Path, tmp_path: Path) -> None:
    write(repo, {"skills/evil @team #2/SKILL.md": skill_md("evil-skill", json.dumps(HOSTILE))})
    commit(repo)
    summary = tmp_path / "summary.md"
    main(["review", "--summary", str(summary)])
    text = summary.read_text()
    for live in ("@octocat", "#1", "https://", "<img", "[click]", "![i]", "@team", "#2",
                 "`code`"):
        assert live not in text, live
    assert "&lt;img" in text and "octocat" in text
    skills_row = next(line for line in text.splitlines() if "| added |" in line)
    assert len(re.findall(r"(?<!\\)\|", skills_row)) == 7  # six cells: no cell was added


def test_github_step_summary_is_the_default(repo: Path, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    summary = tmp_path / "step-summary.md"
    summary.write_text("earlier step\n")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    write(repo, {"skills/x-skill/SKILL.md": skill_md("x-skill", "Do x.")})
    commit(repo)
    main(["review"])
    text = summary.read_text()
    assert text.startswith("earlier step\n## skillgit review")


def _actions_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, github: GitHubStub,
                 number: int, repo: Path) -> None:
    event = tmp_path / "event.json"
    base = git(repo, "rev-parse", "main").strip()
    head = git(repo, "rev-parse", "HEAD").strip()
    event.write_text(json.dumps({"number": number, "pull_request": {
        "number": number, "base": {"sha": base, "ref": "main"},
        "head": {"sha": head, "ref": "change"}}}))
    for key, value in github.env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("GITHUB_EVENT_PATH", str(event))
    monkeypatch.setenv("GITHUB_BASE_REF", "main")
    monkeypatch.setenv("GITHUB_REPOSITORY", "acme/skills")


def test_comment_is_created_once_then_edited(repo: Path, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch,
                                             github: GitHubStub) -> None:
    number = int(github.state.add_pull("change", "Add a skill")["number"])
    github.state.add_comment(number, f"{COMMENT_MARKER} quoted by someone else",
                             user="mallory")
    write(repo, {"skills/x-skill/SKILL.md": skill_md("x-skill", "Do x.")})
    commit(repo)
    _actions_env(monkeypatch, tmp_path, github, number, repo)
    assert main(["review", "--comment"]) == 0
    ours = [c for c in github.state.comments.values() if c["user"]["login"] != "mallory"]
    assert len(ours) == 1 and ours[0]["body"].startswith(COMMENT_MARKER)
    assert "skills/x-skill" in ours[0]["body"]
    # a second push breaks the skill: the same comment is edited, no new one
    write(repo, {"skills/x-skill/SKILL.md": "---\nname: X\n---\n"})
    commit(repo)
    _actions_env(monkeypatch, tmp_path, github, number, repo)
    assert main(["review", "--comment"]) == 1
    after = [c for c in github.state.comments.values() if c["user"]["login"] != "mallory"]
    assert [c["id"] for c in after] == [ours[0]["id"]]
    assert "name-case" in after[0]["body"]
    mallory = [c for c in github.state.comments.values() if c["user"]["login"] == "mallory"]
    assert mallory[0]["body"] == f"{COMMENT_MARKER} quoted by someone else"
    writes = [f"{w.method} {w.path}" for w in github.writes]
    assert sum(w.startswith("POST") for w in writes) == 1
    assert sum(w.startswith("PATCH") for w in writes) == 1


def test_comment_without_a_pull_request_is_a_usage_error(
        repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", "--comment"]) == 2
    assert "--pr" in capsys.readouterr().err
