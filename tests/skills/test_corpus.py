"""Real skills written by others (../shared/corpus/skills, or $SKILLGIT_TEST_CORPUS/skills; the
`corpus_skill` parameters come from tests/conftest.py): exactly the known-invalid ones fail.

Known facts (shared/corpus/README.md, checked against the spec): claude-api's description is
longer than 1024 characters; template's name is `template-skill`; four vercel skills carry a
`vercel-` prefix their directory lacks. Every other skill must pass with no errors.
"""

from __future__ import annotations

from pathlib import Path

from skillgit.skills.findings import Level
from skillgit.skills.validate import validate_skill

KNOWN_INVALID = {
    "anthropics-skills/claude-api": {"description-length"},
    "anthropics-skills/template": {"name-directory-mismatch"},
    "vercel-agent-skills/composition-patterns": {"name-directory-mismatch"},
    "vercel-agent-skills/react-best-practices": {"name-directory-mismatch"},
    "vercel-agent-skills/react-native-skills": {"name-directory-mismatch"},
    "vercel-agent-skills/react-view-transitions": {"name-directory-mismatch"},
}


def _skills(corpus: Path) -> list[str]:
    root = corpus / "skills"
    return sorted(p.parent.relative_to(root).as_posix() for p in root.glob("*/*/SKILL.md"))


def test_corpus_is_present(corpus_dir: Path) -> None:
    skills = _skills(corpus_dir)
    assert len(skills) >= 39
    assert set(KNOWN_INVALID) <= set(skills)


def test_corpus_skill(corpus_dir: Path, corpus_skill: str) -> None:
    report = validate_skill(corpus_dir / "skills" / corpus_skill)
    error_rules = {f.rule for f in report.findings if f.level is Level.ERROR}
    assert error_rules == KNOWN_INVALID.get(corpus_skill, set()), [
        f"{f.line}: {f.rule} {f.message}" for f in report.findings if f.level is Level.ERROR]
