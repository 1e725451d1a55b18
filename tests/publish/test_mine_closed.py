"""A pull request closed unmerged on GitHub is a "no" that the next `mine` honours, though
`publish` (which records it in the ledger) runs after it: the Action's mine-and-publish used to
propose the closed lesson again the week after, where it took one of `--max` slots and a new
lesson was turned away (found by the soak test)."""

from __future__ import annotations

import json

from soak_world import SoakWorld, git

PNPM = "skillgit/new/use-pnpm-not-npm"


def test_a_pr_closed_on_github_takes_no_slot_in_the_next_mine(soak: SoakWorld) -> None:
    soak.max_open = 3
    first = soak.week()
    assert len(first.outcomes("opened")) == 3, first.publish
    soak.close(PNPM)
    url = soak.pull_for(PNPM, "closed")["html_url"]

    week = soak.week(max_proposals=1)        # the closed lesson had the most evidence
    [proposal] = week.mine["proposals"]
    assert proposal["branch"] != PNPM and proposal["status"] == "unchanged", week.mine
    assert f"{PNPM}: its pull request was closed without merging ({url})" in week.err
    # on GitHub only the dashboard changes: it now lists the rejection, with its closed PR
    assert week.publish_code == 0 and [(w.method, w.path) for w in week.writes] == [
        ("PATCH", f"/repos/o/r/issues/{soak.dashboard_number()}")]
    ledger = json.loads(git(soak.bare, "show", "skillgit/ledger:rejected.json"))
    [entry] = ledger["rejected"]
    assert (entry["skill"], entry["pr_url"], entry["sessions"]) == (
        "use-pnpm-not-npm", url, 3)

    again = soak.week(max_proposals=1)       # recorded once: nothing more to learn or write
    assert "closed without merging" not in again.err
    assert again.writes == [] and again.pushes == 0


def test_without_a_token_mine_asks_github_nothing(soak: SoakWorld) -> None:
    soak.week()
    soak.github.reset_log()
    clone = soak.root / "offline"
    git(soak.root, "clone", "-q", f"file://{soak.bare}", str(clone))
    git(clone, "remote", "set-url", "origin", soak.url)
    soak.monkeypatch.delenv("GITHUB_TOKEN")
    soak.monkeypatch.setenv("PATH", "/nonexistent")   # no `gh auth token` either
    soak.monkeypatch.chdir(clone)
    code, _, err = soak._cli(["mine", "--json", "--llm", "heuristic", "--source",
                              str(soak.sessions)])
    assert code == 0, err
    assert soak.github.log == []
