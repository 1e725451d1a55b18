"""One lesson by the rare code-like token its sessions share (`mine.rare_tokens`): whatever
the wording or language, a correction, a rule and a follow-up question naming the same
identifier are one lesson; a token most sessions name, a task's opening request, an agent's own
fix and a one-off naming nothing shared stay apart."""

from __future__ import annotations

from skillgit.mine.group import group
from skillgit.mine.rare_tokens import (
    code_tokens,
    join_by_rare_tokens,
    openings,
    rare_tokens,
    signal_tokens,
)
from skillgit.proposal import Candidate, Signal
from tests.mine.signalkit import holding, signal


def _sessions(candidate: Candidate) -> set[str]:
    return {s.session_id for s in candidate.signals}


def _said(session: int, turn: int, kind: str, text: str) -> Signal:
    """What the user said at `turn` of session `session` (turn 1 opens it)."""
    return signal(session, kind, text).model_copy(update={"turn": session * 10 + turn})


def _opening(session: int, text: str) -> Signal:
    return _said(session, 1, "ask", text)


def test_code_tokens_are_identifiers_and_settings_lower_cased() -> None:
    text = ('rerun `gradle "app:run --args=com.acme.tools.SchemaDump"` with BUILD_PROFILE set, '
            'then diff schema.graphql; never call refreshAll() or touch last_synced_at')
    assert code_tokens(text) == {"schemadump", "build_profile", "refreshall", "last_synced_at"}


def test_a_tools_flags_and_files_are_no_tokens() -> None:
    assert code_tokens("cmake --build --preset dev-debug, deps in vcpkg.json") == set()


def test_plain_words_in_any_language_are_no_tokens() -> None:
    assert code_tokens("Bitte immer zuerst die Tests laufen lassen, s'il te plaît.") == set()
    assert code_tokens(None) == set()


def test_an_environment_lesson_carries_no_token_of_its_own() -> None:
    fix = signal(1, "env-fix", "build failed", command="make", fix="make SchemaDump")
    assert signal_tokens(fix) == set()


def test_sessions_that_never_name_a_token_do_not_change_whether_it_is_rare() -> None:
    def said_in(session: int, text: str) -> Signal:
        return _said(1, 2, "correction", text).model_copy(update={"session_id": f"s-{session}"})

    named = [said_in(n, f"call DrainQueue first, case {n}") for n in range(1, 6)]
    others = [said_in(n, f"unrelated note {n}, see OtherThing") for n in range(6, 400)]
    assert rare_tokens(named) == rare_tokens(named + others) == {"drainqueue"}
    assert rare_tokens([*named, said_in(500, "DrainQueue, again")]) == set()


def test_a_token_named_in_one_session_or_in_most_is_not_rare() -> None:
    signals = [signal(n, "ask", f"task {n}: update the WidgetRegistry") for n in range(1, 8)]
    signals += [signal(8, "correction", "run SchemaDump after it"),
                signal(9, "preference", "SchemaDump goes with every api change"),
                signal(10, "correction", "keep OrphanScanner out of it")]
    assert rare_tokens(signals) == {"schemadump"}


LESSON = [
    _opening(1, "add the refund endpoint"),
    _said(1, 2, "correction", "you changed the routes, so rerun SchemaDump and commit "
                              "schema.graphql with them"),
    _opening(2, "add a filter on invoices"),
    _said(2, 2, "preference", "À l'avenir, relance SchemaDump à chaque changement de route."),
    _opening(3, "rename the customer field"),
    _said(3, 2, "ask", "and SchemaDump?"),
]


def test_a_correction_a_rule_in_french_and_a_follow_up_question_are_one_lesson() -> None:
    found = holding(group(LESSON), 12)
    assert _sessions(found) == {"session-0001", "session-0002", "session-0003"}
    assert {s.turn for s in found.signals} == {12, 22, 32}


