"""Local proposal branches as `publish` sees them: the proposal read back from its commit.

A proposal branch carries everything the pull request needs in its one commit (what `mine`
wrote: subject, the judge's rationale per dimension, up to 12 evidence quotes, "Review
carefully", the run's rejected candidates and the trailers), so `publish` works on branches
made anywhere (another clone, a CI job) and needs no side file. The fingerprint is the one in
the `Skillgit-Proposal` trailer, never recomputed. The validation and the context-cost delta
are computed from the skill directory at the tip and at its parent.
"""

from __future__ import annotations

import posixpath
import re
import tempfile
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from skillgit.gitops import GitRepo
from skillgit.proposal import (
    Candidate,
    DimensionResult,
    Proposal,
    ReviewItem,
    Signal,
    SkillChange,
    Verdict,
)
from skillgit.skills.model import SKILL_FILE
from skillgit.skills.validate import SkillReport, validate_skill
from skillgit.verify.effect import TRAILER, parse_effect
from skillgit.wire.branches import PROPOSAL_PREFIXES as PREFIXES
from skillgit.wire.commit import REVIEW_CAREFULLY, made_by_skillgit, parse_trailers

_SUBJECT = re.compile(r"skills\((?P<skill>[^)]*)\): (?P<summary>.*)")
_DIMENSION = re.compile(r"- (?P<name>Repeatable|Room to do better|Repeated ask): "
                        r"(?P<holds>yes|no), (?P<reason>.*)\.")
_EVIDENCE = re.compile(r"- (?P<agent>\S+) (?P<day>\d{4}-\d{2}-\d{2}|undated) (?P<session>.+?), "
                       r"turn (?P<turn>\d+) \((?P<kind>[a-z-]+)\): \u201c(?P<quote>.*)\u201d")
_REVIEW = re.compile(r"- (?P<label>[^:]+): \u201c(?P<text>.*)\u201d \(from (?P<source>.*)\)")
_REJECTED = re.compile(r"- \u201c(?P<title>.*)\u201d(?: \((?P<sessions>\d+) sessions?\))?: "
                       r"(?P<missed>.*)")
_KINDS = ("correction", "preference", "env-fix", "env-error", "ask")
_LABELS = {item.label: item.kind for item in (
    ReviewItem(kind="unknown-host", text="", source=""), ReviewItem(kind="sudo", text="",
                                                                     source=""))}


class BranchProposal(Proposal):
    """A proposal read back from its branch; `fingerprint` is the recorded trailer."""

    recorded_fingerprint: str
    sessions: int = 0            # from `Skillgit-Evidence: N sessions`

    @property
    def fingerprint(self) -> str:
        return self.recorded_fingerprint


@dataclass(frozen=True)
class RejectedCandidate:
    """A candidate the gate turned down in the mine run that wrote a proposal."""

    title: str
    missed: str
    sessions: int | None


@dataclass(frozen=True)
class LocalBranch:
    branch: str
    sha: str
    ours: bool                   # the tip is a commit skillgit made (else: foreign)
    kind: str
    skill: str
    fingerprint: str
    sessions: int
    commit_time: int
    effect: str | None = None    # the `Skillgit-Effect` trailer (`skillgit verify`), if any


def local_branches(repo: GitRepo, identity: str) -> list[LocalBranch]:
    """Every local `skillgit/new|update/*` branch, sorted by name."""
    out = []
    for branch, sha in repo.branches("skillgit/").items():
        if not branch.startswith(PREFIXES):
            continue
        info = repo.commit_info(sha)
        trailers = parse_trailers(info.message)
        evidence = trailers.get("Skillgit-Evidence", "0").split()[0]
        out.append(LocalBranch(
            branch=branch, sha=sha, ours=made_by_skillgit(repo, sha, identity),
            kind=trailers.get("Skillgit-Kind", branch.split("/")[1]),
            skill=trailers.get("Skillgit-Skill", branch.rsplit("/", 1)[-1]),
            fingerprint=trailers.get("Skillgit-Proposal", ""),
            sessions=int(evidence) if evidence.isdigit() else 0,
            commit_time=info.commit_time, effect=trailers.get(TRAILER)))
    return out


def _sections(message: str) -> tuple[str, list[str]]:
    lines = message.splitlines()
    return (lines[0] if lines else ""), lines[1:]


