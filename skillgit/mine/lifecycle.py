"""Proposal branches after they are written: list, show, reject (into the ledger), unreject."""

from __future__ import annotations

import difflib
import time

from pydantic import BaseModel

from skillgit.gitops import GitError, GitRepo
from skillgit.interrupts import deferred
from skillgit.wire.branches import PROPOSAL_PREFIXES as PREFIXES
from skillgit.wire.commit import made_by_skillgit, parse_trailers
from skillgit.wire.ledger import LEDGER_BRANCH, Rejection, load_ledger, save_ledger
from skillgit.wire.lock import writing


class ProposalInfo(BaseModel):
    branch: str
    kind: str
    skill: str
    evidence: str
    fingerprint: str
    sha: str
    age_days: float
    status: str   # current | behind-base | foreign


def _age(seconds: int) -> float:
    return round(max(time.time() - seconds, 0) / 86400, 1)


def list_proposals(repo: GitRepo, base_sha: str, identity: str) -> list[ProposalInfo]:
    out = []
    for branch, sha in repo.branches("skillgit/").items():
        if not branch.startswith(PREFIXES):
            continue
        info = repo.commit_info(sha)
        trailers = parse_trailers(info.message)
        if not made_by_skillgit(repo, sha, identity):
            status = "foreign"
        elif info.parents == (base_sha,):
            status = "current"
        else:
            status = "behind-base"
        out.append(ProposalInfo(
            branch=branch, kind=trailers.get("Skillgit-Kind", branch.split("/")[1]),
            skill=trailers.get("Skillgit-Skill", branch.rsplit("/", 1)[-1]),
            evidence=trailers.get("Skillgit-Evidence", "?"),
            fingerprint=trailers.get("Skillgit-Proposal", ""), sha=sha,
            age_days=_age(info.commit_time), status=status))
    return out


def find_branch(repo: GitRepo, name: str) -> str:
    """A proposal branch from its full name or its skill name."""
    if name.startswith(PREFIXES) and repo.ref_sha(name):
        return name
    matches = [b for b in repo.branches("skillgit/") if b.startswith(PREFIXES)
               and b.rsplit("/", 1)[-1] == name]
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise GitError(f"no proposal named {name!r} (see `skillgit proposals`)")
    raise GitError(f"{name!r} is ambiguous: {', '.join(matches)}; give the branch name")


def show_proposal(repo: GitRepo, name: str) -> str:
    branch = find_branch(repo, name)
    sha = repo.resolve(branch)
    info = repo.commit_info(sha)
    parent = info.parents[0] if info.parents else None
    out = [f"branch {branch}", f"commit {sha}", f"Author: {info.author}", "",
           info.message.rstrip(), ""]
    for path in (repo.changed_paths(parent, sha) if parent else []):
        old = (repo.read_file(parent, path) or b"").decode("utf-8", "replace") if parent else ""
        new = (repo.read_file(sha, path) or b"").decode("utf-8", "replace")
        out.extend(line.rstrip("\n") for line in difflib.unified_diff(
            old.splitlines(keepends=True), new.splitlines(keepends=True),
            f"a/{path}" if old else "/dev/null", f"b/{path}"))
    return "\n".join(out) + "\n"


class Rejected(BaseModel):
    """What `reject` did: the ledger entry, and the tip the deleted branch had."""

    entry: Rejection
    branch: str
    tip: str
    commits_by_others: int = 0


def proposal_commit(repo: GitRepo, branch: str, tip: str,
                    limit: int = 1000) -> tuple[str, dict[str, str], int]:
    """skillgit's own commit on a proposal branch, even below commits a reviewer added.

    Walks first parents from `tip` to the nearest commit whose trailers name this branch's
    kind and skill; returns (sha, trailers, commits above it). GitError when there is none."""
    _, kind, skill = branch.split("/", 2)
    sha: str | None = tip
    for above in range(limit):
        if sha is None:
            break
        info = repo.commit_info(sha)
        trailers = parse_trailers(info.message)
        if ("Skillgit-Proposal" in trailers and trailers.get("Skillgit-Skill") == skill
                and trailers.get("Skillgit-Kind", kind) == kind):
            return sha, trailers, above
        sha = info.parents[0] if info.parents else None
    raise GitError(f"{branch} holds no commit made by skillgit (none with a Skillgit-Proposal "
                   f"trailer for {skill}); it was left as is (`git branch -D {branch}` deletes "
                   "it)")


def reject(repo: GitRepo, name: str, identity: str, wait_seconds: float = 30.0) -> Rejected:
    """Delete the proposal branch and record its fingerprint and evidence in the ledger.

    Both happen under the repository lock and no signal can separate them."""
    branch = find_branch(repo, name)
    with writing(repo, [branch, LEDGER_BRANCH], wait_seconds):
        sha = repo.ref_sha(branch)
        if sha is None:
            raise GitError(f"{branch} no longer exists (rejected or deleted meanwhile)")
        _, trailers, above = proposal_commit(repo, branch, sha)
        sessions = trailers.get("Skillgit-Evidence", "0").split()[0]
        entry = Rejection(kind=trailers.get("Skillgit-Kind", branch.split("/")[1]),
                          skill=trailers.get("Skillgit-Skill", branch.rsplit("/", 1)[-1]),
                          fingerprint=trailers["Skillgit-Proposal"],
                          sessions=int(sessions) if sessions.isdigit() else 0)
        ledger, tip = load_ledger(repo)
        ledger.rejected = [r for r in ledger.rejected
                           if (r.kind, r.skill) != (entry.kind, entry.skill)] + [entry]
        with deferred():
            save_ledger(repo, ledger, tip, f"skillgit: reject {branch}\n\nfingerprint "
                        f"{entry.fingerprint}, {entry.sessions} sessions of evidence\n", identity)
            repo.delete_ref(branch, sha)
    return Rejected(entry=entry, branch=branch, tip=sha, commits_by_others=above)


def unreject(repo: GitRepo, skill: str, identity: str, wait_seconds: float = 30.0) -> int:
    """Forget rejections of a skill name; returns how many entries were removed."""
    with writing(repo, [LEDGER_BRANCH], wait_seconds):
        ledger, tip = load_ledger(repo)
        gone = [r for r in ledger.rejected if r.skill == skill]
        if not gone:
            raise GitError(f"no rejection of {skill!r} in the ledger")
        removed = len(gone)
        ledger = ledger.without(gone)
        with deferred():
            save_ledger(repo, ledger, tip, f"skillgit: unreject {skill}\n", identity)
    return removed
