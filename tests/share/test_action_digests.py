"""The Action's mine-and-publish mode mines the team's shared digests when the remote has
digest refs (no `args: --source` needed), and says what to do while it has none."""

from __future__ import annotations

from pathlib import Path

import pytest
from github_server import GitHubStub
from gitserver import GitHttpServer
from teamkit import contributor, pnpm_session
from test_action_runner import assert_token_only_masked, demo_repo, run_action, stub

__all__ = ["stub"]  # the publish tests' fixture, used here by name


def test_mine_and_publish_uses_the_shared_digests(
        tmp_path: Path, token: str, git_server: GitHttpServer, stub: GitHubStub,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    repo = demo_repo(tmp_path, git_server, stub)
    url = git_server.url("o/r.git")
    monkeypatch.setenv("SKILLGIT_GITHUB_TOKEN", token)
    monkeypatch.setenv("GITHUB_SERVER_URL", stub.url)
    ids = []
    for name in ("erin", "frank"):
        person = contributor(tmp_path, name, url)
        person.session(pnpm_session(f"add the {name} report", "no, use pnpm not npm here"))
        code, out, err = person.run(monkeypatch, capsys, "share")
        assert code == 0, out + err
        ids.append(out.split()[1].rsplit("/", 1)[1])
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SKILLGIT_GITHUB_TOKEN")

    run = run_action(tmp_path, repo, stub, token, "digests", mode="mine-and-publish",
                     llm="heuristic")
    assert run.code == 0, run.stdout + run.stderr
    pulls = [p for p in stub.state.pulls.values() if p["state"] == "open"]
    pnpm = [p for p in pulls if "pnpm" in p["head"]["ref"]]
    assert len(pnpm) == 1, [p["head"]["ref"] for p in pulls]
    for contributor_id in ids:
        assert f"by {contributor_id}" in pnpm[0]["body"]
    assert "example.com" not in pnpm[0]["body"]
    assert run.outputs["opened"] == str(len(pulls))
    assert_token_only_masked(run, token)
