"""Soak test of the scheduled loop (issue 24, build item 6): eight weekly runs of the Action's
mine-and-publish against the GitHub REST stand-in and the git smart-HTTP server, each from a
fresh clone of the remote (week 2 a shallow one, as `actions/checkout` makes it), with people
acting on the forge between runs: merging a PR, closing one unmerged, pushing a reviewer's
commit onto a proposal branch, rewording a merged skill on main, adding sessions (new lessons
and more evidence for old ones). One run is killed between "PR created" and "PR labelled"
(SIGTERM, what a cancelled job gets: `Terminated` raised where the label call would go out),
one meets a server error (a 502 on creating a PR). After every run `soak_checks.violations`
checks every invariant and a failure lists them all."""

from __future__ import annotations

import pytest
from soak_checks import violations
from soak_world import SoakWorld, Week

from skillgit.demo.scenarios import _deploy, _pnpm, _pytest
from skillgit.demo.transcripts import assistant, shell, user
from skillgit.github.client import GitHubClient
from skillgit.interrupts import Terminated

PNPM = "skillgit/new/use-pnpm-not-npm"
PYTEST = "skillgit/new/set-pythonpath-for-pytest"
DEPLOY = "skillgit/update/deploy-app"
PNPM_SKILL = "skills/use-pnpm-not-npm/SKILL.md"
PNPM_RULE = "- Use `pnpm install`, not `npm install`."
REWORDED = "- Install dependencies with `pnpm install` (this repo has no package-lock)."


def kill(*_: object) -> None:
    """SIGTERM as `main` turns it into an exception (a cancelled job gets SIGINT/SIGTERM)."""
    raise Terminated


def checked(world: SoakWorld, week: Week) -> Week:
    found = violations(world, week)
    assert not found, "\n".join(found)
    return week


def openapi_session(world: SoakWorld, day: int) -> None:
    world.session([user("regenerate the TypeScript API client from openapi/spec.yaml"),
                   shell("npx openapi-typescript openapi/spec.yaml -o src/api.ts", "ok"),
                   assistant("Regenerated.")], day=day)


def test_eight_weeks_of_the_action_against_the_forge(
        soak: SoakWorld, monkeypatch: pytest.MonkeyPatch) -> None:
    # Week 1: the demo's three lessons, two slots: one waits (on the dashboard).
    week = checked(soak, soak.week())
    assert week.outcomes("opened") == [PYTEST, PNPM], week.publish
    assert week.outcomes("skipped-limit") == [DEPLOY]
    # People: merge the pnpm skill; close the pytest one unmerged (a "no").
    soak.merge(PNPM)
    soak.close(PYTEST)

    # Week 2, shallow: the closed one is not proposed again and takes no slot; the waiting
    # one opens; the merged branch is deleted.
    week = checked(soak, soak.week(shallow=True))
    assert [p["branch"] for p in week.mine["proposals"]] == [DEPLOY], week.mine
    assert week.outcomes("opened") == [DEPLOY], week.publish
    assert PNPM not in week.after
    # People: a reviewer pushes onto the open proposal; the merged skill is reworded; a 4th
    # pnpm session (3 at the merge: not material); a new lesson in three sessions.
    soak.review(DEPLOY)
    soak.reword(PNPM_SKILL, PNPM_RULE, REWORDED)
    soak.session(_pnpm("add a logout button", "no, use pnpm not npm"), day=8)
    for day in (9, 10, 11):
        openapi_session(soak, day)

    # Week 3: killed after the new lesson's PR is created, before it is labelled.
    with monkeypatch.context() as patch:
        patch.setattr(GitHubClient, "add_labels", kill)
        week = checked(soak, soak.week(fault="kill"))
    [ask] = [p["branch"] for p in week.mine["proposals"] if p["status"] == "written"]
    assert [str(w) for w in week.writes] == ["POST /repos/o/r/pulls → 201"]

    # Week 4: the next run converges: the label is added and the dashboard (which the killed
    # run never reached) lists the new PR; nothing else is written.
    week = checked(soak, soak.week())
    assert [str(w) for w in week.writes] == [
        f"POST /repos/o/r/issues/{soak.pull_for(ask)['number']}/labels → 200",
        f"PATCH /repos/o/r/issues/{soak.dashboard_number()} → 200"]
    # Week 5: nothing changed: no API write, no push (checked as an invariant).
    checked(soak, soak.week())

    # People: merge the new lesson; the closed pytest lesson grows materially (2 → 4), the
    # merged pnpm one too (3 → 5, but its rule is in the reworded skill: nothing to add), the
    # reviewed deploy-app update gets a 3rd session; the next PR creation meets a 502.
    soak.merge(ask)
    soak.session(_pytest("fix the flaky date test"), day=12)
    soak.session(_pytest("run the test suite"), day=13)
    soak.session(_pnpm("add a settings export", "use pnpm here, not npm"), day=14)
    soak.session(_deploy("no, deploy with make deploy-staging first"), day=15)
    soak.github.fail_next("POST /repos/o/r/pulls", 502)

    # Week 6: the grown lesson comes back as a new PR linking the closed one; the 502 is
    # met (the PR is looked for by its marker, then created); the reviewer's branch is kept.
    week = checked(soak, soak.week(fault="5xx"))
    assert "POST /repos/o/r/pulls → 502" in [str(w) for w in week.writes]
    assert ask not in week.after
    # Week 7: converged; week 8: nothing changed.
    week = checked(soak, soak.week())
    reopened = soak.pull_for(PYTEST)
    assert soak.memory.rejected[PYTEST][2] != reopened["number"]
    assert "skillgit/update/use-pnpm-not-npm" not in week.after   # the reworded rule stays
    checked(soak, soak.week())
    assert [w.quiet for w in soak.weeks] == [False] * 4 + [True] + [False] * 2 + [True]
