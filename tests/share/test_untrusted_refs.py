"""Fetched digests are untrusted: a malformed ref or file is reported by ref and path and
skipped, never a traceback; the valid rest is mined."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from teamkit import contributor, git, pnpm_session

from skillgit.cli import main
from skillgit.share.format import FORMAT_TEXT, digest_path


def push_tree(tmp_path: Path, bare: Path, ref: str, files: dict[str, bytes],
              links: dict[str, str] | None = None) -> None:
    work = tmp_path / f"craft-{ref.rsplit('/', 1)[1]}"
    work.mkdir()
    git(work, "init", "-q", "-b", "x")
    for path, data in files.items():
        (work / path).parent.mkdir(parents=True, exist_ok=True)
        (work / path).write_bytes(data)
    for path, target in (links or {}).items():
        (work / path).parent.mkdir(parents=True, exist_ok=True)
        (work / path).symlink_to(target)
    git(work, "add", "-A")
    git(work, "-c", "user.name=x", "-c", "user.email=x@x", "commit", "-qm", "crafted")
    git(work, "push", "-q", str(bare), f"HEAD:{ref}")


def test_malformed_refs_and_files_are_reported_and_skipped(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    bare = tmp_path / "team.git"
    subprocess.run(["git", "init", "-q", "--bare", str(bare)], check=True)
    for name in ("alice", "bob"):
        person = contributor(tmp_path, name, str(bare))
        person.session(pnpm_session(f"add a page for {name}", "no, use pnpm not npm here"))
        assert person.run(monkeypatch, capsys, "share")[0] == 0
    bad_path = digest_path("claude-code", "s1")
    foreign = json.dumps({"format": 1, "contributor": "u-someone-else", "digest": {}}).encode()
    push_tree(tmp_path, bare, "refs/skillgit/digests/u-evil", {
        "FORMAT": FORMAT_TEXT, bad_path: b"{not json", "notes.txt": b"hello",
        digest_path("claude-code", "s2"): foreign,
        digest_path("claude-code", "s3"): b"x" * 100_000},
        links={digest_path("claude-code", "s4"): "/etc/passwd"})
    push_tree(tmp_path, bare, "refs/skillgit/digests/Not_An_Id", {"FORMAT": FORMAT_TEXT})
    push_tree(tmp_path, bare, "refs/skillgit/digests/u-future",
              {"FORMAT": b"skillgit-digests 9\n"})

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
    problems = "\n".join(result["shared"]["problems"])
    assert f"refs/skillgit/digests/u-evil:{bad_path}: not UTF-8 JSON" in problems
    assert "refs/skillgit/digests/u-evil:notes.txt: not a digest file" in problems
    assert "another contributor" in problems and "above the limit" in problems
    assert f"u-evil:{digest_path('claude-code', 's4')}: not a digest file" in problems
    assert "refs/skillgit/digests/Not_An_Id: not a contributor id" in problems
    assert "u-future: FORMAT names another format" in problems
    assert "Traceback" not in err
    assert result["shared"]["contributors"] == 2
    [proposal] = result["proposals"]
    assert proposal["evidence_sessions"] == 2


def test_no_shared_digests_is_said_plainly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    bare = tmp_path / "team.git"
    subprocess.run(["git", "init", "-q", "--bare", str(bare)], check=True)
    ci = tmp_path / "ci"
    ci.mkdir()
    git(ci, "init", "-q", "-b", "main")
    (ci / "README.md").write_text("x\n")
    git(ci, "add", "-A")
    git(ci, "-c", "user.name=x", "-c", "user.email=x@x", "commit", "-qm", "init")
    git(ci, "remote", "add", "origin", str(bare))
    monkeypatch.chdir(ci)
    assert main(["mine", "--from-digests", "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["shared"]["contributors"] == 0
    assert "no shared digests on origin" in err
    assert main(["mine", "--from-digests", "--remote", "nowhere"]) == 2
    assert "no remote named 'nowhere'" in capsys.readouterr().err
