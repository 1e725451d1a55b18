"""Gates derived from a row's regex (`triggers.py`) never shut on a text the row matches, and
the gated scan finds exactly what the scan with every row run finds."""

from __future__ import annotations

import importlib
import pkgutil
import re
import string
import threading
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_redact_properties import FRAGMENTS, TOKENISH

import skillgit.redact
from skillgit.redact import positions
from skillgit.redact.context import lower_same_length
from skillgit.redact.scan import scan
from skillgit.redact.triggers import CASE_FOLD_EXTRAS, every_row_runs, folded, triggers


def _patterns() -> list[re.Pattern[str]]:
    """Every compiled regex the redactor's modules hold (alone or in a table)."""
    found: dict[str, re.Pattern[str]] = {}
    for info in pkgutil.iter_modules(skillgit.redact.__path__):
        module = importlib.import_module(f"skillgit.redact.{info.name}")
        for value in vars(module).values():
            rows = value if isinstance(value, tuple | list) else (value,)
            for row in rows:
                pattern = row if isinstance(row, re.Pattern) else getattr(row, "pattern", None)
                if isinstance(pattern, re.Pattern) and isinstance(pattern.pattern, str):
                    found.setdefault(f"{pattern.pattern}/{pattern.flags}", pattern)
    return [found[key] for key in sorted(found)]


GATED = [pattern for pattern in _patterns() if triggers(pattern).needs]


def test_case_fold_extras_are_every_character_a_case_blind_letter_matches_besides_its_cases(
        ) -> None:
    everything = "".join(chr(code) for code in range(0x110000) if not 0xD800 <= code < 0xE000)
    extras: dict[str, str] = {}
    for letter in string.ascii_lowercase:
        for match in re.finditer(re.escape(letter), everything, re.IGNORECASE):
            char = match.group()
            if char not in (letter, letter.upper()):
                extras[char] = letter
    assert extras == CASE_FOLD_EXTRAS


def test_most_rows_of_the_redactor_have_a_gate() -> None:
    assert len(GATED) >= 150, len(GATED)  # the derivation reads the real rows, not a few


@pytest.mark.parametrize(("pattern", "needs"), [
    (r"(?i)\bnet[ \t]+use\b[^\n]{0,200}?/user:", (("/user:",), ("net",), ("use",))),
    (r"-pw[ \t]+(?P<v>\S{4,})", (("-pw",), ("\t", " "))),
    (r"(?:abc|de)f?g", (("abc", "de"), ("g",))),
    (r"(?=\S*TOKEN)\w+", (("token",),)),
    (r"x(?:ab)?", (("x",),)),
    (r"ab|.c", (("ab", "c"),)),  # one of the branches' needs
    (r"a?|b", ()),  # a branch that needs nothing
    (r"[\w-]{4,}", ()),
    (r"(?i)é-key", (("-key",),)),  # a non-ASCII character ends a literal
])
def test_triggers_of_small_patterns(pattern: str, needs: tuple[tuple[str, ...], ...]) -> None:
    assert triggers(re.compile(pattern)).needs == needs


def test_a_literal_holding_another_of_its_set_is_not_looked_for() -> None:
    gate = triggers(re.compile(r"(?:mysql_connect|getConnection|connect|PDO)\("))
    assert gate.needs == (("connect", "pdo"), ("(",))
    assert gate.open("mysql_connect(") and gate.open("getconnection(") and gate.open("pdo(")
    assert not gate.open("mysql_conn(")
    for pattern in GATED:  # every derived set is minimal
        for needed in triggers(pattern).needs:
            assert not [(a, b) for a in needed for b in needed if a != b and a in b], pattern


def test_gates_asked_in_turn_about_several_texts_answer_for_each() -> None:
    rows = [re.compile(r"token[=:]"), re.compile(r"token\s+is"), re.compile(r"-pw\s"),
            re.compile(r"(?i)config[ \t]+set")]
    gates = [triggers(row) for row in rows]
    texts = ["the token is here", "nothing at all", "token=1 -pw x", "CONFIG SET a",
             "".join(["the token is here"])]  # an equal text, another object
    for _ in range(3):
        for text in texts + texts[::-1]:
            lowered = lower_same_length(text)
            for row, gate in zip(rows, gates, strict=True):
                if row.search(text):
                    assert gate.open(lowered), (row.pattern, text)
                assert gate.open(lowered) == all(
                    any(literal in lowered for literal in needed) for needed in gate.needs)


