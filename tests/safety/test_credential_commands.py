"""One table of credential-printing commands (`skillgit.credential_commands`), two readers:
redaction masks what a `PRINTS` row's command printed, the screen refuses a rule that
recommends a `GRANTS` row's command. Each command below is read by both, and each reader
answers as the row's readers say."""

from __future__ import annotations

import pytest

from skillgit.credential_commands import BOTH, CREDENTIAL_COMMANDS, GRANTS, PRINTS
from skillgit.redact.blocks import prints_secrets
from skillgit.safety import refused

# (command, its output is secret, recommending it is credential access)
COMMANDS = [
    ("op read op://vault/db/password", True, True),
    ("gcloud secrets versions access latest --secret=db", True, True),
    ("aws secretsmanager get-secret-value --secret-id prod/db", True, True),
    ("bw get password prod-db", True, True),
    ("heroku config:get DATABASE_URL", True, True),
    ("gh auth token", True, True),
    ("terraform output -raw db_password", True, False),
    ("base64 -d creds.b64", True, False),
    ("sops -d secrets.enc.yaml", True, False),
    ("gpg --export-secret-keys ops@acme.test", False, True),
    ("git credential fill", False, True),
    ("az account get-access-token --resource https://vault.azure.net", False, True),
    ("gcloud auth print-access-token", False, True),
    ("gcloud auth application-default print-access-token", False, True),
]


@pytest.mark.parametrize(("command", "prints", "grants"), COMMANDS)
def test_each_reader_reads_its_rows(command: str, prints: bool, grants: bool) -> None:
    assert prints_secrets(command) is prints
    assert bool(refused(command)) is grants


def test_every_row_names_its_readers() -> None:
    assert CREDENTIAL_COMMANDS
    for row in CREDENTIAL_COMMANDS:
        assert row.readers and row.readers <= BOTH, row
        assert row.rest or PRINTS in row.readers, row  # the screen joins program and rest
    assert any(row.readers == BOTH for row in CREDENTIAL_COMMANDS)
    assert any(row.readers == {GRANTS} for row in CREDENTIAL_COMMANDS)
