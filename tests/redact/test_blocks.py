"""Hex in a block takes its role from the block's head: the command whose output it is, or
the key that opens its list (redact/blocks.py). Written for the sixth blind round's class of
over-redaction (hashes on every row but the first of a listing were masked)."""

from __future__ import annotations

import secrets

import pytest

from skillgit.redact import Redactor

REDACTOR = Redactor(home="/home/tester")


def _hex(n: int) -> str:
    return secrets.token_hex(n // 2)


@pytest.mark.parametrize("head, row", [
    ("$ git log -4 --format='%H %an %s'", "{h} Ada Lovelace fix: round per line"),
    ("$ git submodule status", " {h} vendor/lib (v1.2.3)"),
    ("$ docker ps --no-trunc --format '{{{{.ID}}}} {{{{.Image}}}}'", "{h} redis:7 Up 3 hours"),
    ("user@build-01:~/src$ sha256sum dist/*.tar.gz", "{h}  dist/app-{n}.tar.gz"),
    ("PS C:\\src> certutil -hashfile app.zip SHA256", "{h}"),
])
def test_every_row_of_a_listing_keeps_its_hashes(head: str, row: str) -> None:
    rows = [row.format(h=_hex(64 if "sha" in head or "docker" in head else 40), n=n)
            for n in range(4)]
    text = "\n".join([head, *rows])
    assert REDACTOR.redact(text) == text


def test_a_list_opened_by_a_hash_key_keeps_every_element() -> None:
    values = [_hex(64) for _ in range(3)]
    text = ('provider "registry.example/acme/thing" {\n  hashes = [\n'
            + "".join(f'    "zh:{v}",\n' for v in values) + "  ]\n}")
    assert REDACTOR.redact(text) == text


@pytest.mark.parametrize("head", [
    "$ git config --get deploy.token",
    "$ cat ~/.config/acme/credentials",
    "$ vault kv get -field=value secret/ci",
    "$ printenv",
])
def test_a_head_that_reads_secrets_gives_no_public_role(head: str) -> None:
    value = _hex(40)
    assert value not in REDACTOR.redact(f"{head}\n{value}\n{_hex(40)}")


def test_a_credential_named_on_the_values_own_line_is_masked_in_any_block() -> None:
    value = f"{_hex(8)}-{_hex(24)}"
    text = (f"$ cat ~/.local/share/jupyter/runtime/kernel-1.json\n{{\n  \"ip\": \"127.0.0.1\",\n"
            f"  \"key\": \"{value}\",\n  \"signature_scheme\": \"hmac-sha256\"\n}}")
    assert value not in REDACTOR.redact(text)


def test_a_listing_far_below_its_command_is_still_read_as_its_output() -> None:
    shas = [_hex(40) for _ in range(30)]
    text = "$ git log --format=%H -30\n" + "\n".join(shas)
    assert REDACTOR.redact(text) == text
    without_command = "\n".join(["Build notes:", *shas])
    assert not any(sha in REDACTOR.redact(without_command) for sha in shas[1:])
