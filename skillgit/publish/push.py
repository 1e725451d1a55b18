"""Push proposal branches with a lease, and never over someone else's commit.

`push()` (`gitremote.lease`, the git layer) is the primitive: each `RefUpdate` names the value
the remote ref must have at the moment of the push; a refused update is reported, not raised.

`push_proposals()` is the policy for proposal branches (as `mine` uses for local ones): a branch
is pushed only when the remote ref is absent or its tip is a commit skillgit made
(`made_by_skillgit`: trailers, identity, one parent); a remote branch with anyone else's commit
on top is left alone and reported `foreign`. The same fingerprint on both sides → `unchanged`,
and nothing is sent at all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from skillgit.gitops import GitRepo
from skillgit.gitremote import RemoteTarget, check_formats, fetch_commits, list_refs
from skillgit.gitremote.lease import PushResult, RefUpdate, full_ref, push
from skillgit.wire.commit import made_by_skillgit

PROPOSAL_PREFIX = "refs/heads/skillgit/"

ProposalStatus = Literal["pushed", "updated", "unchanged", "foreign", "rejected-lease",
                         "rejected-remote", "would-push", "would-update"]


@dataclass(frozen=True)
class ProposalPush:
    branch: str
    status: ProposalStatus
    local: str
    remote: str | None          # the remote tip skillgit saw (None: absent)
    message: str = ""


def remote_refs(target: RemoteTarget, prefix: str = PROPOSAL_PREFIX) -> dict[str, str]:
    """Full ref name → sha for every remote ref starting with `prefix` (ls-remote)."""
    return {ref: sha for ref, sha in sorted(list_refs(target).items())
            if ref.startswith(prefix)}


def push_proposals(repo: GitRepo, target: RemoteTarget, branches: Mapping[str, str],
                   identity: str, dry_run: bool = False) -> list[ProposalPush]:
    """Push each proposal branch (name → local tip) unless the remote holds someone else's
    commit there. Only skillgit's own commits are pushed: a local tip not made by skillgit is
    reported `foreign` too."""
    remote = check_formats(repo, target)
    present = {full_ref(b): remote[full_ref(b)] for b in branches if full_ref(b) in remote}
    differing = {ref: sha for ref, sha in present.items()
                 if sha != branches[ref.removeprefix("refs/heads/")]}
    readable = fetch_commits(repo, target, differing) if differing else {}
    out: dict[str, ProposalPush] = {}
    updates: list[RefUpdate] = []
    for branch, local in sorted(branches.items()):
        seen = present.get(full_ref(branch))
        if seen == local:
            out[branch] = ProposalPush(branch, "unchanged", local, seen)
        elif seen is not None and full_ref(branch) not in readable:
            out[branch] = ProposalPush(branch, "rejected-lease", local, seen,
                                       "the remote branch moved while skillgit read it; "
                                       "left as is, run again")
        elif not made_by_skillgit(repo, local, identity):
            out[branch] = ProposalPush(branch, "foreign", local, seen,
                                       "the local branch has commits not made by skillgit; "
                                       "not pushed")
        elif seen is not None and not made_by_skillgit(repo, seen, identity):
            out[branch] = ProposalPush(branch, "foreign", local, seen,
                                       "the remote branch has commits not made by skillgit; "
                                       "left as is")
        elif dry_run:
            out[branch] = ProposalPush(branch, "would-push" if seen is None else "would-update",
                                       local, seen, "dry run: nothing pushed")
        else:
            updates.append(RefUpdate(full_ref(branch), local, seen))
    for result in push(repo, target, updates) if updates else []:
        branch = result.ref.removeprefix("refs/heads/")
        seen = present.get(result.ref)
        status: ProposalStatus
        if result.status == "ok":
            status = "pushed" if seen is None else "updated"
        else:
            status = result.status
        out[branch] = ProposalPush(branch, status, branches[branch], result.remote_before,
                                   result.message)
    return [out[b] for b in sorted(out)]


def delete_branches(repo: GitRepo, target: RemoteTarget, tips: Mapping[str, str]
                    ) -> list[PushResult]:
    """Delete remote branches (e.g. of merged PRs), each only while it is still at the tip
    given (branch → sha); a branch that moved is left as is (`rejected-lease`)."""
    return push(repo, target, [RefUpdate(full_ref(b), None, sha) for b, sha in tips.items()])