def test_without_the_shared_token_the_same_messages_stay_apart() -> None:
    renamed = [s.model_copy(update={"summary": s.summary.replace("SchemaDump", "the dump"),
                                    "quote": s.quote.replace("SchemaDump", "the dump")})
               for s in LESSON]
    assert _sessions(holding(group(renamed), 12)) == {"session-0001"}


def test_an_opening_request_naming_the_token_stays_a_task() -> None:
    signals = [_opening(1, "fix the invoice total"),
               _said(1, 2, "correction", "regenerate with SchemaDump before you commit"),
               _opening(2, "make SchemaDump print the schema sorted")]
    assert _sessions(holding(group(signals), 12)) == {"session-0001"}
    assert ("session-0002", 21) in openings(signals)


def test_two_one_off_corrections_about_different_identifiers_stay_apart() -> None:
    signals = [
        _opening(1, "speed up the import"),
        _said(1, 2, "correction", "take the time from clock.nowUtc() here, not the system"),
        _opening(2, "fix the flaky export test"),
        _said(2, 2, "correction", "use FrozenCalendar in that test, the date must not move"),
    ]
    candidates = group(signals)
    assert holding(candidates, 12) is not holding(candidates, 22)
    assert all(len(_sessions(c)) == 1 for c in candidates)


def test_a_token_most_sessions_name_joins_nothing() -> None:
    topics = ["currency rounding", "the audit trail", "retry backoff", "pagination limits",
              "time zones in reports", "empty carts"]
    signals = []
    for n, topic in enumerate(topics, start=1):
        signals.append(_opening(n, f"ticket {n}: change the OrderService"))
        signals.append(_said(n, 2, "correction", f"OrderService: {topic} comes first"))
    rare = rare_tokens(signals)
    assert rare == set()
    apart = [("feedback", [(s, frozenset())]) for s in signals if s.kind == "correction"]
    assert join_by_rare_tokens(apart, rare, openings(signals)) == apart
    named = frozenset({"orderservice"})     # were it rare, they would all be one
    assert len(join_by_rare_tokens(apart, named, openings(signals))) == 1


def test_a_setting_keeps_its_value_in_the_token() -> None:
    assert code_tokens("always PAGER_MODE=off here.") == {"pager_mode=off"}
    assert code_tokens('export PAGER_MODE="on"') == {"pager_mode=on"}


def test_the_same_identifier_with_another_value_or_command_is_another_lesson() -> None:
    def moved(session: int, text: str, do: str) -> Signal:
        return _said(session, 2, "correction", text).model_copy(
            update={"corrected_command": "tool reindex", "succeeded_command": do})

    def joined(*signals: Signal) -> int:
        apart = [("feedback", [(s, frozenset())]) for s in signals]
        return len(join_by_rare_tokens(apart, frozenset({"catalogindex", "retry_policy"}),
                                       set()))

    same = moved(1, "reindex it with --only CatalogIndex", "tool reindex --only CatalogIndex")
    again = moved(2, "CatalogIndex only, as before", "tool reindex --only CatalogIndex")
    other = moved(3, "CatalogIndex needs a vacuum", "tool vacuum --full CatalogIndex")
    assert joined(same, again) == 1
    assert joined(same, other) == 2
    linear = _said(4, 2, "preference", "jobs take retry_policy: :linear in this app")
    linear_again = _said(5, 2, "correction", "again: retry_policy: :linear")
    none = _said(6, 2, "correction", "payments are special: retry_policy: :none")
    assert joined(linear, linear_again) == 1
    assert joined(linear, none) == 2


def test_a_fix_the_agent_ran_does_not_chain_two_lessons() -> None:
    signals = [
        _said(1, 2, "correction", "run `tool verifyContracts` before pushing, CI does"),
        _said(2, 2, "env-fix", "contract check failed").model_copy(
            update={"command": "tool verifyContracts", "fix": "tool verifyContracts slowSuite"}),
        _said(3, 2, "correction", "the nightly needs slowSuite, not the quick one"),
    ]
    candidates = group(signals)
    assert holding(candidates, 12) is not holding(candidates, 32)
