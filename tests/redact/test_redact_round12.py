"""Classes the eleventh and twelfth blind rounds left open, with new examples (never the rounds'
texts): a key that is a passphrase in any language and a compound's word for password; a
generic label's value under a line naming a credential; maps of users or of secrets; an X12
envelope's security field; a UUID issued under a credential prefix; a package manager's
credentials for a host; salts without capitals. And the public roles next to them: identifiers
named in prose, values in a clause saying they are published, base64 of a record, an address
with checksum capitals, a certificate's serial, keys whose kind names a record, a standard's
section number, where a credential is kept."""

from __future__ import annotations

import pytest

from skillgit.redact import Redactor

SECRETS = [
    # a passphrase key, the qualifier before, hyphenated, compounded or after the word
    ("Gäste-WLAN: SSID CAFE-2, WLAN-Schlüssel Eichhorn-7-Mond-Rot. Bitte nicht teilen.",
     "Eichhorn-7-Mond-Rot"),
    ("Box in the lab: wifi key: Harbor-Finch-58-Tide, ssid LAB-5", "Harbor-Finch-58-Tide"),
    ("Para el almacén: clave de red Lagarto-31-Verde, SSID ALM-3", "Lagarto-31-Verde"),
    ("Kiosk setup: Netzwerkschlüssel ist Pflaume-66-Turm danach neu starten", "Pflaume-66-Turm"),
    ("Staging box: Admin-Passwort Kupfer-Elster-93 (nicht ins Wiki)", "Kupfer-Elster-93"),
    # a generic label's value under a line naming a credential
    ("Rotating the token for service account ingest-bot...\nDone.\nValue: hQ3-Zr8_vLp2Xw+Kt9",
     "hQ3-Zr8_vLp2Xw+Kt9"),
    ("Password for user [kibana_system] was changed.\nNew value: Ty6+Lm0=Qa8_Wn3Rk",
     "Ty6+Lm0=Qa8_Wn3Rk"),
    # maps of users to passwords, and of names to secrets (any shape: a UUID too)
    ('"basicAuthUsers": {\n  "ops": "Jn4vQ8mWz2Lk",\n  "grafana": "Pz7rT1xKc5Hy"\n}',
     "Jn4vQ8mWz2Lk"),
    ('"basicAuthUsers": {\n  "ops": "Jn4vQ8mWz2Lk",\n  "grafana": "Pz7rT1xKc5Hy"\n}',
     "Pz7rT1xKc5Hy"),
    ("broker:\n  users:\n    meter-17: Wq2Ld9Vx4Rt\n    scada: Bn8Hs3Kp6Zy\n  port: 8883",
     "Bn8Hs3Kp6Zy"),
    ('credentials {\n  replication = "5b2e7c1a-93d4-4f60-8a1b-c7e2d9f04a63"\n}',
     "5b2e7c1a-93d4-4f60-8a1b-c7e2d9f04a63"),
    # an X12 envelope's security information under a qualifier other than 00
    ("ISA*00*          *01*Rk7Mw2Qz9T*ZZ*SENDERID       *ZZ*RECEIVER       *250101*1200*U*"
     "00401*000000001*0*T*:~", "Rk7Mw2Qz9T"),
    # a UUID a product issues under a credential prefix
    ("point the edge worker at key-7d41c0b2-5e9a-4c3f-b8d6-0a2f91e6c473 for prod",
     "7d41c0b2-5e9a-4c3f-b8d6-0a2f91e6c473"),
    # a package manager's credentials for a host
    ("bundle config set --local gems.vendor-corp.io deploy:f4c81a9e2b7d && bundle install",
     "f4c81a9e2b7d"),
    ("composer config --auth http-basic.repo.vendor.io builder Vq83-LmZ2-pX71",
     "Vq83-LmZ2-pX71"),
    # a salt random over lower case, digits and many symbols
    ("define( 'LOGGED_IN_SALT', 'k9#q)x2!m@4^z%w8&j(7r*t1~p6+f3=v0' );",
     "k9#q)x2!m@4^z%w8&j(7r*t1~p6+f3=v0"),
]

