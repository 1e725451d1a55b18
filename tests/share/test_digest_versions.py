"""Teammates on two skillgit versions: every digest schema skillgit ever wrote is read, a newer
one is refused saying to upgrade, and `mine --from-digests` says why a file was skipped and
counts the sessions it mined."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from teamkit import contributor, git, pnpm_session
from test_untrusted_refs import push_tree

from skillgit.cli import main
from skillgit.digest import DIGEST_SCHEMA_VERSION, READABLE_SCHEMA_VERSIONS, upgrade_schema
from skillgit.share.format import FORMAT_TEXT, FormatError, decode, digest_path


def schema_1_file(contributor_id: str, session_id: str) -> bytes:
    """A file exactly as skillgit wrote it with digest schema 1 (commit c31f708's `encode`,
    the README's on-ref format): no `skill_uses`, no commands on a correction."""
    digest = {
        "agent": "claude-code", "engine": "heuristic", "env_feedback": [], "main_dir": ".",
        "model": None, "n_user_turns": 3, "opening": None, "prompt_version": "h1",
        "schema_version": 1, "session_id": session_id, "skills_used": [],
        "started_at": "2026-05-01T09:30:00Z",
        "tasks": [{"evidence": [{"quote": "install the deps", "turn": 0}],
                   "summary": "install deps"}],
        "topics": ["pnpm"],
        "user_feedback": [{"command": None, "evidence": [{"quote": "no, use pnpm", "turn": 2}],
                           "fix": None, "kind": "correction",
                           "summary": "use pnpm, not npm"}],
    }
    envelope = {"contributor": contributor_id, "digest": digest, "format": 1}
    return (json.dumps(envelope, sort_keys=True, indent=1, ensure_ascii=True) + "\n").encode()


def test_every_schema_ever_written_is_read() -> None:
    assert tuple(range(1, DIGEST_SCHEMA_VERSION + 1)) == READABLE_SCHEMA_VERSIONS
    path = digest_path("claude-code", "s-1")
    digest = decode(schema_1_file("u-old", "s-1"), path, "u-old")
    assert digest.schema_version == DIGEST_SCHEMA_VERSION
    assert digest.user_feedback[0].summary == "use pnpm, not npm" and digest.skill_uses == []


@pytest.mark.parametrize("version, says", [
    (DIGEST_SCHEMA_VERSION + 1, "newer than this skillgit reads (1 to "
                                f"{DIGEST_SCHEMA_VERSION}); upgrade skillgit"),
    (0, "skillgit never wrote it"),
    ("2", "no digest schema_version"),
])
def test_an_unreadable_schema_says_what_to_do(version: object, says: str) -> None:
    data = json.loads(schema_1_file("u-1", "s-1"))
    data["digest"]["schema_version"] = version
    with pytest.raises(FormatError) as caught:
        decode(json.dumps(data).encode(), digest_path("claude-code", "s-1"), "u-1")
    assert says in str(caught.value)
    with pytest.raises(ValueError):
        upgrade_schema({"schema_version": version})


def test_mine_from_digests_reads_old_schemas_says_why_and_counts_sessions(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    bare = tmp_path / "team.git"
    subprocess.run(["git", "init", "-q", "--bare", str(bare)], check=True)
    alice = contributor(tmp_path, "alice", str(bare))
    alice.session(pnpm_session("add a settings page", "no, use pnpm not npm in this repo"))
    assert alice.run(monkeypatch, capsys, "share")[0] == 0
    future = json.loads(schema_1_file("u-old", "s-9"))
    future["digest"]["schema_version"] = DIGEST_SCHEMA_VERSION + 1
    key = digest_path("claude-code", "s-3").split("/")[-1].removesuffix(".json")
    push_tree(tmp_path, bare, "refs/skillgit/digests/u-old", {
        "FORMAT": FORMAT_TEXT,
        digest_path("claude-code", "s-1"): schema_1_file("u-old", "s-1"),
        digest_path("claude-code", "s-2"): schema_1_file("u-old", "s-2"),
        digest_path("claude-code", "s-9"): json.dumps(future).encode(),
        f"v1/{key[:2]}/{key[:2]}/{key}.json": schema_1_file("u-old", "s-3"),
        f"v1/00/{key}.json": schema_1_file("u-old", "s-3")})

    ci = tmp_path / "ci"
    ci.mkdir()
    git(ci, "init", "-q", "-b", "main")
    (ci / "README.md").write_text("x\n")
    git(ci, "add", "-A")
    git(ci, "-c", "user.name=x", "-c", "user.email=x@x", "commit", "-qm", "init")
    git(ci, "remote", "add", "origin", str(bare))
    monkeypatch.chdir(ci)
    capsys.readouterr()
    assert main(["mine", "--from-digests", "--json"]) == 0
    out, err = capsys.readouterr()
    result = json.loads(out)
    assert "skillgit: 3 sessions mined (0 local files read)" in err
    assert result["shared"]["contributors"] == 2
    assert result["shared"]["digests"] == 3           # alice's, and two of schema 1
    assert result["sessions"] == 3                    # the sessions mined, not the local ones
    problems = "\n".join(result["shared"]["problems"])
    assert f"{digest_path('claude-code', 's-9')}: digest schema {DIGEST_SCHEMA_VERSION + 1} " \
           "is newer than this skillgit reads" in problems
    assert "upgrade skillgit" in problems
    assert f"{key}.json: not a digest file (the name is not v1/<aa>/<key>.json" in problems
    assert f"v1/00/{key}.json: not a digest file (its name starts with {key[:2]} but it sits " \
           "in folder 00)" in problems
