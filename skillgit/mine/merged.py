"""Lessons already merged: a merged proposal is covered by the skill it became.

A proposal merged into the base branch (a merge commit, a squash or a rebase: its commit
message keeps skillgit's trailers) is found from the commits that changed the skill's SKILL.md
on the base branch's first-parent line (`SkillHistory`, one walk): the commit itself, and for a
merge commit the merged branch's newest commits. The ledger's `merged` list holds the same
records for clones whose history does not reach back to the merge (shallow clones).

A candidate is about a merged skill when it names that skill (its evidence used the skill) or
its lesson gives that skill's name. It is not proposed again until its evidence materially
grows (the ledger's rule, `grown`), and then only as an update of that skill. A person's edit
of the skill after the merge is the skill's new text: it is what an update starts from, and
rewording it is no reason to propose the original rule again.
"""

from __future__ import annotations

import posixpath
import re

from skillgit.attribution.history import SKILL_FILE, SkillHistory
from skillgit.gitops import GitError, GitRepo
from skillgit.mine.generate import append_lessons
from skillgit.mine.naming import skill_name
from skillgit.proposal import Candidate, Proposal
from skillgit.transcripts.skill_text import file_sha
from skillgit.wire.commit import parse_trailers
from skillgit.wire.ledger import Ledger, Merged, grown

BRANCH_COMMITS = 20   # how far down a merged branch its proposal commit is looked for
MAX_ITEMS = 60        # list items of a merged skill the ledger keeps


def _proposal_entries(repo: GitRepo, commit: str, skill: str) -> list[Merged]:
    """skillgit's proposal commits for `skill` that `commit` brought into the base branch."""
    found: list[Merged] = []
    try:
        info = repo.commit_info(commit)
    except GitError:
        return found
    seen = [info]
    for parent in info.parents[1:]:  # a merge commit: the merged branch's own commits
        sha: str | None = parent
        for _ in range(BRANCH_COMMITS):
            if sha is None:
                break
            try:
                step = repo.commit_info(sha)
            except GitError:  # beyond a shallow clone's boundary
                break
            seen.append(step)
            sha = step.parents[0] if step.parents else None
    for step in seen:
        trailers = parse_trailers(step.message)
        fingerprint = trailers.get("Skillgit-Proposal")
        if not fingerprint or trailers.get("Skillgit-Skill") != skill:
            continue
        sessions = trailers.get("Skillgit-Evidence", "0").split()[0]
        found.append(Merged(kind=trailers.get("Skillgit-Kind", "new"), skill=skill,
                               fingerprint=fingerprint,
                               sessions=int(sessions) if sessions.isdigit() else 0,
                               commit=commit))
    return found


def merged_lessons(repo: GitRepo, history: SkillHistory, ledger: Ledger) -> dict[str, Merged]:
    """Skill name → its merged proposal with the most evidence (from history and ledger)."""
    out: dict[str, Merged] = {}

    def keep(entry: Merged) -> None:
        if entry.skill not in out or entry.sessions >= out[entry.skill].sessions:
            out[entry.skill] = entry

    for entry in ledger.merged:
        keep(entry)
    for skill, chain in history.versions.items():
        for version in chain:
            if version.blob is not None:
                for entry in _proposal_entries(repo, version.commit, skill):
                    items = list_items(repo.blob(version.blob))
                    keep(entry.model_copy(update={"lessons": items}))
    return out


_ITEM = re.compile(r"^\s{0,3}(?:[-*+]|\d{1,9}[.)])\s+\S")


def list_items(text: bytes) -> list[str]:
    """The list items of a SKILL.md body (its rules and steps), for the ledger's record."""
    body = text.decode("utf-8", "replace").split("\n---", 1)[-1]
    return [line.strip() for line in body.splitlines() if _ITEM.match(line)][:MAX_ITEMS]


def covered(merged: dict[str, Merged], skill: str | None, sessions: int) -> bool:
    """True while a candidate about a merged skill has no materially new evidence."""
    entry = merged.get(skill) if skill else None
    return entry is not None and not grown(entry.sessions, sessions)


def about_known(candidate: Candidate, known: set[str]) -> Candidate:
    """The candidate as an update of the existing skill its lesson names, if there is one:
    the same lesson again is that skill's business, never a second skill (`<name>-2`)."""
    if candidate.skill is not None or not known:
        return candidate  # no skill to be about: no name (nor lessons) computed
    name = skill_name(candidate, ())
    return candidate.model_copy(update={"skill": name}) if name in known else candidate


def why(merged: dict[str, Merged], candidate: Candidate) -> str | None:
    """Why a candidate is covered by a merged skill (see `covered`), else None."""
    sessions = len(candidate.sessions)
    if not candidate.skill or not covered(merged, candidate.skill, sessions):
        return None
    entry = merged[candidate.skill]
    return (f"covered by the skill '{entry.skill}' (merged with {entry.sessions} sessions of "
            f"evidence; proposed again as an update from "
            f"{max(entry.sessions + 2, -(-entry.sessions * 3 // 2))}, now {sessions})")


def merged_already(proposal: Proposal, merged: dict[str, Merged],
                   history: SkillHistory) -> str | None:
    """Why a drafted proposal is one already merged (same fingerprint, or a new skill whose
    text some skill already had), else None."""
    for entry in merged.values():
        if entry.fingerprint == proposal.fingerprint:
            return f"already merged as '{entry.skill}' (same fingerprint)"
    if proposal.kind == "new":
        for path, data in proposal.change.files.items():
            if posixpath.basename(path) == SKILL_FILE:
                same = history.by_content(file_sha(data))
                if same is not None:
                    return f"covered by the skill '{same.skill}' (the same text, {same.label})"
    return None


def since_merge(repo: GitRepo, entry: Merged | None, path: str, lines: list[str]) -> list[str]:
    """The lessons among `lines` ("- " bullets, each maybe with indented lines) that the skill
    did not hold when its proposal was merged. What it held then was accepted: a person's
    rewording or removal of it since is the baseline, not something an update brings back."""
    if entry is None:
        return lines
    try:
        merged_text = repo.read_file(entry.commit, path) if entry.commit else None
    except (GitError, KeyError, ValueError):  # beyond a shallow clone's boundary
        merged_text = None
    if merged_text is None and entry.lessons:   # the ledger's record of it
        merged_text = ("---\nname: merged\ndescription: merged\n---\n\n"
                       + "\n".join(entry.lessons) + "\n").encode()
    if merged_text is None:
        return lines
    groups: list[list[str]] = []
    for line in lines:
        if line.startswith("- ") or not groups:
            groups.append([line])
        else:
            groups[-1].append(line)
    return [line for group in groups if append_lessons(merged_text, group) is not None
            for line in group]
