"""Content terms of short texts, and how alike two term sets are (for lexical clustering)."""

from __future__ import annotations

import re


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Longer tokens are hashes, keys or paths, never a good name or grouping term.
MAX_TERM_CHARS = 30

_TOKEN = re.compile(r"[a-z0-9][a-z0-9_./+#-]*[a-z0-9+#]|[a-z0-9]")

STOPWORDS = _words("""
a about above after again against all also always am an and any are as at be because been
before being below between both but by can cannot could did do does doing don dont done down
during each else even every few for from further get gets got had has have having he her
here hers him his how i if in into is isn it its itself just know let like ll make makes
making me might more most much must my need needs never no nor not now of off ok okay on
once one only or other our out over own please pls re really right same see she should
shouldn so some still such sure than thank thanks that the their them then there these they
thing things this those though through to too try under until up us use used uses using ve
very want wants was way we well were what when where which while who why will with without
won would yes yet you your yours instead actually again also again ll isn wasn aren hey hi
let lets go going gonna wanna remember time times next first last new now already still just
via per etc
""")

# Words that name work in general, not a specific tool, rule or place.
GENERIC_TERMS = _words("""
add again answer app better broken bug build change check clean code content create data
delete describe directory display done error explain fail feature file find fix folder
function get give good hello help implement improve input issue list look make move open
output please print problem project question quick read refactor remove rename repo response
result review run save say show simple small start step stop store stuff summarize summary
task tell test thing update value work world write wrong
""")


def stem(word: str) -> str:
    """A light, deterministic suffix stripper (enough to match 'tests'/'test', 'failing'/'fail')."""
    if any(c in word for c in "./_-#+") or word.isdigit():
        return word
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def terms(text: str) -> frozenset[str]:
    """Lower-cased content terms: stopwords, lone numbers and one-letter words dropped."""
    out = set()
    for raw in _TOKEN.findall(text.lower()):
        token = raw.strip("./-_")
        if (len(token) < 2 or len(token) > MAX_TERM_CHARS or token in STOPWORDS
                or token.isdigit() or "redacted" in token):
            continue
        out.add(stem(token))
    return frozenset(out)


def similarity(a: frozenset[str], b: frozenset[str]) -> float:
    """Overlap coefficient, but only when at least two terms (or all of a tiny set) are shared."""
    if not a or not b:
        return 0.0
    shared = len(a & b)
    if shared < min(2, len(a), len(b)):
        return 0.0
    return shared / min(len(a), len(b))
