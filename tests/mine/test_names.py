"""Skill names keep non-ASCII letters' ASCII spelling instead of dropping them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_propose import digest, run

from skillgit.mine.generate import skill_name
from skillgit.proposal import Candidate, Signal
from skillgit.skills.names import name_from_text, to_ascii

SPEC_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


@pytest.mark.parametrize(("text", "names"), [
    ("café-führer", {"cafe-fuhrer", "cafe-fuehrer"}),
    ("naïve", {"naive"}),
    ("Łódź łódka", {"lodz-lodka"}),
    ("Straße", {"strasse"}),
    ("søster æble Ørsted", {"soster-aeble-orsted"}),
    ("Œuvre þorn ðing", {"oeuvre-thorn-ding"}),
    ("Dvořák Škoda čeština", {"dvorak-skoda-cestina"}),
    ("İstanbul \u0131l\u0131k", {"istanbul-ilik"}),
    ("ﬁle \uff43\uff41\uff46\uff45", {"file-cafe"}),
    ("деплой сервера", {"deploy-servera"}),
    ("Ελληνικά άλφα", {"ellinika-alfa"}),
    ("日本語", {""}),
])
def test_letters_are_transliterated_not_dropped(text: str, names: set[str]) -> None:
    assert name_from_text(text) in names


def test_long_names_are_cut_to_the_limit_at_a_hyphen() -> None:
    name = name_from_text("überprüfung-" * 10)
    assert len(name) <= 64 and SPEC_NAME.fullmatch(name) and name.startswith("uberprufung-")
    assert not name.endswith("-") and "--" not in name


@given(st.text(max_size=200))
def test_every_name_satisfies_the_spec(text: str) -> None:
    name = name_from_text(text)
    assert name == "" or (len(name) <= 64 and SPEC_NAME.fullmatch(name))
    assert to_ascii(text).isascii() or not text.isascii()


def signal(n: int, text: str) -> Signal:
    return Signal(kind="correction", summary=text, quote=text, turn=1, agent="claude-code",
                  session_id=f"s{n}")


@pytest.mark.parametrize(("text", "wanted"), [
    ("nein, benutze immer den café-führer für Übersetzungen", {"cafe", "fuhrer"}),
    ("no, run the naïve søster build with Łódź config", {"naive", "soster", "lodz"}),
])
def test_skill_name_keeps_transliterated_words(text: str, wanted: set[str]) -> None:
    from skillgit.mine.terms import terms

    candidate = Candidate(key="k", title=text, terms=sorted(terms(text)),
                          signals=[signal(1, text), signal(2, text)])
    name = skill_name(candidate, ())
    assert SPEC_NAME.fullmatch(name) and len(name) <= 64
    assert wanted & set(name.split("-")), name


def test_proposed_skill_name_is_transliterated(repo: Path) -> None:
    found = run(repo, [digest(i, corrections=(f"nein, nutze immer Grüße-Vorlage für Straße "
                                              f"{'bitte' if i % 2 else ''}",))
                       for i in (1, 2, 3)])
    [p] = found.proposals
    assert SPEC_NAME.fullmatch(p.skill), p.skill
    assert "strasse" in p.skill.split("-") or "grusse" in p.skill.split("-"), p.skill
