"""Fake secrets for the redaction tests: random text from a seeded generator, made at run
time (no real secret is ever committed). Each corpus module keeps its own seed."""

from __future__ import annotations

import random
import string

ALNUM = string.ascii_letters + string.digits
B64URL = ALNUM + "-_"
B64 = ALNUM + "+/"
HEX = "0123456789abcdef"


class Fakes:
    """A seeded source of fake secrets."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def rand(self, alphabet: str, size: int) -> str:
        """Random text mixing upper case, lower case and digits where the alphabet has them."""
        wanted = [cls for cls in (string.ascii_uppercase, string.ascii_lowercase, string.digits)
                  if set(cls) & set(alphabet)]
        while True:
            value = "".join(self.rng.choice(alphabet) for _ in range(size))
            if all(set(value) & set(cls) for cls in wanted):
                return value
