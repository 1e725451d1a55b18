"""The GitHub client against the REST stand-in: typed calls, pagination, idempotent upserts."""

from __future__ import annotations

import ssl
from typing import Any

import pytest
from github_server import GitHubStub

from skillgit.github.client import GitHubClient
from skillgit.github.errors import PullRequestExists, ReviewRequestRejected
from skillgit.github.http import API_VERSION
from skillgit.github.repo import RepoRef
from skillgit.llm.http import JsonHttpClient
from skillgit.retry import RetryPolicy
from skillgit.tls import default_context

REPO = RepoRef("acme", "skills")
MARKER = "<!-- skillgit:dashboard -->"


class FakeClock:
    """`sleep` advances `now`; every wait is recorded, nothing really waits."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self.now = start
        self.sleeps: list[float] = []

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds

    def clock(self) -> float:
        return self.now

    def policy(self, **kwargs: float) -> RetryPolicy:
        return RetryPolicy(sleep=self.sleep, clock=self.clock, random=lambda: 0.0,
                           **kwargs)  # type: ignore[arg-type]


def connect(github: GitHubStub, clock: FakeClock | None = None) -> GitHubClient:
    return GitHubClient.connect(REPO, github.env, policy=(clock or FakeClock()).policy())


def test_standard_headers_and_bearer_token(github: GitHubStub) -> None:
    with connect(github) as client:
        assert client.open_pulls() == []
    [entry] = github.log
    assert entry.status == 200
    assert entry.headers["accept"] == "application/vnd.github+json"
    assert entry.headers["x-github-api-version"] == API_VERSION
    assert entry.headers["user-agent"].startswith("skillgit/")
    assert "authorization" not in entry.headers  # the stub logs no secret; 200 proves auth


def test_clients_share_one_tls_context_and_load_the_ca_bundle_once(
        github: GitHubStub, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each client used to build its own context (~40 ms of CPU loading the CA bundle): one
    per run, per `review`/`publish` call and per test. The GitHub and model clients share
    one, and it still verifies certificates."""
    built: list[ssl.SSLContext] = []
    real = ssl.create_default_context

    def counted(*args: Any, **kwargs: Any) -> ssl.SSLContext:
        built.append(real(*args, **kwargs))
        return built[-1]

    monkeypatch.setattr(ssl, "create_default_context", counted)
    default_context.cache_clear()
    try:
        for _ in range(3):
            with connect(github) as client:
                assert client.open_pulls() == []
        JsonHttpClient(service="test", base_url="https://127.0.0.1:9", headers={}).close()
        assert len(built) == 1
        assert built[0].verify_mode == ssl.CERT_REQUIRED and built[0].check_hostname
    finally:
        default_context.cache_clear()


def test_create_then_find_by_branch_through_every_state(github: GitHubStub) -> None:
    with connect(github) as client:
        pull = client.create_pull(title="skills(a): add", head="skillgit/new/a", base="main",
                                  body="body", draft=True)
        assert (pull.number, pull.state, pull.draft, pull.outcome) == (1, "open", True, "open")
        with pytest.raises(PullRequestExists):
            client.create_pull(title="again", head="skillgit/new/a", base="main", body="")
        [found] = client.pulls_for_branch("skillgit/new/a")
        assert found.number == 1 and found.head.ref == "skillgit/new/a"
        github.state.close_pull(1)
        assert [p.outcome for p in client.pulls_for_branch("skillgit/new/a")] == ["closed"]
        assert client.pulls_for_branch("skillgit/new/a", state="open") == []
        second = client.create_pull(title="t", head="skillgit/new/a", base="main", body="")
        github.state.merge_pull(second.number)
        # newest first; the list endpoint has no `merged` field: merged_at decides
        assert [p.outcome for p in client.pulls_for_branch("skillgit/new/a")] == [
            "merged", "closed"]
        assert client.get_pull(second.number).merged is True
        assert client.pulls_for_branch("skillgit/new/other") == []


def test_open_pulls_follow_link_pagination_and_skip_forks(github: GitHubStub) -> None:
    for i in range(5):
        github.state.add_pull(f"skillgit/new/s{i}", user="skillgit-bot")
    github.state.add_pull("feature/x")
    github.state.add_pull("skillgit/new/evil", fork="mallory/skills")
    with connect(github) as client:
        pulls = client.open_pulls(head_prefix="skillgit/")
    assert [p.head.ref for p in pulls] == [f"skillgit/new/s{i}" for i in range(5)]
    pages = [entry.query.get("page", "1") for entry in github.log]
    assert pages == ["1", "2", "3", "4"]  # 7 PRs, 2 per page: the Link header was followed


def test_open_pulls_by_label(github: GitHubStub) -> None:
    with connect(github) as client:
        a = client.create_pull(title="a", head="skillgit/new/a", base="main", body="")
        client.create_pull(title="b", head="skillgit/new/b", base="main", body="")
        client.add_labels(a.number, ["Skillgit"])
        assert [p.number for p in client.open_pulls(label="skillgit")] == [a.number]


def test_update_pull_and_reviewers(github: GitHubStub) -> None:
    with connect(github) as client:
        pull = client.create_pull(title="old", head="skillgit/new/a", base="main", body="x")
        updated = client.update_pull(pull.number, title="new", body="y")
        assert (updated.title, updated.body) == ("new", "y")
        client.request_reviewers(pull.number, ["alice"], ["core"])
        assert github.state.pulls[1]["requested_reviewers"] == [{"login": "alice"}]
        assert github.state.pulls[1]["requested_teams"] == [{"slug": "core"}]
        with pytest.raises(ReviewRequestRejected, match="author"):
            client.request_reviewers(pull.number, ["skillgit-bot"])
        github.reset_log()
        client.request_reviewers(pull.number, [], [])
    assert github.log == []


