"""The token stays in memory, errors are clear exit-2 messages, and transports and object
formats skillgit cannot push are refused before anything is sent."""

from __future__ import annotations

import logging
import socket
import subprocess
from pathlib import Path

import pytest
from gitserver import GitHttpServer
from pushkit import IDENTITY, git, proposal

from skillgit.errors import EXIT_USAGE, SkillgitError
from skillgit.gitops import GitRepo
from skillgit.gitremote import (
    RemoteAuthError,
    RemoteError,
    RemoteTarget,
    RemoteUnreachable,
    UnknownRemote,
    UnsupportedRemote,
    scrub,
)
from skillgit.gitremote.lease import RefUpdate, fetch, push
from skillgit.gitremote.transport import client_for
from skillgit.publish.ledger_sync import sync_ledger
from skillgit.publish.push import delete_branches, push_proposals
from skillgit.wire.ledger import load_ledger, save_ledger

ALPHA = "skillgit/new/alpha"


def all_objects(repo: Path) -> bytes:
    return subprocess.run(["git", "-C", str(repo), "cat-file", "--batch-all-objects",
                           "--batch"], check=True, capture_output=True).stdout


def forms(token: str) -> list[bytes]:
    import base64
    return [token.encode(), base64.b64encode(f"x-access-token:{token}".encode())]


