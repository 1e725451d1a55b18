"""A made-up value standing as a clause's complement is masked in any language (complement.py)."""

from __future__ import annotations

import pytest

from skillgit.redact import Redactor
from skillgit.redact.complement import made_up

REDACTOR = Redactor(home="/home/dev")

# (text, value): the language's word for "password" is in no vocabulary on purpose; what gives
# the value away is where it stands and what it is made of.
SECRETS = [
    ("Parol ya mashine ya kuhifadhi ni Mbuyu-Tanga-5521, tafadhali usiishiriki.",
     "Mbuyu-Tanga-5521"),
    ("Jelszó a raktárgéphez: Kőris_8830Vb", "Kőris_8830Vb"),
    ("Lozinka za skener je Orah7Planina#Kap — samo za skladište.", "Orah7Planina#Kap"),
    ("Nenosiri la router: Kiboko-Mto-61", "Kiboko-Mto-61"),
    ("the new one for the label printer is Fennec_0412Qz, user printer-ops", "Fennec_0412Qz"),
    ("code d'accès du hangar : Mouette-Brise-7093", "Mouette-Brise-7093"),
    ("kiosk login: admin / Lantern-Oak-4471", "Lantern-Oak-4471"),
]

# (text, piece that must survive): hosts, tickets, builds, versions, boards, ids, fingerprints,
# masked values, identifiers with a number, and made-up looking names inside a sentence.
LOOK_ALIKES = [
    ("Deploy went to db-primary-01, then web-prod-02.", "db-primary-01"),
    ("The ticket is PROJ-4412, assigned to me.", "PROJ-4412"),
    ("Flash it with the board: nrf52840dk_nrf52840", "nrf52840dk_nrf52840"),
    ("The device shows up as ttyACM0.", "ttyACM0"),
    ("The fixture user is TestUser42, nothing else.", "TestUser42"),
    ("We host DNS in Route53.", "Route53"),
    ("The ray id is 8923a1f0cb7e5d2a-AMS", "8923a1f0cb7e5d2a-AMS"),
    ("host key: SHA256:q3mJ8vZ0xKc2LwT9pYbN4sR7eHfD1aUgV6oXiW5kM0E",
     "SHA256:q3mJ8vZ0xKc2LwT9pYbN4sR7eHfD1aUgV6oXiW5kM0E"),
    ("the token shown is rk_live_••••••••Qm7e", "rk_live_••••••••Qm7e"),
    ("image: eclipse-temurin:21-jre", "eclipse-temurin:21-jre"),
    ("It runs on Windows-Server-2019 in the lab next to the printer.", "Windows-Server-2019"),
    ("The migration is V27__add_email_index.", "V27__add_email_index"),
    ("Use the model Llama-3-8B-Instruct for the summaries.", "Llama-3-8B-Instruct"),
    ("It is at 10.20.1.5 now.", "10.20.1.5"),
    ("Commit: 4e1b9c2, version: 3.12.1", "3.12.1"),
]


@pytest.mark.parametrize(("text", "value"), SECRETS)
def test_a_made_up_value_as_the_complement_is_masked(text: str, value: str) -> None:
    out = REDACTOR.redact(text)
    assert value not in out
    assert REDACTOR.redact(out) == out


@pytest.mark.parametrize(("text", "keep"), LOOK_ALIKES)
def test_look_alikes_pass_untouched(text: str, keep: str) -> None:
    assert keep in REDACTOR.redact(text)


@pytest.mark.parametrize(("token", "expected"), [
    ("Kiboko-Mto-61", True), ("Kőris_8830Vb", True), ("Orah7Planina#Kap", True),
    ("Kőris8830Vb", True), ("aB3xY9kQ", False), ("kiboko-mto-61", False),
    ("KIBOKO-MTO-61", False), ("Kiboko-Mto", False), ("Kiboko.Mto-61", False),
    ("db-primary-01", False), ("TestUser42", False), ("OAuth2Client", False),
    ("ttyACM0", False), ("PROJ-4412", False), ("release-1.4.2", False), ("10.0.0.12", False),
])
def test_the_shape_of_a_made_up_value(token: str, expected: bool) -> None:
    assert made_up(token) is expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Nenosiri la router: Kiboko-Mto-61", "Nenosiri la router: [REDACTED:named-in-prose]"),
    ("Nenosiri la router: Kiboko-Mto-61.", "Nenosiri la router: [REDACTED:named-in-prose]."),
    ("wifi ni Kiboko-Mto-61, asante", "wifi ni [REDACTED:named-in-prose], asante"),
    ("wifi ni Kiboko-Mto-61 \u2014 asante", "wifi ni [REDACTED:named-in-prose] \u2014 asante"),
    # inside a sentence, after a long word, or with no digit: no complement
    ("wifi ni Kiboko-Mto-61 kwa wageni", "wifi ni Kiboko-Mto-61 kwa wageni"),
    ("kwa mtandao Kiboko-Mto-61, asante", "kwa mtandao Kiboko-Mto-61, asante"),
    ("wifi ni Kiboko-Mto-Kali, asante", "wifi ni Kiboko-Mto-Kali, asante"),
    # the clause names the value a name: an SSID, a host, a branch is public
    ("the hut's SSID is Rifugio-Alto-22, the password is on the door",
     "the hut's SSID is Rifugio-Alto-22, the password is on the door"),
    ("kiosk host: Lab-Pi-04", "kiosk host: Lab-Pi-04"),
    # … unless the clause named a credential first: then the name is what it is for
    ("Fjalëkalimi për serverin host ë Mal-Guri-4410, faleminderit",
     "Fjalëkalimi për serverin host ë [REDACTED:named-in-prose], faleminderit"),
])
def test_only_the_value_standing_as_the_complement_is_cut(text: str, expected: str) -> None:
    assert REDACTOR.redact(text) == expected
