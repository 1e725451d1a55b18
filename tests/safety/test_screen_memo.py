"""The screen's speed-ups never change a verdict.

- The memo (`skillgit.safety._memo`): a text screened once per process gives the same
  findings as the screen run afresh, for every attack and look-alike of tests/safety and for
  generated texts mixing them with ordinary words, names, encodings and line breaks; a text
  first seen harmless never lets a different (attacking) text through.
- The look-alike index (`lookalike._near`): `imitates` names exactly what a scan of every
  well-known name finds, first in the same order.
- Every flag of the safeguard table is an option (`effects` only matches options).
"""

from __future__ import annotations

import base64
import string

from effects_variants import (
    FIFTH_ROUND,
    FOURTH_ROUND,
    LOOK_ALIKES,
    MORE_LOOK_ALIKES,
    MORE_VARIANTS,
    NOT_FORBIDDING,
)
from effects_variants import VARIANTS as EFFECT_VARIANTS
from hypothesis import given, settings
from hypothesis import strategies as st
from injection_variants import VARIANTS as INJECTION_VARIANTS
from injection_variants2 import VARIANTS as INJECTION_VARIANTS2

import skillgit.safety as safety
from skillgit.safety import lookalike
from skillgit.safety.safeguards import FLAGS

ATTACKS = sorted({text for table in (EFFECT_VARIANTS, MORE_VARIANTS, FOURTH_ROUND, FIFTH_ROUND,
                                     INJECTION_VARIANTS, INJECTION_VARIANTS2)
                  for texts in table.values() for text in texts})
HARMLESS = sorted({*LOOK_ALIKES, *MORE_LOOK_ALIKES, *NOT_FORBIDDING} - set(ATTACKS))
ORDINARY = ["please", "run the tests", "use pnpm not npm", "Claude,", "no,", "then", "and",
            "pip install requests", "npm add reqeusts", "git commit -n", "curl -k", "\n", "; ",
            "ruff check .", "don't", "never", "`", "'", "\""]


def _uncached(text: str, user_voice: bool) -> list[safety.Finding]:
    return safety._screen(text, user_voice=user_voice) if text else []


def test_memoized_findings_equal_the_screen_on_every_known_attack_and_look_alike() -> None:
    safety._memo.cache_clear()
    attacks = ATTACKS[::2]
    refused = 0
    for at, text in enumerate([*attacks, *HARMLESS]):
        for user_voice in (False, True) if at % 4 == 0 else (False,):
            fresh = _uncached(text, user_voice)
            assert safety.findings(text, user_voice=user_voice) == fresh, text
            assert safety.findings(text, user_voice=user_voice) == fresh, text  # from the memo
            refused += bool(fresh) and at < len(attacks) and not user_voice
    assert safety._memo.cache_info().hits >= len(attacks)
    assert refused >= len(attacks) * 9 // 10  # the comparison is made on real refusals


