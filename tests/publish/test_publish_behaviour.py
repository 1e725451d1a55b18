"""What a maintainer sees from `skillgit publish` where a one-line slip would change it (issue
29): which proposals get the `--max-open` slots, which run's candidates the dashboard shows,
which fingerprint marker of a PR body counts, the session count a PR states, and one ledger
entry per rejected skill. Each test runs the real command against the local stand-ins."""

from __future__ import annotations

import json

from publish_world import World
from pushkit import REVIEWER

from skillgit.gitops import GitRepo
from skillgit.wire.ledger import load_ledger

FP0, FP1, FP2 = "0000aaaa0000bbbb", "1111aaaa2222bbbb", "3333cccc4444dddd"
FP3, FP4 = "5555eeee6666ffff", "7777aaaa8888bbbb"


def status(world: World, *args: str) -> dict[str, str]:
    run = world.publish(*args)
    assert run.code == 0, run.err
    return world.lines(run)


def test_the_slots_of_max_open_go_to_the_proposals_with_the_most_evidence(world: World) -> None:
    world.propose("aa", FP1, sessions=2)
    world.propose("bb", FP2, sessions=9)
    world.propose("cc", FP3, sessions=5)
    world.propose("dd", FP4, sessions=5)
    assert status(world, "--max-open", "2") == {
        "skillgit/new/bb": "opened",        # 9 sessions
        "skillgit/new/cc": "opened",        # 5, and its name comes before dd's
        "skillgit/new/dd": "skipped-limit",
        "skillgit/new/aa": "skipped-limit"}


def test_the_dashboard_shows_the_candidates_of_the_newest_mine_run(world: World) -> None:
    world.propose("zz", FP1, rejected=("an older run's idea",), timestamp=1_700_000_000)
    world.propose("aa", FP2, rejected=("this week's idea",), timestamp=1_700_600_000)
    status(world, "--max-open", "1")
    [issue] = world.github.state.issues.values()
    assert "this week" in issue["body"]
    assert "older run" not in issue["body"]


def test_the_last_fingerprint_marker_of_a_pr_body_is_the_one_that_counts(world: World) -> None:
    """A reviewer quotes an earlier body (with its marker) at the top of the PR: the proposal
    is still recognised as unchanged and the PR is left alone."""
    world.propose("pnpm", FP1)
    assert status(world) == {"skillgit/new/pnpm": "opened"}
    [pull] = world.pulls()
    pull["body"] = (f"> earlier: <!-- skillgit:proposal fingerprint={FP0} -->\n\n"
                    f"{pull['body']}")
    world.github.reset_log()
    assert status(world) == {"skillgit/new/pnpm": "unchanged"}
    assert world.github.writes == []


def test_the_pr_states_how_many_sessions_the_evidence_spans(world: World) -> None:
    """The commit quotes one session but names seven in its trailer: the PR says seven."""
    world.propose("pnpm", FP1, sessions=7)
    status(world)
    [pull] = world.pulls()
    assert "skillgit adds a new skill **pnpm**, learned from 7 coding-agent sessions" in str(
        pull["body"])


def test_a_proposal_whose_evidence_did_not_grow_since_its_pr_was_closed_stays_out(
        world: World) -> None:
    world.propose("pnpm", FP1, sessions=3)
    status(world)
    [pull] = world.pulls()
    world.github.state.close_pull(int(str(pull["number"])))
    status(world)
    world.propose("pnpm", FP2, sessions=4)               # one more session: not material
    run = world.publish("--json")
    [outcome] = json.loads(run.out)["outcomes"]
    assert outcome["status"] == "rejected"
    assert "has not grown materially" in outcome["detail"]
    assert world.pulls() == []


def test_a_local_branch_someone_else_committed_to_is_not_pushed_and_says_why(
        world: World) -> None:
    world.propose("pnpm", FP1, identity=REVIEWER)
    run = world.publish("--json")
    [outcome] = json.loads(run.out)["outcomes"]
    assert (outcome["branch"], outcome["status"]) == ("skillgit/new/pnpm", "foreign")
    assert "not made by skillgit" in outcome["detail"]
    assert world.remote("skillgit/new/pnpm") is None and world.pulls() == []


def test_a_new_proposal_on_a_merged_branch_opens_a_new_pull_request(world: World) -> None:
    """The PR was merged, then `mine` wrote a new proposal under the same branch name before
    publish ran again: it is a new proposal, not the merged one (whose branch would go)."""
    world.propose("pnpm", FP1)
    status(world)
    [pull] = world.pulls()
    world.github.state.merge_pull(int(str(pull["number"])))
    newer = world.propose("pnpm", FP2, sessions=9)
    assert status(world) == {"skillgit/new/pnpm": "opened"}
    assert world.local("skillgit/new/pnpm") == newer == world.remote("skillgit/new/pnpm")


def test_evidence_grown_since_a_close_publish_had_not_seen_reopens_linking_it(
        world: World) -> None:
    """The PR of a 3-session proposal was closed; before publish saw it, `mine` rewrote the
    branch with 5 sessions (grown materially from the closed one's 3): a new PR opens."""
    world.propose("pnpm", FP1, sessions=3)
    status(world)
    [closed] = world.pulls()
    world.github.state.close_pull(int(str(closed["number"])))
    world.propose("pnpm", FP2, sessions=5)
    assert status(world) == {"skillgit/new/pnpm": "opened"}
    [pull] = world.pulls()
    assert str(closed["html_url"]) in str(pull["body"])


def test_a_skill_rejected_twice_has_one_ledger_entry_the_newest(world: World) -> None:
    world.propose("pnpm", FP1, sessions=3)
    status(world)
    [first] = world.pulls()
    world.github.state.close_pull(int(str(first["number"])))
    assert status(world) == {"skillgit/new/pnpm": "rejected"}
    world.propose("pnpm", FP2, sessions=9)              # the evidence grew: proposed again
    assert status(world) == {"skillgit/new/pnpm": "opened"}
    [second] = world.pulls()
    world.github.state.close_pull(int(str(second["number"])))
    assert status(world) == {"skillgit/new/pnpm": "rejected"}
    with GitRepo(world.repo) as g:
        ledger, tip = load_ledger(g)
    assert [(r.skill, r.fingerprint, r.sessions) for r in ledger.rejected] == [
        ("pnpm", FP2, 9)]
    status(world)                                       # nothing new: the ledger stays put
    with GitRepo(world.repo) as g:
        assert load_ledger(g)[1] == tip
