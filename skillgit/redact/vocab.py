"""The credential vocabulary, defined once, as data: every finder that starts from a word
(the context, flag, table, pair and prose rules, the sieve, the second detector and the
default-deny net) takes its words from here.

- `ROOTS`: the English roots every word-anchored finder searches for (`pass` finds password,
  passwd, passphrase; `cred` finds credentials). `NAME_ROOTS` leaves out `pw` and `auth`, which
  are too short or too common inside field names for a table column; `PAIR_ROOTS` (a quoted
  pair, `auth=("user", "…")`) keeps `auth`; `FLAG_ROOTS` leaves out `pw` and `cred` (flags
  spell them `--password`, `--credentials-file`, which `pass` and no value rule read).
- `PASSWORD_WORDS`: "password" in many languages and scripts (strong: after one of them any
  value that is not an ordinary word is the secret); `SECRET_WORDS`: "secret", "key",
  "token", "credentials" in other languages (weak: the value must look opaque).
- `COPULAS`: the words that link a name to its value in a sentence ("is", "ist", "est", "是").
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Iterable

ROOTS = ("pass", "pwd", "pw", "token", "secret", "key", "cred", "auth", "psk")
NAME_ROOTS = tuple(root for root in ROOTS if root not in ("pw", "auth"))
PAIR_ROOTS = tuple(root for root in ROOTS if root != "pw")
FLAG_ROOTS = tuple(root for root in ROOTS if root not in ("pw", "cred"))
ENGLISH_PASSWORD_WORDS = ("password", "passwd", "passphrase", "passcode", "pwd")

PASSWORD_WORDS: tuple[str, ...] = (
    # Germanic
    "passwort", "kennwort", "wachtwoord", "wagwoord", "adgangskode", "kodeord", "passord",
    "lösenord",
    "losenord", "lykilorð",
    # Romance
    "mot de passe", "contraseña", "contrasena", "contrasenya", "contrasinal", "senha",
    "palavra-passe", "palavra passe", "parola d'ordine", "parolă",
    # Finnic, Baltic, Hungarian, Turkic
    "salasana", "parool", "parole", "slaptažodis", "slaptazodis", "jelszó", "jelszo",
    "şifre", "sifre", "parola", "parol",
    # Slavic (Latin and Cyrillic scripts)
    "hasło", "haslo", "heslo", "geslo", "lozinka", "лозинка", "пароль", "парола", "пароля",
    # Greek, Armenian, Georgian
    "κωδικός", "κωδικος", "συνθηματικό", "գաղտնաբառ", "პაროლი",
    # Semitic, Persian, Urdu
    "كلمة المرور", "كلمة السر", "סיסמה", "סיסמא", "رمز عبور", "گذرواژه", "پاس ورڈ",
    # South and South-East Asian
    "पासवर्ड", "পাসওয়ার্ড", "கடவுச்சொல்", "รหัสผ่าน", "mật khẩu", "mat khau", "kata sandi",
    "kata laluan", "kontrasenyas",
    # East Asian
    "パスワード", "暗証番号", "密码", "密碼", "口令", "비밀번호", "암호",
    # Celtic, Basque, Albanian, Swahili, Kazakh
    "pasfhocal", "cyfrinair", "pasahitza", "fjalëkalim", "fjalekalim", "nenosiri", "құпиясөз",
    # Faroese, Luxembourgish, Breton, Corsican, Esperanto, Kurdish, Tajik
    "loyniorð", "loyniord", "passwuert", "ger-tremen", "parolla d'ordine", "pasvorto", "şîfre",
    "şîfreya", "borînpeyv", "гузарвожа",
    # Turkic, Mongolic and Caucasian (Kazakh, Kyrgyz, Uzbek, Azerbaijani, Turkmen, Mongolian)
    "құпия сөз", "сырсөз", "şifrə", "açar sözi", "нууц үг",  # noqa: RUF001
    # African (Yoruba, Igbo, Hausa, Zulu, Xhosa, Amharic, Somali, Malagasy)
    "ọ̀rọ̀ aṣínà", "ọrọ aṣina", "oro asina", "okwuntughe", "kalmar sirri", "iphasiwedi",
    "igama lokugqitha", "የይለፍ ቃል", "furaha sirta", "teny miafina",
    # Javanese, Sundanese, Tigrinya, Guarani, Quechua
    "tembung sandhi", "kecap sandi", "መሕለፊ ቃል", "ñe'ẽñemi", "yaykuna simi",
    # South and South-East Asian scripts (Telugu, Kannada, Malayalam, Gujarati, Punjabi, Sinhala,
    # Khmer, Lao, Burmese, Pashto)
    "పాస్‌వర్డ్", "ಪಾಸ್‌ವರ್ಡ್", "പാസ്‌വേഡ്", "પાસવર્ડ", "ਪਾਸਵਰਡ", "මුරපදය", "ពាក្យសម្ងាត់",
    "ລະຫັດຜ່ານ", "စကားဝှက်", "پټنوم",
    # stems where an inflection changes the word's end (Hungarian `jelszava`, Polish `hasła`,
    # Czech `hesla`, Slovene `gesla`, Croatian `lozinku`, Lithuanian `slaptažodį`)
    "jelszav", "hasła", "hasle", "haśle", "hesla", "hesle", "gesla", "lozink", "slaptažod",
)
PASSWORD_WORDS = tuple(dict.fromkeys(
    form for word in PASSWORD_WORDS
    for form in (word, unicodedata.normalize("NFC", word), unicodedata.normalize("NFD", word))))
""""Password" in 60-odd languages, each in both Unicode forms a text may use (composed `ọ̀`
and decomposed `ọ` + a combining grave). Written whole (a root where the language inflects it:
`contrase` would also be found by `contraseña`, so whole words are kept and inflected forms
are matched by `INFLECTION` in the finders that read words)."""

KEY_WORDS: tuple[str, ...] = (
    "schlüssel", "schluessel", "sleutel", "nøgle", "nyckel", "clé", "clave", "chave", "chiave",
    "avain", "klucz", "klíč", "kulcs", "anahtar", "ключ", "κλειδί", "מפתח", "مفتاح", "کلید",
    "कुंजी", "キー", "密钥", "密鑰",
)
""""Key" in other languages."""
SECRET_WORDS: tuple[str, ...] = (
    "geheimnis", *KEY_WORDS, "jeton", "segreto", "secreto", "segredo", "salaisuus",
    "tajemství", "секрет", "токен", "トークン", "シークレット", "秘密", "令牌", "비밀", "토큰",
)
""""Key", "secret" and "token" in other languages (weak: a value must look opaque)."""

PASSPHRASE_KEY_QUALIFIERS: tuple[str, ...] = (
    "wpa", "wpa2", "wpa3", "wep", "wlan", "wifi", "wi-fi", "wireless", "network", "netzwerk",
    "netwerk", "réseau", "rede", "rete", "verkko", "sieci", "hálózati",
)
"""Words that make a key a passphrase a person chose (the network's, the Wi-Fi's), in the
languages of `KEY_WORDS`: "WPA2 key X", "WLAN-Schlüssel X", "clave WPA2 X"."""


_LINKS = ("de", "di", "du", "da", "do", "der", "des")
"""The words some languages put between a key and what it opens (`clave de red`)."""


def _qualified_keys() -> tuple[str, ...]:
    """Every qualifier of `PASSPHRASE_KEY_QUALIFIERS` with every word for key, in the orders
    languages put them: before it (a blank, a hyphen or a compound: `wifi key`,
    `WLAN-Schlüssel`, `Netzwerkschlüssel`) and after it (`clave WPA2`, `clé wifi`)."""
    phrases: list[str] = []
    for key in ("key", *KEY_WORDS):
        for qualifier in PASSPHRASE_KEY_QUALIFIERS:
            phrases += [f"{qualifier} {key}", f"{qualifier}-{key}", f"{qualifier}{key}",
                        f"{key} {qualifier}", *(f"{key} {link} {qualifier}" for link in _LINKS)]
    return tuple(dict.fromkeys(phrases))


PASSPHRASE_KEY_PHRASES = _qualified_keys()
"""A key that is a passphrase, in any language of the vocabulary (strong, like a word for
password: after one, any value that is no ordinary word is the secret)."""

COPULAS: tuple[str, ...] = (
    "is", "was", "are", "is now", "ist", "lautet", "est", "es", "è", "é", "är", "er", "er nå",
    "jest", "je", "on", "oli", "este", "van", "is nu", "olarak", "yra", "ir", "ни", "это",
    "是", "为", "為", "は", "が", "는", "은", "이", "هي", "هو", "היא", "הוא", "là", "adalah",
)
"""Words that link a credential word to its value in a sentence, in the same languages."""

CODE_QUALIFIERS: tuple[str, ...] = (
    "backup", "recovery", "scratch", "emergency", "one-time", "verification", "confirmation",
    "security", "unlock", "access", "pairing", "activation", "login", "sms", "puk", "installer",
    "master", "alarm", "door", "gate", "keypad")
"""What makes a code one that opens something (a backup code, an installer's code)."""
CODE_WORDS: tuple[str, ...] = (
    *(f"{qualifier} {noun}" for qualifier in CODE_QUALIFIERS for noun in ("code", "codes")),
    "recovery key", "recovery keys", "unlock key", "setup key", "license key", "licence key",
    "product key", "serial key", "activation key", "otp", "totp", "2fa", "mfa", "puk",
    "app password", "app passwords")
"""One-time and recovery secrets, and keys that unlock a product: after one, a code's shape
(`values.code_shaped`) is a secret, however little it looks random."""


MNEMONIC_WORDS = ("seed", "mnemonic", "recovery", "phrase", "wallet", "bip39", "backup words",
                  "semilla", "semente", "mnemónic", "mnémonique", "mnemonik", "frase")
"""Words before a word-list mnemonic (a run of plain words that is a key)."""
INFLECTION = r"(?:[^\W\d_]{0,4})(?![^\W\d_])"
"""After a word of the vocabulary: a few letters of an inflected form (`senhas`, `пароля`,
`passordet`), then the word ends."""


ASCII_PASSWORD_WORDS = tuple(word for word in PASSWORD_WORDS
                             if word.isascii() and "pass" not in word)
"""The words a pure-ASCII text can hold and that the English root `pass` does not find."""
NON_ASCII_PASSWORD_WORDS = tuple(word for word in PASSWORD_WORDS if not word.isascii())


def literal_trie(words: tuple[str, ...]) -> str:
    """One regex matching any of `words`, their common prefixes factored out (`pa(?:role|rol)`):
    the engine then tries one branch per letter instead of one per word."""
    tree: dict[str, dict] = {}  # type: ignore[type-arg]
    for word in words:
        node = tree
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}

    def pattern(node: dict) -> str:  # type: ignore[type-arg]
        branches = [re.escape(char) + pattern(child) for char, child in sorted(node.items())
                    if char]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        if "" in node:
            return "(?:" + body + ")?"
        return body

    return pattern(tree)


