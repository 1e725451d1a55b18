"""Issue 25 by structure (round i25b): a turn whose only directive is approval or a new
request, and whose negative or rule-like words describe the past, the user or a question,
is no lesson; a fact that the thing the agent touched is generated, a build output, shared
by many programs or fixed in size is one, in any script, and so is a norm of a named place
or team after thanks, or one made a habit ("keep doing it for anything you add"). Every
sentence here is new; each look-alike has a twin that keeps the structure of a lesson."""

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.distill import norms
from skillgit.distill.user_signals import user_signals

_COMMA, _IDEO_COMMA = "\uff0c", "\u3001"  # full-width and ideographic commas
_BUILT = "/work/proj/out/ledger/report.js"


def _kinds(text: str, *, edited: str = "/work/proj/src/ledger/report.py",
           ran: str = "pytest tests/ledger -q", output: str = "12 passed in 0.8s",
           reply: str = "Done, the report rounds half-up now.",
           ask: str = "Make the ledger report round half-up.") -> list[str]:
    talk = (Talk().user(ask).tool("Edit", edited, "ok").tool("Bash", ran, output)
            .say(reply).user(text))
    return [item.kind for item in user_signals(talk.build()).feedback]


@pytest.mark.parametrize("text", [
    # a report of success, then a new request
    "pytest finished without a single warning. Next, can you write the migration notes for the "
    "ledger?",
    # approval of the agent's own work after a complaint about something else
    "man, this ledger module is a swamp. whatever, your fix is fine, ship it",
    # the user's own blame, then an all-clear
    "The wrong report was my fault, I had the old fixture file open in another tab. All good now.",
    # what the team lacks for now, then leave it and a next task
    "we don't have the audit spec yet, leave it as is. can you look at the export button next",
    # a disclaimer of the user's own request
    "Is there a pytest plugin we could turn on so slow tests get flagged? Only curious what "
    "exists, not asking you to install it yet.",
    # a quantifier over a checked state
    "every test passed, 12 to run 0 skipped. go ahead and open the PR",
])
def test_approvals_and_new_requests_stay_ordinary(text: str) -> None:
    assert _kinds(text) == []


@pytest.mark.parametrize("text", [
    "The nightly import must run without retries, drop the retry loop you added.",
    "your fix is fine but the rounding has to happen before the currency conversion",
    "The wrong totals come from your change, the fixture is fine. Revert report.py.",
    "we don't round in report.py, rounding lives in ledger/money.py. move it there",
    "every test in tests/ledger needs the frozen clock fixture, add it to the new ones",
])
def test_their_twins_stay_lessons(text: str) -> None:
    assert _kinds(text) != []


@pytest.mark.parametrize(("text", "language"), [
    ("Não rodou nada diferente hoje, estranho. Será que o cache do CI estava sujo?", "pt"),
    ("non capisco perché la pipeline su CI impiega il doppio oggi. idee?", "it"),
    ("je comprends pas pourquoi le rapport est plus lent aujourd'hui, une idée ?", "fr"),
    ("ich verstehe nicht, warum der Export heute so langsam ist. Hast du eine Idee?", "de"),
])
def test_the_users_own_puzzlement_is_no_correction(text: str, language: str) -> None:
    assert _kinds(text) == [], language


@pytest.mark.parametrize("text", [
    "Não, não mexe no report.py, muda o ledger/money.py.",
    "non, pas dans report.py : la règle d'arrondi est dans ledger/money.py",
    "nee, report.py blijft zo, pas ledger/money.py aan",
])
def test_a_plain_no_before_its_own_language_stays_a_correction(text: str) -> None:
    assert _kinds(text) == ["correction"]


@pytest.mark.parametrize(("text", "edited"), [
    # generated, in a script without spaces, with the file to change instead
    (f"out 是编译产物{_COMMA}每次 tsc 都会重新生成。请改 src/ledger/report.ts", _BUILT),
    (f"out フォルダは自動生成なので{_IDEO_COMMA}src/ledger/report.ts を直してください", _BUILT),
    # the kind of file the agent edited, after an address word
    ("mano, esse pb.go é gerado pelo protoc, muda o ledger.proto", "/work/proj/api/ledger.pb.go"),
    # shared by many programs, fixed in size
    ("LEDGREC is copied into 27 batch jobs and the record is fixed at 180 bytes.",
     "/work/proj/copybooks/LEDGREC.cpy"),
])
def test_a_fact_about_the_touched_thing_is_a_correction(text: str, edited: str) -> None:
    assert _kinds(text, edited=edited) == ["correction"]


@pytest.mark.parametrize(("text", "edited"), [
    # the same properties of something the agent did not touch
    (f"out 是编译产物{_COMMA}每次 tsc 都会重新生成。", "/work/proj/src/ledger/report.ts"),
    ("LEDGREC is copied into 27 batch jobs across the estate.", "/work/proj/src/ledger/report.py"),
    # an exclamation before a deictic is no address
    ("Kidding, it's all lockfile churn. Looks good to me.", "/work/proj/package-lock.json"),
])
def test_the_same_fact_elsewhere_stays_ordinary(text: str, edited: str) -> None:
    assert _kinds(text, edited=edited) == []


def test_a_norm_of_a_named_team_after_thanks_is_a_preference() -> None:
    ruled = ("Danke. Bei uns hat jedes neue Modul auch einen Eintrag in docs/modules.md, "
             "sonst fällt es beim Review auf.")
    assert _kinds(ruled) == ["preference"]
    told = "Danke. Die Berichte kommen immer freitags, dann schauen wir sie gemeinsam an."
    assert _kinds(told) == []


def test_a_katakana_thing_makes_a_japanese_team_rule() -> None:
    assert _kinds("このプロジェクトではブランチ名は英語で付けるルールです。") == ["preference"]
    assert _kinds("このプロジェクトは毎日とても忙しいです。") == []


def test_a_spec_made_a_habit_is_a_norm() -> None:
    habit = ("In this codebase every money amount is stored as a Decimal. Please add that to "
             "both new helpers, and keep doing it for anything you add.")
    assert norms.norm(habit, new_task=False) is not None
    feature = "Every money amount in the report must be shown with two decimals. Add that."
    assert norms.norm(feature, new_task=False) is None
    assert _kinds(feature) == []
