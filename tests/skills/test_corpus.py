"""Real skills written by others (../shared/corpus/skills): exactly the known-invalid ones fail.

Known facts (shared/corpus/README.md, checked against the spec): claude-api's description is
longer than 1024 characters; template's name is `template-skill`; four vercel skills carry a
`vercel-` prefix their directory lacks. Every other skill must pass with no errors.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from skillgit.skills.findings import Level
from skillgit.skills.validate import validate_skill

CORPUS_SKILLS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "skills"

KNOWN_INVALID = {
    "anthropics-skills/claude-api": {"description-length"},
    "anthropics-skills/template": {"name-directory-mismatch"},
    "vercel-agent-skills/composition-patterns": {"name-directory-mismatch"},
    "vercel-agent-skills/react-best-practices": {"name-directory-mismatch"},
    "vercel-agent-skills/react-native-skills": {"name-directory-mismatch"},
    "vercel-agent-skills/react-view-transitions": {"name-directory-mismatch"},
}

SKILLS = sorted(p.parent.relative_to(CORPUS_SKILLS).as_posix()
                for p in CORPUS_SKILLS.glob("*/*/SKILL.md"))


def test_corpus_is_present() -> None:
    assert len(SKILLS) >= 39
    assert set(KNOWN_INVALID) <= set(SKILLS)


@pytest.mark.parametrize("skill", SKILLS)
def test_corpus_skill(skill: str) -> None:
    report = validate_skill(CORPUS_SKILLS / skill)
    error_rules = {f.rule for f in report.findings if f.level is Level.ERROR}
    assert error_rules == KNOWN_INVALID.get(skill, set()), [
        f"{f.line}: {f.rule} {f.message}" for f in report.findings if f.level is Level.ERROR]
