"""`skillgit share` around the edges: a grown session is updated in place, forgetting, and
usage errors without a traceback."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from teamkit import contributor, pnpm_session, ref_files, remote_refs

from skillgit.cli import main
from skillgit.demo.transcripts import assistant, claude_code_path, user


def bare_remote(tmp_path: Path) -> Path:
    bare = tmp_path / "team.git"
    subprocess.run(["git", "init", "-q", "--bare", str(bare)], check=True)
    return bare


def test_a_grown_session_updates_its_one_file_and_forget_is_idempotent(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    bare = bare_remote(tmp_path)
    gina = contributor(tmp_path, "gina", str(bare), contributor_id="gina-laptop")
    steps = pnpm_session("add the audit page", "no, use pnpm not npm here")
    sid = gina.session(steps)
    assert gina.run(monkeypatch, capsys, "share")[0] == 0
    ref = "refs/skillgit/digests/gina-laptop"
    before = ref_files(bare, ref)
    # The session goes on: the same file is rewritten, no second digest appears.
    path = claude_code_path(gina.home / ".claude", str(gina.home / "src/webapp"), sid)
    path.unlink()
    gina.count -= 1
    assert gina.session([*steps, user("and run the linter with pnpm too"),
                         assistant("Done.")]) == sid
    code, out, err = gina.run(monkeypatch, capsys, "share")
    assert code == 0 and "0 new, 1 updated" in out, out + err
    after = ref_files(bare, ref)
    assert set(after) == set(before) and after != before

    code, out, _ = gina.run(monkeypatch, capsys, "share", "--forget", "--dry-run")
    assert code == 0 and out.startswith("would-forget") and ref in remote_refs(bare)
    assert gina.run(monkeypatch, capsys, "share", "--forget")[0] == 0
    code, out, _ = gina.run(monkeypatch, capsys, "share", "--forget")
    assert code == 0 and out.startswith("absent")
    assert remote_refs(bare) == {}


def test_usage_errors_are_clear(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str]) -> None:
    outside = tmp_path / "not-a-repo"
    outside.mkdir()
    monkeypatch.chdir(outside)
    assert main(["share"]) == 2
    assert "not inside a git repository" in capsys.readouterr().err
    bare = bare_remote(tmp_path)
    hal = contributor(tmp_path, "hal", str(bare))
    (hal.clone / ".skillgit.yaml").write_text("share: {contributor: 'Hal@example.com'}\n")
    code, _, err = hal.run(monkeypatch, capsys, "share")
    assert code == 2 and "share.contributor" in err and "Traceback" not in err
    (hal.clone / ".skillgit.yaml").write_text("share: {projects: [~/src/webapp]}\n")
    subprocess.run(["git", "-C", str(hal.clone), "config", "--unset", "user.email"],
                   check=True)
    code, _, err = hal.run(monkeypatch, capsys, "share", "--remote", str(bare))
    assert code == 2 and "git config user.email" in err
