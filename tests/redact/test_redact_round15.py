"""Classes the fifteenth blind round (and the fourteenth's last leak) found open in the
redactor, measured before these fixes, with new examples: a password or key of letters only
after its name (mixed case that reads as no identifier), a word-list mnemonic introduced by a
longer clause or by "is", a UUID-shaped key behind a prefix of several parts (a region, a
service's name and id). The look-alikes are variable names, words, package lists and ids,
and a list of vehicle numbers under one label."""

from __future__ import annotations

import pytest

from skillgit.redact import Redactor

SECRETS = [
    ("docker run --rm -e TIDE_GAUGE_KEY=qRvLmTzW tidewatch/uploader:2", "qRvLmTzW"),
    ("export KIOSK_PASSWORD=hUxBrQeW", "hUxBrQeW"),
    ("LOCKER_KEY=pfkqzvwxbtrm", "pfkqzvwxbtrm"),
    ("Our treasury wallet seed, printed once by the ledger setup wizard on Monday: "
     "harbor lemon quartz pilot absorb wrist vendor mango tiger oyster cradle elbow.",
     "harbor lemon quartz pilot absorb wrist vendor mango tiger oyster cradle elbow"),
    ("the recovery phrase is lunar basket violin anchor plastic debris orbit glove "
     "salmon tribe rocket fiscal", "lunar basket violin anchor plastic debris orbit glove"),
    ("token for the CRM sync: crm-ap2-4f6c1d2e-8a9b-4c7d-9e0f-1a2b3c4d5e6f",
     "4f6c1d2e-8a9b-4c7d-9e0f-1a2b3c4d5e6f"),
    ("the staging api key: parcel_tracker_test-0f1e2d3c-4b5a-4968-8776-655443322110-"
     "9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d (rotate after the demo)",
     "9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d"),
    ("the kiosk token VF1RFB00Z62345679 expires on Friday", "VF1RFB00Z62345679"),
    # (the sixteenth round) a licence or integration key in groups after a vendor's prefix
    ("the lab vendor sent our integration key LMX-7QK2-W9ZP-4HTD-R8CV, store it in vault",
     "7QK2-W9ZP-4HTD-R8CV"),
    ("register the render node with serial R7-2KQW-9ZPM-H4DT-8RCV-6XNB", "2KQW-9ZPM-H4DT"),
    # a product's name before "key" names a credential (`<Product> key is <value>`)
    ("LingoBridge key is 7c0e5b1a-92d4-4f6e-b8a3-1d2c3e4f5a6b:lb, the free plan's",
     "7c0e5b1a-92d4-4f6e-b8a3-1d2c3e4f5a6b"),
]

KEEP = [
    ("API_KEY=getApiKey", "getApiKey"),
    ("REDIS_KEY=SessionStore", "SessionStore"),
    ("SORT_KEY=createdAt", "createdAt"),
    ("CACHE_KEY=sessions", "sessions"),
    ("recovery notes: install git curl wget vim tmux htop tree unzip zip make gcc cmake",
     "install git curl wget vim tmux htop tree unzip zip make gcc cmake"),
    ("the wallet module is split into signer, keystore, and the rpc client for the node",
     "signer, keystore, and the rpc client"),
    ("request pvc-0f1e2d3c-4b5a-4968-8776-655443322110 is bound",
     "pvc-0f1e2d3c-4b5a-4968-8776-655443322110"),
    # a list of VINs under one label, European ones (a `Z` where the check digit would be)
    ("recall campaign 12 covers VINs VF1RFB00X62345678 and VF1RFB00Z62345679, see the ticket",
     "VF1RFB00Z62345679"),
    ("order ORD-2024-1130-0042 shipped; see ticket OPS-1182", "ORD-2024-1130-0042"),
    ("the sort key 0d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a orders the rows of that table",
     "0d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a"),
    ("Press the Enter key twice, then the Escape key", "Escape key"),
    ("the recovery docs are at DOC-ABCD-EFGH-IJKL-MNOP (an example layout)",
     "DOC-ABCD-EFGH-IJKL-MNOP"),
]


@pytest.mark.parametrize(("text", "secret"), SECRETS)
def test_the_secret_does_not_survive(text: str, secret: str) -> None:
    assert secret not in Redactor(home="/home/tester").redact(text)


@pytest.mark.parametrize(("text", "kept"), KEEP)
def test_the_look_alike_survives(text: str, kept: str) -> None:
    assert kept in Redactor(home="/home/tester").redact(text)
