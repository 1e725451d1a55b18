"""A standing rule recalled inside an ask: "generate it with alembic's autogenerate like
always", "new migration via `migrate create -seq` as usual", "run the tests the normal way
(make test, not plain go test)".

The ask stays a task; the clause holding the habit marker is also a *preference*, because
it says how things are always done here. A clause counts when it holds

- a **habit marker** (`HABIT`): "like/as always", "as usual", "like usual", "per usual",
  "the usual/normal/standard way", "the usual procedure/process/flow", "as we always do",
  "our usual …", "like we always do", "the way we test all our …";
- and an **anchor**: a `code` span, a flag, a path or a noun of software work (`norms.THINGS`).

Not a habit: the marker in a question ("like always?"), and a habit about the user's own
schedule ("as usual I'll review it tomorrow": no anchor, or "I"/"we" followed by a plan).
The quote is the clause alone (from the previous clause break to the next, a parenthesis
kept whole), so the rule carries no other part of the task. Two clauses are read as one: a
procedure the marker introduces with a colon ("usual procedure for schema changes: change
the model, have alembic autogenerate the revision") runs to the end of its sentence, and a
modifier clause ("…, as a draft like always", "…, with warnings denied as usual") takes the
clause it modifies ("put up a PR, as a draft like always").
"""

from __future__ import annotations

import re

from skillgit.distill.asides import NARRATION
from skillgit.distill.norms import THINGS
from skillgit.distill.user_phrases import rx

HABIT = rx(r"""\b(?:(?:like|as)\ (?:always|usual|we\ always\ do|we\ do\ it|before)
    |per\ usual|the\ usual\b
    |before\ (?:you\ )?(?:tell(?:ing)?\ me|say(?:ing)?|call(?:ing)?\ it|report(?:ing)?
      |mark(?:ing)?\ it)[^.,;!?\n]{0,20}?\b(?:done|finished|complete|ready)\b
    |the\ (?:normal|standard|regular)\ (?:way|procedure|process|flow|route)
    |(?:usual|standard)\ (?:procedure|process)\ for|our\ usual\b
    |(?<![\w-])usual\ (?:drill|routine)\b
    |(?<=,\ )(?:remember|don't\ forget)(?=\s*[.!]*\s*$)
    |(?:the\ way|how)\ we\ (?:always\ )?[a-z]+\ (?:all\ |every\ |each\ )?(?:our|the\ other)\b
    |\bwe\ always\ (?!end\ up|forget|seem|get|""" + NARRATION + r""")(?=[a-z]+\ ))""")
# "Like always" / "as usual" in other languages, one row each: the same marker, read with the
# same anchor (a `code` span, a flag, a path, a call or a thing of the repository).
HABIT_ELSEWHERE: dict[str, str] = {
    "fr": r"comme\ (?:toujours|d'habitude|d'hab|d'ordinaire)|comme\ on\ fait\ toujours",
    "de": r"wie\ (?:immer|üblich|gewohnt|sonst\ auch)|wie\ wir\ es\ immer\ machen",
    "es": r"como\ (?:siempre|de\ costumbre|es\ habitual|hacemos\ siempre)",
    "pt": r"como\ (?:sempre|de\ costume|de\ hábito|fazemos\ sempre)",
    "it": r"come\ (?:sempre|al\ solito|d'abitudine|di\ consueto|facciamo\ sempre)",
    "nl": r"zoals\ (?:altijd|gewoonlijk|gebruikelijk|we\ altijd\ doen)",
}
_ELSEWHERE = rx(r"\b(?:" + "|".join(HABIT_ELSEWHERE.values()) + r")\b")
# "…, so/that is …" in the marker's language: the next clause restates the habit concretely
# ("ohne die slow-Tests, also ctest mit -LE slow"), and is part of it when it names a flag or
# `code`. English "also" adds another request, German "also" means "so": one row each.
RESTATED: dict[str, str] = {
    "en": r"so|i\.e\.|ie|that\ is|meaning|namely",
    "fr": r"donc|c'est-à-dire|soit|bref",
    "de": r"also|d\.h\.|das\ heißt|sprich|heißt",
    "es": r"o\ sea|es\ decir|entonces",
    "pt": r"ou\ seja|isto\ é|então|portanto",
    "it": r"cioè|quindi|ovvero",
    "nl": r"dus|oftewel|dat\ wil\ zeggen",
}
_RESTATED = {code: rx(r",\s*(?:" + words + r")\s") for code, words in RESTATED.items()}
_COORDINATED = re.compile(r"\s(?:and|or)\s", re.IGNORECASE)
_HABIT_IN = {code: rx(pattern) for code, pattern in HABIT_ELSEWHERE.items()}
_CONCRETE = rx(r"`[^`\n]+`|(?<![\w-])--?[A-Za-z][\w-]*")
_ANCHOR = rx(r"`[^`\n]+`|(?<![\w-])--?[a-z][\w-]*|(?<![\w/])[\w.~-]*/[\w./-]+|\b" + THINGS
             + r"\b|\w\(\)")
