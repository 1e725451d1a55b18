"""Classes the sixteenth to eighteenth blind rounds left open in the redactor, with new
examples: codes
under a word for one (backup codes in columns, a PUK, a confirmation code as a JSON key), a
label naming a credential's value (`Key Content`, aligned far from its colon), a bare `key`
given an account number and a random key joined by a colon, and a URL query parameter naming
the caller's application or session (r16); a short passcode straight after its word, codes
under a line that names them without a colon, a UUID with a product's tag, an `APPID`
assigned in pieces or in an environment dump, a secret's file made from a literal by process
substitution, a Windows domain before the user in a URL (r17); a password with a `=` inside
its noise, codes named by a qualifier (installer, scratch), a registry row's value (r18). The
look-alikes are status and exit codes, commands in capitals, sort keys, public ids in a URL,
prose lines under a code's label, a MAC address, response headers naming a request's id and
numeric app ids; a public key told in prose, a DER public key in base64, a payment API's
object ids, a digest printed under its command, a PKCE challenge, a captcha's site key and an
error code in a password's clause."""

from __future__ import annotations

import pytest

from skillgit.redact import Redactor

SECRETS = [
    ("Your new recovery codes for the fleet console (each works once):\n"
     "  5518-2093   6604-7719\n  1285-3346   9072-4413", "6604-7719"),
    ("Your new recovery codes for the fleet console (each works once):\n"
     "  5518-2093   6604-7719\n  1285-3346   9072-4413", "1285-3346"),
    ("backup codes:\n  QX7P-2M4K\n  8WZT-R5NJ", "8WZT-R5NJ"),
    ("the router's SIM is locked again, its PUK is 57204913 if you need it", "57204913"),
    ("the verification code is 417 092, it came by SMS", "417 092"),
    ('{"orderId": "A-77", "unlockCode": "630194", "state": "READY"}', "630194"),
    ("MODEM_PUK=91827364", "91827364"),
    ("Authentication        : WPA2-Enterprise\n"
     "    Key Content                : Kestrel+Meadow_1987!", "Kestrel+Meadow_1987!"),
    ("token_value = 'Orchid_Lantern+42!'", "Orchid_Lantern+42!"),
    ("client = tidesapi.Client(url='https://tides.example/api', key='553120:0b6a2f1e-93c4-4d57-"
     "a8e2-7f1c6b5d4e3a')", "0b6a2f1e-93c4-4d57-a8e2-7f1c6b5d4e3a"),
    ("curl 'https://api.quakefeed.example/v2/events?minmag=4&appid=9c1e5b7a3f2d4e6c8b0a1f3e5d7c9b2a'",
     "9c1e5b7a3f2d4e6c8b0a1f3e5d7c9b2a"),
    ("open https://portal.example/app?lang=en&session_id=Zk3Qw9Rt5Yp7Ux1Ve4Bn",
     "Zk3Qw9Rt5Yp7Ux1Ve4Bn"),
    # (the seventeenth round)
    ("the door controller takes passcode 40917 for the service menu", "40917"),
    ("these are the one-time codes for the print portal\n51730942\n88106357\n20954418\n",
     "88106357"),
    ("the OCR service key: 5d0c2e7a-81b4-4f39-a6d2-3e9f0b1c7a58:pro (team plan)",
     "5d0c2e7a-81b4-4f39-a6d2-3e9f0b1c7a58"),
    ('TIDES_APPID = ("0a9b8c7d6e5f"\n    "4a3b2c1d0e9f"\n    "8a7b6c5d")', "4a3b2c1d0e9f"),
    ("TIDES_APPID=7e2d9c4b1a0f8e3d6c5b4a39281706f5\nLANG=C.UTF-8",
     "7e2d9c4b1a0f8e3d6c5b4a39281706f5"),
    ("restic backup --password-file <(echo 'Otter-Lagoon-4417') ~/data", "Otter-Lagoon-4417"),
    ("lpadmin -p lab -v smb://LABNET/scanuser:Wq7rTz2Kp@scan01/lab-color", "Wq7rTz2Kp"),
    # (the eighteenth round)
    ("la contraseña del panel es Qw=7#rT~pL.9z, no la compartas", "Qw=7#rT~pL.9z"),
    ("Password for the admin user (reset with bin/reset-admin):\n  k4Lp=Zt9QwE2mRx7",
     "k4Lp=Zt9QwE2mRx7"),
    ("the master code for the alarm panel (full programming access) is 48213967", "48213967"),
    ("Your emergency scratch codes are:\n  31840275\n  66129034", "66129034"),
    ("HKEY_CURRENT_USER\\Software\\Kiosk\n    AdminPassword    REG_BINARY    7F3A9C21D4E8B605",
     "7F3A9C21D4E8B605"),
    ("    ServicePassword    REG_SZ    Rv8!mK2qLz", "Rv8!mK2qLz"),
    ("the gateway on port 1883 takes sensors_rw / Pq8!xT2=mL9z, topics under site/#",
     "Pq8!xT2=mL9z"),
    ("GET /translate?subscription-key=a4f8c2e6b0d94f1a8c3e5b7d9f2a4c6e&to=de",
     "a4f8c2e6b0d94f1a8c3e5b7d9f2a4c6e"),
]

