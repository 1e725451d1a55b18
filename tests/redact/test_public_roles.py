"""Values public by their structure pass untouched (redact/public.py); secrets in their shape
or their clause are masked wherever they stand. Cases written for the classes the third and
fourth blind rounds found open (not their texts)."""

from __future__ import annotations

import base64
import json

import pytest

from skillgit.redact import Redactor
from skillgit.redact.public import public_spans


def redact(text: str) -> str:
    return Redactor(home="/home/nobody").redact(text)


def _bech32(hrp: str, data: list[int]) -> str:
    """A bech32 string with a valid checksum (BIP-173), for the test's own addresses."""
    charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"

    def polymod(values: list[int]) -> int:
        check = 1
        for value in values:
            top = check >> 25
            check = (check & 0x1FFFFFF) << 5 ^ value
            for i, generator in enumerate((0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD,
                                           0x2A1462B3)):
                if (top >> i) & 1:
                    check ^= generator
        return check

    expanded = [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]
    mod = polymod(expanded + data + [0] * 6) ^ 1
    checksum = [(mod >> 5 * (5 - i)) & 31 for i in range(6)]
    return hrp + "1" + "".join(charset[d] for d in data + checksum)


VALID_BECH32 = _bech32("xyz", [(i * 7 + 3) % 32 for i in range(40)])
HARMLESS_B64 = base64.b64encode(json.dumps(
    {"theme": "dark", "locale": "de-DE", "beta": True}).encode()).decode()

PUBLIC = [
    f"the banner image is data:image/png;base64,{base64.b64encode(bytes(range(60))).decode()}",
    "/nix/store/0c3kq8d0x1h2v5m9r6z4b7n1p0s2w8y3-python3-3.12.4/bin/python3",
    "order 01HZX3V8K6W2N4R7T9M1Q5P0BC was paid",     # a ULID from 2024
    "send refunds to 0x52908400098527886E0F7030069857D2E4169EE7",
    f"the recipient is {VALID_BECH32}",
    '{"kty":"RSA","kid":"k1","n":"sXchDaQebHnPiGvyDOAT4saGEUetSyo9MKLOoWFsueri23bOdgWp4Dy1Wl",'
    '"e":"AQAB"}',
    "PublicKey = kQ7vN2xR8tB4mL6wP0zY3cH5jD9sF1gA7eU2iO4rT6q=",
    '{"messageId":"Zt8QmR2xWv7NpL4cK9bH3sJ6dF1","title":"weekly"}',
    f"config={HARMLESS_B64}",
    "MD5 fingerprint is 5a:91:0c:7e:22:b4:f8:13:6d:a0:3c:e9:41:07:bb:52.",
    "|1|F1E1KeoE/eEWhi10WpGv4OdiO6Y=|3988QV0VE8wmZL7suNrYQLITLCg= ssh-rsa AAAAB3Nza",
    "bisect between 9fceb02d0ae598e95dc970b74767f19372d61af8 and 4e1243b",
    ">>> hashlib.sha1(b'x').hexdigest()\n'11f6ad8ec52a2984abaafd7c3b516503785c2072'",
    "the failing span is in trace 4bf92f3577b34da6a3ce929d0e0e4736",
    "STRIPE_KEY=sk_live_xxxxxxxxxxxxxxxxxxxxxxxx",
    "DB_PASSWORD=REPLACE_ME",
    # (sixth round's classes) a certificate or public key in base64, a label naming a public
    # key, publishable keys, a colon-hex digest named by its algorithm, ids in base64
    "certificate-authority-data: " + base64.b64encode(
        b"-----BEGIN CERTIFICATE-----\nMIIBkTCB+wIJAKHBfpegPjMCMA0GCSqGSIb3DQEBCwUAMBExDzANBgNV"
        ).decode()[:96],
    "  public key: Zr4nQ8vK2mW7xP0tL5sB9cH3jF6gD1aE8uY2iO4qR7w=\n  listening port: 51820",
    'loadStripe("pk_live_51Hq8ZkL2mN4pR7sT9vW1xY3zA5bC7dE9fG1hJ3kL5mN7pQ9rS1tU3vW5")',
    "mapboxgl.accessToken = 'pk.eyJ1IjoiYWNtZSIsImEiOiJjbHh5eiJ9.Qw8rT2yU4iO6pA9sD1fG3h';",
    "upload key SHA-256 4A:91:0C:7E:22:B4:F8:13:6D:A0:3C:E9:41:07:BB:52:19:5E:8D:2F",
    "Status Code: 403, Request ID: 9A1B2C3D4E5F6071, Extended Request ID: "
    "Kq8vR2mW7xP0tL5sB9cH3jF6gD1aE8uY2iO4qR7w+Zx/Nb3=",
    "pin the image by digest: ghcr.io/acme/api:v2.1.0@sha256:"
    "9c1f0b7e3a5d2f4e6b8a0c1d3e5f7a9b2c4d6e8f0a1b3c5d7e9f1a2b4c6d8e0f",
]
SECRETS = [
    ("the new one is Wq4#tZ9v!Lm2, I rotated it", "Wq4#tZ9v!Lm2"),
    ("pwgen printed: Hp3$kL9@vX2q Zr7!nB4%tW8y", "Zr7!nB4%tW8y"),
    ("use ember-quill-harbor-82 to log in to the admin page", "ember-quill-harbor-82"),
    ("staging pw is now Lantern-Otter-Sable-7, rotated today", "Lantern-Otter-Sable-7"),
    ("La password del database è diventata Vk8nR3wQ7pLz ieri.", "Vk8nR3wQ7pLz"),
    ("Sunucunun şifresi Bz5!qT8wMn2x, yar\u0131n de\u011fi\u015fecek.", "Bz5!qT8wMn2x"),
    ("Das Passwort lautet jetzt Birke7Moos, bitte speichern.", "Birke7Moos"),
    ("garage_auth_pass: 58302914", "58302914"),
    ("DB_PASS_2=Rf8kW3zQ", "Rf8kW3zQ"),
    ("smbclient //fs/share -U 'CORP\\svc%Jd7!kQ2wZr' -c ls", "Jd7!kQ2wZr"),
    ("mosquitto_sub -h broker -u gw -P 'Yt6rB2nQ9wLx' -t x", "Yt6rB2nQ9wLx"),
    ("AWS_ACCESS_KEY_ID=AKIAZ7QK3M4PX2R6TBN8", "AKIAZ7QK3M4PX2R6TBN8"),
    ("the SIM pin is 4417 2291", "4417 2291"),
    ("the 2FA setup key for the registrar is 7QKM W3ZP 4XNB R2TA, add it to pyotp",
     "7QKM W3ZP 4XNB R2TA"),
    ("recovery codes for the admin: 8301 2297, 5518 0473", "5518 0473"),
    ("the activation code is KQ7M-3XZP-9WNB-R2TA", "KQ7M-3XZP-9WNB-R2TA"),
    ("private key: " + base64.b64encode(bytes(range(7, 39))).decode(),
     base64.b64encode(bytes(range(7, 39))).decode()),
]
LOOK_ALIKES = [
    "¿Dónde se guarda la contraseña del servidor? No la encuentro.",
    "the login page uses oauth2-proxy and utf-8 everywhere",
    "postgres://user:password@localhost:5432/app",
    "- claude-code 2026-11-04 00000002, turn 8 (ask): “for the record, docker login -u me”",
    "run pnpm test then log in as admin",
    "The password field has 40-odd validation rules.",
    "enable 2FA for the AWS console in SETTINGS PAGE TWO",
    "exit code 137 after 2048 MB; pin the version to 1.4.2",
]


