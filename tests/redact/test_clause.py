"""Default-deny in a credential clause (`redact/clause.py`): after a word for password in any
language of the vocabulary, a password-shaped token anywhere in the rest of the clause is
masked, whatever the grammar between them; ordinary words, paths, files, versions and code
in such a clause pass untouched. Values are generated (seeded), never written out."""

from __future__ import annotations

import random
import string

import pytest

from skillgit.redact import Redactor
from skillgit.redact.vocab import PASSWORD_WORDS

REDACTOR = Redactor(home="/home/dev")
RNG = random.Random(2311)
FILLERS = ["for the staging database", "de la base de datos", "du serveur de test", "для сервера",
           "", "of the admin panel we use", "数据库的", "for the VPN (office)"]
LINKS = [" is ", ": ", " — ", " ", " es ", " est ", " ist ", "是", " là "]


def _password() -> str:
    """Shaped like what people choose: a word with digits and a symbol, or random."""
    word = RNG.choice(["Mariposa", "sparrow", "Medved", "Soleil", "tanuki", "Harbor", "Słońce"])
    kind = RNG.randrange(3)
    if kind == 0:
        return f"{word}{RNG.choice('?!@#_*')}{RNG.randrange(1000, 9999)}"
    if kind == 1:
        return f"{word}{RNG.randrange(10, 99999)}"
    return "".join(RNG.choice(string.ascii_letters + string.digits + "?@_")
                   for _ in range(RNG.randrange(10, 18)))


CASES = [(word, filler, link, _password()) for word in PASSWORD_WORDS[:60]
         for filler, link in [(RNG.choice(FILLERS), RNG.choice(LINKS))]]


@pytest.mark.parametrize(("word", "filler", "link", "value"), CASES)
def test_a_password_anywhere_in_the_clause_is_masked(word: str, filler: str, link: str,
                                                     value: str) -> None:
    text = f"{word} {filler}{link}{value}, ok?"
    assert value not in REDACTOR.redact(text), text


@pytest.mark.parametrize("text", [
    "the PIN for the staging box is {v}, the BMC asks for it",
    "if the admin login fails try my usual one, {v}, I reuse it",
    "hasło do panelu admina: {v} (zmienię je jutro)",
])
def test_pin_and_login_open_a_clause_too(text: str) -> None:
    value = "".join(RNG.choice(string.digits) for _ in range(8)) if "PIN" in text \
        else _password()
    assert value not in REDACTOR.redact(text.format(v=value))


@pytest.mark.parametrize("text", [
    "le mot de passe est trop court, il faut au moins 12 caractères",
    "la contraseña debe tener 12 caracteres y un símbolo",
    "Passwort vergessen? Dann über die Seite /account/reset zurücksetzen",
    "пароль лежит в файле config.yaml, см. docs/setup.md",
    "密码在 .env.local 里\uff0c版本 v2.3.1",
    "the login page is at https://app.example.com/login and uses oauth2-proxy",
    "pin the dependency to 1.4.2 and log in with gh auth login --with-token",
    "\u03bf \u03ba\u03c9\u03b4\u03b9\u03ba\u03cc\u03c2 \u03b5\u03af\u03bd\u03b1\u03b9 vault",
    "hasło jest w menedżerze haseł — nie wklejaj go tutaj",
    'if self.user.login == "root": return None',
])
def test_ordinary_clauses_pass_untouched(text: str) -> None:
    assert REDACTOR.redact(text) == text


def test_markdown_around_a_word_is_no_symbol() -> None:
    text = "where login is not possible, skip to the **no-auth fallback** below"
    assert REDACTOR.redact(text) == text


def test_a_sentence_in_a_script_without_spaces_ends_at_its_full_stop() -> None:
    text = ("\u30d1\u30b9\u30ef\u30fc\u30c9\u3092\u5909\u66f4\u3057\u305f\u3089\u30ed\u30b0"
            "\u30a4\u30f3\u3067\u304d\u306a\u304f\u306a\u308a\u307e\u3057\u305f\u3002\u30ea"
            "\u30bb\u30c3\u30c8\u65b9\u6cd5\u3092\u6559\u3048\u3066\u304f\u3060\u3055\u3044")
    assert REDACTOR.redact(text) == text


def test_a_marker_is_never_read_again_as_a_value() -> None:
    line = '{"ts":"2025-03-12T10:14:22Z","job_id":"%s","msg":"job started"}'
    ids = ["".join(RNG.choice("0123456789ABCDEFGHJKMNPQRSTVWXYZ") for _ in range(26))
           for _ in range(2)]
    once = REDACTOR.redact("\n".join(line % i for i in ids) + "\n")
    assert "[REDACTED:[REDACTED" not in once and REDACTOR.redact(once) == once
