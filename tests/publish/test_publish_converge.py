"""`publish` converges (issue 24): each PR is handled on its own, every write is idempotent by a
marker, and each run starts by reconciling what a killed run or a human left behind."""

from __future__ import annotations

import json
import os
import signal
from typing import Any

import pytest
from github_server import GitHubStub
from publish_world import World, git

from skillgit.cli import main
from skillgit.github.client import GitHubClient
from skillgit.github.errors import UnexpectedAnswer
from skillgit.github.repo import RepoRef
from skillgit.publish.dashboard import DASHBOARD_MARKER
from skillgit.publish.writes import CLOSED_MARKER

FP1, FP2, FP3 = "1111aaaa2222bbbb", "3333cccc4444dddd", "5555eeee6666ffff"
ALPHA, BETA, GAMMA = "skillgit/new/alpha", "skillgit/new/beta", "skillgit/new/gamma"


def labels(world: World, number: int) -> set[str]:
    return {label["name"] for label in world.github.state.pulls[number]["labels"]}


def by_branch(document: dict[str, Any]) -> dict[str, str]:
    return {o["branch"]: o["status"] for o in document["outcomes"]}


def lost_answer(status: int, body: Any) -> tuple[int, Any]:
    """The write was done, but the client hears a 502."""
    return 502, {"message": "Bad Gateway"}


# -- 1. each PR on its own ----------------------------------------------------------------------

def test_an_api_error_on_one_pr_reports_what_was_done_and_goes_on(world: World) -> None:
    world.propose("alpha", FP1)
    world.propose("beta", FP2)
    world.github.fail_next("POST /repos/o/r/issues/1/labels", 403,
                           message="Resource not accessible by integration")
    run = world.publish("--json")
    assert run.code == 2, run.err
    document = json.loads(run.out)              # the Action counts `opened` from this
    assert by_branch(document) == {ALPHA: "opened", BETA: "opened"}
    assert len(world.pulls()) == 2 and labels(world, 2) == {"skillgit"}
    assert any("issues/1/labels" in e and "next run" in e for e in document["errors"])
    assert "issues/1/labels" in run.err and "Traceback" not in run.err


def test_a_pr_that_could_not_be_opened_fails_alone_in_text_too(world: World) -> None:
    world.propose("alpha", FP1)
    world.propose("beta", FP2)
    world.github.fail_next("POST /repos/o/r/pulls", 403,
                           message="Resource not accessible by integration")
    run = world.publish()
    assert run.code == 2, run.err
    assert world.lines(run) == {ALPHA: "failed", BETA: "opened"}
    assert "skillgit: error: skillgit/new/alpha: POST /repos/o/r/pulls: HTTP 403" in run.err
    again = world.publish()                     # the next run opens the one that failed
    assert again.code == 0 and world.lines(again) == {ALPHA: "opened", BETA: "unchanged"}


# -- 2. writes idempotent by a marker -----------------------------------------------------------

def test_a_dashboard_created_but_answered_5xx_is_found_never_duplicated(world: World) -> None:
    world.propose("alpha", FP1)
    world.github.answer_next("POST /repos/o/r/issues", lost_answer, times=4)
    run = world.publish("--max-open", "0")      # alpha waits: the dashboard is needed
    assert run.code == 0, run.err
    [dashboard] = world.github.state.issues.values()
    assert DASHBOARD_MARKER in dashboard["body"]
    assert [str(e) for e in world.github.writes if e.path == "/repos/o/r/issues"] == \
        ["POST /repos/o/r/issues → 502"]
    assert world.publish("--max-open", "0").code == 0
    assert len(world.github.state.issues) == 1


def test_duplicate_dashboards_left_by_an_older_run_converge_to_one(world: World) -> None:
    world.propose("alpha", FP1)
    for _ in range(3):                          # what the blind retries made before
        world.github.state.add_issue("Skill proposals (skillgit)", f"{DASHBOARD_MARKER}\nold",
                                     user="skillgit-bot", labels=("skillgit",))
    run = world.publish("--max-open", "0")
    assert run.code == 0, run.err
    issues = world.github.state.issues
    assert [n for n, i in issues.items() if i["state"] == "open"] == [max(issues)]
    assert "closed a duplicate dashboard issue" in run.out
    world.github.reset_log()
    again = world.publish("--max-open", "0")
    assert again.code == 0 and world.github.writes == [] and "duplicate" not in again.out


def test_a_pr_created_but_answered_5xx_is_found_and_labelled(world: World) -> None:
    world.propose("alpha", FP1)
    world.github.answer_next("POST /repos/o/r/pulls", lost_answer, times=4)
    run = world.publish()
    assert run.code == 0, run.err
    assert world.lines(run) == {ALPHA: "opened"}
    [pull] = world.pulls()
    assert labels(world, int(pull["number"])) == {"skillgit"}  # type: ignore[call-overload]
    assert sum(e.method == "POST" and e.path == "/repos/o/r/pulls"
               for e in world.github.log) == 1


# -- 3. an answer missing a field ---------------------------------------------------------------

def test_an_answer_missing_a_field_names_the_endpoint_and_the_field(world: World) -> None:
    world.propose("alpha", FP1)
    world.propose("beta", FP2)
    world.github.answer_next("POST /repos/o/r/pulls", lambda status, body: (
        status, {k: v for k, v in body.items() if k != "html_url"}))
    run = world.publish()
    assert run.code == 2 and "Traceback" not in run.err, run.err
    assert "POST /repos/o/r/pulls" in run.err and "`html_url` is missing" in run.err
    assert world.lines(run) == {ALPHA: "failed", BETA: "opened"}
    again = world.publish()                     # the PR was made: found, and labelled
    assert again.code == 0, again.err
    assert world.lines(again) == {ALPHA: "unchanged", BETA: "unchanged"}
    assert labels(world, 1) == {"skillgit"}


