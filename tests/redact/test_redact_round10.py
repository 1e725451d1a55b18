"""Classes the tenth blind round found open (each case here is the project's own, written for
the class, not the held-out text): secrets that survived and look-alikes that were masked."""

from __future__ import annotations

import pytest

from skillgit.redact import Redactor
from skillgit.redact.apart import credential_name
from skillgit.redact.public_roles import _vin_check_ok

REDACTOR = Redactor(home="/home/tester")

SECRETS = [
    # 1. a password word in another language, a few words, then the value (no colon)
    ("a teszt szerver root jelszava most Kavics#Tó88 lett", "Kavics#Tó88"),
    ("Wi-Fi-verkon salasana on taas Metsä_Polku71, älä jaa sitä.", "Metsä_Polku71"),
    ("zmieniłem hasła admina teraz Zamek!4410 do końca tygodnia", "Zamek!4410"),
    ("Mailgun API key là 5c1e9a7f3b2d48e6a0f1 nhé", "5c1e9a7f3b2d48e6a0f1"),
    ("Project ID của Sentry là 4c2a1e9b còn API key là 6e0b3f9a2c7d41e8b5a0, đừng commit nhé.",
     "6e0b3f9a2c7d41e8b5a0"),
    # 2. digit groups as a whole; every item of a list after its label
    ("unlock it with 403922-118370-655214-209981-774536-310027-892610-447103 at boot",
     "403922-118370-655214-209981-774536-310027-892610-447103"),
    ("backup codes for the billing admin login, keep them offline until the hardware key "
     "arrives next week: q8v2m4x9tz, 7hw3kd0p1s, zm4q8c2n7v, x1r9b6t3ke, 5pf0j2w8ua, n6d3y7q1gh",
     "n6d3y7q1gh"),
    # 3. a value wrapped in a decoding call; the fallback of an environment lookup
    ('SIGNING_KEY = bytes.fromhex("9d41c07be25a83f6")', "9d41c07be25a83f6"),
    ('const hmacSecret = Buffer.from("4f0a9c1de27b5386", "hex");', "4f0a9c1de27b5386"),
    ('password = os.getenv(\n    "SMTP_PASSWORD",\n    "Lp0-zz-Hq71-kest",\n)', "Lp0-zz-Hq71-kest"),
    ('const key = process.env.STRIPE_API_KEY ?? "rk9hQ2xW7mZ3pL";', "rk9hQ2xW7mZ3pL"),
    ('token = os.environ.get("SLACK_BOT_TOKEN") or "tk-48qz-mmv2-9120"', "tk-48qz-mmv2-9120"),
    ('HMAC_SECRET := []byte("7e6d5c4b3a291807")', "7e6d5c4b3a291807"),
    ('<entry key="db.password">Tr0ub4d-or-3</entry>', "Tr0ub4d-or-3"),
    ("recovery key: 118822 447700 112233 998877 665544 221100 334455 778899", "998877"),
    # 4. sibling elements, a .pgpass line, a signed URL's `~hmac=`, an aligned CLI row
    ("<dict>\n  <key>API_SECRET</key>\n  <string>zq9-Wm2p-7Kx4</string>\n</dict>",
     "zq9-Wm2p-7Kx4"),
    ("<property>\n  <name>javax.jdo.option.ConnectionPassword</name>\n"
     "  <value>hive_Pw-2291</value>\n</property>", "hive_Pw-2291"),
    ("pg-replica.lan:5433:reports:ro_user:Tq8@Zk#1vN", "Tq8@Zk#1vN"),
    ("https://cdn.example.net/v/1.mp4?__token__=st=1731600000~exp=1731686400~acl=%2f*~hmac="
     + "9b1e" * 16, "9b1e" * 16),
    ("Name         = ci-runner\nSecret ID    = 2c6f0d1e-8a3b-4f7c-9e2d-5b1a0c3d4e6f\n"
     "Policies     = read-only", "2c6f0d1e-8a3b-4f7c-9e2d-5b1a0c3d4e6f"),
    ("Key                 Value\n---                 -----\n"
     "secret_id           0b8e2f6a-1c3d-4e5f-a7b9-c0d1e2f3a4b5\nsecret_id_ttl       24h",
     "0b8e2f6a-1c3d-4e5f-a7b9-c0d1e2f3a4b5"),
    # the public role of a command's output ends with the key lines right under it
    ("$ solana address -k k.json\nm28MJkfVbJGZd25bodHjVVqomQbK5u9SPhD5UCaPn852\n"
     "and the deploy token, keep it safe:\n7Hq2pWn8zRk3Lm9Xv4Tb2Qc6Ys1",
     "7Hq2pWn8zRk3Lm9Xv4Tb2Qc6Ys1"),
    # a command that prints a public key, chained after one that prints a secret
    ("$ cat ~/wg/private.key; wg pubkey < ~/wg/private.key\nqK3vN8zR1tW6yB0mE4pU7sX2cF5hJ9aL",
     "qK3vN8zR1tW6yB0mE4pU7sX2cF5hJ9aL"),
]