def read_proposal(repo: GitRepo, local: LocalBranch) -> BranchProposal:
    """The proposal on `local.sha`, from its commit message and its files."""
    info = repo.commit_info(local.sha)
    trailers = parse_trailers(info.message)
    subject, body = _sections(info.message)
    match = _SUBJECT.fullmatch(subject)
    summary = match.group("summary") if match else subject
    dimensions = {m.group("name"): DimensionResult(holds=m.group("holds") == "yes",
                                                   reason=m.group("reason"))
                  for line in body if (m := _DIMENSION.fullmatch(line))}
    none = DimensionResult(holds=False, reason="not recorded")
    signals, review = [], []
    section = ""
    for line in body:
        if not line.startswith("- "):
            section = line
            continue
        if section == "Evidence:" and (m := _EVIDENCE.fullmatch(line)) \
                and m.group("kind") in _KINDS:
            day = m.group("day")
            signals.append(Signal(
                kind=m.group("kind"), summary="", quote=m.group("quote"),  # type: ignore[arg-type]
                turn=int(m.group("turn")), agent=m.group("agent"),
                session_id=m.group("session"),
                started_at=None if day == "undated" else datetime.fromisoformat(day).replace(
                    tzinfo=timezone.utc)))
        elif section.startswith(REVIEW_CAREFULLY) and (m := _REVIEW.fullmatch(line)) \
                and m.group("label") in _LABELS:
            review.append(ReviewItem(kind=_LABELS[m.group("label")],
                                     text=m.group("text"), source=m.group("source")))
    parent = info.parents[0] if info.parents else None
    files = {path: data for path in (repo.changed_paths(parent, local.sha) if parent else [])
             if (data := repo.read_file(local.sha, path)) is not None}
    candidate = Candidate(key=local.branch, title=summary, terms=[], signals=signals,
                          skill=local.skill if local.kind == "update" else None)
    verdict = Verdict(candidate=candidate, repeatable=dimensions.get("Repeatable", none),
                      feedback=dimensions.get("Room to do better", none),
                      repeated_ask=dimensions.get("Repeated ask", none))
    return BranchProposal(
        kind="update" if local.kind == "update" else "new", skill=local.skill,
        summary=summary, verdict=verdict, engine=trailers.get("Skillgit-Engine", "unknown"),
        change=SkillChange(skill=local.skill, directory=skill_directory(files), files=files),
        review_carefully=review, recorded_fingerprint=local.fingerprint,
        sessions=local.sessions, effect=parse_effect(info.message))


def skill_directory(files: dict[str, bytes]) -> str:
    """The skill directory the proposal touches (where its SKILL.md is)."""
    for path in sorted(files):
        if posixpath.basename(path) == SKILL_FILE:
            return posixpath.dirname(path)
    return posixpath.dirname(min(files)) if files else ""


def rejected_in_run(repo: GitRepo, newest: LocalBranch | None) -> list[RejectedCandidate]:
    """The rejected candidates of the mine run that wrote the newest proposal commit (mine
    lists them, up to 10, in every proposal's commit message under "Rejected in the same
    run"). Empty when there is no proposal branch: a run that proposed nothing leaves no
    record here."""
    if newest is None:
        return []
    out, inside = [], False
    for line in repo.commit_info(newest.sha).message.splitlines():
        if line == "Rejected in the same run:":
            inside = True
        elif inside and (m := _REJECTED.fullmatch(line)):
            sessions = m.group("sessions")
            out.append(RejectedCandidate(m.group("title"), m.group("missed"),
                                         int(sessions) if sessions else None))
        elif inside:
            break
    return out


def validate_at(repo: GitRepo, commit: str, directory: str) -> SkillReport | None:
    """The validation of the skill `directory` as it is at `commit` (None: no such skill)."""
    files = repo.list_files(commit, directory) if directory else {}
    if SKILL_FILE not in files:
        return None
    with tempfile.TemporaryDirectory(prefix="skillgit-publish-") as scratch:
        root = Path(scratch) / (posixpath.basename(directory) or "skill")
        for relative, data in files.items():
            target = root / relative
            if not target.resolve().is_relative_to(root.resolve()):
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        report = validate_skill(root, cwd=Path(scratch))
    return report.model_copy(update={"path": directory})
