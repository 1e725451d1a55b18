"""`Redactor.prime` scans many texts joined together; it must never change a result."""

from __future__ import annotations

import random

from secret_kinds import KINDS, ORDINARY

from skillgit.redact import Redactor

_FILLER = ["ok", "api", "key", "password", "token for prod", "  12  src/config.py: the token",
           "export", "Authorization:", "echo", "| docker login --password-stdin", "<<<",
           "the password is", "-----BEGIN", "machine host login me", "sudo -S",
           "/home/dev/proj/src/app.py: error", "x" * 40, "AKIAIOSFODNN7EXAMPLQ"]


def _texts(seed: int) -> list[str]:
    rng = random.Random(seed)
    pieces = [kind.line for kind in KINDS] + ORDINARY + _FILLER
    texts: list[str] = []
    for _ in range(400):
        parts = [rng.choice(pieces) for _ in range(rng.randint(1, 4))]
        texts.append(rng.choice(("\n", " ", "", "\n\n")).join(parts))
    return texts


def test_primed_results_equal_one_by_one_results() -> None:
    for seed in range(5):
        texts = _texts(seed)
        alone = Redactor(home="/home/dev")
        expected = [alone.redact(text) for text in texts]
        primed = Redactor(home="/home/dev")
        primed.prime(texts)
        assert [primed.redact(text) for text in texts] == expected


def test_prime_caches_clean_texts_only() -> None:
    redactor = Redactor(home="/home/dev")
    clean = "just some words\nand more words"
    secret = "export TOKEN=ghp_1234567890abcdefghijABCDEFGHIJ123456"
    redactor.prime([clean, "more words", "other words", secret, clean + " again"])
    assert redactor._done.get(clean) == clean
    assert secret not in redactor._done
    assert "ghp_" not in redactor.redact(secret)
