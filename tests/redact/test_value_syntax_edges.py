"""The edges of the value syntaxes the redactor's table grew in session 40, which the mutation
run's table area found untested (benchmarks/mutation_scores.md): a short list of bytes is a
credential's value only under its name on the same line and only when it spells printable
text with a digit in it; the rest of a list of codes is read by a layout that says enough (a
separator, eight characters or more); a value's braces are ODBC's quoting only when nothing but
`;` follows them. New examples, none of the round's texts."""

from __future__ import annotations

import pytest

from skillgit.redact import Redactor


@pytest.fixture(scope="module")
def redact() -> Redactor:
    return Redactor(home="/home/dev")


@pytest.mark.parametrize(("text", "kept"), [
    # ten distinct bytes in no order, under no credential's name: a short list is no key
    ("weights = [12, 200, 45, 67, 190, 33, 88, 150, 21, 99]", "12, 200, 45, 67, 190"),
    # under a credential's name, the bytes spell a word (the prompt's label), not a value
    ("static final byte[] PASSWORD_PROMPT = {80, 97, 115, 115, 119, 111, 114, 100};",
     "80, 97, 115, 115, 119, 111, 114, 100"),
    # the credential is named on the line before, not over the bytes
    ("# rotate the password yearly\nlottery = [104, 55, 75, 113, 57, 33, 122, 76, 50, 119]",
     "104, 55, 75, 113, 57, 33, 122, 76, 50, 119"),
    # bytes that spell no printable text (a frame's header) under a token's name
    ("TOKEN_FRAME = [0, 1, 0, 255, 49, 50, 0, 2]", "0, 1, 0, 255, 49, 50, 0, 2"),
    # a word below a code: a layout without a separator joins no list
    ("Recovery codes:\n8h3k2m9x4q\nregenerate\n", "regenerate"),
    # braces with more after them are no ODBC quoting: a JSX attribute's code stays around it
    ("return <Login token={session?.token}></Login>;", "}></Login>;"),
])
def test_the_look_alike_stays(redact: Redactor, text: str, kept: str) -> None:
    assert kept in redact.redact(text)


def test_a_list_of_eight_character_codes_is_masked_whole(redact: Redactor) -> None:
    text = "backup codes for the kiosk account:\nq4d8-t7z\nw2rx-88k\nmufy-hbk\n"
    masked = redact.redact(text)
    assert not any(code in masked for code in ("q4d8-t7z", "w2rx-88k", "mufy-hbk")), masked
