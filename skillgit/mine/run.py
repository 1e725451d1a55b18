"""`skillgit mine` after distilling: propose, then write branches under a repository lock."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from pydantic import BaseModel, Field

from skillgit.digest import Digest
from skillgit.gitops import GitError, GitRepo, repo_lock
from skillgit.mine.ledger import load_ledger
from skillgit.mine.propose import ProposalSet, propose
from skillgit.mine.write import DEFAULT_IDENTITY, WriteOutcome, commit_message, write_proposal
from skillgit.proposal import Proposal
from skillgit.redact import Redactor


class MineOptions(BaseModel):
    max_proposals: int = 5
    base: str | None = None
    dry_run: bool = False
    skills_dir: str | None = None
    identity: str = DEFAULT_IDENTITY
    engine: str = "heuristic"
    lock_wait_seconds: float = 30.0


class MineResult(BaseModel):
    base_branch: str
    base_sha: str
    found: ProposalSet
    outcomes: list[WriteOutcome] = Field(default_factory=list)
    dry_run: bool = False

    def count(self, status: str) -> int:
        return sum(1 for o in self.outcomes if o.status == status)


def resolve_base(repo: GitRepo, base: str | None) -> tuple[str, str]:
    """The base branch name and its tip: --base, else the checked-out branch, else main/master."""
    candidates = [base] if base else [repo.current_branch(), "main", "master"]
    for name in filter(None, candidates):
        sha = repo.ref_sha(name)
        if sha is not None:
            return name, sha
    if base:
        raise GitError(f"base branch {base!r} does not exist")
    raise GitError("no base branch: check out a branch with at least one commit, or pass --base")


def mine_digests(repo_path: Path, digests: Iterable[Digest], options: MineOptions,
                 redactor: Redactor | None = None) -> MineResult:
    with GitRepo(repo_path) as repo:
        base_name, base_sha = resolve_base(repo, options.base)
        ledger, _ = load_ledger(repo)
        found = propose(repo, base_sha, list(digests), max_proposals=options.max_proposals,
                        skills_dir=options.skills_dir, ledger=ledger, engine=options.engine,
                        redactor=redactor)
        result = MineResult(base_branch=base_name, base_sha=base_sha, found=found,
                            dry_run=options.dry_run)
        if options.dry_run:
            result.outcomes = [write_proposal(repo, p, base_sha, options.identity, dry_run=True)
                               for p in found.proposals]
            return result
        with repo_lock(repo.control_dir, options.lock_wait_seconds):
            # Re-read the base under the lock: another run may have moved things meanwhile.
            _, base_sha = resolve_base(repo, base_name)
            result.outcomes = [write_proposal(repo, p, base_sha, options.identity)
                               for p in found.proposals]
        return result


def render_dry_run(proposal: Proposal, base_files: dict[str, bytes]) -> str:
    """What `--dry-run` prints for one proposal: branch, message and a unified diff."""
    import difflib

    out = [f"=== {proposal.branch}", commit_message(proposal).rstrip(), ""]
    for path, data in sorted(proposal.change.files.items()):
        old = base_files.get(path, b"").decode("utf-8", "replace").splitlines(keepends=True)
        new = data.decode("utf-8", "replace").splitlines(keepends=True)
        out.extend(line.rstrip("\n") for line in difflib.unified_diff(
            old, new, f"a/{path}" if path in base_files else "/dev/null", f"b/{path}"))
    return "\n".join(out) + "\n"