def test_a_listed_item_missing_a_field_is_an_error_not_a_traceback(
        stub: GitHubStub) -> None:
    stub.state.add_pull("skillgit/new/a")
    stub.answer_next("GET /repos/o/r/pulls", lambda status, body: (
        status, [{k: v for k, v in item.items() if k != "head"} for item in body]))
    with GitHubClient.connect(RepoRef("o", "r"), stub.env) as client, \
            pytest.raises(UnexpectedAnswer) as caught:
        client.open_pulls()
    assert str(caught.value).startswith("GET /repos/o/r/pulls: ")
    assert "`head` is missing" in str(caught.value)


# -- 4. a PR never labelled ---------------------------------------------------------------------

def test_a_run_killed_before_labelling_is_repaired_by_the_next(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    world.propose("alpha", FP1)

    def killed(*_: object) -> None:
        raise KeyboardInterrupt

    with monkeypatch.context() as patch:
        patch.setattr(GitHubClient, "add_labels", killed)
        assert world.publish().code == 130
    [pull] = world.pulls()
    assert labels(world, int(pull["number"])) == set()  # type: ignore[call-overload]
    run = world.publish()
    assert run.code == 0, run.err
    assert world.lines(run) == {ALPHA: "unchanged"}
    assert labels(world, int(pull["number"])) == {"skillgit"}  # type: ignore[call-overload]
    assert "added the missing label(s) skillgit" in run.out
    world.github.reset_log()
    assert world.publish().code == 0 and world.github.writes == []


def test_a_sigterm_while_a_pr_is_created_lets_it_be_labelled_first(world: World) -> None:
    """A cancelled job gets SIGTERM: the PR being created is finished (labelled) before the
    run exits 143, so it never sits a week unlabelled (found by a held-out simulation)."""
    world.propose("alpha", FP1)
    world.propose("beta", FP2)

    def terminated(status: int, body: Any) -> tuple[int, Any]:
        os.kill(os.getpid(), signal.SIGTERM)
        return status, body

    world.github.answer_next("POST /repos/o/r/pulls", terminated)
    run = world.publish()
    assert run.code == 143, run.err
    [pull] = world.pulls()
    assert labels(world, int(pull["number"])) == {"skillgit"}  # type: ignore[call-overload]


# -- 5. `proposals reject` closes the PR --------------------------------------------------------

def test_a_pr_whose_proposal_was_rejected_is_closed_and_frees_its_slot(world: World) -> None:
    world.propose("alpha", FP1)
    world.propose("beta", FP2)
    assert world.publish("--max-open", "2").code == 0
    assert main(["proposals", "reject", ALPHA]) == 0
    world.propose("gamma", FP3)
    run = world.publish("--max-open", "2")
    assert run.code == 0, run.err
    assert world.lines(run) == {ALPHA: "closed", BETA: "unchanged", GAMMA: "opened"}
    assert world.github.state.pulls[1]["state"] == "closed"
    [comment] = world.github.state.comments.values()
    assert comment["issue_number"] == 1 and CLOSED_MARKER in comment["body"]
    heads = sorted(str(p["head"]["ref"]) for p in world.pulls())  # type: ignore[index]
    assert heads == [BETA, GAMMA]
    world.github.reset_log()
    assert world.publish("--max-open", "2").code == 0 and world.github.writes == []


# -- 6. merged branches deleted from a fresh clone ----------------------------------------------

def test_a_merged_prs_branch_is_deleted_though_this_clone_never_had_it(world: World) -> None:
    world.propose("alpha", FP1)
    assert world.publish().code == 0
    world.github.state.merge_pull(1)
    git(world.repo, "branch", "-D", ALPHA)      # a fresh clone: no local proposal branch
    assert world.remote(ALPHA) is not None
    run = world.publish()
    assert run.code == 0, run.err
    assert world.remote(ALPHA) is None
    assert f"{ALPHA}: deleted on the remote" in run.out
    again = world.publish()                     # idempotent: nothing left to do
    assert again.code == 0 and "deleted" not in again.out


def test_a_dry_run_plans_every_repair_and_writes_nothing(world: World) -> None:
    world.propose("alpha", FP1)
    world.propose("beta", FP2)
    assert world.publish().code == 0
    world.github.state.pulls[2]["labels"] = []  # someone removed it, or a run was killed
    assert main(["proposals", "reject", ALPHA]) == 0
    world.github.reset_log()
    run = world.publish("--dry-run")
    assert run.code == 0, run.err
    assert world.github.writes == []
    assert world.lines(run)[ALPHA] == "would-close"
    assert "#2 skillgit/new/beta: would add the missing label(s) skillgit" in run.out
    assert "POST /repos/o/r/issues/2/labels: skillgit" in run.out
    assert "PATCH /repos/o/r/pulls/1: close" in run.out
    real = world.publish()
    assert world.lines(real)[ALPHA] == "closed" and labels(world, 2) == {"skillgit"}


def test_a_rate_limit_far_away_stops_the_api_calls_but_reports_each_proposal(
        world: World) -> None:
    world.propose("alpha", FP1)
    world.propose("beta", FP2)
    world.github.rate_limit_next(reset_in=3600, route="POST /repos/o/r/pulls")
    run = world.publish("--json")
    assert run.code == 2, run.err
    document = json.loads(run.out)
    assert by_branch(document) == {ALPHA: "failed", BETA: "failed"}
    assert document["outcomes"][1]["detail"].startswith("not tried: ")
    assert sum(e.method == "POST" for e in world.github.log) == 1