def any_word_test(words: Iterable[str]) -> Callable[[str], bool]:
    """`lambda text: any(word in text for word in words)`, with fewer searches than one per
    word: a word holding another word of the list is left out (`totp` holds `otp`, `backup
    codes` holds `backup code`), and the words ending in the same word after a blank (`setup
    key`, `license key`) are looked for only in a text holding that ending (` key`)."""
    listed = tuple(dict.fromkeys(words))
    kept = [word for word in listed if not any(other != word and other in word
                                               for other in listed)]
    groups: dict[str, list[str]] = {}
    for word in kept:
        _, blank, last = word.rpartition(" ")
        groups.setdefault(" " + last if blank and last else word, []).append(word)
    needles = tuple((needle, tuple(grouped) if grouped != [needle] else ())
                    for needle, grouped in groups.items())

    def holds_any(text: str) -> bool:
        for needle, grouped in needles:
            if needle in text:
                if not grouped:
                    return True
                for word in grouped:
                    if word in text:
                        return True
        return False

    return holds_any


_FOREIGN_WORDS = tuple(dict.fromkeys((*PASSWORD_WORDS, *SECRET_WORDS)))
_ASCII_FOREIGN = tuple(word for word in _FOREIGN_WORDS if word.isascii())
_BY_LETTER: dict[str, tuple[str, ...]] = {}
for _word in _FOREIGN_WORDS:
    if not _word.isascii():
        _letter = next(char for char in _word if not char.isascii())
        _BY_LETTER[_letter] = (*_BY_LETTER.get(_letter, ()), _word)


