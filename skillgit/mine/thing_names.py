"""A name's words for a rule without commands: the thing it names as its identity.

A build or namespaced task (`run-testdebugunittest-only`, `run-horizon:terminate`), a settings
file it moves to, away from another (`use-libs-versions-toml-not-build-gradle-kts`), a
function it names as a call (`use-perform-job`), a type it names in code
(`use-instantsource`), or a setting it writes out (`use-algorithm-concurrently`,
`set-DISABLE_SPRING`) — each read only from clauses that do not negate it, so the name says
what to move to, never what to move away from (that one may follow as `-not-…`).
"""

from __future__ import annotations

import re

from skillgit.mine.identity import said as identity_said
from skillgit.mine.identity import settings as identity_settings
from skillgit.mine.identity import types_in

_CLAUSE = re.compile(r"[.;!?](?=\s|$)|,\s|\n")
_NEGATED = re.compile(r"\b(?:no|not|don'?t|do\s+not|never|nothing|nicht|kein\w*|nie|non|pas"
                      r"|niet|geen|nunca|jamais|mai)\b|n't\b", re.I)
_ONLY = re.compile(r"\b(?:only|just|all\s+(?:you|it|we)\s+need|is\s+enough|alone)\b", re.I)
_SETTING_ORDER = ("option", "env", "symbol", "folder")


def _kept(said: str, kind: str) -> list[str]:
    """The values of `kind` keys named in clauses of `said` that negate nothing, in order."""
    return list(dict.fromkeys(key[2] for clause in _CLAUSE.split(said)
                              if not _NEGATED.search(clause)
                              for key in sorted(identity_said(clause)) if key[0] == kind))


def thing_words(said: str) -> list[str]:
    """The name's words for a rule without commands that names its identity (see the
    module's docstring); empty when it names none."""
    keys = identity_said(said)
    tasks = _kept(said, "task") or sorted(k[2] for k in keys if k[0] == "task")
    if tasks:
        return ["run", tasks[0], *(["only"] if _ONLY.search(said) else [])]
    calls = _kept(said, "call")
    kept: list[str] = []
    left: list[str] = []
    for clause in _CLAUSE.split(said):
        for key in sorted(identity_said(clause)):
            if key[0] == "file":
                (left if _NEGATED.search(clause) else kept).append(key[2])
    kept = [f for f in dict.fromkeys(kept) if f not in left]
    if not kept:  # "use-perform-job": the API it moves to; else the type it moves to
        return ["use", calls[0]] if calls else (_type_words(said) or _setting_words(said))
    away = [f for f in dict.fromkeys(left) if f != kept[0]][:1]
    return ["use", kept[0], *(["not", away[0]] if away else [])]


def _type_words(said: str) -> list[str]:
    """`use-<type>[-not-<type>]`: the first type a clause names without negating it, and the
    first one a negated clause names ("don't call Instant.now() …. take an InstantSource" →
    `use-instantsource-not-instant`); empty when it names none."""
    kept: list[str] = []
    left: list[str] = []
    for clause in _CLAUSE.split(said):
        (left if _NEGATED.search(clause) else kept).extend(types_in(clause))
    negated = {t.lower() for t in left}
    kept = [t for t in dict.fromkeys(kept) if t.lower() not in negated]
    if not kept:
        return []
    away = [t for t in dict.fromkeys(left) if t.lower() != kept[0].lower()][:1]
    return ["use", kept[0], *(["not", away[0]] if away else [])]


def _setting_words(said: str) -> list[str]:
    """`use-<setting>` for a rule that writes out a setting and names nothing else it moves
    to: `use-algorithm-concurrently` for "… built with algorithm: :concurrently", `set-<NAME>`
    for an environment variable; empty when it writes none, or only in a negated clause."""
    found = [key for clause in _CLAUSE.split(said) if not _NEGATED.search(clause)
             for key in identity_settings(clause)]
    if not found:
        return []
    kind, _, value = min(found, key=lambda k: (_SETTING_ORDER.index(k[0]), k[2]))
    if kind == "env":
        return ["set", value.split("=", 1)[0]]
    return ["use", *re.findall(r"[A-Za-z0-9]+", value)[:4]]
