"""Tables keyed by row: a row whose first cell names a credential holds it (row_keyed.py)."""

from __future__ import annotations

from skillgit.redact import Redactor
from skillgit.redact.row_keyed import iter_row_keyed_matches

REDACTOR = Redactor(home="/home/dev")

BORDERED = """\
+-----------------+----------------------------------+----------+
| name            | value                            | type     |
+-----------------+----------------------------------+----------+
| DB_HOST         | db.ferry.internal                | constant |
| DB_PASSWORD     | q|7Rx!a[Lm]2                     | constant |
| LOGIN_API_TOKEN | kT#4v{9wz}=P                     | variable |
| CACHE_TTL       | 300                              | constant |
+-----------------+----------------------------------+----------+"""


def test_a_bordered_row_named_for_a_credential_is_masked_whole() -> None:
    out = REDACTOR.redact(BORDERED)
    for value in ("q|7Rx!a[Lm]2", "kT#4v{9wz}=P", "Rx!a"):
        assert value not in out
    for kept in ("db.ferry.internal", "| 300 ", "DB_PASSWORD", "LOGIN_API_TOKEN", "constant"):
        assert kept in out
    assert out.count("\n") == BORDERED.count("\n")
    assert REDACTOR.redact(out) == out


def test_a_markdown_row_named_for_a_credential_is_masked() -> None:
    text = "| key | value |\n|---|---|\n| bell_api_token | Zq8!mR2#vL |\n| region | eu-west |"
    out = REDACTOR.redact(text)
    assert "Zq8!mR2#vL" not in out
    assert "| region | eu-west |" in out
    assert "| bell_api_token | [REDACTED:" in out


def test_rows_of_names_placeholders_and_public_keys_stay() -> None:
    text = ("| Variable_name | Value |\n| have_ssl | YES |\n| password | ******** |\n"
            "| public_key | age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p |\n"
            "| DB_USER | lifts_admin |")
    assert REDACTOR.redact(text) == text


def test_cells_are_cut_at_the_border_corners_even_around_a_spaced_bar() -> None:
    text = ("+-------------+--------------+\n"
            "| name        | value        |\n"
            "+-------------+--------------+\n"
            "| DB_PASSWORD | ab | cd!9Q   |\n"
            "| DB_NAME     | lifts        |\n"
            "+-------------+--------------+")
    out = REDACTOR.redact(text).split("\n")
    assert out[3] == "| DB_PASSWORD | [REDACTED:table-credential]   |"
    assert out[4] == "| DB_NAME     | lifts        |"


def test_a_markdown_value_is_cut_without_its_padding() -> None:
    text = "| api_token |  Zq8!mR2#vL   |"
    assert REDACTOR.redact(text) == "| api_token |  [REDACTED:table-credential]   |"


def test_a_row_of_prose_is_no_key() -> None:
    text = ("| Claim | Requires |\n|-------|----------|\n"
            "| Tests pass | Test command output: 0 failures |\n| Secret key | Kx9!vR2#mQ |")
    row = "| Tests pass | Test command output: 0 failures |"
    assert REDACTOR.redact(text).split("\n")[2] == row


def test_an_empty_value_cell_is_no_value() -> None:
    text = "| api_token |    |\n| db_password | ******** |"
    assert list(iter_row_keyed_matches(text, text.lower())) == []
