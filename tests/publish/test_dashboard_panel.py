"""The dashboard issue as a control panel, end to end through the local GitHub stand-in and
git remote: boxes a person ticks on GitHub are honoured by the next `publish`, only boxes
skillgit wrote count, an unchanged week writes nothing, and there is only ever one issue."""

from __future__ import annotations

import json
from typing import Any

import pytest
from publish_world import World, git

from skillgit.publish.dashboard import DASHBOARD_MARKER, STAMP_MARKER

FP1, FP2, FP3 = "1111aaaa2222bbbb", "3333cccc4444dddd", "5555eeee6666ffff"
AA, BB, CC = "skillgit/new/aa", "skillgit/new/bb", "skillgit/new/cc"


def dashboard(world: World) -> dict[str, Any]:
    [issue] = [i for i in world.github.state.issues.values() if DASHBOARD_MARKER in i["body"]]
    return issue


def tick(world: World, marker: str) -> None:
    """What a person's click on the checkbox does to the issue body."""
    issue = dashboard(world)
    line = f"- [ ] <!-- skillgit:{marker} -->"
    assert line in issue["body"], issue["body"]
    issue["body"] = issue["body"].replace(line, f"- [x] <!-- skillgit:{marker} -->")


def issue_writes(world: World) -> list[str]:
    return [str(e) for e in world.github.writes if e.path.startswith("/repos/o/r/issues")]


def remote_ledger(world: World) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(git(world.bare, "show", "skillgit/ledger:rejected.json"))
    return data


def test_ticking_open_now_opens_a_waiting_proposal_over_the_limit(world: World) -> None:
    for skill, fp in (("aa", FP1), ("bb", FP2), ("cc", FP3)):
        world.propose(skill, fp)
    first = world.publish("--max-open", "1")
    assert world.lines(first) == {AA: "opened", BB: "skipped-limit", CC: "skipped-limit"}
    tick(world, f"open={BB}")

    run = world.publish("--max-open", "1", "--json")
    assert run.code == 0, run.err
    document = json.loads(run.out)
    statuses = {o["branch"]: o["status"] for o in document["outcomes"]}
    assert statuses == {AA: "unchanged", BB: "opened", CC: "skipped-limit"}
    assert document["controls"] == [{"control": "open", "value": BB, "status": "done",
                                     "detail": "opened (ticked on the dashboard, over "
                                               "--max-open)"}]
    assert sorted(p["head"]["ref"] for p in world.pulls()) == [AA, BB]  # type: ignore[index]
    body = dashboard(world)["body"]
    assert "- [x]" not in body and f"open={BB}" not in body and f"open={CC}" in body
    assert "### Open skillgit pull requests (2)" in body

    world.github.reset_log()
    quiet = world.publish("--max-open", "1")               # the box is honoured once
    assert world.lines(quiet) == {AA: "unchanged", BB: "unchanged", CC: "skipped-limit"}
    assert world.github.writes == [] and "control" not in quiet.out


def test_ticking_unreject_removes_the_rejection_and_the_lesson_comes_back(
        world: World) -> None:
    world.propose("aa", FP1)
    world.publish()
    [pull] = world.pulls()
    world.github.state.close_pull(int(str(pull["number"])))
    assert world.lines(world.publish()) == {AA: "rejected"}
    assert [r["fingerprint"] for r in remote_ledger(world)["rejected"]] == [FP1]
    tick(world, f"unreject={FP1}")

    run = world.publish()
    assert run.code == 0, run.err
    assert f"control       unreject {FP1}: done (removed the rejection of new aa" in run.out
    ledger = remote_ledger(world)                            # pushed with the run
    assert ledger["rejected"] == [] and ledger["unrejected"] == [pull["html_url"]]
    body = dashboard(world)["body"]
    assert "skillgit:unreject" not in body and "_Nothing was rejected._" in body

    world.propose("aa", FP1)                  # the next mine proposes the lesson again
    again = world.publish()
    assert world.lines(again) == {AA: "opened"}, again.out
    [reopened] = world.pulls()
    assert reopened["number"] != pull["number"] and pull["html_url"] in str(reopened["body"])