_ASCII_FOREIGN_ANY = re.compile(literal_trie(_ASCII_FOREIGN))
"""Any of the ASCII words: one pass, a branch per letter (half the cost of a `str.find` per
word)."""


@functools.lru_cache(maxsize=8)
def foreign_words_in(lowered: str) -> bool:
    """Whether the lower-cased text holds a word of another language for password, key,
    secret or token (asked by the sieve, the scan and the net for the same text: cached).
    The ASCII words by one regex of their letter tree (a flat alternation of the words tries
    every word at nearly every character); a word of another script only where its first
    non-ASCII letter occurs."""
    if _ASCII_FOREIGN_ANY.search(lowered) is not None:
        return True
    return not lowered.isascii() and any(
        letter in lowered and any(word in lowered for word in words)
        for letter, words in _BY_LETTER.items())


# Where the roots stand in a text: found once, used by every finder that starts from a word
# (phrases.py, pairs.py, tables.py) and by the sieve, which asks the same finders where they
# could match. One pass per root instead of one per finder and root.
def literal_positions(lowered: str, literals: Iterable[str]) -> dict[str, tuple[int, ...]]:
    """Every offset of each of `literals` that occurs in `lowered`, found with `str.find`."""
    positions: dict[str, tuple[int, ...]] = {}
    for literal in literals:
        hits, found = [], lowered.find(literal)
        while found >= 0:
            hits.append(found)
            found = lowered.find(literal, found + 1)
        if hits:
            positions[literal] = tuple(hits)
    return positions


