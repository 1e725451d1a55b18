"""The last check before a proposal is written: no secret in what it would commit.

Both secret detectors (`skillgit.redact.screen`) run over the complete text of every file the
proposal adds or changes and over its commit message. A finding withholds the proposal; the
reason names the kind and where it is, never the secret. Text an update keeps from the
existing skill is the owner's (an example key of theirs is not ours to refuse), so only what
skillgit adds is screened.
"""

from __future__ import annotations

from skillgit.gitops import GitRepo
from skillgit.mine.write import commit_message
from skillgit.proposal import Proposal
from skillgit.redact.screen import secret_findings


def _first_finding(text: str, offset: int = 0) -> tuple[str, int] | None:
    """(kind, line number) of the first secret in `text[offset:]`, lines counted in `text`."""
    found = secret_findings(text[offset:])
    if not found:
        return None
    return found[0].kind, text.count("\n", 0, offset + found[0].start) + 1


def without_failing_notes(proposal: Proposal) -> Proposal:
    """`proposal` without the rejected-candidate notes in which the final screen finds a
    secret once composed: another candidate's note is dropped alone, it never withholds this
    proposal (each note was screened alone already; this is the net under that)."""
    while proposal.rejected_others:
        message = commit_message(proposal)
        found = secret_findings(message)
        if not found:
            break
        at = found[0].start
        line = message[:at].rpartition("\n")[2] + message[at:].partition("\n")[0]
        hit = [note for note in proposal.rejected_others if note and note in line]
        if not hit:
            break
        proposal = proposal.model_copy(update={
            "rejected_others": [n for n in proposal.rejected_others if n not in hit]})
    return proposal


def withheld_reason(proposal: Proposal, repo: GitRepo, base: str) -> str | None:
    """Why `proposal` must not be written, or None when it holds no secret."""
    for path, data in sorted(proposal.change.files.items()):
        text = data.decode("utf-8", "replace")
        before = repo.read_file(base, path) if proposal.kind == "update" else None
        kept = before.decode("utf-8", "replace") if before else ""
        offset = len(kept) if kept and text.startswith(kept) else 0
        finding = _first_finding(text, offset)
        if finding is not None:
            return f"withheld: a likely secret ({finding[0]}) in {path}, line {finding[1]}"
    finding = _first_finding(commit_message(proposal))
    if finding is not None:
        return f"withheld: a likely secret ({finding[0]}) in the commit message, line {finding[1]}"
    return None
