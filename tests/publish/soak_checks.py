"""The invariants of the weekly loop (issue 24, build item 6), checked after every run of the
soak test. `violations()` returns every one that fails, so a failure lists them all."""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

from soak_world import SoakWorld, Week

from skillgit.publish.body import parse_fingerprint
from skillgit.publish.dashboard import DASHBOARD_MARKER
from skillgit.wire.ledger import grown

PREFIXES = ("skillgit/new/", "skillgit/update/")
# a 5xx on a POST may be repaired within the run (found by its marker, then retried)
FAULT_CODES = {"": {0}, "5xx": {0, 1, 2}, "kill": {130, 143}}


def _skill(branch: str) -> str:
    return branch.rsplit("/", 1)[-1]


def _open_pulls(world: SoakWorld) -> list[dict[str, Any]]:
    return [p for p in world.github.state.pulls.values()
            if p["state"] == "open" and str(p["head"]["ref"]).startswith(PREFIXES)]


def violations(world: SoakWorld, week: Week) -> list[str]:
    found: list[str] = []
    for check in (_exit_codes, _one_pr_per_lesson, _merged_stay_merged, _rejected_stay_rejected,
                  _slots, _reviewers_kept, _quiet_week, _unchanged_not_pushed, _one_dashboard,
                  _labelled):
        found += [f"week {week.number}: {check.__name__.strip('_')}: {v}"
                  for v in check(world, week)]
    return found


def _exit_codes(world: SoakWorld, week: Week) -> list[str]:
    out = []
    if week.mine_code != 0:
        out.append(f"mine exited {week.mine_code}: {week.err[-2000:]}")
    allowed = FAULT_CODES[week.fault]
    if week.publish_code not in allowed:
        out.append(f"publish exited {week.publish_code}, expected one of {sorted(allowed)}: "
                   f"{week.err[-2000:]}")
    if "Traceback" in week.err:
        at = week.err.index("Traceback")
        out.append(f"a traceback on stderr: {week.err[max(0, at - 300):at + 1500]}")
    return out


def _one_pr_per_lesson(world: SoakWorld, week: Week) -> list[str]:
    by_skill: dict[str, list[int]] = defaultdict(list)
    by_fingerprint: dict[str, list[int]] = defaultdict(list)
    for pull in _open_pulls(world):
        by_skill[re.sub(r"-\d+$", "", _skill(pull["head"]["ref"]))].append(pull["number"])
        by_fingerprint[parse_fingerprint(pull["body"]) or "?"].append(pull["number"])
    return [f"{len(numbers)} open PRs for {what} {key}: {numbers}"
            for what, table in (("the skill", by_skill), ("the fingerprint", by_fingerprint))
            for key, numbers in sorted(table.items()) if len(numbers) > 1]


def _merged_stay_merged(world: SoakWorld, week: Week) -> list[str]:
    out = []
    for skill, (sessions, fingerprint) in world.memory.merged.items():
        for branch, sha in week.after.items():
            name = _skill(branch)
            if not branch.startswith(PREFIXES) or re.sub(r"-\d+$", "", name) != skill:
                continue
            if branch != f"skillgit/update/{skill}":
                out.append(f"{branch} is on the remote after {skill} was merged")
            elif not grown(sessions, world.sessions_of(sha)):
                out.append(f"{branch} proposes the merged {skill} again with "
                           f"{world.sessions_of(sha)} sessions (merged with {sessions})")
        for pull in _open_pulls(world):
            if parse_fingerprint(pull["body"]) == fingerprint:
                out.append(f"#{pull['number']} proposes the merged fingerprint of {skill}")
        for proposal in week.mine.get("proposals", []):
            if proposal["skill"] == skill and not (
                    proposal["kind"] == "update"
                    and grown(sessions, proposal["evidence_sessions"])):
                out.append(f"mine proposed the merged {skill} again: {proposal['branch']} "
                           f"({proposal['kind']}, {proposal['evidence_sessions']} sessions)")
    return out


def _rejected_stay_rejected(world: SoakWorld, week: Week) -> list[str]:
    out = []
    pulls = world.github.state.pulls
    for branch, (sessions, _fp, number) in world.memory.rejected.items():
        if pulls[number]["state"] != "closed":
            out.append(f"#{number} ({branch}) was closed by a person and is open again")
        for pull in _open_pulls(world):
            if pull["head"]["ref"] == branch and not grown(
                    sessions, world.sessions_of(pull["head"]["sha"])):
                out.append(f"#{pull['number']} proposes the rejected {branch} again without "
                           "materially new evidence")
        for proposal in week.mine.get("proposals", []):
            if proposal["branch"] == branch and not grown(sessions,
                                                          proposal["evidence_sessions"]):
                out.append(f"mine proposed the rejected {branch} again (it takes a --max slot)")
    return out


def _slots(world: SoakWorld, week: Week) -> list[str]:
    open_now = len(_open_pulls(world))
    out = []
    if open_now > world.max_open:
        out.append(f"{open_now} skillgit PRs open, --max-open is {world.max_open}")
    waiting = week.outcomes("skipped-limit")
    if waiting and open_now < world.max_open and not week.fault:
        out.append(f"{waiting} wait for a slot while only {open_now} of {world.max_open} "
                   "are taken")
    return out


def _reviewers_kept(world: SoakWorld, week: Week) -> list[str]:
    out = []
    for branch, sha in world.memory.reviewed.items():
        tip = week.after.get(branch)
        if tip is None:
            out.append(f"{branch}, with a reviewer's commit, was deleted on the remote")
        elif tip != sha and not world.is_ancestor(sha, tip):
            out.append(f"the reviewer's commit {sha[:12]} on {branch} was overwritten "
                       f"(now {tip[:12]})")
    return out


def _quiet_week(world: SoakWorld, week: Week) -> list[str]:
    if not week.quiet:
        return []
    out = [f"{len(week.writes)} API writes on a week where nothing changed: "
           f"{[str(w) for w in week.writes]}"] if week.writes else []
    if week.pushes:
        out.append(f"{week.pushes} git pushes on a week where nothing changed")
    return out


def _unchanged_not_pushed(world: SoakWorld, week: Week) -> list[str]:
    """A proposal whose fingerprint did not change keeps its commit (no force-push)."""
    out = []
    for branch, old in week.before.items():
        new = week.after.get(branch)
        if not branch.startswith(PREFIXES) or new is None or new == old:
            continue
        was = world.trailers(old).get("Skillgit-Proposal")
        if was is not None and world.trailers(new).get("Skillgit-Proposal") == was:
            out.append(f"{branch}: the unchanged proposal {was} was pushed again "
                       f"({old[:12]} → {new[:12]})")
    return out


def _one_dashboard(world: SoakWorld, week: Week) -> list[str]:
    issues = [i for i in world.github.state.issues.values()
              if DASHBOARD_MARKER in (i.get("body") or "")]
    opened = [i["number"] for i in issues if i["state"] == "open"]
    world.memory.dashboard_seen |= bool(issues)
    if len(issues) > 1:
        return [f"{len(issues)} dashboard issues were created: {[i['number'] for i in issues]}"]
    if world.memory.dashboard_seen and len(opened) != 1:
        return [f"{len(opened)} open dashboard issues"]
    return []


def _labelled(world: SoakWorld, week: Week) -> list[str]:
    if week.fault == "kill":
        return []   # repaired by the next run
    return [f"#{p['number']} {p['head']['ref']} lacks the label skillgit"
            for p in _open_pulls(world)
            if "skillgit" not in {label["name"] for label in p["labels"]}]