@functools.lru_cache(maxsize=8)
def root_positions(lowered: str) -> dict[str, tuple[int, ...]]:
    """Every offset of each root in `lowered` (the lower-cased text)."""
    return literal_positions(lowered, ROOTS)


@functools.lru_cache(maxsize=128)
def word_positions(lowered: str, word: str) -> tuple[int, ...]:
    """Every offset of `word`, which starts with one of `ROOTS`."""
    root = _ROOT_OF.get(word) or next(root for root in ROOTS if word.startswith(root))
    hits = root_positions(lowered).get(root, ())
    if word == root or not hits:
        return hits
    return tuple(found for found in hits if lowered.startswith(word, found))


_ROOT_OF = {"password": "pass", "passwd": "pass", "passphrase": "pass", "passcode": "pass"}


_CREDENTIAL_WORD = re.compile(
    "(?:" + literal_trie(tuple(dict.fromkeys((*PASSWORD_WORDS, *ENGLISH_PASSWORD_WORDS, "token",
                                              "secret", "passwort", "passphrase")))) + ")"
    + INFLECTION + r"[?:.!]?")


def is_credential_word(value: str) -> bool:
    """Whether `value` is itself a word for "password" (or "token", "secret") in some language,
    inflected or not: a label of the field (`"login.password": "Salasana"`), not its value."""
    return _CREDENTIAL_WORD.fullmatch(value.lower()) is not None