def test_a_marker_smuggled_into_a_title_is_not_honoured(world: World) -> None:
    smuggled = (f"x\n- [x] <!-- skillgit:open={BB} -->",
                f"- [x] <!-- skillgit:unreject={FP3} -->", "- [x] <!-- skillgit:retry -->")
    world.propose("aa", FP1, rejected=smuggled)
    world.propose("bb", FP2, rejected=smuggled)
    assert world.lines(world.publish("--max-open", "1")) == {AA: "opened",
                                                            BB: "skipped-limit"}
    body = dashboard(world)["body"]
    assert "skillgit:open=skillgit/new/bb -->" in body      # skillgit's own box, unticked
    assert not any(line.startswith("- [x]") for line in body.splitlines())
    world.github.reset_log()
    run = world.publish("--max-open", "1", "--json")
    assert json.loads(run.out)["controls"] == [] and world.github.writes == []
    assert world.lines(world.publish("--max-open", "1")) == {AA: "unchanged",
                                                            BB: "skipped-limit"}


def test_boxes_naming_nothing_skillgit_knows_are_ignored_with_a_warning(world: World) -> None:
    world.propose("aa", FP1)
    world.publish("--max-open", "0")
    issue = dashboard(world)
    issue["body"] += ("\n- [x] <!-- skillgit:open=skillgit/new/evil -->\n"
                      "- [x] <!-- skillgit:unreject=deadbeefdeadbeef -->\n"
                      "- [x] <!-- skillgit:explode -->\n"
                      f"| - [x] <!-- skillgit:open={AA} --> |\n")
    run = world.publish("--max-open", "0", "--json")
    assert run.code == 0, run.err
    document = json.loads(run.out)
    assert [(c["control"], c["status"]) for c in document["controls"]] == [
        ("open", "ignored"), ("unreject", "ignored")]
    assert {o["branch"]: o["status"] for o in document["outcomes"]} == {AA: "skipped-limit"}
    assert "not a proposal branch skillgit made here" in run.err
    assert "no such rejection in the ledger" in run.err and "unknown or garbled" in run.err
    assert "evil" not in dashboard(world)["body"]           # rewritten as skillgit shows it


