"""Evidence quotes: verbatim excerpts of one turn, and checking a claimed quote against a turn.

A quote is always a substring of one of the cited turn's texts (its text, its tool input,
or its tool result excerpt), at most `MAX_QUOTE_CHARS` long. `locate_quote` is the guard
every engine answer goes through: a quote that does not occur in the cited turn is
refused, so neither a hallucination nor injected text can invent evidence.
"""

from __future__ import annotations

import re

from skillgit.digest import MAX_QUOTE_CHARS, Evidence
from skillgit.transcripts.model import Turn, TurnKind

# Turns whose text the user wrote (as opposed to tool output or assistant text).
USER_AUTHORED = frozenset({TurnKind.USER, TurnKind.SLASH_COMMAND})
# A quote shorter than this proves nothing (unless the whole turn is that short).
MIN_QUOTE_CHARS = 12

_SENTENCE_END = re.compile(r"[.!?;](?=\s)|\n")
_WRAPPERS = "\"'`\u201c\u201d\u2018\u2019\u00ab\u00bb \t\r\n"


def turn_texts(turn: Turn) -> tuple[str, ...]:
    """The texts of `turn` a quote may come from: its text, tool input and tool result."""
    texts = [turn.text, turn.tool_input or ""]
    if turn.result is not None:
        texts.append(turn.result.text)
    return tuple(text for text in texts if text)


def quote_occurs(quote: str, turn: Turn) -> bool:
    """True when `quote` is a verbatim substring of one of `turn`'s texts."""
    return bool(quote) and any(quote in text for text in turn_texts(turn))


def excerpt(text: str, start: int = 0, end: int | None = None,
            limit: int = MAX_QUOTE_CHARS) -> str:
    """`text[start:end]` without surrounding whitespace, cut at a word boundary to `limit`.

    The result is always a substring of `text`.
    """
    piece = text[start:end].strip()
    if len(piece) <= limit:
        return piece
    cut = piece.rfind(" ", 0, limit + 1)
    return piece[: cut if cut >= limit // 2 else limit].rstrip()


def sentence_span(text: str, position: int) -> tuple[int, int]:
    """The (start, end) of the sentence or line of `text` around `position`."""
    start = 0
    for match in _SENTENCE_END.finditer(text, 0, position):
        start = match.end()
    found = _SENTENCE_END.search(text, position)
    end = found.end() if found and found.group() != "\n" else (found.start() if found else
                                                                len(text))
    return start, end


def sentence_quote(text: str, position: int, *, min_words: int = 3, min_chars: int = 0) -> str:
    """The sentence around `position`, extended by the next one when it says nothing alone:
    a bare interjection ("No.", "Wrong again!") or a question ("go build again?"), which
    the next sentence answers; `min_chars`: also one shorter than that (an ask, whose request
    often goes on: "The compose Kafka is disposable. To reset it, run …").

    A sentence that says something is quoted alone: its neighbour is another statement,
    which may carry anything (a password given in passing), and evidence that leaves the
    machine carries only the statement it is evidence for.
    """
    start, end = sentence_span(text, position)
    said = text[start:end].rstrip()
    if (len(said.split()) < min_words or said.endswith("?") or len(said) < min_chars) and \
            end < len(text):
        _next_start, next_end = sentence_span(text, min(end + 1, len(text) - 1))
        end = max(end, next_end)
    return excerpt(text, start, end)


def evidence_at(turn: Turn, quote: str) -> Evidence | None:
    """Evidence for `turn` when `quote` is non-empty (callers pass verbatim excerpts)."""
    return Evidence(quote=quote, turn=turn.index) if quote.strip() else None


def locate_quote(quote: str, turn: Turn) -> str | None:
    """The verbatim text of `turn` that `quote` claims, or None when it is not there.

    Tolerates what honest models do to quotes (surrounding quotation marks, a trailing
    ellipsis, re-flowed whitespace) and returns the exact span of the turn instead, so the
    stored quote is verbatim. Very short quotes are refused: they would match anywhere.
    """
    candidate = quote.strip(_WRAPPERS)
    for ellipsis in ("…", "..."):
        candidate = candidate.removesuffix(ellipsis).removeprefix(ellipsis).strip(_WRAPPERS)
    if not candidate:
        return None
    words = candidate.split()
    flexible = re.compile(r"\s+".join(re.escape(word) for word in words)) if words else None
    for text in turn_texts(turn):
        found: str | None = candidate if candidate in text else None
        if found is None and flexible is not None:
            match = flexible.search(text)
            found = match.group(0) if match else None
        if found is not None and len(found) >= min(MIN_QUOTE_CHARS, len(text.strip())):
            return excerpt(found)
    return None
