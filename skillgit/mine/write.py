"""Write proposals as branches: one commit on the base tip, touching one skill directory.

Lifecycle: the same fingerprint on the branch → unchanged (no new object); a different one →
the branch is rewritten as one fresh commit on the current base; a branch whose tip was not
made by skillgit (someone pushed to it or amended it) → left alone and reported as foreign.
"""

from __future__ import annotations

import posixpath
from typing import Literal

from pydantic import BaseModel

from skillgit.gitops import FileChange, GitRepo
from skillgit.interrupts import deferred
from skillgit.mine.fragments import shown
from skillgit.mine.generate import plain_text
from skillgit.proposal import Proposal, Signal, SkillChange
from skillgit.wire.commit import (
    ENGINE,
    EVIDENCE,
    KIND,
    PROPOSAL,
    REVIEW_CAREFULLY,
    SKILL,
    made_by_skillgit,
    parse_trailers,
    trailer_lines,
)

Status = Literal["written", "updated", "unchanged", "foreign", "rejected", "would-write",
                 "would-update"]


class WriteOutcome(BaseModel):
    branch: str
    status: Status
    sha: str | None = None
    detail: str = ""


def commit_message(proposal: Proposal) -> str:
    verdict = proposal.verdict
    c = verdict.candidate
    lines = [f"skills({proposal.skill}): {proposal.summary}", ""]
    if verdict.judged_by:
        lines += model_rationale_lines(proposal)
    else:
        lines += [
            "Why: the gate is repeatable AND (room to do better OR a repeated ask).",
            f"- Repeatable: {'yes' if verdict.repeatable.holds else 'no'}, "
            f"{verdict.repeatable.reason}.",
            f"- Room to do better: {'yes' if verdict.feedback.holds else 'no'}, "
            f"{verdict.feedback.reason}.",
            f"- Repeated ask: {'yes' if verdict.repeated_ask.holds else 'no'}, "
            f"{verdict.repeated_ask.reason}."]
        if verdict.fallback:
            lines.append(f"- Judge: {shown(escaped(verdict.fallback, 400))}.")
    if proposal.kind == "update":
        lines.append(f"- Extends the existing skill '{proposal.skill}' instead of adding one.")
        lines += copies_lines(proposal.change)
    if proposal.usage:
        lines += ["", *proposal.usage]
    lines += review_carefully_lines(proposal)
    lines += ["", "Evidence:"]
    for s in evidence_shown(proposal):
        lines.append(f"- {s.session_ref}, turn {s.turn} ({s.kind}): "
                     f"\u201c{shown(quote_shown(s))}\u201d")
    if len(c.signals) > 12:
        lines.append(f"- … and {len(c.signals) - 12} more")
    if proposal.rejected_others:
        lines += ["", "Rejected in the same run:"]
        lines += [f"- {shown(item)}" for item in proposal.rejected_others[:10]]
    lines += ["", *trailer_lines({
        PROPOSAL: proposal.fingerprint, KIND: proposal.kind, SKILL: proposal.skill,
        EVIDENCE: f"{len(c.sessions)} sessions", ENGINE: proposal.engine})]
    return "\n".join(lines) + "\n"


def copies_lines(change: SkillChange) -> list[str]:
    """Which copy of a skill installed for several agents the change edits, and which it
    keeps equal."""
    copies = sorted({posixpath.dirname(p) for p in change.files} - {change.directory})
    if not copies:
        return []
    return [f"- Edits the canonical copy {change.directory} and writes the same bytes to "
            f"{', '.join(copies)} (one skill installed for several agents)."]


def evidence_shown(proposal: Proposal) -> list[Signal]:
    """The evidence items a commit message shows, in order."""
    return sorted(proposal.verdict.candidate.signals, key=lambda s: (s.session_ref, s.turn))[:12]


def quote_shown(signal: Signal) -> str:
    """An evidence quote as a commit message shows it (one line, cut)."""
    return plain_text(signal.quote)[:200]


def cited(signals: list[Signal]) -> str:
    """"claude-code 2026-11-02 0000abcd turn 3, …": the evidence a reason cites."""
    return "; ".join(f"{s.session_ref} turn {s.turn}" for s in signals[:6]) + (
        f"; … {len(signals) - 6} more" if len(signals) > 6 else "")


