"""A password option told apart by the user option beside it (paired_options.py)."""

from __future__ import annotations

import pytest

from skillgit.redact import Redactor
from skillgit.redact.paired_options import iter_paired_option_matches

REDACTOR = Redactor(home="/home/dev")

SECRETS = [
    ("wlfreerdp /v:kiosk-3 /u:usher /p:Brass!ring9 /size:1280x800", "Brass!ring9"),
    ("remote-shell.exe -u:belltower -p:'Clap=per7Rope' -host 10.0.4.2", "Clap=per7Rope"),
    ("archive-sync --user ferry --pw Gull!wake42 --dest /srv", "Gull!wake42"),
    ("vpn-cli connect /user:lifts /pwd:\"Snow Cat 9!\" /gw:alpine", "Snow Cat 9!"),
]

LOOK_ALIKES = [
    "docker run -u 1000 -p 8080:80 ghcr.io/acme/app:1.4",
    "psql -U app -p 5432 -h db.internal",
    "ssh -l deploy -p 2222 bastion",
    "mkdir -p build && cp -u src/a.txt build/",
    "rsync -u -p src/ dst/",
    "tool -u admin -p $DB_PASS",
    "tool /u:admin /p:<password> /v:host",
    "sudo -u postgres pg_ctl -D /var/lib/pgsql/data -p 5433 start",
    "tar -u -p -f backup.tar notes/",
    "mysqldump -u root -p [REDACTED:flag-credential] shop",
]


@pytest.mark.parametrize(("text", "value"), SECRETS)
def test_a_password_option_beside_a_user_option_is_masked(text: str, value: str) -> None:
    out = REDACTOR.redact(text)
    assert value not in out
    assert REDACTOR.redact(out) == out


@pytest.mark.parametrize("text", LOOK_ALIKES)
def test_ports_paths_variables_and_other_meanings_of_p_stay(text: str) -> None:
    assert REDACTOR.redact(text) == text


@pytest.mark.parametrize(("text", "expected"), [
    ("remote-shell.exe -u:belltower -p:'Clap=per7Rope' -host 10.0.4.2",
     "remote-shell.exe -u:belltower -p:'[REDACTED:flag-credential]' -host 10.0.4.2"),
    ("wlfreerdp /u:usher /p:Brass!ring9",
     "wlfreerdp /u:usher /p:[REDACTED:flag-credential]"),
])
def test_the_value_is_cut_exactly(text: str, expected: str) -> None:
    assert REDACTOR.redact(text) == expected


@pytest.mark.parametrize("text", [
    # the user option of another family, or in another command, pairs with nothing
    "wlfreerdp -u usher /p:Brass!ring9",
    "login -u usher; tool -p Brass!ring9",
    "login -u usher\ntool -p Brass!ring9",
    "login -u usher && tool -p Brass!ring9",
    "`login -u usher` then `tool -p Brass!ring9`",
    "tool -p Brass!ring9",
])
def test_a_password_option_pairs_only_with_a_user_option_of_its_command(text: str) -> None:
    assert list(iter_paired_option_matches(text, text.lower())) == []
