"""Write a contributor's digest ref: append new or changed digest files, or delete the ref.

Pushes go through the publish layer's `push` (token in memory, a lease on the ref's value as
the server advertised it), so a concurrent `share` from another machine of the same id makes
this one fail cleanly (`rejected-lease`) instead of overwriting it. An unchanged set sends
nothing at all. Commits name skillgit only: no name and no email of the contributor.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from skillgit.errors import UsageError
from skillgit.github.remote_token import with_github_token
from skillgit.gitobjects.trees import blob_bytes, tree_files
from skillgit.gitops import FileChange, GitRepo
from skillgit.gitremote import RemoteTarget, check_formats
from skillgit.gitremote.lease import RefUpdate, fetch, push
from skillgit.share.format import (
    FORMAT_FILE,
    FORMAT_TEXT,
    MAX_DIGESTS_PER_REF,
    contributor_ref,
)

SHARE_IDENTITY = "skillgit share <skillgit@users.noreply.invalid>"
ShareStatus = Literal["pushed", "unchanged", "would-push", "rejected-lease",
                      "rejected-remote", "forgotten", "absent", "would-forget"]


@dataclass
class ShareOutcome:
    ref: str
    status: ShareStatus
    new: list[str] = field(default_factory=list)       # paths added
    updated: list[str] = field(default_factory=list)   # paths whose content changed
    sha: str | None = None
    message: str = ""


def remote_target(repo: GitRepo, spec: str, environ: Mapping[str, str]) -> RemoteTarget:
    """The remote, with the GitHub token in memory when it is on the GitHub server's host
    (the same rule as `publish`); a remote that needs no token works without one."""
    return with_github_token(RemoteTarget.resolve(repo, spec), environ)


def files_at(repo: GitRepo, commit_sha: str) -> dict[str, str]:
    """Path → blob sha of every file in a commit's tree (walked lazily, one tree at a time)."""
    files = tree_files(repo, commit_sha)
    if files is None:
        raise UsageError(f"{commit_sha[:12]} is not a commit")
    return {entry.path: entry.sha for entry in files}


def share_files(repo: GitRepo, target: RemoteTarget, contributor: str,
                files: Mapping[str, bytes], *, dry_run: bool = False) -> ShareOutcome:
    """Put `files` (path → bytes) on the contributor's ref: only those new or changed."""
    ref = contributor_ref(contributor)
    tip = check_formats(repo, target).get(ref)
    existing: dict[str, str] = {}
    if tip is not None:
        if ref not in fetch(repo, target, {ref: tip}):
            return ShareOutcome(ref, "rejected-lease", message="the ref moved while skillgit "
                                "read it; run again")
        existing = files_at(repo, tip)
    out = ShareOutcome(ref, "unchanged", sha=tip)
    changes: list[FileChange] = []
    for path, data in sorted(files.items()):
        before = existing.get(path)
        if before is not None and blob_bytes(repo, before) == data:
            continue
        (out.new if before is None else out.updated).append(path)
        changes.append(FileChange(path, data))
    if not changes:
        return out
    total = len(set(existing) | set(files))
    if total > MAX_DIGESTS_PER_REF + 1:
        raise UsageError(f"{ref} would hold {total} digests, above the limit of "
                         f"{MAX_DIGESTS_PER_REF}; run `skillgit share --forget`, then "
                         "`skillgit share --since DAYS`")
    if existing.get(FORMAT_FILE) is None or blob_bytes(repo, existing[FORMAT_FILE]) != \
            FORMAT_TEXT:
        changes.append(FileChange(FORMAT_FILE, FORMAT_TEXT))
    if dry_run:
        out.status = "would-push"
        return out
    message = (f"skillgit share: {len(out.new)} new, {len(out.updated)} updated digests\n\n"
               "Skillgit-Digests-Format: 1\n")
    commit = repo.write_commit(tip, changes, message, SHARE_IDENTITY)
    [result] = push(repo, target, [RefUpdate(ref, commit, tip)])
    out.sha = commit
    out.message = result.message
    out.status = "pushed" if result.status == "ok" else \
        "unchanged" if result.status == "unchanged" else result.status
    return out


def forget(repo: GitRepo, target: RemoteTarget, contributor: str, *,
           dry_run: bool = False) -> ShareOutcome:
    """Delete the contributor's ref on the remote (only while it is where skillgit saw it)."""
    ref = contributor_ref(contributor)
    tip = check_formats(repo, target).get(ref)
    if tip is None:
        return ShareOutcome(ref, "absent")
    if dry_run:
        return ShareOutcome(ref, "would-forget", sha=tip)
    [result] = push(repo, target, [RefUpdate(ref, None, tip)])
    status: ShareStatus = "rejected-lease" if result.status == "rejected-lease" else \
        "rejected-remote" if result.status == "rejected-remote" else "forgotten"
    return ShareOutcome(ref, status, sha=tip, message=result.message)