def model_rationale_lines(proposal: Proposal) -> list[str]:
    """The model judge's reasons per gate dimension and kill switch, with cited evidence."""
    verdict = proposal.verdict
    lines = [f"Why ({escaped(verdict.judged_by or '', 80)} judged): the gate is repeatable "
             "AND (room to do better OR a repeated ask)."]
    for label, d in (("Repeatable", verdict.repeatable),
                     ("Room to do better", verdict.feedback),
                     ("Repeated ask", verdict.repeated_ask)):
        reason = shown(escaped(d.reason, 400))
        lines.append(f"- {label}: {'yes' if d.holds else 'no'}, {reason} "
                     f"(cites {cited(d.evidence)})")
    if verdict.checks:
        lines.append("Kill switches:")
        lines += [f"- {c.name}: {'fires' if c.fires else 'does not fire'}, "
                  f"{shown(escaped(c.reason, 400))} (cites {cited(c.evidence)})"
                  for c in verdict.checks]
    if verdict.merged > 1:
        lines.append(f"- Merges {verdict.merged} candidate groups the model judged to be one "
                     "lesson.")
    return lines


def review_carefully_lines(proposal: Proposal) -> list[str]:
    """The visible "Review carefully" section: each lower-risk item, escaped, with the
    evidence it came from (empty when there is none)."""
    if not proposal.review_carefully:
        return []
    lines = ["", f"{REVIEW_CAREFULLY} (lower-risk content this proposal carries; check each "
             "item before merging):"]
    for item in proposal.review_carefully:
        lines.append(f"- {item.label}: \u201c{escaped(item.text)}\u201d "
                     f"(from {escaped(item.source)})")
    return lines


def escaped(text: str, limit: int = 160) -> str:
    """One line safe to show: control and invisible characters as escapes, no markup."""
    flat = plain_text(text)
    out = "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in flat)
    return out if len(out) <= limit else out[:limit - 1] + "\u2026"


EPOCH_2020 = 1577836800


def commit_time(proposal: Proposal) -> int:
    """The author and committer date of a proposal's commit, from its content only: the
    newest evidence session's start, else a fixed function of the fingerprint. The same
    proposal on the same base is then the same commit, byte for byte, in any clone."""
    starts = [s.started_at for s in proposal.verdict.candidate.signals if s.started_at]
    if starts:
        return max(int(when.timestamp()) for when in starts)
    return EPOCH_2020 + int(proposal.fingerprint[:6], 16)


def write_proposal(repo: GitRepo, proposal: Proposal, base_sha: str, identity: str,
                   dry_run: bool = False, remote_tip: str | None = None) -> WriteOutcome:
    """Write one proposal branch. `remote_tip`: the branch's tip on the remote (its objects
    here), for a clone without the local branch: the same fingerprint there keeps that very
    commit (the local branch is created at it), someone else's commit there is left alone."""
    branch = proposal.branch
    existing = repo.ref_sha(branch)
    if existing is None and remote_tip is not None:
        adopted = _adopt(repo, proposal, remote_tip, identity, dry_run)
        if adopted is not None:
            return adopted
    if existing is not None:
        if not made_by_skillgit(repo, existing, identity):
            return WriteOutcome(branch=branch, status="foreign", sha=existing,
                                detail="the branch has commits not made by skillgit; left as is")
        trailers = parse_trailers(repo.commit_info(existing).message)
        if trailers.get("Skillgit-Proposal") == proposal.fingerprint:
            return WriteOutcome(branch=branch, status="unchanged", sha=existing)
    if dry_run:
        return WriteOutcome(branch=branch,
                            status="would-write" if existing is None and remote_tip is None
                            else "would-update",
                            detail="dry run: no git object written")
    changes = [FileChange(path, content) for path, content in
               sorted(proposal.change.files.items())]
    with deferred():  # Ctrl-C or SIGTERM waits until the proposal is complete (or absent)
        sha = repo.write_commit(base_sha, changes, commit_message(proposal), identity,
                                timestamp=commit_time(proposal))
        repo.set_ref(branch, sha, existing, f"propose {proposal.skill}")
    status: Status = "written" if existing is None and remote_tip is None else "updated"
    return WriteOutcome(branch=branch, status=status, sha=sha)


def _adopt(repo: GitRepo, proposal: Proposal, remote_tip: str, identity: str,
           dry_run: bool) -> WriteOutcome | None:
    """The outcome for a proposal whose branch is only on the remote, or None to write it."""
    branch = proposal.branch
    if not made_by_skillgit(repo, remote_tip, identity):
        return WriteOutcome(branch=branch, status="foreign", sha=remote_tip,
                            detail="the remote branch has commits not made by skillgit; "
                            "left as is")
    if parse_trailers(repo.commit_info(remote_tip).message).get(
            "Skillgit-Proposal") != proposal.fingerprint:
        return None
    if not dry_run:
        repo.set_ref(branch, remote_tip, None, f"keep {proposal.skill} as on the remote")
    return WriteOutcome(branch=branch, status="unchanged", sha=remote_tip)