@pytest.mark.parametrize(("text", "secret"), SECRETS)
def test_the_secret_does_not_survive(text: str, secret: str) -> None:
    out = REDACTOR.redact(text)
    assert secret not in out, out


LOOK_ALIKES = [
    # 5. the value belongs to the nearest noun before it, not to a credential word further back
    ("the client secret bound to tenant 'b5e1c2d3-4f50-4a6b-8c7d-9e0f1a2b3c4d' expired",
     "b5e1c2d3-4f50-4a6b-8c7d-9e0f1a2b3c4d"),
    ("use the api key for project 0f3a9c2e-7b14-4d6e-a5c8-3e1f2b9d7c60 only",
     "0f3a9c2e-7b14-4d6e-a5c8-3e1f2b9d7c60"),
    # 6. a check digit or a public role
    ("recall notice for 2T1BR32E15C123456, model year 2005", "2T1BR32E15C123456"),
    ("VIN: SALGA2BE8JA123987 needs the new firmware", "SALGA2BE8JA123987"),
    ("shipment  carrier  tracking_number         eta\n"
     "S-1001    USPS     9400111899223397412034  2024-12-02\n", "9400111899223397412034"),
    ("$ solana-keygen pubkey ~/keys/treasury.json\nm28MJkfVbJGZd25bodHjVVqomQbK5u9SPhD5UCaPn852",
     "m28MJkfVbJGZd25bodHjVVqomQbK5u9SPhD5UCaPn852"),
    ("$ wg pubkey < /etc/wireguard/wg0.key\neAr425r57IQVfBdAnTXsnSBSBlZEYiPTMkpSX1T414c=",
     "eAr425r57IQVfBdAnTXsnSBSBlZEYiPTMkpSX1T414c="),
    # 7. bullets are a value already masked
    ("the dashboard shows `X-Api-Key: ●●●●●●●●●●` until you click reveal", "●●●●●●●●●●"),
    ("their sample has `Authorization: Bearer ••••••••` in it", "Bearer ••••••••"),
    # the new rows' own look-alikes: names that are no credential, words after the word
    ('CACHE_KEY = os.environ.get("CACHE_KEY", "user-profile-v2")', "user-profile-v2"),
    ("<key>CFBundleIdentifier</key><string>com.example.Reader2</string>",
     "com.example.Reader2"),
    ("Das Passwort liegt jetzt in KeePassXC", "KeePassXC"),
    ("a jelszava túl rövid, legalább 12 karakter kell", "12 karakter"),
    ("the password lives in 1Password now", "1Password"),
    ("the build number range 1000-2000-3000-4000 is reserved", "1000-2000-3000-4000"),
    ('<entry key="db.url">jdbc:postgresql://db.lan/app</entry>', "jdbc:postgresql://db.lan/app"),
    ("the recovery key is in the drawer, file recovery.txt", "recovery.txt"),
    ("secret_id_accessor    5d6e7f80-9a1b-4c2d-8e3f-a4b5c6d7e8f9",
     "5d6e7f80-9a1b-4c2d-8e3f-a4b5c6d7e8f9"),
]


@pytest.mark.parametrize(("text", "keep"), LOOK_ALIKES)
def test_the_look_alike_survives(text: str, keep: str) -> None:
    assert keep in REDACTOR.redact(text)


@pytest.mark.parametrize(("name", "label", "expected"), [
    ("DJANGO_SECRET_KEY", False, True), ("SIGNING_KEY_HEX", False, True),
    ("dbPassword", False, True), ("SecretID", True, True), ("SecretID", False, False),
    ("SORT_KEY", False, False), ("PUBLIC_TOKEN", False, False), ("TOKEN_URL", False, False),
])
def test_a_name_names_a_credential_by_its_last_word(name: str, label: bool,
                                                     expected: bool) -> None:
    assert credential_name(name, label=label) is expected


def test_the_vin_check_digit_is_computed_not_listed() -> None:
    assert _vin_check_ok("2T1BR32E15C123456")
    assert not _vin_check_ok("2T1BR32E25C123456")  # one digit off: the check fails
