"""Small rules for text a person scans: counts with the right plural, one sentence end, and
the function words that tell English prose from another language's."""

from __future__ import annotations

# Nouns whose plural is not noun + "s".
IRREGULAR: dict[str, str] = {"pull request": "pull requests", "repository": "repositories",
                             "proposal": "proposals", "quote": "quotes", "reply": "replies"}


def plural(n: int, noun: str, many: str | None = None) -> str:
    """`1 session`, `3 sessions`, `0 sessions`; `many` (or `IRREGULAR`) for other plurals."""
    if n == 1:
        return f"1 {noun}"
    return f"{n} {many or IRREGULAR.get(noun) or noun + 's'}"


def sentence(text: str) -> str:
    """`text` ending in exactly one period (a message that already ends in `.`, `!` or `?`
    gets none added): no doubled period when a message is put into another."""
    text = text.rstrip()
    return text if text.endswith((".", "!", "?")) else text + "."


def one_line(text: str) -> str:
    """`text` without carriage returns or line breaks (an ssh error ends in `\\r\\n`): what
    a table cell or a status line can show."""
    return " ".join(text.replace("\r", " ").split())


ENGLISH_FUNCTION_WORDS = frozenset("""the a an to of in on for is are was it this that these you
we i not no do don't use run only always never with and but please just what why from be have
has should must need needs here there can could would will my our your""".split())
"""Words nearly every English sentence holds: few of them among many words, and the text is in
another language (detection tables in `distill`, the screen's verb tables in `safety`)."""
