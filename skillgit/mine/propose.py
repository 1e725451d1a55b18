"""From digests to validated proposals: group → judge → generate → validate.

Nothing here writes to git. Every generated skill is written to a scratch directory and
checked by the same validator as the pre-commit hook; an invalid one is dropped with the
validator's reason.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Iterable

from pydantic import BaseModel, Field

from skillgit import stages
from skillgit.attribution.attribute import resolve
from skillgit.attribution.history import build_history
from skillgit.attribution.outcome import DEFAULT_WINDOW
from skillgit.attribution.usage import attributed, usage_lines
from skillgit.digest import Digest
from skillgit.gitops import GitRepo
from skillgit.judge.model_judge import JudgeReport, ModelJudge
from skillgit.llm.base import Backend, Usage
from skillgit.mine import fragments, generate, prose, shape
from skillgit.mine import merged as covering
from skillgit.mine.fragments import together
from skillgit.mine.group import group
from skillgit.mine.judge import (
    KnownSkill,
    ranked_verdicts,
    screened_texts,
    withheld_reason,
)
from skillgit.mine.landscape import new_skills_dir, skill_landscape
from skillgit.mine.lower_risk import known_hosts, review_items
from skillgit.mine.naming import legacy_name
from skillgit.mine.signals import signals_from
from skillgit.mine.validity import generated_texts, validation_errors
from skillgit.mine.withhold import withheld_reason as secret_withheld_reason
from skillgit.mine.withhold import without_failing_notes
from skillgit.mine.write import evidence_shown, quote_shown
from skillgit.proposal import Candidate, Proposal, SkillChange, Verdict
from skillgit.redact import Redactor
from skillgit.skills.model import SKILL_FILE
from skillgit.wire.ledger import Ledger, Merged
from skillgit.wording import plural


class Rejected(BaseModel):
    title: str
    missed: str
    sessions: int
    sources: list[str] = Field(default_factory=list, exclude=True)
    """The candidate's own texts (title and quotes, whole): a note about it is listed only
    when each of them passes the screen alone (its title is shown cut, its source is not)."""


class ProposalSet(BaseModel):
    proposals: list[Proposal] = Field(default_factory=list)
    rejected: list[Rejected] = Field(default_factory=list)
    candidates: int = 0
    usage: Usage = Field(default_factory=Usage)  # tokens spent writing prose (LLM engines)
    # quotes withheld by the safety screen in this run: class of risk → count
    withheld: dict[str, int] = Field(default_factory=dict)
    judge: JudgeReport | None = None   # set when a model judged
    # candidates past the listed rejections, neither judged nor listed (large runs only)
    not_listed: int = 0
    merged: list[Merged] = Field(default_factory=list)  # merged proposals the history shows


# A run lists at most this many rejected candidates, best first, and stops listing once the
# run has screened `LISTING_SCREEN_BUDGET` distinct texts; the rest are only counted
# (`not_listed`): in a run of thousands of sessions they are never screened. Candidates that
# may still be proposed are always judged in full.
MAX_REJECTED_LISTED = 100
LISTING_SCREEN_BUDGET = 2000
MAX_SOURCES = 12  # a rejected candidate's quotes its note is screened with
MAX_NOTES = 10  # rejected candidates a commit message lists (see write.commit_message)


class _Drafting:
    """Drafts for one run: templates, or an LLM writer with one repair round."""

    def __init__(self, repo: GitRepo, base: str, known: list[KnownSkill], skills_dir: str,
                 redactor: Redactor, writer: Backend | None) -> None:
        self.repo, self.base, self.known = repo, base, known
        self.skills_dir, self.redactor, self.writer = skills_dir, redactor, writer
        self.usage = Usage()
        self.merged: dict[str, Merged] = {}   # skill → its merged proposal (see `merged`)

    def draft(self, verdict: Verdict, taken: set[str]) -> tuple[str, str, SkillChange] | str:
        """(kind, skill name, validated change) for an accepted verdict, or why it was dropped."""
        c = verdict.candidate
        target = generate.known_by_name(self.known, c.skill)
        if target is not None:
            return self._update(verdict, target)
        name = generate.skill_name(c, taken)
        directory = posixpath.normpath(posixpath.join(self.skills_dir, name))
        path = posixpath.join(directory, SKILL_FILE)
        if self.writer is None:
            text = generate.new_skill_text(name, c, len(c.sessions))
            return self._checked("new", name, directory, {path: text})
        errors: list[str] = []
        for _attempt in range(2):
            draft, usage, why = prose.write_new(self.writer, name, verdict, errors)
            self.usage = self.usage + usage
            if draft is None:
                return why
            text = generate.skill_file_text(name, draft.description, draft.body)
            problems = shape.new_skill_problems(draft.description, draft.body, c)
            result = (_INVALID + "; ".join(problems) if problems
                      else self._checked("new", name, directory, {path: text}))
            if not isinstance(result, str) or not result.startswith(_INVALID):
                return result
            errors = [result[len(_INVALID):]]
        return f"{_INVALID}{errors[0]} (after one repair)"

    def _update(self, verdict: Verdict,
                target: KnownSkill) -> tuple[str, str, SkillChange] | str:
        path = posixpath.join(target.directory, SKILL_FILE)
        current = self.repo.read_file(self.base, path)
        if current is None:
            return f"{path} vanished from the base branch"
        entry = self.merged.get(target.name)
        if self.writer is None:
            updated = generate.append_lessons(current, covering.since_merge(
                self.repo, entry, path, generate.rule_lines(verdict.candidate)))
            if updated is None:
                return f"skill '{target.name}' already says all of this"
            return self._checked("update", target.name, target.directory,
                                 _with_copies(target, path, updated), before=current)
        errors: list[str] = []
        for _attempt in range(2):
            lines, usage, why = prose.write_update(self.writer, target.name, target.body,
                                                   verdict, errors)
            self.usage = self.usage + usage
            if lines is None:
                return why
            updated = generate.append_lessons(current, covering.since_merge(
                self.repo, entry, path, lines))
            if updated is None:
                return f"skill '{target.name}' already says all of this"
            problems = shape.update_problems(lines, verdict.candidate)
            result = (_INVALID + "; ".join(problems) if problems else self._checked(
                "update", target.name, target.directory,
                _with_copies(target, path, updated), before=current))
            if not isinstance(result, str) or not result.startswith(_INVALID):
                return result
            errors = [result[len(_INVALID):]]
        return f"{_INVALID}{errors[0]} (after one repair)"

    def _checked(self, kind: str, name: str, directory: str, texts: dict[str, str],
                 before: bytes = b"") -> tuple[str, str, SkillChange] | str:
        """Redact, screen and validate; the change, or why it cannot be used.

        `before` is the file an update appends to: the owner's text is kept byte for byte
        (an example key or an install line of theirs is not ours to rewrite or to refuse),
        and only what skillgit adds is redacted and screened."""
        files = {}
        kept = before.decode("utf-8", "replace")
        for path, text in texts.items():
            owned = kept if kept and text.startswith(kept) else ""
            clean = owned + self.redactor.redact(text[len(owned):])
            # an update that amends a step in place: the owner's lines it keeps as they were
            # are theirs, and only the lines skillgit wrote or changed are screened
            reason = prose.screen(clean, before=kept)
            if reason:
                return reason
            files[path] = clean.encode("utf-8")
        change = SkillChange(skill=name, directory=directory, files=files)
        errors = validation_errors(change, self.repo, self.base)
        if errors:
            return _INVALID + "; ".join(errors)
        return kind, name, change


_INVALID = "generated skill is invalid: "


def _with_copies(target: KnownSkill, path: str, updated: bytes) -> dict[str, str]:
    """The updated SKILL.md for the skill's canonical copy and each identical copy installed
    for another agent: one commit keeps them equal."""
    text = updated.decode("utf-8")
    return {path: text, **{posixpath.join(copy, SKILL_FILE): text for copy in target.copies}}


def propose(repo: GitRepo, base: str, digests: Iterable[Digest], *, max_proposals: int = 5,
            skills_dir: str | None = None, ledger: Ledger | None = None,
            engine: str = "heuristic", redactor: Redactor | None = None,
            writer: Backend | None = None,
            on_warning: Callable[[str], None] | None = None,
            model_judge: ModelJudge | None = None,
            window: int = DEFAULT_WINDOW) -> ProposalSet:
    """Validated proposals from digests; `writer` (an LLM backend) writes the prose, else
    templates do. Existing skills are found anywhere in the repository; `skills_dir` only
    says where new ones go. `on_warning` hears of existing skills that cannot be read."""
    redactor = redactor or Redactor.from_environment()
    ledger = ledger or Ledger()
    known, unreadable = skill_landscape(repo, base, on_warning)
    digests = list(digests)
    history = build_history(repo, base)  # one walk: every SKILL.md version on the base branch
    if history.note is not None and on_warning is not None:
        on_warning(history.note)
    names = {k.name for k in known}
    stages.begin(f"grouping {len(digests):,} sessions")
    grouped = [covering.about_known(c, names) for c in group(signals_from(
        digests, redactor, window=window,
        name=lambda d, use: resolve(history, use, d.started_at)[0]),
        {k.name: k.topic_terms for k in known})]
    merged = covering.merged_lessons(repo, history, ledger)
    candidates = [c for c in grouped if not covering.covered(merged, c.skill, len(c.sessions))]

    rejected_kinds = {entry.kind for entry in ledger.rejected}

    def blocked(c: Candidate) -> bool:
        kind = "update" if c.skill else "new"
        if kind not in rejected_kinds:
            return False  # nothing of this kind was rejected: no name needs computing
        names = [c.skill] if c.skill else [generate.skill_name(c, ()), legacy_name(c)]
        return any(ledger.blocks(kind, name, len(c.sessions), c.key) for name in names)

    verdicts: Iterable[Verdict] = ranked_verdicts(candidates, known, blocked)
    if model_judge is not None:  # the model judges again what the heuristics grouped (all of
        # them: it picks the best `judge.max_candidates` itself)
        verdicts = model_judge.judge(list(verdicts), [(k.name, k.description) for k in known],
                                     blocked)
    result = ProposalSet(candidates=len(candidates), merged=list(merged.values()),
                         judge=model_judge.report if model_judge is not None else None)
    taken = {k.name for k in known} | {posixpath.basename(d) for d in unreadable}
    drafting = _Drafting(repo, base, known, new_skills_dir(known, skills_dir), redactor, writer)
    drafting.merged = merged
    chosen: list[tuple[Verdict, str, str, SkillChange]] = []
    judged = 0
    budget = screened_texts() + LISTING_SCREEN_BUDGET
    stages.begin("judging", len(candidates), "candidates")
    pending = iter(verdicts)
    while True:
        if len(chosen) >= max_proposals and (len(result.rejected) >= MAX_REJECTED_LISTED
                                             or screened_texts() >= budget):
            break  # the next verdict would end the loop unread: it is never judged
        verdict = next(pending, None)
        if verdict is None:
            break
        stages.advance()
        listed_enough = len(result.rejected) >= MAX_REJECTED_LISTED \
            or screened_texts() >= budget
        if listed_enough and (len(chosen) >= max_proposals or not verdict.accepted):
            break  # the rest is neither proposed nor listed: it is never screened
        judged += 1
        c = verdict.candidate
        for risk, n in c.withheld.items():
            result.withheld[risk] = result.withheld.get(risk, 0) + n
        if not verdict.accepted:
            missed = verdict.missed + (f" ({verdict.fallback})" if verdict.fallback else "")
            result.rejected.append(_rejected(c, missed))
            continue
        full = len(chosen) >= max_proposals
        over = f"over the limit of {max_proposals} proposals per run"
        if full and writer is not None:  # a model's draft is not paid for a lesson that waits
            result.rejected.append(_rejected(c, over))
            continue
        if any(s == c.skill for _, _, s, _ in chosen):
            continue  # two groups about one existing skill: the higher-ranked one wins
        drafted = drafting.draft(verdict, taken)
        if isinstance(drafted, str):
            result.rejected.append(_rejected(c, drafted))
            continue
        kind, name, change = drafted
        # a merged lesson takes no slot, and is never "over the limit": it is merged
        done = covering.merged_already(Proposal(
            kind="update" if kind == "update" else "new", skill=name, summary="",
            change=change, verdict=verdict, engine=engine), merged, history)
        if done is not None or full:
            result.rejected.append(_rejected(c, done or over))
            continue
        taken.add(name)
        chosen.append((verdict, kind, name, change))
    result.not_listed = len(candidates) - judged
    notes = _notes(result.rejected)
    result.rejected += [_rejected(c, reason) for c in grouped
                        if (reason := covering.why(merged, c)) is not None]
    hosts = known_hosts(repo, base)
    uses = attributed(history, digests, window) if any(k == "update" for _, k, _, _ in chosen) \
        else []
    for verdict, kind, name, change in chosen:
        proposal = Proposal(
            kind="update" if kind == "update" else "new", skill=name,
            summary=generate.summary_for(kind, verdict), change=change, verdict=verdict,
            engine=verdict.judged_by or engine, rejected_others=notes)
        if kind == "update":
            proposal.usage = usage_lines(history, uses, name, window)
        proposal.review_carefully = review_items(
            verdict.candidate, generated_texts(repo, base, proposal), hosts)
        # Its own quotes, harmless one by one, may combine into a command; another
        # proposal's fragments are never read with them (each was screened alone).
        risks = together([quote_shown(s) for s in evidence_shown(proposal)])
        if risks:
            result.rejected.append(_rejected(
                verdict.candidate, "unsafe: its commit message would combine quotes into "
                f"{', '.join(risks)}; never copied"))
            continue
        proposal = without_failing_notes(proposal)
        done = covering.merged_already(proposal, merged, history)
        if done is not None:
            result.rejected.append(_rejected(verdict.candidate, done))
            continue
        withheld = secret_withheld_reason(proposal, repo, base)  # the final secret screen
        if withheld is not None:
            result.rejected.append(_rejected(verdict.candidate, withheld))
            continue
        result.proposals.append(proposal)
    result.usage = drafting.usage
    return result


def _rejected(c: Candidate, missed: str) -> Rejected:
    return Rejected(title=c.title, missed=missed, sessions=c.seen_in,
                    sources=[c.title, *(s.quote for s in c.signals[:MAX_SOURCES])])


def _notes(rejected: list[Rejected]) -> list[str]:
    """The rejected candidates a commit message lists (it shows `MAX_NOTES`), each one
    screened: they go into commit messages."""
    notes: list[str] = []
    for r in rejected:
        if len(notes) == MAX_NOTES:
            break
        if r.sessions >= 2 or not r.missed.startswith("not rep"):
            note = (f"\u201c{generate.plain_text(r.title)[:80]}\u201d "
                    f"({plural(r.sessions, 'session')}): {r.missed}")
            # screened alone, shown and whole (a title cut mid-sentence loses its context)
            if all(fragments.problem(text) is None for text in (note, *r.sources)):
                notes.append(note)
    return notes


def withheld_summary(withheld: dict[str, int]) -> str:
    """One line for the run summary: how many quotes were withheld, and why."""
    return f"{sum(withheld.values())} quote(s) withheld, never copied: " \
        f"{withheld_reason(withheld)}"
