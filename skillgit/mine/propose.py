"""From digests to validated proposals: group → judge → generate → validate.

Nothing here writes to git. Every generated skill is written to a scratch directory and
checked by the same validator as the pre-commit hook; an invalid one is dropped with the
validator's reason.
"""

from __future__ import annotations

import posixpath
import tempfile
from collections.abc import Iterable
from pathlib import Path

from pydantic import BaseModel, Field

from skillgit.digest import Digest
from skillgit.gitops import GitRepo
from skillgit.mine import generate
from skillgit.mine.group import group
from skillgit.mine.judge import KnownSkill, judge
from skillgit.mine.landscape import known_skills, new_skills_dir
from skillgit.mine.ledger import Ledger
from skillgit.mine.signals import signals_from
from skillgit.proposal import Candidate, Proposal, SkillChange, Verdict
from skillgit.redact import Redactor
from skillgit.skills.findings import Level
from skillgit.skills.model import SKILL_FILE
from skillgit.skills.validate import validate_skill


class Rejected(BaseModel):
    title: str
    missed: str
    sessions: int


class ProposalSet(BaseModel):
    proposals: list[Proposal] = Field(default_factory=list)
    rejected: list[Rejected] = Field(default_factory=list)
    candidates: int = 0


def _redact(text: str, redactor: Redactor) -> str:
    return redactor.redact(text)


def _draft(verdict: Verdict, known: list[KnownSkill], repo: GitRepo, base: str,
           skills_dir: str, taken: set[str], redactor: Redactor) -> tuple[str, str,
                                                                         SkillChange] | str:
    """(kind, skill name, change) for an accepted verdict, or the reason it was dropped."""
    c = verdict.candidate
    target = generate.known_by_name(known, c.skill)
    if target is not None:
        path = posixpath.join(target.directory, SKILL_FILE)
        current = repo.read_file(base, path)
        if current is None:
            return f"{path} vanished from the base branch"
        updated = generate.updated_skill_text(current, c)
        if updated is None:
            return f"skill '{target.name}' already says all of this"
        redacted = _redact(updated.decode("utf-8"), redactor).encode("utf-8")
        return "update", target.name, SkillChange(skill=target.name, directory=target.directory,
                                                  files={path: redacted})
    name = generate.skill_name(c, taken)
    directory = posixpath.normpath(posixpath.join(skills_dir, name))
    text = _redact(generate.new_skill_text(name, c, len(c.sessions)), redactor)
    return "new", name, SkillChange(skill=name, directory=directory,
                                    files={posixpath.join(directory, SKILL_FILE): text.encode()})


def validation_errors(change: SkillChange, repo: GitRepo, base: str) -> list[str]:
    """Validator errors for the skill directory as it would be after the change."""
    files = {posixpath.join(change.directory, p): data
             for p, data in repo.list_files(base, change.directory).items()}
    files.update(change.files)
    with tempfile.TemporaryDirectory(prefix="skillgit-check-") as tmp:
        root = Path(tmp)
        for path, data in files.items():
            target = root / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        report = validate_skill(root / change.directory, cwd=root)
    return [f"{f.rule}: {f.message}" for f in report.findings if f.level is Level.ERROR]


def propose(repo: GitRepo, base: str, digests: Iterable[Digest], *, max_proposals: int = 5,
            skills_dir: str | None = None, ledger: Ledger | None = None,
            engine: str = "heuristic", redactor: Redactor | None = None) -> ProposalSet:
    redactor = redactor or Redactor.from_environment()
    ledger = ledger or Ledger()
    known = known_skills(repo, base, skills_dir)
    candidates = group(signals_from(digests, redactor))

    def blocked(c: Candidate) -> bool:
        kind = "update" if c.skill else "new"
        name = c.skill or generate.skill_name(c, ())
        return ledger.blocks(kind, name, len(c.sessions), c.key)

    verdicts = judge(candidates, known, blocked)
    result = ProposalSet(candidates=len(candidates))
    taken = {k.name for k in known}
    where = new_skills_dir(known, skills_dir)
    chosen: list[tuple[Verdict, str, str, SkillChange]] = []
    for verdict in verdicts:
        c = verdict.candidate
        if not verdict.accepted:
            result.rejected.append(Rejected(title=c.title, missed=verdict.missed,
                                            sessions=len(c.sessions)))
            continue
        if len(chosen) >= max_proposals:
            result.rejected.append(Rejected(title=c.title, missed=f"over the limit of "
                                            f"{max_proposals} proposals per run",
                                            sessions=len(c.sessions)))
            continue
        if any(s == c.skill for _, _, s, _ in chosen):
            continue  # two groups about one existing skill: the higher-ranked one wins
        drafted = _draft(verdict, known, repo, base, where, taken, redactor)
        if isinstance(drafted, str):
            result.rejected.append(Rejected(title=c.title, missed=drafted,
                                            sessions=len(c.sessions)))
            continue
        kind, name, change = drafted
        errors = validation_errors(change, repo, base)
        if errors:
            result.rejected.append(Rejected(title=c.title, missed="generated skill is invalid: "
                                            + "; ".join(errors), sessions=len(c.sessions)))
            continue
        taken.add(name)
        chosen.append((verdict, kind, name, change))
    notes = [f"\u201c{generate.plain_text(r.title)[:80]}\u201d: {r.missed}"
             for r in result.rejected if r.sessions >= 2 or not r.missed.startswith("not rep")]
    for verdict, kind, name, change in chosen:
        result.proposals.append(Proposal(
            kind="update" if kind == "update" else "new", skill=name,
            summary=generate.summary_for(kind, verdict), change=change, verdict=verdict,
            engine=engine, rejected_others=notes))
    return result
