"""Rows read only where they can match (`lines.py`, `lone.py`, the mnemonic lines) find exactly
what the same rows find when tried at every character."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from test_redact_properties import FRAGMENTS, TOKENISH
from test_triggers import _CASES, GATED

from skillgit.redact import structures
from skillgit.redact.context import lower_same_length
from skillgit.redact.lines import line_local, literal_lines
from skillgit.redact.lone import FOUR_CLASSES, four_class_words
from skillgit.redact.triggers import every_row_runs, triggers


@pytest.mark.parametrize(("pattern", "local"), [
    (r"[a-z]{3,}", True),
    (r"-pw[ \t]+(?P<v>[^\s\"'`]{4,128})", True),
    (r"(?im)^[ \t]*pass[ \t]+(\S+)[ \t]*\r?$", True),  # `$` of MULTILINE stops at the line end
    (r"pass[ \t]+(\S+)$", False),  # `$` alone also matches before the text's last newline
    (r"pass\Z", False),
    (r"a\s*b", False),
    (r"a.b", True),
    (r"(?s)a.b", False),
    (r"a[^x]b", False),
    (r"a[^\S\n]b", True),  # any blank but a newline
    (r"a(?!\n)", False),  # what a lookaround looks at counts too
    (r"(?<=\n)a", False),
    (r"(?:ab|c\n)", False),
    (r"a*", False),  # may match empty
    (r"(a)\1", False),  # a back-reference: not read, so not taken as line-local
])
def test_line_local_reads_every_part_of_a_row(pattern: str, local: bool) -> None:
    assert line_local(re.compile(pattern)) is local


LINE_LOCAL = [pattern for pattern in GATED if line_local(pattern)]


def test_most_gated_rows_stay_on_one_line() -> None:
    assert len(LINE_LOCAL) >= 100, len(LINE_LOCAL)  # read from the real rows


def test_literal_lines_are_the_whole_lines_holding_a_literal_joined_when_consecutive() -> None:
    text = "a\nkey one\nkey two\nb\nthe KEY\nc"
    lowered = lower_same_length(text)
    assert [text[s:e] for s, e in literal_lines(text, lowered, ("key",))] == [
        "key one\nkey two", "the KEY"]
    assert literal_lines(text, lowered, ("absent",)) == []


_SEPARATORS = st.sampled_from(["\n", "\r\n", " ", "\t", "", "\n\n", "\u2028", "\x85"])


@settings(max_examples=150, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                 HealthCheck.data_too_large])
@given(data=st.data())
def test_a_line_local_row_on_the_lines_of_its_literal_finds_what_it_finds_everywhere(
        data: st.DataObject) -> None:
    pattern = data.draw(st.sampled_from(LINE_LOCAL))
    pieces = st.one_of(st.from_regex(pattern), st.sampled_from(FRAGMENTS), st.text(max_size=8))
    parts = data.draw(st.lists(st.tuples(pieces, _SEPARATORS), min_size=1, max_size=8))
    text = "".join(piece + separator for piece, separator in parts)
    text = data.draw(_CASES)(text) if data.draw(st.booleans()) else text
    gate = triggers(pattern)
    found = [(m.span(), m.groups()) for m in gate.finditer(pattern, text, lower_same_length(text))]
    assert found == [(m.span(), m.groups()) for m in pattern.finditer(text)], (
        pattern.pattern, text)


_WORDISH = st.lists(st.one_of(
    st.sampled_from(["Summer2024!", "Tr0ub4dor&3", "p@ssW0rd99", "abc", "word", "1.", "12)",
                     "alpha", "bravo", "charlie", "delta", "echoes", "zulu", "**File:**",
                     "-rw-r--r--@", "x@Y1", "é#Ab12345z", "\u3000", "\u00a0", '"', "'", "`",
                     ",", ".", ">", "*", "-", "\r", "\n", " ", "\t", "[", "]", "<", ">"]),
    TOKENISH, st.text(alphabet="aZ9!#$%^&*@~ \t\n\"'`,.;:)?[]<>é", max_size=12)),
    max_size=60).map("".join)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_WORDISH)
def test_the_four_classes_row_from_words_with_a_symbol_finds_what_it_finds_everywhere(
        text: str) -> None:
    fast = [(m.span(), m.groups()) for m in four_class_words(text)]
    with every_row_runs():
        full = [(m.span(), m.groups()) for m in four_class_words(text)]
    assert fast == full == [(m.span(), m.groups()) for m in FOUR_CLASSES.finditer(text)]


_MNEMONIC_WORD = st.sampled_from(["alpha", "bravo", "cat", "delta", "echoes", "zulu", "way",
                                  "lantern", "orbit"])
_NUMBERED = st.tuples(st.sampled_from(["1.", "12)", "3:", "\u0663.", "7"]), _MNEMONIC_WORD)
_WORD_LINES = st.lists(st.tuples(
    st.tuples(st.lists(st.one_of(_MNEMONIC_WORD, _NUMBERED.map(" ".join)), min_size=10,
                       max_size=26),
              st.sampled_from([None, "Zed", "x", "12)", "ok!"]), st.integers(0, 30)).map(
        lambda made: made[0] if made[1] is None else [
            *made[0][:made[2]], made[1], *made[0][made[2]:]]),
    st.sampled_from([" ", ", ", "\t", " \t"]),
    st.sampled_from(["", "- ", "> ", '"', "* ", "`", " \t"]),
    st.sampled_from(["", ".", '"', ",", "`", "\r", " x"])), max_size=5)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_WORD_LINES)
@example([(["cat", "way"] * 6, " ", "", "")])  # the shortest line it matches: 47 characters
@example([(["way"] * 5, " ", "", ""), (["cat", "way"] * 6, ", ", "`", "`")])
def test_the_mnemonic_row_on_lines_of_its_characters_finds_what_it_finds_everywhere(
        lines: list[tuple[list[str], str, str, str]]) -> None:
    text = "\n".join(lead + blank.join(words) + tail for words, blank, lead, tail in lines)
    fast = [(m.span(), m.groups()) for m in structures._mnemonic_lines(text)]
    with every_row_runs():
        full = [(m.span(), m.groups()) for m in structures._mnemonic_lines(text)]
    assert fast == full == [(m.span(), m.groups())
                            for m in structures._MNEMONIC_LINE.finditer(text)]