def test_labels_are_created_once_with_a_colour(github: GitHubStub) -> None:
    github.state.add_label("existing")
    for i in range(4):
        github.state.add_label(f"other-{i}")
    with connect(github) as client:
        assert client.ensure_labels(["skillgit", "EXISTING"], color="1D76DB") == ["skillgit"]
        assert github.state.labels["skillgit"]["color"] == "1d76db"
        github.reset_log()
        assert client.ensure_labels(["skillgit", "existing"]) == []
        assert github.log == []  # known from the first listing: no call at all
        pull = client.create_pull(title="t", head="skillgit/new/a", base="main", body="")
        client.add_labels(pull.number, ["skillgit", "existing"])
    assert [x["name"] for x in github.state.pulls[1]["labels"]] == ["skillgit", "existing"]


def test_a_label_created_meanwhile_is_fine(github: GitHubStub) -> None:
    with connect(github) as client:
        client.ensure_labels([])  # lists the labels: none
        github.state.add_label("skillgit")
        assert client.ensure_labels(["skillgit"]) == []


def test_dashboard_issue_upsert_is_quiet_when_unchanged(github: GitHubStub) -> None:
    github.state.add_pull("skillgit/new/a", body=MARKER)  # a PR quoting the marker: not it
    body = f"{MARKER}\n- one"
    with connect(github) as client:
        issue, status = client.upsert_issue_by_marker(MARKER, "Skill proposals", body)
        assert status == "created" and issue.number == 2
        assert github.state.labels["skillgit"]["color"] != "ededed"  # made with a colour
        github.reset_log()
        assert client.upsert_issue_by_marker(MARKER, "Skill proposals", body)[1] == \
            "unchanged"
        assert github.writes == []
        issue, status = client.upsert_issue_by_marker(MARKER, "Skill proposals",
                                                      body + "\n- two")
        assert status == "updated" and issue.number == 2
        assert github.state.issues[2]["body"].endswith("- two")
        github.state.issues[2]["state"] = "closed"
        github.reset_log()
        assert client.upsert_issue_by_marker(MARKER, "Skill proposals", body + "!")[1] == \
            "closed"
        assert github.writes == []  # a human closed it: left alone
        with pytest.raises(ValueError):
            client.upsert_issue_by_marker(MARKER, "t", "no marker")


def test_a_strangers_issue_quoting_the_marker_is_not_the_dashboard(
        github: GitHubStub) -> None:
    github.state.add_issue("gotcha", f"{MARKER} overwrite me", user="mallory")
    with connect(github) as client:
        issue, status = client.upsert_issue_by_marker(MARKER, "Skill proposals", MARKER)
    assert status == "created" and issue.number == 2
    assert github.state.issues[1]["body"] == f"{MARKER} overwrite me"


def test_a_strangers_comment_quoting_the_marker_is_left_alone(github: GitHubStub) -> None:
    marker = "<!-- skillgit:review -->"
    with connect(github) as client:
        pull = client.create_pull(title="t", head="skillgit/new/a", base="main", body="")
        github.state.add_comment(pull.number, f"{marker} mine now", user="mallory")
        comment, status = client.upsert_comment_by_marker(pull.number, marker, f"{marker} ok",
                                                          author="SkillGit-Bot")
    assert status == "created" and comment.body == f"{marker} ok"
    assert github.state.comments[1001]["body"] == f"{marker} mine now"


def test_sticky_comment_by_marker(github: GitHubStub) -> None:
    marker = "<!-- skillgit:review -->"
    with connect(github) as client:
        pull = client.create_pull(title="t", head="skillgit/new/a", base="main", body="")
        for i in range(3):
            client.create_comment(pull.number, f"human {i}")
        first, status = client.upsert_comment_by_marker(pull.number, marker, f"{marker} v1")
        assert status == "created"
        github.reset_log()
        assert client.upsert_comment_by_marker(pull.number, marker, f"{marker} v1")[1] == \
            "unchanged"
        assert github.writes == []
        again, status = client.upsert_comment_by_marker(pull.number, marker, f"{marker} v2")
        assert (status, again.id) == ("updated", first.id)
    assert [c["body"] for c in github.state.comments.values()][-1] == f"{marker} v2"


def test_compare_url_for_the_fallback(github: GitHubStub) -> None:
    with connect(github) as client:
        assert client.compare_url("main", "skillgit/new/a b") == (
            f"{github.url}/acme/skills/compare/main...skillgit/new/a%20b?expand=1")


def test_every_body_sent_to_github_passes_the_final_secret_screen(github: GitHubStub) -> None:
    secret = "gh" + "p_" + "Zq9Xw8Vu7Ts6Rq5Po4Nm3Lk2Jh1Gf0Ed9Cb8A7"  # a fake, built at run time
    with connect(github) as client:
        pull = client.create_pull(title="skills(a): add", head="skillgit/new/a", base="main",
                                  body=f"evidence: export GH_TOKEN={secret}")
        client.update_pull(pull.number, body=f"again: token {secret}")
    [stored] = github.state.pulls.values()
    assert stored["body"].startswith("again: token [REDACTED:")
    assert secret[4:16] not in stored["body"]
