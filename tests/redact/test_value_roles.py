"""What a value under a credential's name is: a label in some language, a host, or a value with a
config syntax's escapes in it."""

from __future__ import annotations

import pytest

from skillgit.redact import Redactor

REDACTOR = Redactor(home="/home/dev")


@pytest.mark.parametrize("text", [
    '{"auth.password": "Jelszó", "auth.password.hint": "Elfelejtett jelszó?"}',
    "login.password = Contrasenya",
    'PASSWORD_LABEL: "Passwort"',
    "The client id is 70314-ab12cd34ef56gh78.apps.example-login.com, it ships in the page.",
])
def test_labels_and_hosts_under_a_credential_name_stay(text: str) -> None:
    assert REDACTOR.redact(text) == text


@pytest.mark.parametrize(("text", "value"), [
    ("ferry.db.password=Gaff\\#rig77", "Gaff\\#rig77"),
    ("kiosk.pin.password=Ro\\!wlock\\=8", "Ro\\!wlock\\=8"),
    ("password = Passwort99!", "Passwort99!"),
])
def test_values_with_escapes_or_digits_are_masked(text: str, value: str) -> None:
    out = REDACTOR.redact(text)
    assert value not in out
    assert REDACTOR.redact(out) == out


def test_a_hex_value_named_a_credential_is_masked_beside_an_id() -> None:
    text = "the sender key is 4be1c07a9d2f3e6b8a0c5d7e9f1a2b3c-eu12 and the list id is 7d3e9a1c5b"
    out = REDACTOR.redact(text)
    assert "4be1c07a9d2f3e6b8a0c5d7e9f1a2b3c" not in out
    assert "list id is 7d3e9a1c5b" in out


def test_a_key_id_fetched_from_a_key_server_stays() -> None:
    text = ("gpg --keyserver hkps://keys.openpgp.org --recv-keys "
            "7B1C4E90D25F3A86C9E2B04D1F6A83C5E29B7D10")
    assert REDACTOR.redact(text) == text


@pytest.mark.parametrize(("text", "kept"), [
    ("the kiosk secret is qzvkrbtmxd, rotate it monthly", None),
    ("the kiosk secret is strawberry, rotate it monthly", "strawberry"),
    ("the token is expired, log in again", "expired"),
])
def test_one_case_noise_after_a_credential_word_is_a_value(text: str, kept: str | None) -> None:
    out = REDACTOR.redact(text)
    if kept is None:
        assert "qzvkrbtmxd" not in out
    else:
        assert out == text
