"""What a proposed skill costs an agent's context (estimated tokens), as its SKILL.md reads
after the proposal: `demo` prints it, `mine --json` carries it (the Action's job summary
shows it)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from skillgit import yamlload
from skillgit.proposal import Proposal
from skillgit.skills.document import SkillDocument
from skillgit.tokens import context_tokens, estimate_tokens


@dataclass(frozen=True)
class SkillCost:
    """Its name and description are loaded in every session, its body when the skill is
    used."""

    skill: str
    always_loaded: int
    body: int


def proposal_cost(proposal: Proposal) -> SkillCost | None:
    """The cost of the SKILL.md the proposal writes (None: it writes none)."""
    for path, data in sorted(proposal.change.files.items()):
        if path.rsplit("/", 1)[-1] != "SKILL.md":
            continue
        document = SkillDocument.from_bytes(data)
        meta = yamlload.safe_load(document.frontmatter_raw) or {}
        if not isinstance(meta, dict):
            meta = {}
        return SkillCost(skill=proposal.skill,
                         always_loaded=context_tokens(str(meta.get("name", "")),
                                                      str(meta.get("description", ""))),
                         body=estimate_tokens(document.body.strip()))
    return None


def skill_costs(proposals: Iterable[Proposal]) -> list[SkillCost]:
    return [cost for p in proposals if (cost := proposal_cost(p)) is not None]
