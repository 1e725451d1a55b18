"""Cheap necessary conditions, computed once per text, that let a finder skip what cannot
match: the secret columns read only the lines holding a header word, the weak English key
sentence is tried only where its word stands. Each skips nothing the finder would find.
Fakes are built at run time."""

from __future__ import annotations

import random
import string

import pytest

from skillgit.redact.apart import _KEY_QUALIFIERS, _LAST_WORDS, credential_name
from skillgit.redact.context import lower_same_length
from skillgit.redact.gapped import gapped_values
from skillgit.redact.secret_columns import _HEADER_WORDS, secret_cells
from skillgit.redact.triggers import every_row_runs

_RNG = random.Random(4242)


def _fake(size: int = 14) -> str:
    return "".join(_RNG.choice(string.ascii_letters + string.digits) for _ in range(size)) + "9Q"


def test_every_credential_name_holds_a_header_word() -> None:
    names = [*_LAST_WORDS, *(f"{q}_key" for q in _KEY_QUALIFIERS),
             *(f"{q.title()}Key" for q in _KEY_QUALIFIERS), "DB_PASSWORD_HEX", "client_secret_id"]
    for name in names:
        assert credential_name(name, label=True), name
        assert any(word in name.lower() for word in _HEADER_WORDS), name


@pytest.mark.parametrize("header", ["NAME  SECRET  AGE", "# client  server  secret  IP",
                                    "user\tApiKey\thost", "peer  PSK  addr",
                                    "ID  Creds  Zone", "acct  SigningKey  note"])
def test_a_column_named_by_any_header_word_is_read(header: str) -> None:
    value = _fake()
    plain = "".join(f"build step {n} done\n" for n in range(40))
    cells = header.replace("#", "").split()
    row = "\t".join(value if credential_name(c, label=True) else f"v{i}"
                    for i, c in enumerate(cells))
    text = plain + header + "\n" + row + "\n\n" + plain
    found = [text[start:end] for _, start, end in secret_cells(text, lower_same_length(text))]
    assert found == [value]


def test_the_header_lines_are_all_the_lines_a_table_can_start_on() -> None:
    # the same cells with every line read, on tables among many other lines
    value = _fake()
    lines = [f"row {n}  value {n}  more" for n in range(30)]
    lines[7] = "name  password  host"
    lines[8] = f"svc  {value}  db.local"
    lines[9] = ""
    lines[19] = ""
    lines[20] = "name\ttoken\tscope"
    lines[21] = f"ci\t{(other := _fake())}\trepo"
    lines[22] = ""
    lines[25] = "the key  to this  is here"  # a header word on a line that is no header
    text = "\n".join(lines)
    found = list(secret_cells(text, lower_same_length(text)))
    assert [text[start:end] for _, start, end in found] == [value, other]


def test_the_weak_key_sentence_is_found_where_its_word_stands() -> None:
    value = "9f" + _fake(30)
    text = ("some words before. " * 20 + f"The signing key for the feed is {value} now.\n"
            + "other words after. " * 20)
    lowered = lower_same_length(text)
    gated = list(gapped_values(text, lowered))
    with every_row_runs():
        whole = list(gapped_values(text, lowered))
    assert gated == whole
    assert [text[start:end] for _, start, end in gated] == [value]
