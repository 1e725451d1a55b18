"""The screening shell parser reads a run of plain characters inside a word at once
(`shell._PLAIN_RUN`); the parse is exactly the one reading them one by one gives, for every
attack and look-alike of tests/safety and for generated texts full of shell syntax."""

from __future__ import annotations

import re
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_screen_memo import ATTACKS, HARMLESS, _texts

from skillgit.safety import shell
from skillgit.safety.shell import Script, parse

_NEVER = re.compile(r"(?!)")   # no run: every character through `_word_char`, as before


def _one_by_one(text: str, prose: bool) -> Script:
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(shell, "_PLAIN_RUN", _NEVER)
        return parse(text, prose=prose)


def test_every_known_attack_and_look_alike_parses_as_one_character_at_a_time() -> None:
    runs = 0
    for text in [*ATTACKS, *HARMLESS]:
        for prose in (False, True):
            assert parse(text, prose=prose) == _one_by_one(text, prose), text
        runs += any(len(m.group()) > 1 for m in shell._PLAIN_RUN.finditer(text))
    assert runs > len(ATTACKS) // 2   # the fast path is taken, not only the slow one


_SYNTAX = st.text(alphabet=string.ascii_letters + string.digits
                  + " \t\n\\'\"$`&|;<>(){}=-_./:,#*?!@%~[]+", max_size=60)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(text=st.one_of(_SYNTAX, _texts()), prose=st.booleans())
def test_generated_texts_parse_as_one_character_at_a_time(text: str, prose: bool) -> None:
    assert parse(text, prose=prose) == _one_by_one(text, prose)


def test_a_run_stops_where_syntax_starts() -> None:
    script = parse("echo ab12$HOME'c d'>out 2>&1 x(y)z")
    words = [w.raw for w in script[0].commands[0].words]
    assert words == ["echo", "ab12$HOME'c d'", "x(y)z"]
    assert [r.op for r in script[0].commands[0].redirects] == [">", ">&"]
