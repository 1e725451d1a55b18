"""The prefilter of the effect tables only skips searches that would find nothing.

- `fold` folds exactly the characters `re.IGNORECASE` takes for ASCII letters;
- on every attack and look-alike of tests/safety (as written, upper-cased, and with the
  letters the engine folds), each row of `effects` that matches the text is one the prefilter
  lets run;
- on generated patterns (literals, classes, groups with scoped case flags, alternations,
  repeats) and texts made to match them, the required text is always in the text.
"""

from __future__ import annotations

import re
import string
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_screen_memo import ATTACKS, HARMLESS

from skillgit.safety import effects
from skillgit.safety.prefilter import FOLDED, Prefilter, fold, required

TABLES = {"text rows": effects._TEXT_ROWS, "settings": effects._SETTINGS}


def _every_character() -> str:
    return "".join(chr(c) for c in range(sys.maxunicode + 1) if not 0xD800 <= c <= 0xDFFF)


def test_fold_maps_every_character_ignorecase_matches_to_an_ascii_letter_onto_it() -> None:
    folded_by_engine = 0
    for found in re.finditer(r"[a-z]", _every_character(), re.I):
        char = found.group()
        assert len(fold(char)) == 1 and fold(char) in string.ascii_lowercase, repr(char)
        assert re.fullmatch(fold(char), char, re.I), repr(char)
        folded_by_engine += not char.isascii()
    assert folded_by_engine == len(FOLDED)  # the table is the engine's list, no more, no less


def _variants(text: str) -> list[str]:
    odd = text.replace("s", "\u017f").replace("k", "\u212a").replace("i", "\u0131")
    return [text, text.upper(), odd]


def test_every_row_that_matches_an_attack_or_look_alike_is_one_the_prefilter_runs() -> None:
    texts = [v for text in [*ATTACKS, *HARMLESS] for v in _variants(text)]
    matched = skipped = 0
    for name, rows in TABLES.items():
        patterns = [pattern for pattern, _ in rows]
        prefilter = Prefilter(patterns)
        for text in texts:
            may = prefilter.possible(text)
            for n, pattern in enumerate(patterns):
                if pattern.search(text):
                    matched += 1
                    assert n in may, (name, pattern.pattern[:80], text)
                skipped += n not in may
    assert matched >= 300          # the comparison is made on real matches
    assert skipped >= 0.8 * len(texts) * sum(map(len, TABLES.values()))   # and it skips


def test_every_row_has_a_required_text() -> None:
    """A row without one is always run: still right, but the prefilter would then buy
    nothing for it (a new row written that way shows here)."""
    assert [p.pattern[:60] for rows in TABLES.values() for p, _ in rows
            if required(p) is None] == []


WORDS = ["ab", "Ab", "kiss", "SKIP", "\u00e9t\u00e9", "x", "no-verify", "-"]
ATOMS = [*(re.escape(w) for w in WORDS), "[a-c]", r"\d", r"\w", ".", r"\b", r"(?<!x)",
         r"(?=a)"]   # (repeats stay bounded: a nested `+` could backtrack for minutes)


@st.composite
def patterns(draw: st.DrawFn, depth: int = 0) -> str:
    parts = draw(st.lists(st.sampled_from(ATOMS) if depth >= 2 else st.one_of(
        st.sampled_from(ATOMS), patterns(depth + 1)), min_size=1, max_size=4))
    body = "".join(parts)
    shape = draw(st.sampled_from(["{}", "(?:{})", "(?i:{})", "(?-i:{})", "(?:{})?",
                                  "(?:{}){{1,2}}", "(?:{}){{2,3}}", "(?:{}|{})", "({}){{0,2}}?"]))
    if "|" in shape:
        return shape.format(body, draw(st.sampled_from(ATOMS)))
    return shape.format(body)


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(source=patterns(), ignore_case=st.booleans(), data=st.data())
def test_a_text_made_to_match_a_pattern_contains_its_required_text(
        source: str, ignore_case: bool, data: st.DataObject) -> None:
    pattern = re.compile(source, re.I if ignore_case else 0)
    text = data.draw(st.from_regex(pattern))
    text = data.draw(st.sampled_from(_variants(text)))
    if pattern.search(text):
        assert Prefilter([pattern]).possible(text) == {0}, (source, text)
