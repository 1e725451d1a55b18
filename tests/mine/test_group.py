"""Grouping: which signals from different sessions are one piece of work (group.py)."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from test_propose import digest, run

from skillgit.mine.group import group
from skillgit.proposal import Candidate, Signal


def sig(n: int, text: str, kind: str = "correction", *, skill: str | None = None,
        command: str | None = None, agent: str = "claude-code") -> Signal:
    return Signal(kind=kind, summary=text, quote=text, turn=n, agent=agent,  # type: ignore[arg-type]
                  session_id=f"session-{n:04d}", command=command, skill=skill,
                  started_at=datetime(2026, 11, 1 + n % 28, 9, n // 28, tzinfo=timezone.utc))


def together(candidates: list[Candidate], *texts: str) -> bool:
    """Whether one candidate holds every signal with these summaries."""
    return any({s.summary for s in c.signals} >= set(texts) for c in candidates)


def apart(candidates: list[Candidate], a: str, b: str) -> bool:
    return not together(candidates, a, b)


# -- weighting: the specific anchor decides, common words do not -------------------------

NPM_1 = "no, we use pnpm here, not npm. delete the package-lock.json"
NPM_2 = "stop using npm!! this is a pnpm workspace -> pnpm add -D vite@6 -w"
NPM_3 = "don't use npm, it messes up our lockfile."


def test_one_tool_anchor_groups_corrections_across_agents() -> None:
    signals = [sig(1, NPM_1, agent="claude-code"), sig(2, NPM_2, agent="codex"),
               sig(3, NPM_3, agent="gemini"),
               sig(3, "`npm run build-storybook` failed: Error", "env-error",
                   command="npm run build-storybook"),
               sig(1, "add a skeleton loader to the product grid", "ask"),
               sig(2, "upgrade vite to v6", "ask")]
    candidates = group(signals)
    assert together(candidates, NPM_1, NPM_2, NPM_3)


def test_a_repeated_ask_reworded_joins_on_its_specific_terms() -> None:
    asks = ["write the release notes for v2.3.0 like last time: group by feat / fix / chore, "
            "link every PR number, no emojis, keep it under 20 lines",
            "release notes for v2.4.0 pls, same as last time - feat/fix/chore groups, PR numbers "
            "linked, no emojis, max 20 lines",
            "can you do the v2.4.1 release notes? usual format (feat / fix / chore sections, "
            "link the PRs, no emoji, short)"]
    assert together(group([sig(n, a, "ask") for n, a in enumerate(asks, 1)]), *asks)


def test_signals_sharing_only_common_words_stay_apart() -> None:
    a = "keep the summary line short"
    b = "keep that function short, one statement per line"
    c = "no, keep the line short and simple here"
    candidates = group([sig(1, a), sig(2, b), sig(3, "make the sidebar look better", "ask"),
                        sig(4, "the chart looks better now, make the legend bigger", "ask")])
    assert apart(candidates, a, b)
    assert apart(group([sig(1, "keep it short"), sig(2, b)]), "keep it short", b)
    assert apart(candidates, "make the sidebar look better",
                 "the chart looks better now, make the legend bigger")
    # ... while the same words around one specific anchor still group
    assert together(group([sig(1, f"{a} in CHANGELOG.md"), sig(2, f"{c}, it's CHANGELOG.md")]),
                    f"{a} in CHANGELOG.md", f"{c}, it's CHANGELOG.md")


def test_one_shared_tool_is_not_enough_beside_other_specific_work() -> None:
    a = "use pnpm not npm"
    b = "run npm audit before the release and paste the advisory table"
    assert apart(group([sig(1, a), sig(2, b)]), a, b)


def test_a_word_most_of_a_large_run_carries_stops_counting() -> None:
    """IDF over the run: 'dashboard widget' in every signal says nothing about which work."""
    a, b = "the dashboard widget should refresh", "dashboard widget in bold"
    filler = [sig(10 + n, f"dashboard widget {w}{n} {w}x{n}", "ask")
              for n, w in enumerate(["alpha", "beta", "gamma", "delta"] * 30)]
    assert together(group([sig(1, a, "ask"), sig(2, b, "ask")]), a, b)
    assert apart(group([sig(1, a, "ask"), sig(2, b, "ask"), *filler]), a, b)


def test_grouping_is_deterministic_whatever_the_input_order() -> None:
    signals = [sig(1, NPM_1), sig(2, NPM_2), sig(3, NPM_3), sig(4, "keep the line short"),
               sig(5, "keep lines short please")]
    first = [(c.key, [s.summary for s in c.signals]) for c in group(signals)]
    assert first == [(c.key, [s.summary for s in c.signals]) for c in group(signals[::-1])]


# -- redaction placeholders -----------------------------------------------------------------

SECRET = "postgres://svc_orders:[REDACTED:connection-string-password]@devdb.acme.internal/o"


def test_redaction_placeholders_never_become_group_terms() -> None:
    [candidate] = [c for c in group([sig(1, f"no, point it at {SECRET}"),
                                     sig(2, f"wrong db, use {SECRET}")]) if c.terms]
    assert not [t for t in candidate.terms if "connection" in t or "redact" in t]


def test_placeholder_labels_never_reach_a_skill_name(repo: Path) -> None:
    found = run(repo, [digest(n, corrections=(f"no, the dev db is DATABASE_URL={SECRET}",))
                       for n in (1, 2, 3)])
    [p] = found.proposals
    assert "connection" not in p.skill and "password" not in p.skill and "redact" not in p.skill


# -- lessons for an existing skill ------------------------------------------------------------

ON_TOPIC_1 = "never run upgrade head before pointing DATABASE_URL at the local docker db."
ON_TOPIC_2 = ("no no, not against staging again. migrations go to the local db first "
              "(make db-local), staging only ever through CI")
OFF_TOPIC = "no, also rename the frontend route /coupons-old to /promos in routes.tsx"


def test_an_unrelated_one_off_made_while_a_skill_was_in_use_is_not_its_lesson() -> None:
    candidates = group([sig(1, ON_TOPIC_1, "preference", skill="db-migrations"),
                        sig(2, ON_TOPIC_2, skill="db-migrations"),
                        sig(3, OFF_TOPIC, skill="db-migrations")])
    [update] = [c for c in candidates if c.skill == "db-migrations"]
    assert {s.summary for s in update.signals} == {ON_TOPIC_1, ON_TOPIC_2}
    [stray] = [c for c in candidates if OFF_TOPIC in {s.summary for s in c.signals}]
    assert stray.skill is None and stray.key.startswith("feedback:")


def test_an_off_topic_lesson_repeated_in_two_sessions_stays_with_the_skill() -> None:
    again = "rename the frontend route /coupons-old to /promos in routes.tsx too"
    candidates = group([sig(1, ON_TOPIC_1, skill="db-migrations"),
                        sig(2, OFF_TOPIC, skill="db-migrations"),
                        sig(3, again, skill="db-migrations")])
    [update] = [c for c in candidates if c.skill == "db-migrations"]
    assert {s.summary for s in update.signals} == {ON_TOPIC_1, OFF_TOPIC, again}


def test_an_off_topic_one_off_can_still_join_the_same_lesson_from_another_session() -> None:
    other = "rename the route /coupons-old to /promos in routes.tsx"
    candidates = group([sig(1, ON_TOPIC_1, skill="db-migrations"),
                        sig(2, OFF_TOPIC, skill="db-migrations"), sig(3, other)])
    assert together(candidates, OFF_TOPIC, other)
    assert not any(c.skill for c in candidates if OFF_TOPIC in {s.summary for s in c.signals})


def test_topic_terms_can_come_from_the_skill_description() -> None:
    lesson = "always pass --autogenerate to alembic revision"
    signals = [sig(1, ON_TOPIC_1, skill="db-migrations"), sig(2, lesson, skill="db-migrations")]
    [by_name] = [c for c in group(signals) if c.skill]
    assert lesson not in {s.summary for s in by_name.signals}
    [by_topic] = [c for c in group(signals, topics={"db-migrations": frozenset(
        {"alembic", "migration", "db"})}) if c.skill]
    assert lesson in {s.summary for s in by_topic.signals}


def test_skill_update_keeps_only_its_lessons(repo: Path) -> None:
    found = run(repo, [
        digest(1, skills=("deploy-app",), corrections=("no, deploy with make deploy-staging",)),
        digest(2, skills=("deploy-app",), corrections=("use make deploy-staging to deploy",)),
        digest(3, skills=("deploy-app",), corrections=("no, the navbar logo goes top left",)),
    ])
    [p] = found.proposals
    added = p.change.files["skills/deploy-app/SKILL.md"].decode()
    assert "deploy-staging" in added and "navbar" not in added
    assert any(r.missed.startswith("not repeatable") for r in found.rejected)
