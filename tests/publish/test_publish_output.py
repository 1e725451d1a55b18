"""`publish`'s text output is a table a person scans: aligned columns, a hint shared by many
rows said once, one period, no literal `\\r`, plurals right."""

from __future__ import annotations

import re

import pytest
from github_server import GitHubStub
from test_github_client import connect

from skillgit.github.errors import ActionsCannotCreatePullRequests
from skillgit.printable import printable
from skillgit.publish.model import DashboardOutcome, Outcome, PublishResult
from skillgit.publish.report import result_lines

HINT = ("POST /repos/o/r/pulls: HTTP 403: GitHub Actions is not permitted to create or approve "
        "pull requests. Allow it in the repository's Settings → Actions → General → Workflow "
        "permissions")


def test_columns_align_and_a_shared_hint_is_said_once() -> None:
    result = PublishResult(repo="o/r", remote="origin", base="main", outcomes=[
        Outcome(branch="skillgit/new/pnpm", status="pushed", detail=HINT,
                url="https://github.com/o/r/compare/main...skillgit/new/pnpm?expand=1"),
        Outcome(branch="skillgit/update/deploy-app", status="pushed", detail=HINT,
                url="https://github.com/o/r/compare/main...skillgit/update/deploy-app?expand=1"),
        Outcome(branch="skillgit/new/a", status="opened", url="https://github.com/o/r/pull/7"),
        Outcome(branch="skillgit/new/lint", status="failed",
                detail="git@github.com: Permission denied (publickey).\r\n"),
    ], dashboard=DashboardOutcome(status="updated", waiting=0, rejected=1))
    lines = [printable(line) for line in result_lines(result)]
    rows = [line for line in lines if re.match(r"\S+\s+skillgit/", line)]
    assert len(rows) == 4
    branch_at = {row.index("skillgit/") for row in rows}
    url_at = {row.index("https://") for row in rows if "https://" in row}
    assert len(branch_at) == 1 and len(url_at) == 1, "\n".join(rows)
    text = "\n".join(lines)
    assert text.count("not permitted to create or approve") == 1
    assert rows[0].endswith("(note 1)") and rows[1].endswith("(note 1)")
    assert "note 1: POST /repos/o/r/pulls" in text
    assert "\\r" not in text and "\r" not in text
    assert rows[3].endswith("(git@github.com: Permission denied (publickey).)")
    assert "(0 waiting, 1 rejected candidate)" in text


def test_actions_hint_has_one_period(github: GitHubStub) -> None:
    message = "GitHub Actions is not permitted to create or approve pull requests."
    github.fail_next("POST /repos/*/pulls", 403, body={"message": message})
    with connect(github) as client, pytest.raises(ActionsCannotCreatePullRequests) as caught:
        client.create_pull(title="t", head="skillgit/new/a", base="main", body="b")
    assert "requests. Allow it" in str(caught.value)
    assert ".." not in str(caught.value)


def test_dashboard_says_one_pull_request_in_the_singular() -> None:
    from skillgit.publish.dashboard import View, render_dashboard

    body = render_dashboard(View(max_open=1))
    assert "At most 1 skillgit pull request is open at once" in body
