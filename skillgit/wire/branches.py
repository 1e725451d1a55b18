"""Branch names of the wire format: where proposals live, and the base they are built on.

A proposal is the branch `skillgit/<kind>/<skill>` (`Proposal.branch`); the ledger is
`skillgit/ledger` (`wire.ledger`). Every reader of proposals selects branches by these prefixes.
"""

from __future__ import annotations

from skillgit.gitops import GitError, GitRepo
from skillgit.hints import flag_hint, has_flag

PROPOSAL_PREFIXES = ("skillgit/new/", "skillgit/update/")


def is_proposal_branch(name: str) -> bool:
    """`skillgit/new/<skill>` or `skillgit/update/<skill>` (a short branch name)."""
    return name.startswith(PROPOSAL_PREFIXES)


def resolve_base(repo: GitRepo, base: str | None) -> tuple[str, str]:
    """The base name and its tip: --base, else the checked-out branch, else main/master.

    On a detached HEAD (a tag, a commit or a CI checkout) the base is the checked-out commit,
    named "HEAD": never some other branch the user did not choose. `--base HEAD` says the same.
    """
    detached = repo.detached_head()
    if base == "HEAD" or (not base and detached):
        if detached is None and repo.current_branch() is None:
            raise GitError("HEAD does not point at a commit; "
                           + flag_hint("--base BRANCH", "check out a branch"))
        return "HEAD", repo.resolve("HEAD")
    candidates = [base] if base else [repo.current_branch(), "main", "master"]
    for name in filter(None, candidates):
        sha = repo.ref_sha(name)
        if sha is not None:
            return name, sha
    if base:
        raise GitError(f"base branch {base!r} does not exist")
    raise GitError("no base branch: check out a branch with at least one commit"
                   + (", or pass --base" if has_flag("--base") else ""))
