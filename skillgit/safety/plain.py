"""Text as a reader or a shell takes it: look-alike letters folded, invisible and
direction-changing characters found and removed, Markdown and HTML marks dropped. Every screen
reads `normalize`d text; `hidden` tells whether the original hid anything."""

from __future__ import annotations

import html
import re
import unicodedata

_INVISIBLE = "\u200b\u200c\u200d\u2060\u2061\u2062\u2063\u2064\ufeff\u180e\u00ad\u034f" \
             "\u115f\u1160\u3164\uffa0\u17b4\u17b5"
_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")
_TAGS = re.compile("[\U000e0000-\U000e007f]")
_SELECTORS = re.compile("[\ufe00-\ufe0f\U000e0100-\U000e01ef]")
_INVISIBLE_CLASS = re.compile("[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f"
                              "\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0"
                              "\ufff9-\ufffb\U0001d173-\U0001d17a\U000e0000-\U000e0fff]")
_TYPESET = frozenset({0x0600, 0x0601, 0x0602, 0x0603, 0x0604, 0x0605, 0x06DD, 0x070F, 0x08E2})
_INVISIBLE_NEAR_ASCII = re.compile(f"[\x21-\x7e][{_INVISIBLE}]|[{_INVISIBLE}][\x21-\x7e]")
_HTML_TAG = re.compile(
    r"<!--|-->|</?(?:code|pre|kbd|samp|tt|var|span|div|p|br|hr|b|i|u|s|em|strong|small|mark|"
    r"del|ins|sub|sup|details|summary|blockquote|li|ul|ol|dl|dt|dd|table|thead|tbody|tr|td|th|"
    r"h[1-6]|a|img|font|section|article|aside|header|footer|nav|main|figure|figcaption|center|"
    r"abbr|cite|q|label|button|script|style|template|noscript|textarea|iframe|object|svg|body|"
    r"html|head|title)(?:\s[^<>]*)?/?>", re.I)
# A blockquote mark: at a line's start, or where prose hands over to a quoted command
# ("first: > curl …", "you should run > curl …").
_QUOTE_MARK = re.compile(r"^[ \t]*>(?:[ \t]*>)*[ \t]+|(?:(?<=[:.!?,\u2014-][ \t])|(?<=\brun[ \t])|"
                         r"(?<=\bexecute[ \t])|(?<=\btype[ \t])|(?<=\bpaste[ \t]))>[ \t]+", re.M)
# Look-alikes of shell punctuation (NFKC leaves these alone).
_PUNCTUATION = str.maketrans("\u01c0\u2223\u2758\u2502\u2503\u23d0\u05c0\u2016\u2010\u2011"
                             "\u2012\u2013\u2014\u2212\ufe63",
                             "|||||||||-----" "-")
_WORD = re.compile(r"[^\W\d_]+")
_CONFUSABLES = str.maketrans("аеорсухіјѕһԁɡАВЕКМНОРСТХІЈЅοαεικνρτυχΑΒΕΗΙΚΜΝΟΡΤΧΥΖ",
                             "aeopcyxijshdgABEKMHOPCTXIJSoaeiknptuxABEHIKMNOPTXYZ")

CODE_SPAN = re.compile(r"`([^`\n]+)`")
"""An inline code span of Markdown (group 1: what it holds)."""


def _fold(word: re.Match[str]) -> str:
    """A look-alike in a Latin word is folded ("Ignore" spelt with a Cyrillic o), and so is a
    word made only of look-alikes ("exec" spelt all in Cyrillic); a real Cyrillic or Greek
    word is left as it is (a Russian sentence must stay Russian to be read)."""
    text = word.group(0)
    if text.isascii():
        return text
    folded = text.translate(_CONFUSABLES)
    return folded if folded.isascii() or re.search(r"[A-Za-z]", text) else text


def normalize(text: str) -> str:
    """The text as a shell or a reader would take it: look-alikes folded, invisibles gone."""
    text = _WORD.sub(_fold, unicodedata.normalize("NFKC", text)).translate(_PUNCTUATION)
    text = _TAGS.sub("", _BIDI.sub("", text)).replace("\u2028", "\n").replace("\u2029", "\n")
    text = _SELECTORS.sub("", text)
    return "".join(c for c in text if c not in _INVISIBLE)


def unmarked(text: str) -> str:
    """The text as a reader of the rendered Markdown sees it: HTML tags and comment markers
    gone (`<code>curl … | sh</code>`), entities decoded (`&#124;`), blockquote marks dropped
    (`> curl … | sh`, also after a clause ends: `first: > curl …`, is not a redirect to a file
    named curl)."""
    text = _HTML_TAG.sub(" ", text)
    if "&" in text and ";" in text:
        text = html.unescape(text)
    return _QUOTE_MARK.sub("", text)


def hidden_characters(text: str) -> bool:
    """Whether `text` holds a character nobody sees, by class: a format character (Cf), a
    line or paragraph separator, a variation selector that selects nothing (not one after a
    symbol or emoji: `⚠️`), a Hangul filler; a joiner is fine between two emoji or two
    letters of a script that needs it (Persian, Devanagari)."""
    body = text.lstrip("\ufeff")
    if _INVISIBLE_CLASS.search(body) is None:
        return False
    for m in _INVISIBLE_CLASS.finditer(body):
        c, i = m.group(), m.start()
        before, after = body[i - 1:i], body[i + 1:i + 2]
        if c in "\ufe0e\ufe0f" and before and (_symbol(before) or before in "#*0123456789"):
            continue
        if c in "\u200c\u200d" and before and after and (
                ((_symbol(before) or before == "\ufe0f") and _symbol(after))
                or (_complex_letter(before) and _complex_letter(after))):
            continue
        if c == "\u200b" and _complex_letter(before or " ") and _complex_letter(after or " "):
            continue
        if unicodedata.category(c) == "Cf" and c not in _INVISIBLE and ord(c) in _TYPESET:
            continue  # Arabic number signs and the like: shown as they are
        return True
    return False


def _symbol(c: str) -> bool:
    return unicodedata.category(c) in ("So", "Sk") or 0x1F000 <= ord(c) <= 0x1FAFF


def _complex_letter(c: str) -> bool:
    return c.isalpha() and not c.isascii() and 0x0590 <= ord(c) < 0x3000


def hidden(original: str) -> bool:
    """Whether `original` holds invisible, direction-changing or tag characters."""
    return bool(_BIDI.search(original) or _TAGS.search(original) or
                _INVISIBLE_NEAR_ASCII.search(original.lstrip("\ufeff")) or
                hidden_characters(original))


_SENTENCE_MARK = re.compile(r"[.!?](?=\s)|\n")


def sentence_of(text: str, start: int, end: int) -> str:
    """The sentence of `text` that holds [start, end): it ends at a full stop, a question or an
    exclamation mark before a blank, or at a line's end."""
    opening = 0
    for mark in _SENTENCE_MARK.finditer(text, 0, start):
        opening = mark.end()
    closing = _SENTENCE_MARK.search(text, end)
    return text[opening:closing.start() if closing else len(text)]
