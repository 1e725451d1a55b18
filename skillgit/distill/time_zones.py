"""Implicit corrections about time: a schedule the agent wrote, and the zone it assumed.

A clock time or a cron schedule means nothing without a time zone. When the agent's last
actions wrote one (a cron expression like `30 6 * * 1-5`, "9am", "18:30") and the user answers
with a turn made only of facts (`bare_facts.fact_sentences`) naming a time zone the agent
wrote nowhere ("the workers run on UTC", "our users are on Europe/Lisbon time", "that box is
set to PST"), the fact tells the agent its schedule assumed another zone.

Zones are read as data (`_ZONE`): the common abbreviations, an IANA name ("Asia/Tokyo"),
"local time" or "time zone". Not a correction: the same zone the agent wrote ("0 9 * * * is
09:00 UTC, matches"), a question, approval or a request (`fact_sentences` keeps none), and
any turn when the agent wrote no time.
"""

from __future__ import annotations

import re

from skillgit.distill.action_context import ActionContext
from skillgit.distill.bare_facts import fact_sentences
from skillgit.distill.user_phrases import rx

_CRON = re.compile(r"(?<![\w*/,-])(?:[\d*/,-]+\s+){4}[\d*/,A-Za-z?L#-]+(?![\w*/,-])")
_CLOCK = rx(r"\b(?:[01]?\d|2[0-3])(?::[0-5]\d)?\s*(?:am|pm)\b|\b(?:[01]?\d|2[0-3]):[0-5]\d\b")
_ZONE = rx(r"""\b(?:utc|gmt|cet|cest|eet|eest|wet|west|bst|ist|pst|pdt|mst|mdt|cst|cdt|est|edt
    |akst|hst|aest|aedt|acst|awst|nzst|nzdt|jst|kst|sgt|hkt|brt|art|msk
    |(?:africa|america|asia|atlantic|australia|europe|indian|pacific)/[a-z_]+(?:/[a-z_]+)?
    |local\ time|time\ ?zones?|tz)\b""")


def zone_fact(text: str, context: ActionContext) -> int | None:
    """Where a turn of facts names a time zone the agent's schedule did not, or None."""
    wrote = context.wrote
    if not context.changed or not (_CRON.search(wrote) or _CLOCK.search(wrote)):
        return None
    sentences = fact_sentences(text, context)
    if sentences is None:
        return None
    theirs = {m.group().lower() for m in _ZONE.finditer(wrote)}
    for sentence in sentences:
        for zone in _ZONE.finditer(sentence):
            if zone.group().lower() not in theirs:
                return max(text.find(sentence), 0)
    return None
