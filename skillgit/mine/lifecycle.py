"""Proposal branches after they are written: list, show, reject (into the ledger), unreject."""

from __future__ import annotations

import difflib
import time

from pydantic import BaseModel

from skillgit.gitops import GitError, GitRepo
from skillgit.mine.ledger import Rejection, load_ledger, save_ledger
from skillgit.mine.write import made_by_skillgit, parse_trailers

PREFIXES = ("skillgit/new/", "skillgit/update/")


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


def reject(repo: GitRepo, name: str, identity: str) -> Rejection:
    """Delete the proposal branch and record its fingerprint in the ledger."""
    branch = find_branch(repo, name)
    sha = repo.resolve(branch)
    trailers = parse_trailers(repo.commit_info(sha).message)
    sessions = trailers.get("Skillgit-Evidence", "0").split()[0]
    entry = Rejection(kind=trailers.get("Skillgit-Kind", branch.split("/")[1]),
                      skill=trailers.get("Skillgit-Skill", branch.rsplit("/", 1)[-1]),
                      fingerprint=trailers.get("Skillgit-Proposal", sha[:16]),
                      sessions=int(sessions) if sessions.isdigit() else 0)
    ledger, tip = load_ledger(repo)
    ledger.rejected = [r for r in ledger.rejected
                       if (r.kind, r.skill) != (entry.kind, entry.skill)] + [entry]
    save_ledger(repo, ledger, tip, f"skillgit: reject {branch}\n\nfingerprint "
                f"{entry.fingerprint}, {entry.sessions} sessions of evidence\n", identity)
    repo.delete_ref(branch, sha)
    return entry


def unreject(repo: GitRepo, skill: str, identity: str) -> int:
    """Forget rejections of a skill name; returns how many entries were removed."""
    ledger, tip = load_ledger(repo)
    kept = [r for r in ledger.rejected if r.skill != skill]
    removed = len(ledger.rejected) - len(kept)
    if removed == 0:
        raise GitError(f"no rejection of {skill!r} in the ledger")
    ledger.rejected = kept
    save_ledger(repo, ledger, tip, f"skillgit: unreject {skill}\n", identity)
    return removed
