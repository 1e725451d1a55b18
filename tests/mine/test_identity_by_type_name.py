"""One code convention however it was taught (issue 25): a rule explained in prose in one
session ("don't call Instant.now() in services, take an InstantSource …") and dictated as code
in another ("InstantSource clock, then clock.instant()") name the same type, and the type is
the lesson's identity; a message about another type is another lesson."""

from __future__ import annotations

from signalkit import holding as _holding
from signalkit import signal as _signal

from skillgit.mine.group import group
from skillgit.mine.identity import identities_of, said
from skillgit.mine.thing_names import thing_words


def test_a_type_named_in_code_is_a_key_and_a_member_or_file_is_not() -> None:
    keys = said("don't call Instant.now() in services, take an InstantSource in the "
                "constructor so tests can pass a MutableClock")
    assert {("type", "", "instantsource"), ("type", "", "mutableclock")} <= keys
    assert not any(k[0] == "type" for k in said("clock.instant() in Main.java, please"))
    assert not any(k[0] == "type" for k in said("use the Orders service for that"))
    strong = identities_of("InstantSource clock, then clock.instant()",
                           "InstantSource clock, then clock.instant()", None, None).strong
    assert ("type", "", "instantsource") in strong


def test_one_type_taught_in_prose_and_dictated_as_code_is_one_lesson() -> None:
    signals = [
        _signal(1, "correction", "don't call Instant.now() in services. take an InstantSource "
                "in the constructor so the tests can pass a MutableClock"),
        _signal(2, "correction", "InstantSource clock, then clock.instant()"),
        _signal(3, "preference", "we always read time through InstantSource here, never "
                "System.currentTimeMillis()"),
        _signal(4, "correction", "wrap the repository in a TransactionTemplate, not "
                "@Transactional on the controller"),
    ]
    candidates = group(signals)
    assert _holding(candidates, 1) is _holding(candidates, 2) is _holding(candidates, 3)
    assert [s.turn for s in _holding(candidates, 4).signals] == [4]


def test_a_lesson_about_a_type_is_named_from_it() -> None:
    assert thing_words("don't call ZonedDateTime.now() in services. take an InstantSource in "
                       "the constructor so tests can pass a MutableClock") == [
        "use", "InstantSource", "not", "ZonedDateTime"]
    assert thing_words("InstantSource clock, then clock.instant()") == ["use", "InstantSource"]
    assert thing_words("keep the retry budget small") == []