def test_a_memoized_harmless_text_never_lets_a_similar_attack_through() -> None:
    safety._memo.cache_clear()
    for attack in ATTACKS[::4]:
        if not _uncached(attack, False):
            continue
        for harmless in (attack.replace("|", " "), attack[: len(attack) // 2], attack + " "):
            safety.findings(harmless)  # whatever its verdict, it is its own text
        assert safety.refused(attack) == sorted({f.risk for f in _uncached(attack, False)})


def test_the_memo_returns_a_fresh_list_each_time() -> None:
    text = ATTACKS[0]
    first = safety.findings(text)
    first.clear()
    assert safety.findings(text) == _uncached(text, False) != []


def test_long_texts_are_screened_without_the_memo() -> None:
    safety._memo.cache_clear()
    text = "word " * (safety.MEMO_MAX_CHARS // 5) + "\n" + ATTACKS[0]
    assert len(text) > safety.MEMO_MAX_CHARS
    assert safety.findings(text) == _uncached(text, False) != []
    assert safety._memo.cache_info().currsize == 0


_PIECES = st.sampled_from([*ATTACKS, *HARMLESS, *ORDINARY])
_NOISE = st.text(alphabet=string.ascii_letters + string.digits + " -_./:|;&$`'\"\n@=",
                 max_size=30)


@st.composite
def _texts(draw: st.DrawFn) -> str:
    parts = draw(st.lists(st.one_of(_PIECES, _NOISE), min_size=1, max_size=4))
    text = draw(st.sampled_from([" ", "\n", " && ", ". "])).join(parts)
    if draw(st.booleans()):  # an encoded instruction, read as what it decodes to
        encoded = base64.b64encode(draw(_PIECES).encode()).decode()
        text = f"{text} {encoded}"
    return text


@settings(max_examples=150, deadline=None, derandomize=True)
@given(text=_texts(), user_voice=st.booleans())
def test_memoized_and_fresh_screens_agree_on_generated_texts(text: str,
                                                            user_voice: bool) -> None:
    fresh = _uncached(text, user_voice)
    assert safety.findings(text, user_voice=user_voice) == fresh
    assert safety.findings(text, user_voice=user_voice) == fresh
    assert safety.refused(text, user_voice=user_voice) == sorted({f.risk for f in fresh})


def _scan(ecosystem: str, name: str) -> str | None:
    """`imitates` as a scan of every well-known name (what it was before the index)."""
    folded = lookalike.canonical(name)
    known = lookalike._KNOWN.get(ecosystem, frozenset())
    if folded in known or len(folded) < 4:
        return None
    squeezed, limit = folded.replace("-", ""), 1 if len(folded) < 6 else 2
    for other in known:
        if abs(len(other) - len(folded)) > limit + 1:
            continue
        if other.replace("-", "") == squeezed or folded in (other + "s", other + "es") or \
                other in (folded + "s", folded + "es") or \
                lookalike.distance(folded, other) <= limit:
            return other
    parts = folded.split("-")  # a part imitating a well-known name, by the same scan
    for part in parts if len(parts) > 1 else ():
        if len(part) < 6 or part in known:
            continue
        for other in known:
            if len(other) == len(part) and "-" not in other and \
                    lookalike.distance(part, other) == 1:
                return other
    return None


_LETTERS = st.sampled_from("abcdefghijklmnopqrstuvwxyz-_.")


@st.composite
def _edited_names(draw: st.DrawFn) -> tuple[str, str]:
    ecosystem = draw(st.sampled_from(sorted(lookalike._KNOWN)))
    word = list(draw(st.sampled_from(sorted(lookalike._KNOWN[ecosystem]))))
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, max(len(word) - 1, 0)))
        edit = draw(st.sampled_from(["delete", "insert", "replace", "swap", "plural"]))
        if edit == "delete" and word:
            del word[at]
        elif edit == "insert":
            word.insert(at, draw(_LETTERS))
        elif edit == "replace" and word:
            word[at] = draw(_LETTERS)
        elif edit == "swap" and len(word) > 1:
            at = min(at, len(word) - 2)
            word[at], word[at + 1] = word[at + 1], word[at]
        else:
            word += list(draw(st.sampled_from(["s", "es"])))
    return ecosystem, "".join(word)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(case=_edited_names())
def test_the_look_alike_index_finds_what_a_scan_of_every_name_finds(
        case: tuple[str, str]) -> None:
    ecosystem, name = case
    assert lookalike.imitates.__wrapped__(ecosystem, name) == _scan(ecosystem, name)


def test_the_look_alike_index_on_every_well_known_name_edited_once() -> None:
    found = 0
    for ecosystem, known in lookalike._KNOWN.items():
        for name in sorted(known)[::6]:
            for edited in (name[1:], name[:-1] + "x", name[:2][::-1] + name[2:], name + "s",
                           name.replace("-", "_"), name.replace("-", "")):
                expected = _scan(ecosystem, edited)
                assert lookalike.imitates.__wrapped__(ecosystem, edited) == expected
                found += expected is not None
    assert found > 250  # the index is exercised on real matches, not only misses


def test_every_flag_of_the_safeguard_table_is_an_option() -> None:
    """`effects._command_effects` reads only the words that start with a dash."""
    for flag in FLAGS:
        assert len(flag.flag) == 1 or flag.flag.startswith("-"), flag
