"""A secret is replaced whole: its last character too (`Winter2024!`), and a password that holds
a credential word (`Passw0rd`, `Hunter2Pass`) is a password, not a field name."""

from __future__ import annotations

import re

import pytest

from skillgit.redact import Redactor

VALUES = ["Winter2024!", "Hunter2Pass", "Passw0rd?", "SuperSecret1!", "Tok3nValue!!", "s3cr3tKey9"]
TEMPLATES = [
    "export DB_PASSWORD={v}",
    "PGPASSWORD={v} psql -h db app",
    "password: {v}",
    "secret={v}",
    "  api_key = {v}",
    "the staging db password is {v}",
    "the password for prod is {v} (do not share)",
    "use password {v} for the staging box",
    "mysql -u root --password {v} app",
    "sshpass -p {v} ssh deploy@host",
]
NOT_SECRETS = [
    "password=password_hash",
    "token=accessToken",
    "api_key=api_key_v2",
    "password = password1",
    "the token is invalid!",
    "the password is wrong!",
    "token=self.token",
    "assert user.password != form.password",
]


@pytest.mark.parametrize("template", TEMPLATES)
@pytest.mark.parametrize("value", VALUES)
def test_the_whole_value_is_replaced(template: str, value: str) -> None:
    redacted = Redactor(home="/home/dev").redact(template.format(v=value))
    pattern = re.escape(template).replace(re.escape("{v}"), r"\[REDACTED:[a-z\-]+\]")
    assert re.fullmatch(pattern, redacted), redacted


@pytest.mark.parametrize("text", NOT_SECRETS)
def test_names_and_prose_stay(text: str) -> None:
    assert Redactor(home="/home/dev").redact(text) == text


def test_a_sentence_keeps_its_full_stop() -> None:
    assert Redactor(home="/home/dev").redact("the password is hunter22.") == (
        "the password is [REDACTED:named-in-prose].")
