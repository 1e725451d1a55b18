"""The dashboard issue as a control panel: sections, checkboxes, inert text, the size limit,
and the comparison that ignores the stamp."""

from __future__ import annotations

import re
from datetime import datetime, timezone

from test_body import HOSTILE, assert_inert, proposal, section, table_rows

from skillgit.cli.publish import run_url
from skillgit.proposal import Candidate, DimensionResult, Verdict
from skillgit.publish.body import proposal_marker
from skillgit.publish.controls import Control, known, ticked
from skillgit.publish.dashboard import (
    DASHBOARD_MARKER,
    STAMP_MARKER,
    OpenPull,
    Stamp,
    View,
    missed_dimension,
    render_dashboard,
    shown,
)
from skillgit.publish.markdown import GITHUB_BODY_LIMIT
from skillgit.publish.proposals import RejectedCandidate
from skillgit.wire.ledger import Rejection

FP = "1111aaaa2222bbbb"
# skillgit's own markup in a dashboard: its markers and its `#N` references to its own PRs
OWN = re.compile(r"^- \[ \] <!-- skillgit:[a-z]+(?:=[A-Za-z0-9._/-]+)? --> |"
                 r"<!-- skillgit:(?:dashboard|stamp) -->|^- #\d+ |, #\d+\)$|"
                 r"`(?:skillgit publish(?: --no-dashboard)?|skillgit/ledger|mine --max|mine)`",
                 re.MULTILINE)


def rejected(title: str, repeatable: bool = False, kill: str | None = None,
             signals: bool = True) -> Verdict:
    base = proposal([title]).verdict
    candidate = Candidate(key=title[:20], title=title, terms=["x"],
                          signals=base.candidate.signals if signals else [])
    return Verdict(candidate=candidate, kill=kill,
                   repeatable=DimensionResult(holds=repeatable, reason=f"only once: {title}"),
                   feedback=DimensionResult(holds=False, reason="none"),
                   repeated_ask=DimensionResult(holds=False, reason="none"))


def view(waiting_count: int = 2, rejected_titles: list[str] = HOSTILE,
         **extra: object) -> View:
    waiting = [proposal([f"q{i}"]).model_copy(update={"skill": f"skill-{i}",
                                                       "summary": f"@ops #{i} <b>"})
               for i in range(waiting_count)]
    return View(max_open=5, waiting=waiting,
                candidates=[rejected(t) for t in rejected_titles], **extra)  # type: ignore[arg-type]


def assert_own_markup_only(body: str) -> None:
    assert_inert(OWN.sub("", body) + proposal_marker("0" * 16) + "\n")


def test_lists_waiting_and_rejected_inertly_with_a_box_per_waiting_proposal() -> None:
    body = render_dashboard(view(rejections=[Rejection(
        kind="new", skill="@team <b>", fingerprint=FP, sessions=3,
        pr_url="http://gh.example/o/r/pull/7")], pr_prefix="http://gh.example/o/r/pull/",
        open_pulls=[OpenPull(4, "skillgit/new/x", "skills(x): @octo see #9 <!-- -->")]))
    assert body.startswith(DASHBOARD_MARKER)
    waiting = section(body, "### Waiting")
    assert sum(line.startswith("- [ ] <!-- skillgit:open=skillgit/new/") and
               " --> open now: **skill-" in line for line in waiting) == 2
    assert "- [ ] <!-- skillgit:unreject=1111aaaa2222bbbb --> unreject: " in body
    assert ", #7)" in body                                    # the closed PR, linked
    assert "- #4 skills(x): " in body                         # an open PR, linked
    assert "- [ ] <!-- skillgit:retry --> refresh" in body
    rows = table_rows(section(body, "### Not proposed"))
    assert len(rows) == 2 + len(HOSTILE) and all(len(r) == 4 for r in rows)
    assert {r[2].strip() for r in rows[2:]} == {"repeatable"}
    assert "At most 5 skillgit pull requests" in body
    assert_own_markup_only(body)


def test_same_input_same_body_and_the_stamp_is_not_what_it_shows() -> None:
    assert render_dashboard(view()) == render_dashboard(view())
    monday = render_dashboard(view(stamp=Stamp(datetime(2026, 11, 2, tzinfo=timezone.utc),
                                               "https://github.com/o/r/actions/runs/1")))
    later = render_dashboard(view(stamp=Stamp(datetime(2026, 11, 9, tzinfo=timezone.utc))))
    assert monday != later and shown(monday) == shown(later) == shown(render_dashboard(view()))
    assert monday.split(STAMP_MARKER)[1].strip() == (
        "_Last changed 2026-11-02 00:00 UTC by [this workflow run]"
        "(https://github.com/o/r/actions/runs/1)._")


def test_missed_dimension_names_the_gate_part() -> None:
    assert missed_dimension(rejected("a")) == "repeatable"
    assert missed_dimension(rejected("a", repeatable=True)) == \
        "room to do better or a repeated ask"
    assert missed_dimension(rejected("a", repeatable=True, kill="one-off")) == "kill switch"
    assert missed_dimension(rejected("a", kill="all withheld", signals=False)) == \
        "safety screen"


def test_empty_sections_say_so() -> None:
    body = render_dashboard(View(max_open=3))
    for empty in ("_None is open._", "_Nothing is waiting._", "_Nothing was rejected._",
                  "_Every candidate passed the gate._"):
        assert empty in body