KEEP = [
    # identifiers named as public in prose, and values in a "published" clause
    ("Use the carrier's documented sandbox tracking number 9400110200881234567893 in the test.",
     "9400110200881234567893"),
    ("Order #A7Q2-99812 shipped; invoice number INV2024-00781 follows.", "INV2024-00781"),
    ("Microsoft publishes a generic key for Server 2022 evaluation; the published KMS key is "
     "VDYBN-27WPP-V4HQT-9VMD4-VMK7H, use it on the test VMs.", "VDYBN-27WPP-V4HQT-9VMD4-VMK7H"),
    # base64 of a record's text in a test
    ('assert b64("ORC|NW|LAB") == "T1JDfE5XfExBQg=="', "T1JDfE5XfExBQg=="),
    # an address written with checksum capitals, inside an explorer's URL
    ("see https://polygonscan.com/address/0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B#events",
     "0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B"),
    # a certificate's serial printed by openssl
    ("$ openssl x509 -in ca.pem -noout -serial\nserial=7C1E04B99A2D3F60E1A8",
     "7C1E04B99A2D3F60E1A8"),
    # keys whose kind names a record, not a secret
    ("-H 'Idempotency-Key: 3f8e2a71-0c4d-4b9e-9a16-d52f7c08b3e4'",
     "3f8e2a71-0c4d-4b9e-9a16-d52f7c08b3e4"),
    ("PARTITION_KEY=tenant-4471-eu", "tenant-4471-eu"),
    # a standard's section in a policy message next to the word password
    ("password rejected by policy (see NIST-SP-800.63.5)", "NIST-SP-800.63.5"),
    # where a credential is kept, not the credential
    ("LoadCredential=smtp_pass:/run/keys/smtp_pass", "/run/keys/smtp_pass"),
    # a user's name in brackets after "password of the"
    ("This will reset the password of the [logstash_writer] user.", "[logstash_writer]"),
    # maps of users to roles, addresses and ids; design tokens
    ('"users": {"ana": "admin", "li": "li@example.org", '
     '"bo": "0b6f1d2e-8c4a-4e7b-9f30-5d1c2a7e8b96"}',
     "0b6f1d2e-8c4a-4e7b-9f30-5d1c2a7e8b96"),
    ('{"tokens": {"space-4": "1rem", "brand": "#0f766e", "font": "Inter, sans-serif"}}', "#0f766e"),
    # a request id under a prefix that names no credential
    ("cinder: req-8a1f3c2e-4b5d-4e6f-9a0b-1c2d3e4f5a6b failed",
     "req-8a1f3c2e-4b5d-4e6f-9a0b-1c2d3e4f5a6b"),
    # an EDI envelope with no security information keeps its fields
    ("ISA*00*          *00*          *ZZ*SENDERID       *ZZ*RECEIVER       *250101*1200*U*",
     "SENDERID"),
    # a git remote's URL set with config is no bundler credential
    ("git config remote.origin.url git@github.com:acme/tools.git", "git@github.com:acme/tools.git"),
]


@pytest.mark.parametrize(("text", "secret"), SECRETS)
def test_the_secret_does_not_survive(text: str, secret: str) -> None:
    assert secret not in Redactor(home="/home/tester").redact(text)


@pytest.mark.parametrize(("text", "kept"), KEEP)
def test_the_look_alike_survives(text: str, kept: str) -> None:
    assert kept in Redactor(home="/home/tester").redact(text)


def test_a_published_clause_does_not_unmask_a_password_in_it() -> None:
    text = "the documented admin password for the kiosk is Qm7-Rz2-Lp9x, rotate it"
    assert "Qm7-Rz2-Lp9x" not in Redactor(home="/home/tester").redact(text)


def test_base64_of_a_password_stays_masked() -> None:
    # `Tr0ub4dor&3` decodes to letters glued to digits: no record's text
    assert "VHIwdWI0ZG9yJjMhIQ==" not in Redactor(home="/home/tester").redact(
        "the value is VHIwdWI0ZG9yJjMhIQ== from the secret")


def test_a_record_key_with_a_random_value_is_still_judged_by_the_net() -> None:
    out = Redactor(home="/home/tester").redact("CACHE_KEY=Zq81kP0aQv77Lm3Nx9Rt2Yw")
    assert "Zq81kP0aQv77Lm3Nx9Rt2Yw" not in out


def test_the_new_rows_are_idempotent() -> None:
    redactor = Redactor(home="/home/tester")
    for text, _ in SECRETS:
        once = redactor.redact(text)
        assert redactor.redact(once) == once