_OWN_PLAN = rx(r"^\W*(?:as\ usual|like\ always)?\W*(?:i|i'll|i\ will|we'll)\b")
_BREAK = re.compile(r"[.;!?](?=\s|$)|\n|,\s|\s(?:then|and|and\ then)\s")  # "values.yaml" goes on
_SENTENCE_END = re.compile(r"[.;!?](?=\s|$)|\n")
_MODIFIER = re.compile(r"(?:as|with|via|using|through|in|on)\s", re.IGNORECASE)
_LEAD = re.compile(r"^(?:(?:then|and|so|also|please)\s+)+", re.IGNORECASE)


def habit(text: str) -> tuple[int, int] | None:
    """(start, end) of the clause of `text` that recalls a standing rule, or None."""
    markers = sorted([*HABIT.finditer(text), *_ELSEWHERE.finditer(text)],
                     key=lambda m: m.start())
    for marker in markers:
        asked = _SENTENCE_END.search(text, marker.end())
        if asked is not None and asked.group() == "?":
            continue  # "what's the usual layout — X or Y?": the marker in a question
        start, end = _clause(text, marker.start(), marker.end())
        if text[start:end].strip(" ,").lower() == marker.group().lower():
            if text[end:].strip(" .!"):
                end = _clause(text, end + 1, end + 1)[1]  # "per usual, deps get pinned …"
            else:  # "…, the deploy step takes --wait, remember": the clause it closes
                start, end = _clause(text, start - 2, start - 2)
        if ":" in text[marker.end():end]:  # a procedure follows: to the sentence's end
            stop = _SENTENCE_END.search(text, end)
            end = stop.start() if stop else len(text)
        if _MODIFIER.match(text, start) and text[max(start - 2, 0):start].strip() == ",":
            start = _clause(text, start - 2, start - 2)[0]
        language = next((code for code, pattern in _HABIT_IN.items()
                         if pattern.fullmatch(marker.group())), "en")
        restated = _RESTATED[language].match(text, end)
        if restated is not None:
            then = _clause(text, restated.end(), restated.end())[1]
            if _CONCRETE.search(text, restated.end(), then):
                end = then
        if start == marker.start() and (_COORDINATED.match(text, end)
                                        or not _ANCHOR.search(text[start:end])):
            stop = _SENTENCE_END.search(text, end)  # "we always configure and build through
            end = stop.start() if stop else len(text)  # the presets": its verbs run on
        clause = text[start:end]
        if text[end:end + 1] == "?" or _OWN_PLAN.match(clause) or not _ANCHOR.search(clause):
            continue
        return start, end
    return None


# A rule pointing back ("please always do that", "keep it that way"): its thing is named in
# the sentence before.
_ANAPHOR = rx(r"\b(?:that|this|it|so)\b")


def antecedent(text: str, start: int, end: int) -> int:
    """Where a quote `text[start:end]` should start: at the sentence before it when the quote
    names no thing of its own but points back at one ("CI runs `cargo clippy -- -D warnings`.
    please always do that before calling it finished")."""
    quote = text[start:end]
    if start == 0 or _ANCHOR.search(quote) or not _ANAPHOR.search(quote):
        return start
    stops = [m.end() for m in _SENTENCE_END.finditer(text, 0, max(start - 1, 0))]
    before = stops[-1] if stops else 0
    return before if _ANCHOR.search(text[before:start]) and start - before <= 200 else start


def _clause(text: str, left: int, right: int) -> tuple[int, int]:
    start = 0
    for found in _BREAK.finditer(text, 0, left):
        if _depth(text, found.start()) == 0:
            start = found.end()
    end = len(text)
    for found in _BREAK.finditer(text, right):
        if _depth(text, found.start()) == 0:
            end = found.start()
            break
    while start < end and text[start] in " \t\"'(":
        start += 1
    lead = _LEAD.match(text, start, end)
    start = lead.end() if lead else start
    while end > start and text[end - 1] in " \t":
        end -= 1
    return start, end


def _depth(text: str, position: int) -> int:
    """How many parentheses are open at `position`."""
    return max(0, text.count("(", 0, position) - text.count(")", 0, position))
