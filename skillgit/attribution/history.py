"""Every version of every skill on the base branch, from one walk of its history.

A version is the (commit, blob) of a skill's SKILL.md from the commit that made it current on
the base branch's first-parent line (a merged pull request counts from its merge) until the
next change. `SkillHistory.at(name, when)` answers "which version was current then" by binary
search; `by_content(sha)` answers "which versions have this text" (a copy installed elsewhere
matches the version it was copied from). Nothing here walks history per question.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from datetime import datetime, timezone

from skillgit.gitops import GitRepo
from skillgit.transcripts.skill_text import file_sha

SKILL_FILE = "SKILL.md"


@dataclass(frozen=True)
class SkillVersion:
    """One version of a skill; `blob` None means the skill was removed at `commit`."""

    skill: str
    path: str
    commit: str
    blob: str | None
    since: datetime
    content_sha: str | None

    @property
    def label(self) -> str:
        return self.commit[:7] if self.blob is not None else f"{self.commit[:7]} (removed)"


@dataclass
class SkillHistory:
    versions: dict[str, list[SkillVersion]] = field(default_factory=dict)   # oldest first
    by_sha: dict[str, list[SkillVersion]] = field(default_factory=dict)
    commits_walked: int = 0
    # a shallow clone: the walk stopped at this commit (older history is not there)
    shallow_at: str | None = None
    # skills of this repository outside the skills folder asked for (not "not in the repo")
    outside_folder: set[str] = field(default_factory=set)

    @property
    def note(self) -> str | None:
        """What a shallow walk could not see, for a warning; None after a full walk."""
        if self.shallow_at is None:
            return None
        return (f"the history is shallow (it stops at {self.shallow_at[:12]}): skill versions "
                "and merged proposals before that are not seen; fetch the full history "
                "(actions/checkout: fetch-depth: 0) for usage figures and merge records")

    def at(self, skill: str, when: datetime | None) -> SkillVersion | None:
        """The version of `skill` current at `when` (the newest when unknown); None before
        the skill existed or after it was removed."""
        chain = self.versions.get(skill)
        if not chain:
            return None
        if when is None:
            found = chain[-1]
        else:
            at = bisect.bisect_right([v.since for v in chain], when)
            if at == 0:
                return None
            found = chain[at - 1]
        return found if found.blob is not None else None

    def by_content(self, sha: str | None, skill: str | None = None) -> SkillVersion | None:
        """The earliest version with this content, preferring one of `skill`."""
        matches = self.by_sha.get(sha, []) if sha else []
        named = [v for v in matches if v.skill == skill]
        best = named or matches
        return best[0] if best else None

    def current(self) -> dict[str, SkillVersion]:
        """Skill name → its version at the tip (removed skills left out)."""
        return {name: chain[-1] for name, chain in sorted(self.versions.items())
                if chain[-1].blob is not None}

    def changed_between(self, skill: str, start: datetime) -> list[SkillVersion]:
        """Versions of `skill` that became current after `start`."""
        return [v for v in self.versions.get(skill, []) if v.since > start]


def skill_name_of(path: str) -> str:
    parts = path.split("/")
    return parts[-2] if len(parts) >= 2 else "(root)"


def build_history(repo: GitRepo, tip: str, skills_dir: str | None = None) -> SkillHistory:
    """The history of every SKILL.md below `skills_dir` (anywhere when None) up to `tip`."""
    prefix = skills_dir.strip("/") + "/" if skills_dir else ""
    history = SkillHistory()
    keys: dict[str, str | None] = {}
    cut: list[str] = []
    for info, changed in repo.file_history(tip, SKILL_FILE, cut):
        history.commits_walked += 1
        since = datetime.fromtimestamp(info.commit_time, tz=timezone.utc)
        for path, blob in sorted(changed.items()):
            if not path.startswith(prefix):
                history.outside_folder.add(skill_name_of(path))
                continue
            if blob is not None and blob not in keys:
                keys[blob] = file_sha(repo.blob(blob))
            key = keys.get(blob) if blob is not None else None
            version = SkillVersion(skill=skill_name_of(path), path=path, commit=info.sha,
                                   blob=blob, since=since, content_sha=key)
            history.versions.setdefault(version.skill, []).append(version)
            if key is not None:
                history.by_sha.setdefault(key, []).append(version)
    history.shallow_at = cut[0] if cut else None
    for chain in history.versions.values():
        chain.sort(key=lambda v: v.since)  # stable: commit order breaks ties
    return history