def test_gates_in_threads_answer_for_their_own_text() -> None:
    gate = triggers(re.compile(r"token[=:]"))
    wrong: list[str] = []

    def ask(text: str, expected: bool) -> None:
        for _ in range(2000):
            lowered = lower_same_length(text + " ")  # a new object each time
            if gate.open(lowered) is not expected:
                wrong.append(text)

    threads = [threading.Thread(target=ask, args=("a token=1", True)),
               threading.Thread(target=ask, args=("a tok en", False))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert wrong == []


def test_a_shut_gate_is_a_missing_literal_and_folded_letters_open_it() -> None:
    gate = triggers(re.compile(r"(?i)serial[=:]"))
    assert not gate.open("the value is 3")
    assert gate.open(lower_same_length("SERIAL=1"))
    long_s = "\u017ferial=1"  # a case-blind `s` matches the long s
    assert re.search(r"(?i)serial[=:]", long_s)
    assert folded(long_s) == "serial=1" and gate.open(lower_same_length(long_s))
    with every_row_runs():
        assert gate.open("the value is 3")
    assert not gate.open("the value is 3")


def _with_fold_extras(text: str) -> str:
    return text.translate({ord(letter): extra for extra, letter in CASE_FOLD_EXTRAS.items()})


_CASES: st.SearchStrategy[Callable[[str], str]] = st.sampled_from(
    [str, str.upper, str.swapcase, str.title, _with_fold_extras])


@settings(max_examples=300, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                 HealthCheck.data_too_large])
@given(data=st.data())
def test_a_gate_is_open_on_every_text_its_row_matches(data: st.DataObject) -> None:
    pattern = data.draw(st.sampled_from(GATED))
    gate = triggers(pattern)
    text = data.draw(st.from_regex(pattern))  # a text the row matches (often), in any case
    text = data.draw(_CASES)(text) if data.draw(st.booleans()) else text
    if pattern.search(text):
        assert gate.open(lower_same_length(text)), (pattern.pattern, text, gate)


STARTED = [pattern for pattern in _patterns() if triggers(pattern).starts]


def test_start_literals_are_derived_for_word_led_rows() -> None:
    assert len(STARTED) >= 40, len(STARTED)
    assert triggers(re.compile(r"(?i)(?<![\w\-])(?:echo|printf)[ \t]+x")).starts == (
        "echo", "printf")
    assert triggers(re.compile(r"(?:ab|cd)e")).starts is None  # too short to look for
    assert triggers(re.compile(r"(?:abc)?def")).starts is None  # may start either way
    row = re.compile(r"(?i)(?<![a-z])serial=(\d+)")
    text = "\u017ferial=1 SERIAL=2 serial=3 xserial=4 \u017fER\u0130AL=5"
    assert [m.group(1) for m in triggers(row).finditer(row, text, lower_same_length(text))] == [
        m.group(1) for m in row.finditer(text)] == ["1", "2", "3", "5"]


@settings(max_examples=300, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                 HealthCheck.data_too_large])
@given(data=st.data())
def test_finditer_from_the_start_literals_finds_what_finditer_finds(data: st.DataObject) -> None:
    pattern = data.draw(st.sampled_from(STARTED))
    pieces = st.one_of(st.from_regex(pattern), st.sampled_from(FRAGMENTS), st.text(max_size=8))
    text = "".join(data.draw(st.lists(pieces, min_size=1, max_size=6)))
    text = data.draw(_CASES)(text) if data.draw(st.booleans()) else text
    found = triggers(pattern).finditer(pattern, text, lower_same_length(text))
    assert [(m.span(), m.groups()) for m in found] == [
        (m.span(), m.groups()) for m in pattern.finditer(text)], (pattern.pattern, text)


POSITION_PIECES = [
    "scott/tiger@orcl", "sqlplus admin/Hunter2xy@db", "AUTH s3cretpass", "PASS hunter2x",
    "putty -pw Sekr1tPw host", "net use \\\\srv\\c /user:bob S3cret!x", "echo Kq3zP9 > .env",
    "https://hooks.example.com/hooks/1234567/AbCd3fGh1jKl2mNo", "LICENSE_KEY=E3K7-2XPA-9QRT-ZZ11",
    "--serial AB12-CD34-EF56-GH78", "cat ~/.pgpass", "$ pass show web/site", "\u017f", "\u0130",
    "\u212a", "\u0131", "é", "\n$ ", "> ", "SERIAL", "Net Use", "ECHO", "PrintF", "/USER:",
]
TEXTS = st.lists(st.one_of(st.sampled_from(FRAGMENTS + POSITION_PIECES), TOKENISH),
                 max_size=40).map("".join)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXTS)
def test_the_gated_scan_finds_what_the_scan_with_every_row_finds(text: str) -> None:
    padded = "plain words " * 30 + text  # long enough for the sieved path too
    for view in (text, padded):
        with every_row_runs():
            full = scan(view)
        assert scan(view) == full


def test_the_tables_read_their_gates_from_their_rows() -> None:
    assert [gate.needs for gate in positions._POSITION_GATES] == [
        triggers(row).needs for row in positions._POSITIONS]
