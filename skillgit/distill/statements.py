"""What a follow-up states beyond the correction phrases `user_signals` reads.

- a fact that contradicts the agent's last action is a *correction* (`contradictions`, and
  `differing_facts`: the same thing named with another value), an objection said as mock
  praise (`sarcasm`), a bare fact of where the change runs (`bare_facts`) and a fact
  stated about the very thing the agent touched (`touched_facts`), and the code its edit
  should have held, dictated in code names alone (`dictated_code`), and the time zone a
  schedule it wrote assumed otherwise (`time_zones`);
- a correction in another language (`foreign`: the language tables, and a fallback anchored
  on commands, flags and paths) is a *correction* or, for a standing rule, a *preference*;
- a team norm, a rule about the project stated as a rule (`norms`) or labelled one
  (`labelled_norms`: "house style: …", "for the record, we don't …"), is a *preference*.

Sentences that only agree with a fact the agent itself stated (the same version) are
blanked before any rule reads the turn (`without_agreement`).
"""

from __future__ import annotations

from skillgit.distill import (
    bare_facts,
    contradictions,
    dictated_code,
    differing_facts,
    foreign,
    labelled_norms,
    languages,
    norms,
    sarcasm,
    time_zones,
    touched_facts,
)
from skillgit.distill.action_context import ActionContext


def without_agreement(text: str, context: ActionContext) -> str:
    """`text` with the sentences restating the agent's own facts blanked (same length)."""
    for start, end in contradictions.confirmations(text, context):
        text = text[:start] + " " * (end - start) + text[end:]
    return text


def feedback(text: str, context: ActionContext, *, new_task: bool) -> tuple[str, int] | None:
    """(kind, position) of a contradiction, a correction in another language or a norm."""
    finders = [contradictions.contradiction, differing_facts.differing_fact]
    if not new_task:
        finders += [sarcasm.mock_praise, bare_facts.stated_constraint, touched_facts.touched_fact,
                    dictated_code.dictated, time_zones.zone_fact]
    position = next((p for finder in finders if (p := finder(text, context)) is not None), None)
    if position is not None:
        return "correction", position
    touched = context.files | context.folders
    return foreign.correction(text, context) or norm(text, new_task=new_task, touched=touched)


def norm(text: str, *, new_task: bool,
         touched: frozenset[str] = frozenset()) -> tuple[str, int] | None:
    english = not languages.languages_of(text)[0]  # the norm tables are English words
    position = norms.norm(text, new_task=new_task) if english else None
    if position is None:
        position = labelled_norms.labelled(text, touched)
    return None if position is None else ("preference", position)
