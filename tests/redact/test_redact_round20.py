"""Classes the twentieth blind round left open in the redactor (3 of 95 leaked, 4 of 58
look-alikes altered at first contact), with new examples written for each: a PIN or code
ending its clause with a comma; `creds` as a key's credential word; a short word of noise
standing alone (8 to 15 letters and digits switching case and class as a random key does:
default-deny below the tokenizer's 16);
look-alikes in a public role: a published advisory's id (GitHub's, the Python, Rust and Go
databases'), an HTTP content validator (`etag`), the name a secret store is asked for right
after the command that asks for it (derived from the one table of credential commands), a
reverse-DNS name assigned to a key named for a secret (an Android intent extra), and product
names, codecs and charsets that mix case and digits as words do. Each look-alike sits beside
a real secret that stays masked."""

from __future__ import annotations

import pytest

from skillgit.redact import Redactor

SECRETS = [
    ("the gate modem's SIM PIN was 7314, then the PUK 55019283 locked it", "7314"),
    ("door controller passcode is 862047, change it after the audit", "862047"),
    ("The printer farm's LAN code: set it to Hq4tZ8rN7k in the slicer", "Hq4tZ8rN7k"),
    ("bike dock 17 unlocks with 3fTq9Xz2Lb from the ops app", "3fTq9Xz2Lb"),
    ("the licensed gem server takes our creds: 7a1c90e2:4b8d3f61", "4b8d3f61"),
    ("DB_CREDS=app_rw:Lq82mZx", "Lq82mZx"),
    ("Field tablet PIN is 4417, the admin one is different", "4417"),
    ("then `op item get r8d2kq4m5p7x9z1w3y6v0b2n4a --reveal` printed password: "
     "Tq7!vR2#mZ9xLp4w", "Tq7!vR2#mZ9xLp4w"),
    ('const val EXTRA_TOKEN = "com.acme.extra.TOKEN"\nconst val API_TOKEN = '
     '"Zr8TqWx3Lm9Kp2Vb7Nc4"', "Zr8TqWx3Lm9Kp2Vb7Nc4"),
]

LOOKALIKES = [
    ("npm audit: GHSA-93q8-gq69-wqmw (high) in minimist, see the advisory", "GHSA-93q8-gq69-wqmw"),
    ("pip-audit found PYSEC-2023-117 and RUSTSEC-2024-0332 came from the Rust side; "
     "GO-2024-2687 too", "RUSTSEC-2024-0332"),
    ("< HTTP/2 200\n< etag: W/\"1f3-Vb8Qx2Lm7Kp4Zr9Tq3Wn6Yc1\"\n< cache-control: max-age=60",
     'W/"1f3-Vb8Qx2Lm7Kp4Zr9Tq3Wn6Yc1"'),
    ("> If-None-Match: \"8Hq2Zr7Lx4Tm9Vb3Kp6W\"", '"8Hq2Zr7Lx4Tm9Vb3Kp6W"'),
    ("run `op item get r8d2kq4m5p7x9z1w3y6v0b2n4a --fields username` to see who owns it",
     "r8d2kq4m5p7x9z1w3y6v0b2n4a"),
    ("the value lives in Vault: `vault kv get kv/q7x2m9p4t8w1z5r3/smtp`",
     "kv/q7x2m9p4t8w1z5r3/smtp"),
    ('const val EXTRA_PASSWORD_RESET_TOKEN = "com.acme.pets.extra.PASSWORD_RESET_TOKEN"',
     "com.acme.pets.extra.PASSWORD_RESET_TOKEN"),
    ("pin the version to 2,048 builds and the cache to 1,024 entries", "2,048"),
    ("Test on iPhone15Pro and the OAuth2Client against x86Arm64Linux builds", "iPhone15Pro"),
    ("Test on iPhone15Pro and the OAuth2Client against x86Arm64Linux builds", "x86Arm64Linux"),
    ("!AIVDM,1,1,,A,15Mw8k0P00G?tO`K>RA1wUbN0TKH,0*5C", "15Mw8k0P00G?tO`K>RA1wUbN0TKH"),
    ("the demo is at https://youtu.be/Zk3Qw9Rt5Yp and the docs link below", "Zk3Qw9Rt5Yp"),
    ("ES2022 target, utf8mb4 charset, Python3.12 and H264Decoder stay", "utf8mb4"),
]


@pytest.fixture(scope="module")
def redactor() -> Redactor:
    return Redactor(home="/home/tester")


@pytest.mark.parametrize(("text", "secret"), SECRETS)
def test_round20_secrets_masked(redactor: Redactor, text: str, secret: str) -> None:
    assert secret not in redactor.redact(text)


@pytest.mark.parametrize(("text", "keep"), LOOKALIKES)
def test_round20_lookalikes_kept(redactor: Redactor, text: str, keep: str) -> None:
    assert keep in redactor.redact(text)