@pytest.mark.parametrize("text", PUBLIC)
def test_a_public_value_passes_untouched(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(("text", "secret"), SECRETS)
def test_a_secret_by_its_shape_or_its_clause_is_masked(text: str, secret: str) -> None:
    assert secret not in redact(text)


@pytest.mark.parametrize("text", LOOK_ALIKES)
def test_a_look_alike_passes(text: str) -> None:
    assert redact(text) == text


def test_a_checksum_decides_bech32_and_a_jwt_part_is_no_harmless_base64() -> None:
    broken = VALID_BECH32[:-1] + ("q" if VALID_BECH32[-1] != "q" else "p")
    assert public_spans(f"x {VALID_BECH32}") and not public_spans(f"x {broken}")
    claims = base64.urlsafe_b64encode(json.dumps(
        {"sub": "svc-report", "iat": 1746633636, "name": "x y z w"}).encode()).decode()
    assert not public_spans(f"token part: {claims.rstrip('=')}")


@pytest.mark.parametrize(("text", "secret"), [
    ('{"Redis": "cache:6380,password=Tern\\u0026Kelp-5150,ssl=True"}', "Kelp-5150"),
    ('{"dsn": "user=app password=Wq8\\u0021zR2mLp host=db"}', "zR2mLp"),
    ("printf 'token=ab\\x3dQz8Lk2Wm9Rt4Xv7Np'", "Qz8Lk2Wm9Rt4Xv7Np"),
])
def test_a_secret_behind_any_one_character_escape_is_masked(text: str, secret: str) -> None:
    assert secret not in redact(text)


def test_escaped_letters_of_ordinary_text_pass() -> None:
    text = 'caf\\u00e9 au lait, \\u00fcber alles, a smile \\ud83d\\ude00'
    assert redact(text) == text


def test_the_value_of_an_object_its_tool_marks_sensitive_is_masked() -> None:
    text = ('{"db_admin": {"sensitive": true, "type": "string", "value": "Otter-Lamp-Quarry"},\n'
            ' "endpoint": {"sensitive": false, "type": "string", "value": "db.example.internal"}}')
    out = redact(text)
    assert "Otter-Lamp-Quarry" not in out and "db.example.internal" in out