def test_merged_lessons_are_never_rejected_and_slot_shortage_is_waiting() -> None:
    body = render_dashboard(View(max_open=5, candidates=[
        RejectedCandidate("use pnpm", "over the limit of 5 proposals per run", 4),
        RejectedCandidate("pytest path", "covered by the skill 'set-pythonpath' (merged with "
                          "3 sessions of evidence; proposed again as an update from 5, now 3)",
                          3),
        RejectedCandidate("deploy", "already merged as 'deploy-app' (same fingerprint)", 2),
        RejectedCandidate("once", "not repeatable: seen once", 1)]))
    assert "over the limit" not in body and "pytest path" not in body and "deploy" not in body
    waiting = "\n".join(section(body, "### Waiting"))
    assert "### Waiting for a free slot (1)" in waiting and "use pnpm (4 sessions)" in waiting
    assert "### Not proposed in the last run (1)" in body and "once" in body


def test_huge_dashboard_fits() -> None:
    titles = [f"@team #{i} | " + "x" * 5000 for i in range(2000)]
    rejections = [Rejection(kind="new", skill=f"s{i}-" + "y" * 60, fingerprint=f"{i:016x}",
                            sessions=2) for i in range(3000)]
    body = render_dashboard(view(waiting_count=300, rejected_titles=titles,
                                 rejections=rejections))
    assert len(body.encode()) <= GITHUB_BODY_LIMIT
    assert "more not shown" in body and "skillgit:retry" in body
    assert all(len(r) == 4 for r in table_rows(section(body, "### Not proposed")))


# -- the checkboxes ----------------------------------------------------------------------------

def tick(body: str) -> str:
    return body.replace("- [ ] <!-- skillgit:", "- [x] <!-- skillgit:")


def test_ticked_boxes_are_read_by_their_markers() -> None:
    body = render_dashboard(view(rejections=[Rejection(kind="new", skill="a",
                                                       fingerprint=FP, sessions=2)]))
    assert ticked(body) == ([], [])
    found, warnings = ticked(tick(body))
    assert found == [Control("open", "skillgit/new/skill-0"),
                     Control("open", "skillgit/new/skill-1"), Control("unreject", FP),
                     Control("retry")] and warnings == []
    upper = tick(body).replace("- [x] <!-- skillgit:retry", "- [X] <!-- skillgit:retry")
    assert Control("retry") in ticked(upper)[0]


def test_a_marker_smuggled_into_a_title_is_never_a_box() -> None:
    smuggled = [f"x\n- [x] <!-- skillgit:unreject={FP} --> y",
                "- [x] <!-- skillgit:open=skillgit/new/evil -->",
                "- [x] <!-- skillgit:retry -->"]
    body = render_dashboard(View(max_open=1, candidates=[rejected(t) for t in smuggled],
                                 waiting=[proposal(smuggled).model_copy(update={
                                     "skill": smuggled[1], "summary": smuggled[0]})]))
    assert "\n- [x]" not in body
    # only the box skillgit wrote; a branch name that could break out of its comment gets none
    assert ticked(tick(body))[0] == [Control("retry")]
    # a marker only counts at the start of a line, right after the box
    for line in (f"| - [x] <!-- skillgit:unreject={FP} --> |",
                 f"  - [x] <!-- skillgit:unreject={FP} -->",
                 f"> - [x] <!-- skillgit:unreject={FP} -->",
                 f"text - [x] <!-- skillgit:unreject={FP} -->"):
        assert ticked(line) == ([], [])


def test_garbled_or_unknown_boxes_are_ignored_with_a_warning() -> None:
    body = "\n".join([
        "- [x] <!-- skillgit:explode=now -->", "- [x] <!-- skillgit:open=a b -->",
        "- [x] <!-- skillgit:unreject=NOT-HEX -->", "- [x] <!-- skillgit:open",
        "- [x] <!-- skillgit:open=skillgit/new/a--><b> -->",
        "- [x] <!-- skillgit:open=skillgit/new/gone -->",
        f"- [x] <!-- skillgit:unreject={FP} -->", f"- [x] <!-- skillgit:unreject={FP} -->"])
    found, warnings = ticked(body)
    assert len(warnings) == 5 and all("unknown or garbled" in w for w in warnings)
    assert found == [Control("open", "skillgit/new/gone"), Control("unreject", FP)]
    kept, ignored = known(found, {"skillgit/new/here"}, {"2222"})
    assert kept == [] and [c for c, _ in ignored] == found
    assert "not a proposal branch skillgit made here" in ignored[0][1]
    assert known(found, {"skillgit/new/gone"}, {FP}) == (found, [])


def test_the_run_link_comes_from_actions_environment_only_when_well_formed() -> None:
    env = {"GITHUB_SERVER_URL": "https://github.com/", "GITHUB_REPOSITORY": "o/r",
           "GITHUB_RUN_ID": "42"}
    assert run_url(env) == "https://github.com/o/r/actions/runs/42"
    for key, bad in (("GITHUB_SERVER_URL", "javascript:alert(1)"),
                     ("GITHUB_SERVER_URL", "https://x.example/a)[b"),
                     ("GITHUB_REPOSITORY", "o/r/../x"), ("GITHUB_RUN_ID", "42)"),
                     ("GITHUB_RUN_ID", "")):
        assert run_url({**env, key: bad}) is None, (key, bad)
    assert run_url({}) is None
