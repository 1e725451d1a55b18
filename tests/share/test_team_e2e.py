"""Acceptance of team mining (issue 14): three contributors share digests to one remote (a
local bare repository, and the authenticated smart-HTTP server of the publish tests), a fourth
checkout mines them all with `mine --from-digests`."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from teamkit import (
    Contributor,
    all_objects,
    contributor,
    dry_run_files,
    git,
    pnpm_session,
    ref_files,
    remote_refs,
)

from skillgit.demo.transcripts import assistant, shell, user
from skillgit.gitops import GitRepo
from skillgit.publish.body import render_body
from skillgit.publish.proposals import local_branches, read_proposal
from skillgit.wire.commit import DEFAULT_IDENTITY

SECRET = "ghp_" + "Z8k3Qw9Lm2Np4Rt6Vx8Bz1Cd3Fg5Hj7Kl9Mn"
PRIVATE = "my private diary entry about the merger"


@pytest.fixture(params=["bare", "http"])
def remote(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
           ) -> tuple[str, Path, Callable[[], int] | None]:
    """(the URL or path contributors push to, the bare repository behind it, a count of the
    pushes the server accepted so far when it is the smart-HTTP one)."""
    if request.param == "bare":
        bare = tmp_path / "team.git"
        subprocess.run(["git", "init", "-q", "--bare", str(bare)], check=True)
        return str(bare), bare, None
    server = request.getfixturevalue("git_server")
    url = request.getfixturevalue("remote_url")
    token = request.getfixturevalue("token")
    monkeypatch.setenv("SKILLGIT_GITHUB_TOKEN", token)
    monkeypatch.setenv("GITHUB_SERVER_URL", "http://127.0.0.1")
    return url, server.root / "o" / "r.git", lambda: len(server.writes())


def mining_checkout(tmp_path: Path, url: str) -> Path:
    root = tmp_path / "ci"
    root.mkdir()
    git(root, "init", "-q", "-b", "main")
    (root / "README.md").write_text("skills\n")
    git(root, "add", "-A")
    git(root, "-c", "user.name=CI", "-c", "user.email=ci@example.com", "commit", "-qm", "init")
    git(root, "remote", "add", "origin", url)
    return root


def test_three_contributors_share_and_a_fourth_checkout_mines_them(
        tmp_path: Path, remote: tuple[str, Path, Callable[[], int] | None],
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    url, bare, pushes = remote
    alice = contributor(tmp_path, "alice", url)
    bob = contributor(tmp_path, "bob", url)
    carol = contributor(tmp_path, "carol", url)
    # The lesson, once per contributor in the allow-listed project (bob's cwd via a subfolder).
    alice.session(pnpm_session("add a settings page", "no, use pnpm not npm in this repo"))
    bob.session(pnpm_session("add CSV export", "don't use npm here, always use pnpm"),
                cwd="src/webapp/packages/ui")
    # Outside the allow-list: never pushed, though it holds the same lesson.
    carol.session(pnpm_session(PRIVATE, "no, use pnpm not npm here"), cwd="private/notes")
    # A secret in a shared session: it must not reach any pushed object.
    alice.session([user(f"deploy with token {SECRET} please"), assistant("Deploying."),
                   shell("make deploy", "ok")], day=1)

    # --dry-run prints exactly what is then pushed.
    code, out, err = bob.run(monkeypatch, capsys, "share", "--dry-run")
    assert code == 0, err
    shown = dry_run_files(out)
    assert shown and remote_refs(bare) == {}
    code, out, err = bob.run(monkeypatch, capsys, "share")
    assert code == 0, err
    [bob_ref] = [r for r in remote_refs(bare) if r.startswith("refs/skillgit/digests/")]
    pushed = ref_files(bare, bob_ref)
    assert {p: d for p, d in pushed.items() if p != "FORMAT"} == shown

    for person in (alice, carol):
        code, out, err = person.run(monkeypatch, capsys, "share")
        assert code == 0, err
    refs = {r: s for r, s in remote_refs(bare).items() if r.startswith("refs/skillgit/")}
    assert len(refs) == 2, refs          # carol shared nothing: her session is outside
    assert "1 sessions outside the allow-list" in err
    everything = all_objects(bare)
    for secret in (SECRET.encode(), PRIVATE.encode(), b"example.com", b"alice", b"Alice",
                   str(alice.home).encode(), str(bob.home).encode(), b"home-"):
        assert secret not in everything

    # An unchanged second share pushes nothing.
    pushed_before = pushes() if pushes else 0
    code, out, err = alice.run(monkeypatch, capsys, "share")
    assert code == 0 and out.startswith("unchanged"), out + err
    assert (pushes() if pushes else 0) == pushed_before
    assert {r: s for r, s in remote_refs(bare).items() if r.startswith("refs/skillgit/")} == refs

    # A fourth checkout mines every contributor's digests.
    ci = mining_checkout(tmp_path, url)
    monkeypatch.chdir(ci)
    capsys.readouterr()
    from skillgit.cli import main
    assert main(["mine", "--from-digests", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["shared"]["contributors"] == 2
    pnpm = [p for p in result["proposals"] if "pnpm" in json.dumps(p).lower()
            or "npm" in p["skill"]]
    assert len(pnpm) == 1, result
    [proposal] = pnpm
    assert proposal["evidence_sessions"] == 2 and proposal["dimensions"]["repeatable"]
    message = git(ci, "log", "-1", "--format=%B", proposal["branch"])
    ids = sorted(r.rsplit("/", 1)[1] for r in refs)
    for contributor_id in ids:
        assert f"by {contributor_id}" in message
    assert "example.com" not in message and "alice" not in message.lower()
    # … and so does the pull request body `publish` writes from that commit.
    with GitRepo(ci) as repo:
        [branch] = [b for b in local_branches(repo, DEFAULT_IDENTITY)
                    if b.branch == proposal["branch"]]
        body = render_body(read_proposal(repo, branch), None, None)
    for contributor_id in ids:
        assert f"by {contributor_id}" in body
    assert "example.com" not in body

    # --forget removes the contributor's ref.
    code, out, err = alice.run(monkeypatch, capsys, "share", "--forget")
    assert code == 0 and out.startswith("forgotten"), out + err
    left = [r for r in remote_refs(bare) if r.startswith("refs/skillgit/")]
    assert left == [bob_ref]
    if pushes:
        assert pushes() == 3           # bob, alice, alice's --forget; carol pushed nothing
        token = os.environ["SKILLGIT_GITHUB_TOKEN"]
        assert token not in out + err
        assert token not in (alice.clone / ".git" / "config").read_text()


def test_nothing_is_shared_without_an_allow_list(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    bare = tmp_path / "team.git"
    subprocess.run(["git", "init", "-q", "--bare", str(bare)], check=True)
    dave: Contributor = contributor(tmp_path, "dave", str(bare), projects=[])
    dave.session(pnpm_session("add a page", "no, use pnpm not npm"))
    code, _out, err = dave.run(monkeypatch, capsys, "share")
    assert code == 0, err
    assert "lists no project" in err
    assert remote_refs(bare) == {}