def test_an_unchanged_run_writes_nothing_to_the_issue(world: World,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GITHUB_REPOSITORY", "o/r")
    monkeypatch.setenv("GITHUB_RUN_ID", "101")
    world.propose("aa", FP1, rejected=("flaky builds",))
    world.propose("bb", FP2, rejected=("flaky builds",))
    world.publish("--max-open", "1")
    stamp = dashboard(world)["body"].split(STAMP_MARKER)[1]
    assert f"({world.github.url}/o/r/actions/runs/101)" in stamp
    for run_id in ("102", "103"):                  # later weeks, later times, other runs
        monkeypatch.setenv("GITHUB_RUN_ID", run_id)
        world.github.reset_log()
        run = world.publish("--max-open", "1")
        assert run.code == 0 and "dashboard     unchanged" in run.out
        assert world.github.writes == []
    assert dashboard(world)["body"].split(STAMP_MARKER)[1] == stamp   # the last change's
    world.propose("cc", FP3, rejected=("flaky builds",))               # something new
    world.publish("--max-open", "1")
    assert "/actions/runs/103)" in dashboard(world)["body"].split(STAMP_MARKER)[1]


def test_one_dashboard_however_long_or_late_the_issue_listing_is(world: World) -> None:
    for i, fp in enumerate((FP1, FP2, FP3, "7777aaaa8888bbbb", "9999cccc0000dddd")):
        world.propose(f"s{i}", fp)
    world.publish("--max-open", "0")                     # the dashboard is issue #1
    world.publish("--max-open", "5")                     # five labelled PRs above it
    assert len(world.pulls()) == 5 and dashboard(world)["number"] == 1
    world.github.reset_log()
    assert world.publish("--max-open", "5").code == 0    # found on the listing's 3rd page
    pages = [e.query.get("page", "1") for e in world.github.log
             if e.path == "/repos/o/r/issues" and e.method == "GET"]
    assert "3" in pages and world.github.writes == []

    def late(status: int, items: Any) -> tuple[int, Any]:   # the listing lags behind
        return status, [i for i in items if DASHBOARD_MARKER not in (i.get("body") or "")]

    world.github.answer_next("GET /repos/o/r/issues", late, times=3)
    world.propose("s0", FP1, sessions=9)                 # something to show: an update
    run = world.publish("--max-open", "5")
    assert run.code == 0, run.err
    assert [i["number"] for i in world.github.state.issues.values()] == [1]
    assert "POST /repos/o/r/issues → 201" not in issue_writes(world)


def test_ticking_retry_rewrites_every_open_pr_from_its_proposal(world: World) -> None:
    world.propose("aa", FP1)
    world.propose("bb", FP2)
    world.publish("--max-open", "1")
    [pull] = world.pulls()
    rendered = str(pull["body"])
    pull["body"] = rendered.replace("### Validation", "### Edited by hand")
    world.github.reset_log()
    assert world.lines(world.publish("--max-open", "1"))[AA] == "unchanged"
    assert world.github.writes == []                     # same fingerprint: left alone
    tick(world, "retry")
    run = world.publish("--max-open", "1")
    assert world.lines(run) == {AA: "updated", BB: "skipped-limit"}
    assert "control       retry: done" in run.out
    assert world.pulls()[0]["body"] == rendered
    assert "- [x]" not in dashboard(world)["body"]
    world.github.reset_log()
    assert world.lines(world.publish("--max-open", "1"))[AA] == "unchanged"
    assert world.github.writes == []


def test_a_dry_run_says_what_the_ticked_boxes_would_do_and_does_nothing(world: World) -> None:
    world.propose("aa", FP1)
    world.publish()
    [pull] = world.pulls()
    world.github.state.close_pull(int(str(pull["number"])))
    world.publish()                                       # aa rejected
    world.propose("bb", FP2)
    world.propose("cc", FP3)
    world.publish("--max-open", "0")
    tick(world, f"unreject={FP1}")
    tick(world, f"open={CC}")
    ledger = git(world.bare, "rev-parse", "skillgit/ledger")
    world.github.reset_log()
    run = world.publish("--max-open", "0", "--dry-run", "--json")
    assert run.code == 0, run.err
    document = json.loads(run.out)
    assert [(c["control"], c["value"], c["status"]) for c in document["controls"]] == [
        ("unreject", FP1, "would-do"), ("open", CC, "would-do")]
    assert {o["branch"]: o["status"] for o in document["outcomes"]} == {
        BB: "skipped-limit", CC: "would-open"}
    assert any(f"remove the rejection of new aa ({FP1})" in p for p in document["planned"])
    assert world.github.writes == [] and git(world.bare, "rev-parse", "skillgit/ledger") == \
        ledger and world.local("skillgit/ledger") == ledger.strip()
    assert "- [x] <!-- skillgit:unreject=" in dashboard(world)["body"]   # still ticked


def test_merged_lessons_are_not_rejected_and_slot_shortage_waits(world: World) -> None:
    world.propose("aa", FP1, rejected=(
        ("use pnpm, not npm", "over the limit of 5 proposals per run"),
        ("pytest import path", "covered by the skill 'set-pythonpath-for-pytest' (merged "
                               "with 3 sessions of evidence; proposed again as an update "
                               "from 5, now 3)"),
        ("deploy first", "already merged as 'deploy-app' (same fingerprint)"),
        ("dark mode", "not repeatable: seen in 1 session")))
    run = world.publish("--max-open", "0", "--json")
    body = dashboard(world)["body"]
    assert "over the limit" not in body and "pytest" not in body and "deploy" not in body
    assert "### Waiting for a free slot (2)" in body and "use pnpm, not npm (2 sessions)" in body
    assert "### Not proposed in the last run (1)" in body and "dark mode" in body
    assert json.loads(run.out)["dashboard"]["waiting"] == 2
