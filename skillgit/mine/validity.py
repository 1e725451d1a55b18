"""Checks of a drafted skill change: the validator's errors for the skill folder as it would
be, and the texts skillgit itself adds (for the lower-risk review list)."""

from __future__ import annotations

import posixpath
import tempfile
from collections import Counter
from pathlib import Path

from skillgit.gitops import GitRepo
from skillgit.proposal import Proposal, SkillChange
from skillgit.safety import new_text
from skillgit.skills.findings import Level
from skillgit.skills.validate import validate_skill


def validation_errors(change: SkillChange, repo: GitRepo, base: str) -> list[str]:
    """Validator errors for the skill directory as it would be after the change that the
    skill did not already have on `base` (an update is judged by what it adds: a skill
    committed with a finding is the team's to fix, and still the one a lesson updates)."""
    files = {posixpath.join(change.directory, p): data
             for p, data in repo.list_files(base, change.directory).items()}
    before = Counter(_errors(change.directory, files)) if files else Counter[str]()
    files.update(change.files)
    after = Counter(_errors(change.directory, files))
    return list((after - before).elements())


def _errors(directory: str, files: dict[str, bytes]) -> list[str]:
    with tempfile.TemporaryDirectory(prefix="skillgit-check-") as tmp:
        root = Path(tmp)
        for path, data in files.items():
            target = root / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        report = validate_skill(root / directory, cwd=root)
    return [f"{f.rule}: {f.message}" for f in report.findings if f.level is Level.ERROR]


def generated_texts(repo: GitRepo, base: str, proposal: Proposal) -> list[tuple[str, str]]:
    """(source label, text) for what skillgit itself adds: the new lines of each file, and
    the list of rejected candidates in the commit message."""
    out = []
    for path, data in sorted(proposal.change.files.items()):
        before = repo.read_file(base, path) or b""
        out.append((f"{path} as written by {proposal.engine}",
                    new_text(data.decode("utf-8", "replace"),
                             before.decode("utf-8", "replace"))))
    out.append(("the list of rejected candidates", "\n".join(proposal.rejected_others)))
    return out
