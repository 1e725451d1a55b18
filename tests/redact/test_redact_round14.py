"""Classes the fourteenth blind round found open in the redactor (measured on the session's
final code before these fixes), with new examples: a pre-shared key in a supplicant's config,
a password echoed into a program that reads it from its input or into a file named for it, a
channel token in a URL path, backup codes of one case, hex beside a key and an id, the word for
password in more languages. And an ORCID iD, which is public."""

from __future__ import annotations

import pytest

from skillgit.redact import Redactor

SECRETS = [
    ('network={\n\tssid="Lobby-5"\n\tpsk="copper-Falcon-2291"\n}', "copper-Falcon-2291"),
    ("network={\n\tpsk=3f0a9c21e4b7d8a6f1c2e3d4b5a69788796a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1\n}",
     "3f0a9c21e4b7d8a6f1c2e3d4b5a69788796a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1"),
    ("echo 'Krill.Harbor77' | kinit svc_etl@LAB.EXAMPLE", "Krill.Harbor77"),
    ("printf 'Tern-Quay-4410' | docker login registry.lab.example -u ci --password-stdin",
     "Tern-Quay-4410"),
    ("echo 'heron-basalt-9921' > ~/.config/deploy/vault_pass && chmod 600 "
     "~/.config/deploy/vault_pass", "heron-basalt-9921"),
    ("  - https://conda.anaconda.org/t/xy-7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f/lab-channel",
     "xy-7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f"),
    ("my recovery codes for the wiki: k2m9xq7w, p4t8vz1c, h6r3ny5b — keep them offline",
     "p4t8vz1c"),
    ("publisher key for the leaderboard sync: 5C2E9A7B31D04F86A1B2C3D4E5F60718 (appid 990011)",
     "5C2E9A7B31D04F86A1B2C3D4E5F60718"),
    # the cells under a table column whose header names a credential
    ('# client\tserver\tsecret\t\tIP addresses\n"lte-apn"\t*\t"Quay7-Lamp-220"\t*\n',
     "Quay7-Lamp-220"),
    ("NAME        PASSWORD         AGE\nreplicator  Vb3-Tq8-Zm1-Lw   4d\n", "Vb3-Tq8-Zm1-Lw"),
    ("Loyniorðið til serverin er Skarvanes_41qW, goym tað væl.", "Skarvanes_41qW"),
    ("Passwuert fir de Server ass Mosel-Wand-662, net deelen.", "Mosel-Wand-662"),
]

KEEP = [
    ("Add my ORCID 0000-0001-5109-3700 to CITATION.cff", "0000-0001-5109-3700"),
    ("SSH key fingerprint (hex) for bastion: 6f1a2b3c4d5e6f708192a3b4c5d6e7f8 (host id 12)",
     "6f1a2b3c4d5e6f708192a3b4c5d6e7f8"),
    ("echo 'build finished' | mail -s done team@example.org", "build finished"),
    # other columns, placeholders, code one blank apart
    ("NAME        TYPE      DATA   AGE\ndb-password Opaque    2      3d\n", "Opaque"),
    ("KEY         VALUE\npassword    (hidden)\n", "(hidden)"),
    ("def f(client, server, secret):\n    return client  # one blank apart: code, not a table\n",
     "return client"),
]


@pytest.mark.parametrize(("text", "secret"), SECRETS)
def test_the_secret_does_not_survive(text: str, secret: str) -> None:
    assert secret not in Redactor(home="/home/tester").redact(text)


@pytest.mark.parametrize(("text", "kept"), KEEP)
def test_the_look_alike_survives(text: str, kept: str) -> None:
    assert kept in Redactor(home="/home/tester").redact(text)