KEEP = [
    ('{"status_code": "200", "exit_code": 137, "zipCode": "902101"}', "902101"),
    ("exit code 137 after 4829 seconds", "4829"),
    ("PIN is 38217465, now script the AT+CPIN unlock over the console", "AT+CPIN"),
    ("the R&D team owns TCP/IP tuning", "R&D"),
    ("backup codes:\n  see the vault entry for them\n  ask ops if it is missing",
     "see the vault entry for them"),
    ("sort key = 12:deadbeefdeadbeefdeadbeefdeadbeef", "12:deadbeefdeadbeefdeadbeefdeadbeef"),
    ("key: 12:30", "12:30"),
    ("https://graph.example.com/oauth?app_id=1234567890123456&scope=email", "1234567890123456"),
    ("https://tracker.example/issues/?query=92d4498d3fa8b7aa8cd898a79d24456a",
     "92d4498d3fa8b7aa8cd898a79d24456a"),
    ("    Security key           : Present", "Present"),
    ("key value: user:42", "user:42"),
    # (the seventeenth round)
    ("ifPhysAddress.3 = STRING: 0:26:44:11:3a:b7", "0:26:44:11:3a:b7"),
    ("x-amz-request-id: 7QK2W9ZP4HTDR8CV\nx-request-id: Zq4Lm8Rt2Wx6Yp0Vb", "7QK2W9ZP4HTDR8CV"),
    ("FACEBOOK_APP_ID=2918374650192837", "2918374650192837"),
    ("pin version 4821 of the firmware", "4821"),
    ("diff <(echo hello) <(echo world)", "echo hello"),
    ("urn:uuid:5d0c2e7a-81b4-4f39-a6d2-3e9f0b1c7a58", "5d0c2e7a-81b4-4f39-a6d2-3e9f0b1c7a58"),
    ("our recovery codes policy\nsee the wiki for details\nask the admin", "see the wiki"),
    # (the eighteenth round)
    ("add him as a recipient, his age public key is "
     "age1qz8y2kx3v9w7t5r4p6n0m2l8j6h4g2f0d8s6a4z2x0c",
     "age1qz8y2kx3v9w7t5r4p6n0m2l8j6h4g2f0d8s6a4z2x0c"),
    ('mail._domainkey IN TXT "v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQDcKhS2qf1p'
     'kSyfwqLrSDr+s8o5k0d4uUe3dS892PiZgq9OPqbCzV21t4dXZ0hghKGAwIDAQAB"', "MIGfMA0GCSqGSIb3DQEB"),
    ("[hook] invoice.paid evt_1PqR7sT9uVwX2yZa3bCd for cus_Q8wE4rT6yU2iOp",
     "evt_1PqR7sT9uVwX2yZa3bCd"),
    ("$ openssl dgst -sha256 -binary pub.der | base64\n"
     "q8Zx3Lm5Nb7Vc9Kd1Pf2Rg4Th6Jk8Wl0Ys2Ua4Ei6Oo=",
     "q8Zx3Lm5Nb7Vc9Kd1Pf2Rg4Th6Jk8Wl0Ys2Ua4Ei6Oo="),
    ("open https://auth.example/authorize?client_id=app&code_challenge="
     "Q3r5T7y9U1i3O5p7A9s1D3f5G7h9J1k3L5z7X9c1V3b&code_challenge_method=S256",
     "Q3r5T7y9U1i3O5p7A9s1D3f5G7h9J1k3L5z7X9c1V3b"),
    ("the hCaptcha site key for the signup page is "
     "10000000-ffff-ffff-ffff-000000000001x9Qz7Lm",
     "10000000-ffff-ffff-ffff-000000000001x9Qz7Lm"),
    ("Salasana vaihdettu, mutta kirjautuminen ei onnistu, virhekoodi: LOGIN_4031", "LOGIN_4031"),
    ("open it in read / write mode, the client / server split stays", "read / write mode"),
]


@pytest.mark.parametrize(("text", "secret"), SECRETS)
def test_the_secret_does_not_survive(text: str, secret: str) -> None:
    assert secret not in Redactor(home="/home/tester").redact(text)


@pytest.mark.parametrize(("text", "kept"), KEEP)
def test_the_look_alike_survives(text: str, kept: str) -> None:
    assert kept in Redactor(home="/home/tester").redact(text)
