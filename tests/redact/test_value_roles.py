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
