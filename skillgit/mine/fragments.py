"""Untrusted fragments are screened alone, before anything is composed from them.

A commit message (and everything built from it: the PR body, the dashboard, job summaries) is
assembled from trusted templates and fragments that came from transcripts or a model: evidence
quotes, rejected candidates' titles, a model's reasons. Each fragment is screened in its own
context — the injection screen and both secret detectors — exactly as it will be shown (after
truncation). A fragment that fails is replaced by a neutral mark, alone; the composed text is
never read again as one shell text, so one session's odd quote cannot join a template line or
another session's quote and withhold an unrelated proposal.
"""

from __future__ import annotations

import functools

from skillgit.redact.screen import secret_findings
from skillgit.safety import refused

WITHHELD = "(withheld: {})"


@functools.lru_cache(maxsize=8192)
def problem(text: str) -> str | None:
    """Why `text` may not be shown (a class of risk or a secret's kind), or None."""
    risks = refused(text)
    if risks:
        return ", ".join(risks)
    found = secret_findings(text)
    return f"a likely secret ({found[0].kind})" if found else None


def shown(text: str) -> str:
    """`text` when it may be shown, else a mark saying why it is not (never the text)."""
    reason = problem(text)
    return text if reason is None else WITHHELD.format(reason)


def together(texts: list[str]) -> list[str]:
    """The risks `texts` carry read together, one line each: for the fragments of one
    proposal's own evidence (quotes harmless one by one may combine into a command). Never
    used across proposals. A quote repeated word for word (one lesson said the same way in two
    sessions) is read once: a text joined to itself says nothing it does not say alone."""
    distinct = list(dict.fromkeys(texts))
    return refused("\n".join(distinct)) if len(distinct) > 1 else []
