"""The C-speed ways of finding where a row can match (`shapes.py`, `apart.decoder_call`,
`vocab.any_word_test`, gapped's English-word starts) find exactly what the rows themselves find:
each is compared with the row run over the whole text (`triggers.every_row_runs`)."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_redact_properties import FRAGMENTS, TOKENISH

from skillgit.redact import apart, blocks, gapped, lone, maps, shapes
from skillgit.redact import structures as structures_module
from skillgit.redact.clause import CODE_WORDS
from skillgit.redact.context import lower_same_length
from skillgit.redact.scan import scan
from skillgit.redact.triggers import every_row_runs
from skillgit.redact.vocab import any_word_test

PIECES = [
    "5A B3 E5 0C ", "ff ", "0a", " ", "  ", "\n", "\r\n", "\t", "$ ", "> ", "PS C:\\src> ",
    "user@host:~/x$ ", "C:\\src> ", "pass show web/site\n", "Summer2024!", "Xk9#mQ2v!Lp",
    "password", "Password. It's ", "pwd", "passphrase", "that is ", "here it is: ", "'", '"',
    "Kq3zP9x#Lm2v", "bytes.fromhex(", 'b"', "Buffer.from (", " ('", "decode(b'", "from", "(",
    "SECRET_KEY = ", "totp", "backup codes", " key", "recovery key", "2FA", "é", "…", "\u017f",
    "passwort ist ", "mot de passe", "-pw ", "AUTH ", *FRAGMENTS,
]
TEXTS = st.lists(st.one_of(st.sampled_from(PIECES), TOKENISH), max_size=50).map("".join)
FAST = settings(max_examples=200, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _spans(matches: object) -> list[tuple[tuple[int, int], tuple[str | None, ...]]]:
    return [(m.span(), m.groups()) for m in matches]  # type: ignore[attr-defined]


@FAST
@given(TEXTS)
def test_rows_tried_at_line_starts_find_what_they_find_everywhere(text: str) -> None:
    for row in (lone.LONE_LINE, blocks._PROMPT_LINE):
        assert _spans(shapes.line_matches(row, text)) == _spans(row.finditer(text)), row.pattern


def test_a_row_that_can_match_inside_a_line_is_refused() -> None:
    with pytest.raises(ValueError, match="line starts"):
        list(shapes.line_matches(re.compile(r"x+"), "xx"))


@FAST
@given(TEXTS)
def test_spaced_hex_gate_is_open_wherever_the_row_matches(text: str) -> None:
    if structures_module._SPACED_BYTES.search(text) is not None:
        assert shapes.holds_spaced_hex(text)
    with every_row_runs():
        assert shapes.holds_spaced_hex(text)


def test_spaced_hex_gate() -> None:
    key = " ".join(f"{value:02X}" for value in range(40, 56))
    assert shapes.holds_spaced_hex(f"key: {key}\n")
    assert structures_module._SPACED_BYTES.search(f"key: {key}\n") is not None
    assert not shapes.holds_spaced_hex(key[:-3] + "\n" + key[-2:])
    assert not shapes.holds_spaced_hex("plain words " * 40)


@FAST
@given(TEXTS)
def test_decoder_call_is_the_regex(text: str) -> None:
    lowered = lower_same_length(text)
    assert apart.decoder_call(lowered) == (apart._DECODER_CALL.search(lowered) is not None)


@pytest.mark.parametrize(("text", "called"), [
    ("k = bytes.fromhex('00ff')", True), ("k = Buffer.from \t ( \"x\")", True),
    ("k = decode(b'eA==')", True), ("print('x')", False), ("from ('x')", True),
    ("fromage('x')", False), ("bytes (\nb'x')", False), ("atob", False)])
def test_decoder_call_examples(text: str, called: bool) -> None:
    lowered = lower_same_length(text)
    assert apart.decoder_call(lowered) is called
    assert (apart._DECODER_CALL.search(lowered) is not None) is called


@FAST
@given(TEXTS)
def test_any_word_test_is_any_word_in(text: str) -> None:
    lowered = lower_same_length(text)
    assert any_word_test(CODE_WORDS)(lowered) == any(word in lowered for word in CODE_WORDS)


def test_any_word_test_keeps_the_words_no_other_holds() -> None:
    holds = any_word_test(("setup key", "key", "totp", "otp", "a b c"))
    assert holds("a keyboard") and holds("an otp") and holds("x a b c y")
    assert not holds("a b") and not holds("ke y")


@FAST
@given(TEXTS)
def test_gapped_values_from_the_english_words_are_those_of_every_position(text: str) -> None:
    lowered = lower_same_length(text)
    found = list(gapped.gapped_values(text, lowered))
    with every_row_runs():
        assert list(gapped.gapped_values(text, lowered)) == found


MAP_PIECES = ["users", "Users", "USERS_1", "registeredUsers", "tokens", "secrets ", '"users"',
              "'logins'", ": ", " = ", "=", "{", "}", "\n", " ", "\t", "alice", '"bob"',
              '"Xk9#mQ2v!Lp"', "'pw-1234-x'", ", ", "x" * 70, '{"a": "bbbb"}', "é", "\u0130",
              "[", "]", '{"alice": "Xk9#mQ2v!Lp"}', "{alice = 'pw-1234-x'}"]
MAP_TEXTS = st.lists(st.sampled_from(MAP_PIECES), max_size=30).map("".join)


@FAST
@given(st.one_of(MAP_TEXTS, TEXTS))
def test_brace_maps_from_the_braces_are_those_of_every_position(text: str) -> None:
    found = _spans(maps.brace_maps(text))
    with every_row_runs():
        assert _spans(maps.brace_maps(text)) == found
    assert found == _spans(m for m in maps._BRACE_MAP.finditer(text)
                           if maps._collection(m.group("n")) is not None)


@pytest.mark.parametrize(("text", "values"), [
    ('{"users": {"alice": "Xk9#mQ2v!Lp"}}', ["Xk9#mQ2v!Lp"]),
    ('cfg = {"a": 1}\nUSERS = {"alice": "Xk9#mQ2v!Lp", "bob": "Q7$wz!2Lr9"}', ["Xk9#mQ2v!Lp",
                                                                              "Q7$wz!2Lr9"]),
    ('x {"a": "b"} users  =  {"alice": "Xk9#mQ2v!Lp"}', ["Xk9#mQ2v!Lp"]),
    ('roles = {"alice": "Xk9#mQ2v!Lp"}', []),  # no collection's key
    ('users: {"alice": {"pw": "Xk9#mQ2v!Lp"}}', []),  # a nested map is a user's record
])
def test_brace_map_examples(text: str, values: list[str]) -> None:
    spans = [(start, end) for _, start, end in maps.principal_values(text, text.lower())]
    assert [text[start:end] for start, end in spans] == values


def test_a_next_sentence_inside_a_value_just_read_is_not_read_again() -> None:
    # the value `1passwd` holds an English word; finditer goes on from its end, and so must
    # the search from the words' positions
    text = "password it's '1passwd it's 'Xk9#mQ2v!Lp'"
    lowered = lower_same_length(text)
    with every_row_runs():
        full = list(gapped.gapped_values(text, lowered))
    assert list(gapped.gapped_values(text, lowered)) == full == []
    inner = text[text.index("passwd"):]  # alone, the inner sentence gives its value
    assert [inner[start:end] for _, start, end in gapped.gapped_values(
        inner, lower_same_length(inner))] == ["Xk9#mQ2v!Lp"]


@settings(max_examples=60, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(TEXTS)
def test_the_scan_finds_what_it_finds_with_every_row_run_everywhere(text: str) -> None:
    padded = "plain words " * 30 + text  # long enough for the sieved path too
    for view in (text, padded):
        with every_row_runs():
            full = scan(view)
        assert scan(view) == full
