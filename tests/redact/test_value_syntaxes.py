"""Value syntaxes the table reads beside the plain ones: a value in ODBC braces, a value
spelled as bytes, the rest of a list whose first values are codes, a document encoded in
base64 that holds a key, an SSO id; and the look-alikes of each, which stay."""

from __future__ import annotations

import base64
import json

import pytest

from skillgit.redact import Redactor


@pytest.fixture(scope="module")
def redact() -> Redactor:
    return Redactor(home="/home/dev")


@pytest.mark.parametrize(("text", "secret"), [
    ("[Kiln]\nDriver=ODBC Driver 18\nUID=kiln_ro\nPWD={Vu8]Lk2;qRt5}\n", "Vu8]Lk2;qRt5"),
    ("Driver={ODBC Driver 18};Server=db7;UID=sa;PWD={h4@Rw;9Zp!e};Encrypt=yes",
     "h4@Rw;9Zp!e"),
    ("static final byte[] VAULT_PASS = {104, 55, 75, 113, 57, 33, 122, 76, 50, 119};",
     "104, 55, 75, 113, 57, 33, 122, 76, 50, 119"),
    ("backup codes for the kiosk account:\nq4d8m-tz71c\nw2rzx-88kpa\nmufyo-hbkte\n",
     "mufyo-hbkte"),
    ("KIOSK_SSOID=Zr8uQ2pWm5XcVb7LnT4kYs9HdF3gJa6E\n", "Zr8uQ2pWm5XcVb7LnT4kYs9HdF3gJa6E"),
    ("Scan this at the till: WIFI:T:WPA;S:Till-Net;P:Crumb!Kiln_7720;H:false;;",
     "Crumb!Kiln_7720"),
    ("The deploy key has a passphrase: amber walrus folds the paper kite. Keep it safe.",
     "amber walrus folds the paper kite"),
    ("Seed phrase of the test wallet, kept for the sweep job:\n1. cable   2. drift   3. ember\n"
     "4. fossil  5. glide   6. hollow\n7. island  8. jungle  9. kettle\n10. lemon  11. mango  "
     "12. noodle", "fossil"),
    ("La frase semilla de la cartera de pruebas: árbol cámara dedo fábrica gallo hielo lobo "
     "mango nube ópera pájaro tigre", "cámara"),
    ("Tembung sandhi router gudang yaiku Pelita-Sore-542, panganggo admin.", "Pelita-Sore-542"),
    ("ናይ መኽዘን ሰርቨር መሕለፊ ቃል Selam_Dukan77 እዩ።", "Selam_Dukan77"),
])
def test_the_value_is_masked(redact: Redactor, text: str, secret: str) -> None:
    assert secret not in redact.redact(text)


def test_a_base64_document_that_holds_a_key_is_masked(redact: Redactor) -> None:
    document = json.dumps({"a": "8c1f0e7d9a6b4c3e2f1a0b9c8d7e6f5a",
                           "t": "3f2e1d0c-9b8a-4c7d-8e6f-5a4b3c2d1e0f",
                           "s": "Qm9X2rTz8LpV4kW7yN1cB6hJ3sD5fG0aE+u/iO=="})
    blob = base64.b64encode(document.encode()).decode()
    assert blob not in redact.redact(f"installed; run it with\n{blob}\n")


@pytest.mark.parametrize(("text", "kept"), [
    ("auth:\n  existingSecret: kiln-db-auth\n  usePasswordFiles: true\n", "kiln-db-auth"),
    ('log.info("password={password!r}")', "{password!r}"),
    ("conn = f\"PWD={pwd};UID={user}\"", "{pwd}"),
    ("grades = [88, 92, 75, 64, 99, 81, 70, 93, 85]", "88, 92, 75"),
    ("KEY_ORDER = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3]", "3, 1, 4, 1, 5"),
    ("Steps to rotate the password:\nopen-console\nrotate-keys\n", "rotate-keys"),
    ("x-request-id: Zr8uQ2pWm5XcVb7LnT4kYs9HdF3gJa6E", "Zr8uQ2pWm5XcVb7LnT4kYs9HdF3gJa6E"),
    ("The passphrase: must be at least twelve characters long.", "twelve characters"),
    ("Lab image: the public KMS client key from Microsoft's docs: slmgr /ipk "
     "NPPR9-FWDCX-D2C8J-H872K-2YT43", "NPPR9-FWDCX-D2C8J-H872K-2YT43"),
    ("The recovery steps:\n1. open the app\n2. tap settings\n", "tap settings"),
])
def test_the_look_alike_stays(redact: Redactor, text: str, kept: str) -> None:
    assert kept in redact.redact(text)


def test_a_base64_document_of_ids_and_hashes_stays(redact: Redactor) -> None:
    document = json.dumps({"commit": "8c1f0e7d9a6b4c3e2f1a0b9c8d7e6f5a4b3c2d1e",
                           "run": "3f2e1d0c-9b8a-4c7d-8e6f-5a4b3c2d1e0f", "name": "nightly"})
    blob = base64.b64encode(document.encode()).decode()
    assert blob in redact.redact(f"fixture payload: {blob}")


def test_an_existing_password_is_still_a_password(redact: Redactor) -> None:
    assert "Rw7!kq2Lmz" not in redact.redact("EXISTING_PASSWORD=Rw7!kq2Lmz")
