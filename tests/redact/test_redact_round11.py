"""Classes the eleventh blind round found open, with new examples (never the round's texts):
an `expect` script's answer to a password prompt; public roles a credential word nearby must
not mask: an error code (opening its message, or after "fails with"), a DNS label of a host
name, a hex digest assigned to a name that says it is one."""

from __future__ import annotations

import pytest

from skillgit.redact import Redactor

SECRETS = [
    ("spawn ssftp ops@10.2.0.9\nexpect \"*Password:*\"\nsend \"qL7#vR2m!Tz9\\r\"\n",
     "qL7#vR2m!Tz9"),
    ("expect -re \"passphrase for key\"\nsend -- \"orbit-Kelp-4471\\n\"", "orbit-Kelp-4471"),
    ("Kodeordet til routeren er Havmaage_Lemvig_77, skift det i morgen.", "Havmaage_Lemvig_77"),
    ("the restore asks for the vault password. It's 'lantern-quay-5512-moss'. Keep it handy.",
     "lantern-quay-5512-moss"),
    ("Thread network master key: 7D 02 C8 E1 9A 44 5F B6 0C 3E 91 D7 28 AF 63 B5, keep it safe",
     "7D 02 C8 E1 9A 44 5F B6 0C 3E 91 D7 28 AF 63 B5"),
]

KEEP = [
    ("Sign-in fails with AUTH40112: the client secret is wrong, rotate it?", "AUTH40112"),
    ("PG-30021: password authentication failed for user svc_ro", "PG-30021"),
    ("I rotated the password. It's 'fine' now, the job runs again.", "fine"),
    ("00000020  7d 02 c8 e1 9a 44 5f b6 0c 3e 91 d7 28 af 63 b5  |}....D_..>..(.c.|",
     "7d 02 c8 e1 9a 44 5f b6 0c 3e 91 d7 28 af 63 b5"),
    ("vcan0  1A4   [8]  7D 02 C8 E1 9A 44 5F B6", "7D 02 C8 E1 9A 44 5F B6"),
    ("padding: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00", "00 00 00 00 00 00 00 00"),
    ("Husk at skifte kodeordet hver måned.", "kodeordet"),
    ("the token call returned EZX90412 and then timed out", "EZX90412"),
    ("Ship 88123040012-a4kq9z3mf7t2w8b1.apps.googleusercontent.com as the web client id; "
     "the secret stays on the server.", "88123040012-a4kq9z3mf7t2w8b1"),
    ("BOOTLOADER_SHA256 = \"9f2c1e7a5b3d8e4f6a0c2b1d9e7f5a3c8b6d4e2f0a1c3e5b7d9f1a3c5e7b9d1f\"",
     "9f2c1e7a5b3d8e4f6a0c2b1d9e7f5a3c8b6d4e2f0a1c3e5b7d9f1a3c5e7b9d1f"),
]


@pytest.mark.parametrize(("text", "secret"), SECRETS)
def test_the_expect_answer_does_not_survive(text: str, secret: str) -> None:
    assert secret not in Redactor(home="/home/tester").redact(text)


@pytest.mark.parametrize(("text", "kept"), KEEP)
def test_the_public_role_survives(text: str, kept: str) -> None:
    assert kept in Redactor(home="/home/tester").redact(text)


def test_a_password_named_next_to_a_code_is_still_masked() -> None:
    text = "Sign-in fails with AUTH40112: my password there is Hq8-vLw2-Rt5x, change it"
    out = Redactor(home="/home/tester").redact(text)
    assert "AUTH40112" in out and "Hq8-vLw2-Rt5x" not in out


def test_a_hash_named_for_a_secret_is_no_public_digest() -> None:
    text = "HMAC_SHA256_KEY = \"3c5e7b9d1f9f2c1e7a5b3d8e4f6a0c2b1d9e7f5a3c8b6d4e2f0a1c3e5b7d9f1a\""
    assert "3c5e7b9d1f9f2c1e" not in Redactor(home="/home/tester").redact(text)
