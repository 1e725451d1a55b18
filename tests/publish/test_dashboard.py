"""The dashboard issue: waiting proposals and rejected candidates, inert and within the limit."""

from __future__ import annotations

from test_body import HOSTILE, assert_inert, proposal, section, table_rows

from skillgit.proposal import Candidate, DimensionResult, Verdict
from skillgit.publish.body import proposal_marker
from skillgit.publish.dashboard import DASHBOARD_MARKER, missed_dimension, render_dashboard
from skillgit.publish.markdown import GITHUB_BODY_LIMIT


def rejected(title: str, repeatable: bool = False, kill: str | None = None,
             signals: bool = True) -> Verdict:
    base = proposal([title]).verdict
    candidate = Candidate(key=title[:20], title=title, terms=["x"],
                          signals=base.candidate.signals if signals else [])
    return Verdict(candidate=candidate, kill=kill,
                   repeatable=DimensionResult(holds=repeatable, reason=f"only once: {title}"),
                   feedback=DimensionResult(holds=False, reason="none"),
                   repeated_ask=DimensionResult(holds=False, reason="none"))


def dashboard_body(waiting_count: int = 2, rejected_titles: list[str] = HOSTILE,
                   budget: int = 60_000) -> str:
    waiting = [proposal([f"q{i}"]).model_copy(update={"skill": f"skill-{i}",
                                                       "summary": f"@ops #{i} <b>"})
               for i in range(waiting_count)]
    return render_dashboard(waiting, [rejected(t) for t in rejected_titles], max_open=5,
                            budget=budget)


def test_lists_waiting_and_rejected_inertly() -> None:
    body = dashboard_body()
    assert body.startswith(DASHBOARD_MARKER)
    waiting = table_rows(section(body, "### Waiting"))
    assert len(waiting) == 4 and all(len(r) == 5 for r in waiting)
    assert {r[0].strip() for r in waiting[2:]} == {"skill-0", "skill-1"}
    rows = table_rows(section(body, "### Not proposed"))
    assert len(rows) == 2 + len(HOSTILE) and all(len(r) == 4 for r in rows)
    assert {r[2].strip() for r in rows[2:]} == {"repeatable"}
    assert "At most 5 skillgit pull requests" in body
    assert_inert(body.replace(DASHBOARD_MARKER, "") + proposal_marker("0" * 16) + "\n")


def test_same_input_same_body() -> None:
    assert dashboard_body() == dashboard_body()


def test_missed_dimension_names_the_gate_part() -> None:
    assert missed_dimension(rejected("a")) == "repeatable"
    assert missed_dimension(rejected("a", repeatable=True)) == \
        "room to do better or a repeated ask"
    assert missed_dimension(rejected("a", repeatable=True, kill="one-off")) == "kill switch"
    assert missed_dimension(rejected("a", kill="all withheld", signals=False)) == \
        "safety screen"


def test_empty_sections_say_so() -> None:
    body = render_dashboard([], [], max_open=3)
    assert "_Nothing is waiting._" in body and "_Every candidate passed the gate._" in body


def test_huge_dashboard_fits() -> None:
    titles = [f"@team #{i} | " + "x" * 5000 for i in range(2000)]
    body = dashboard_body(waiting_count=300, rejected_titles=titles)
    assert len(body.encode()) <= GITHUB_BODY_LIMIT
    assert "more not shown" in body
    assert all(len(r) == 4 for r in table_rows(section(body, "### Not proposed")))
