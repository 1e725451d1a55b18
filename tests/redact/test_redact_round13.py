"""Classes the thirteenth blind round found open in the redactor (measured after the twelfth
round's fixes), with new examples (never the round's texts): an XML element for a password
with attributes, a map written as escaped JSON inside a string, access codes, a
quoted-printable escape inside a value, a driver's positional password, a signing secret in
nginx's digest, a password after its scheme, the word for password in more languages and in
decomposed Unicode, an app password in lower-case groups, an English key told a few words on.
And the look-alikes beside them."""

from __future__ import annotations

import unicodedata

import pytest

from skillgit.redact import Redactor

SECRETS = [
    ('<ns2:Password Type="PasswordDigest">Rv8!kTq2-Lm9xW</ns2:Password>', "Rv8!kTq2-Lm9xW"),
    ('"BROKER__USERS={\\"meter\\": \\"Gq7-Hx2#Lp4v\\"}",', "Gq7-Hx2#Lp4v"),
    ("the kiosk printer's access code is 55190382, pair it over Bluetooth", "55190382"),
    ("Ihr neues Kennwort lautet: Qx4=3DmR7!tK2", "Qx4=3DmR7!tK2"),
    ('$dbh = DBI->connect($dsn, "lab_ro", "Centrif-ug3_42", {RaiseError => 1});',
     "Centrif-ug3_42"),
    ('$pdo = new PDO("mysql:host=db;dbname=shop", "shop_app", "Basket-92_Lemon");',
     "Basket-92_Lemon"),
    ('    secure_link_md5 "$uri$secure_link_expires Zq7vTr29kLmx";', "Zq7vTr29kLmx"),
    ("kiosk@hotel.example:{PLAIN}Lobby-Key_2025:5000:5000::/var/mail/kiosk::", "Lobby-Key_2025"),
    ("cn=svc,dc=example userPassword: {CLEARTEXT}Fax-Modem_77", "Fax-Modem_77"),
    ("Мэдээллийн сангийн нууц үг бол Tal_Nutag_93 шүү", "Tal_Nutag_93"),  # noqa: RUF001
    (unicodedata.normalize("NFD", "Ọ̀rọ̀ aṣínà fún server náà ni Ibadan_Ojo77!"), "Ibadan_Ojo77!"),
    ("the app password for the SMTP relay is wxqz bfkt pmyr hdsv (spaces included)",
     "wxqz bfkt pmyr hdsv"),
    ("the signing key for the firmware channel is 4F1A9C0E77B2D3E8, keep it off the wiki",
     "4F1A9C0E77B2D3E8"),
]

KEEP = [
    ("ED25519 key fingerprint is SHA256:Qm3vZc9dYb1Lx+Jk0tW8uRs2Pq7Hn5Ef4Gd6Ca1Bx0k.",
     "SHA256:Qm3vZc9dYb1Lx+Jk0tW8uRs2Pq7Hn5Ef4Gd6Ca1Bx0k"),
    ("the key name is deploy_2024_rotated and it lives in the vault", "deploy_2024_rotated"),
    ("I removed the token with AccessorID 6d1e2f3a-4b5c-4d7e-8f90-a1b2c3d4e5f6 yesterday",
     "6d1e2f3a-4b5c-4d7e-8f90-a1b2c3d4e5f6"),
    ("smtp:\n  password: !secret smtp_password\n", "!secret smtp_password"),
    ("<key>SUPublicEDKey</key>\n<string>Jx0yQ8v3Lm2Nq7Rt5Wz1Ab4Cd6Ef9Gh0Ij2Kl4Mn6O=</string>",
     "Jx0yQ8v3Lm2Nq7Rt5Wz1Ab4Cd6Ef9Gh0Ij2Kl4Mn6O="),
    ("my laptop's public key is Pq9Xc2Vb7Nm4Lk1Jh8Gf5Ds3Aa0Zx6Cv9Bn2Mq7We4=, add it as a peer",
     "Pq9Xc2Vb7Nm4Lk1Jh8Gf5Ds3Aa0Zx6Cv9Bn2Mq7We4="),
    ("the app password option is hidden here, turn on 2FA first", "hidden here"),
    ("the primary key of the table is order_id", "order_id"),
    ("kiosk@hotel.example:{PLAIN}Lobby-Key_2025:5000:5000::/var/mail/kiosk::",
     ":5000:5000::/var/mail/kiosk::"),
]


@pytest.mark.parametrize(("text", "secret"), SECRETS)
def test_the_secret_does_not_survive(text: str, secret: str) -> None:
    assert secret not in Redactor(home="/home/tester").redact(text)


@pytest.mark.parametrize(("text", "kept"), KEEP)
def test_the_look_alike_survives(text: str, kept: str) -> None:
    assert kept in Redactor(home="/home/tester").redact(text)