def test_the_token_is_nowhere_but_in_memory(
        local: Path, remote_url: str, token: str, git_server: GitHttpServer, tmp_path: Path,
        capfd: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole round: resolve `origin`, push proposals, update, delete, sync the ledger, fetch,
    and fail once with a wrong token. Then look for the token everywhere."""
    caplog.set_level(logging.DEBUG)
    spawned: list[list[str]] = []
    real_popen = subprocess.Popen

    class RecordingPopen(real_popen):  # type: ignore[misc,valid-type]
        def __init__(self, args, *rest, **kwargs):  # type: ignore[no-untyped-def]
            spawned.append([str(a) for a in (args if isinstance(args, list) else [args])])
            super().__init__(args, *rest, **kwargs)

    git(local, "remote", "add", "origin", remote_url)
    config_before = (local / ".git" / "config").read_bytes()
    a1, b = proposal(local, "alpha", "fp-1"), proposal(local, "beta", "fp-b")
    monkeypatch.setattr(subprocess, "Popen", RecordingPopen)
    errors: list[str] = []
    with GitRepo(local) as g:
        target = RemoteTarget.resolve(g, "origin", token)
        assert token not in repr(target) and token not in str(target)
        push_proposals(g, target, {ALPHA: a1, "skillgit/new/beta": b}, IDENTITY)
        a2 = proposal(local, "alpha", "fp-2")
        push_proposals(g, target, {ALPHA: a2}, IDENTITY)
        delete_branches(g, target, {"skillgit/new/beta": b})
        ledger, tip = load_ledger(g)
        save_ledger(g, ledger, tip, "skillgit: ledger\n", IDENTITY)
        sync_ledger(g, target, IDENTITY)
        fetch(g, target, [ALPHA])
        wrong = RemoteTarget.resolve(g, "origin", token[::-1])
        with pytest.raises(RemoteAuthError) as caught:
            push(g, wrong, [RefUpdate(ALPHA, a1, a2)])
        errors += [str(caught.value), repr(caught.value), str(caught.value.__cause__),
                   str(caught.value.__context__)]
    monkeypatch.setattr(subprocess, "Popen", real_popen)
    out, err = capfd.readouterr()
    assert git_server.writes(), "the round pushed something"
    # the product spawns no process (the server's git http-backend runs are the only ones)
    assert spawned and all(Path(argv[0]).name == "git-http-backend" for argv in spawned), spawned
    everything = "\n".join([out, err, caplog.text, *errors, *map(" ".join, spawned)])
    for secret in (token, token[::-1]):
        assert secret not in everything
    assert (local / ".git" / "config").read_bytes() == config_before
    for repo in (local, git_server.root / "o" / "r.git"):
        objects = all_objects(repo)
        assert b"skillgit" in objects   # the walk did read the objects
        for form in forms(token):
            assert form not in objects
        for path in (repo / ".git" if (repo / ".git").is_dir() else repo).rglob("*"):
            if path.is_file():
                assert token.encode() not in path.read_bytes(), path


def test_a_wrong_token_is_a_clear_exit_2_error(local: Path, remote_url: str, token: str,
                                               git_server: GitHttpServer) -> None:
    wrong = f"ghp_{'x' * 36}"
    with GitRepo(local) as g, pytest.raises(RemoteAuthError) as caught:
        push_proposals(g, RemoteTarget.from_url(remote_url, wrong),
                       {ALPHA: proposal(local, "alpha", "fp")}, IDENTITY)
    message = str(caught.value)
    assert caught.value.exit_code == EXIT_USAGE
    assert "refused the token (HTTP 401)" in message and "Contents" in message
    assert wrong not in message and token not in message
    assert git_server.requests and all(not r.authorized for r in git_server.requests)


def test_a_token_that_cannot_push_is_a_clear_exit_2_error(
        local: Path, remote_url: str, token: str, git_server: GitHttpServer) -> None:
    git_server.read_only = True
    with GitRepo(local) as g, pytest.raises(RemoteAuthError) as caught:
        push_proposals(g, RemoteTarget.from_url(remote_url, token),
                       {ALPHA: proposal(local, "alpha", "fp")}, IDENTITY)
    assert caught.value.exit_code == EXIT_USAGE
    assert "(HTTP 403)" in str(caught.value) and token not in str(caught.value)
    assert git_server.writes() == []


def test_no_token_for_a_remote_that_needs_one(local: Path, remote_url: str) -> None:
    with GitRepo(local) as g, pytest.raises(RemoteAuthError) as caught:
        fetch(g, RemoteTarget.from_url(remote_url), [ALPHA])
    assert "no token was given" in str(caught.value)


def test_credentials_in_a_configured_url_are_used_but_never_shown(
        local: Path, git_server: GitHttpServer, token: str) -> None:
    git_server.create_repo("o/r.git")
    url = git_server.url("o/r.git").replace("http://", f"http://x-access-token:{token}@")
    git(local, "remote", "add", "origin", url)
    with GitRepo(local) as g:
        target = RemoteTarget.resolve(g, "origin")
        assert token not in target.url and token not in repr(target)
        [result] = push(g, target, [RefUpdate(ALPHA, proposal(local, "alpha", "fp"), None)])
        assert result.status == "ok"
        bad = RemoteTarget.from_url(url.replace(token, "wrong-secret"))
        with pytest.raises(RemoteAuthError) as caught:
            push(g, bad, [RefUpdate(ALPHA, result.new, None)])
    assert "wrong-secret" not in str(caught.value)
    assert scrub(f"fatal: {url} failed") == (
        f"fatal: {git_server.url('o/r.git').replace('http://', 'http://***@')} failed")


def test_unreachable_host_unknown_remote_and_missing_repository(
        local: Path, git_server: GitHttpServer, token: str) -> None:
    with socket.socket() as probe:           # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    git(local, "remote", "add", "upstream", "https://example.invalid/o/r.git")
    with GitRepo(local) as g:
        with pytest.raises(RemoteUnreachable) as down:
            push(g, RemoteTarget.from_url(f"http://127.0.0.1:{port}/o/r.git", token),
                 [RefUpdate(ALPHA, g.resolve("main"), None)])
        with pytest.raises(UnknownRemote) as unknown:
            RemoteTarget.resolve(g, "origin", token)
        with pytest.raises(RemoteError) as missing:
            fetch(g, RemoteTarget.from_url(git_server.url("no/such.git"), token), [ALPHA])
    assert f"127.0.0.1:{port}" in str(down.value) and "cannot reach" in str(down.value)
    assert "no remote named 'origin'" in str(unknown.value)
    assert "configured remotes: upstream" in str(unknown.value)
    assert "no git repository there" in str(missing.value)
    for error in (down.value, unknown.value, missing.value):
        assert isinstance(error, SkillgitError) and error.exit_code == EXIT_USAGE
        assert token not in str(error)


@pytest.mark.parametrize("form", ["file", "path"])
def test_a_local_remote_works_without_a_token(local: Path, tmp_path: Path, form: str) -> None:
    bare = tmp_path / "bare.git"
    subprocess.run(["git", "init", "-q", "--bare", str(bare)], check=True)
    url = bare.as_uri() if form == "file" else str(bare)
    a1 = proposal(local, "alpha", "fp-1")
    with GitRepo(local) as g:
        target = RemoteTarget.resolve(g, url)
        assert target.scheme == "file" and target.token is None
        [first] = push_proposals(g, target, {ALPHA: a1}, IDENTITY)
        a2 = proposal(local, "alpha", "fp-2")
        [second] = push_proposals(g, target, {ALPHA: a2}, IDENTITY)
    assert (first.status, second.status) == ("pushed", "updated")
    assert git(bare, "rev-parse", ALPHA).strip() == a2


@pytest.mark.parametrize("url, scheme", [
    ("git@github.com:o/r.git", "ssh"), ("ssh://git@github.com/o/r.git", "ssh"),
    ("https://github.com/o/r.git", "https"), ("http://127.0.0.1:1/o/r.git", "http"),
    ("file:///srv/r.git", "file"), ("/srv/r.git", "file"), ("../r.git", "file"),
])
def test_remote_kinds(url: str, scheme: str) -> None:
    target = RemoteTarget.from_url(url, "tok-123")
    assert target.scheme == scheme
    if scheme == "ssh":   # never handed to ssh (no argv, no password)
        client, _ = client_for(target)
        assert "tok-123" not in repr(vars(client))


def test_unsupported_transports_are_refused() -> None:
    with pytest.raises(UnsupportedRemote):
        RemoteTarget.from_url("git://example.com/o/r.git")


def test_sha256_over_http_is_refused_before_anything_is_sent(
        tmp_path: Path, git_server: GitHttpServer, remote_url: str, token: str) -> None:
    repo = tmp_path / "sha256"
    git(tmp_path, "init", "-q", "-b", "main", "--object-format=sha256", str(repo))
    git(repo, "commit", "-q", "--allow-empty", "-m", "init")
    sha = proposal(repo, "alpha", "fp")
    assert len(sha) == 64
    with GitRepo(repo) as g:
        target = RemoteTarget.from_url(remote_url, token)
        for attempt in (lambda: push(g, target, [RefUpdate(ALPHA, sha, None)]),
                        lambda: push_proposals(g, target, {ALPHA: sha}, IDENTITY),
                        lambda: sync_ledger(g, target, IDENTITY)):
            with pytest.raises(UnsupportedRemote) as caught:
                attempt()
            assert caught.value.exit_code == EXIT_USAGE
            assert "sha256" in str(caught.value) and "git" in str(caught.value)
    assert git_server.requests == []


def test_object_formats_must_match(tmp_path: Path, local: Path, git_server: GitHttpServer,
                                   token: str) -> None:
    """A SHA-256 repository pushes to a SHA-256 file:// remote; mixed formats are refused
    (dulwich would otherwise write a broken repository)."""
    repo256 = tmp_path / "sha256"
    git(tmp_path, "init", "-q", "-b", "main", "--object-format=sha256", str(repo256))
    git(repo256, "commit", "-q", "--allow-empty", "-m", "init")
    bare256, bare1 = tmp_path / "r256.git", tmp_path / "r1.git"
    git(tmp_path, "init", "-q", "--bare", "--object-format=sha256", str(bare256))
    git(tmp_path, "init", "-q", "--bare", str(bare1))
    sha = proposal(repo256, "alpha", "fp")
    with GitRepo(repo256) as g:
        [ok] = push(g, RemoteTarget.from_url(bare256.as_uri()), [RefUpdate(ALPHA, sha, None)])
        assert ok.status == "ok"
        with pytest.raises(UnsupportedRemote):
            push(g, RemoteTarget.from_url(str(bare1)), [RefUpdate(ALPHA, sha, None)])
    git(bare256, "fsck", "--strict")
    assert git(bare1, "for-each-ref") == ""
    git_server.create_repo("o/r256.git", object_format="sha256")
    with GitRepo(local) as g:
        for url in (bare256.as_uri(), git_server.url("o/r256.git")):
            with pytest.raises(UnsupportedRemote) as caught:
                push(g, RemoteTarget.from_url(url, token),
                     [RefUpdate(ALPHA, g.resolve("main"), None)])
            assert "sha256" in str(caught.value)
    assert not [r for r in git_server.requests if r.method == "POST"
                and r.path.endswith("receive-pack")]
