"""Skill names from free text: letters transliterated to ASCII, then shaped to the spec.

The spec allows only `a-z`, `0-9` and single hyphens in a name (at most 64 characters, no
hyphen at either end). Text in other languages keeps its letters' ASCII spelling instead of
losing them: "café-führer" → "cafe-fuhrer", "naïve" → "naive", "łódź" → "lodz", "straße" →
"strasse", "søster" → "soster", "æble" → "aeble". Unicode compatibility decomposition (NFKD)
strips accents and unfolds ligatures and full-width forms; letters that do not decompose
(ß, ø, æ, ł, đ, þ, the dotless i, …) and the Greek and Cyrillic alphabets use the tables below.
"""

from __future__ import annotations

import re
import unicodedata

NAME_MAX = 64

# Latin letters that NFKD leaves alone (no base letter + combining mark).
_LATIN = {
    "ß": "ss", "ẞ": "SS", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O",
    "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "TH",
    "\u0131": "i", "ħ": "h", "Ħ": "H", "ŧ": "t", "Ŧ": "T", "ŋ": "ng", "Ŋ": "NG", "ĸ": "q",
    "ƒ": "f", "\u017f": "s", "ɐ": "a", "ə": "e", "Ə": "E", "ɛ": "e", "ɔ": "o", "ʃ": "sh",
}
_GREEK = dict(zip("αβγδεζηθικλμνξοπρσςτυφχψω",
                  ["a", "v", "g", "d", "e", "z", "i", "th", "i", "k", "l", "m", "n", "x", "o",
                   "p", "r", "s", "s", "t", "y", "f", "ch", "ps", "o"], strict=True))
_CYRILLIC = dict(zip("абвгдеёжзийклмнопрстуфхцчшщъыьэюяіїєґўђјљњћџ",
                     ["a", "b", "v", "g", "d", "e", "e", "zh", "z", "i", "y", "k", "l", "m",
                      "n", "o", "p", "r", "s", "t", "u", "f", "kh", "ts", "ch", "sh", "shch",
                      "", "y", "", "e", "yu", "ya", "i", "yi", "ye", "g", "u", "dj", "j", "lj",
                      "nj", "c", "dz"], strict=True))
_TABLE = {ord(k): v for k, v in _LATIN.items()}
for _letter, _ascii in (*_GREEK.items(), *_CYRILLIC.items()):
    _TABLE[ord(_letter)] = _ascii
    _TABLE[ord(_letter.upper())] = _ascii.capitalize() if _ascii else ""
_NON_NAME = re.compile(r"[^a-z0-9]+")


def to_ascii(text: str) -> str:
    """`text` with every letter spelled in ASCII where it has a spelling (accents dropped,
    ß → ss, ø → o, Cyrillic and Greek romanised); other non-ASCII characters are kept."""
    if text.isascii():
        return text
    # The table first (й is "y", not a decomposed "и" + breve), then decomposition, and the
    # table again for what decomposition laid bare (a Greek letter under its accent).
    decomposed = unicodedata.normalize("NFKD", text.translate(_TABLE))
    spelled = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return spelled if spelled.isascii() else spelled.translate(_TABLE)


def name_from_text(text: str, limit: int = NAME_MAX) -> str:
    """A spec-shaped name from text: ASCII letters and digits joined by single hyphens, at
    most `limit` characters, cut at a hyphen where one is near; "" when nothing is left."""
    name = _NON_NAME.sub("-", to_ascii(text).lower()).strip("-")
    if len(name) > limit:
        cut = name[:limit + 1].rfind("-")
        name = name[:cut] if cut >= limit // 2 else name[:limit]
    return name.strip("-")
