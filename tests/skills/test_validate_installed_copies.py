"""One skill installed for several agents: the layout `npx skills add --copy -a claude-code -a
codex` writes (an identical folder in `.agents/skills/X` and `.claude/skills/X`, and a project
`skills-lock.json`), built by hand here: the tool itself needs the network to fetch a skill.
The layout follows vercel-labs/skills' installer (research: session-learning-tools.md B1)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from skillgit.cli import main
from skillgit.skills.copies import canonical, install_place, same_install
from skillgit.skills.findings import Level
from skillgit.skills.validate import validate_paths

SKILL = ("---\nname: pdf-tools\ndescription: Fill and merge PDF files. Use when the user asks "
         "for a PDF.\n---\n# PDF tools\n\nRun `qpdf --empty`.\n")
REFERENCE = "# Forms\n\nUse pdftk for forms.\n"


def install(project: Path, roots: tuple[str, ...] = (".agents/skills", ".claude/skills"),
            skill: str = SKILL) -> None:
    """What `npx skills add --copy -a codex -a claude-code` leaves in a project."""
    for root in roots:
        folder = project / root / "pdf-tools"
        (folder / "references").mkdir(parents=True)
        (folder / "SKILL.md").write_text(skill)
        (folder / "references" / "forms.md").write_text(REFERENCE)
    (project / "skills-lock.json").write_text(json.dumps(
        {"version": 1, "skills": {"pdf-tools": {"source": "acme/skills"}}}))


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "project"
    root.mkdir()
    subprocess.run(["git", "init", "-q", "-b", "main", str(root)], check=True)
    monkeypatch.chdir(root)
    return root


def rules(report_findings: list[object]) -> list[tuple[str, str, str]]:
    return sorted((f.path, f.level.value, f.rule) for f in report_findings  # type: ignore[attr-defined]
                  if f.rule in ("duplicate-name", "skill-copy", "skill-copies-differ"))  # type: ignore[attr-defined]


def test_install_places_are_read_from_the_table() -> None:
    assert install_place("web/.claude/skills/x") == ("web", ".claude/skills", "x")
    assert install_place(".agents/skills/x") == ("", ".agents/skills", "x")
    assert install_place("skills/x") is None
    assert same_install(".agents/skills/x", ".claude/skills/x")
    assert not same_install("a/.agents/skills/x", "b/.claude/skills/x")  # two projects
    assert not same_install(".agents/skills/x", ".claude/skills/y")
    assert canonical([".claude/skills/x", ".agents/skills/x"]) == ".agents/skills/x"


def test_identical_copies_for_two_agents_are_one_skill(project: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    install(project)
    report = validate_paths(["."])
    assert report.count(Level.ERROR) == 0
    assert rules(report.findings) == [
        (".agents/skills/pdf-tools/SKILL.md", "info", "skill-copy"),
        (".claude/skills/pdf-tools/SKILL.md", "info", "skill-copy")]
    assert main(["validate", "--strict", "--format", "json"]) == 0   # the pre-commit hook
    doc = json.loads(capsys.readouterr().out)
    assert doc["summary"]["errors"] == 0 and doc["summary"]["warnings"] == 0


def test_copies_that_differ_are_a_warning_naming_both(project: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    install(project)
    (project / ".claude/skills/pdf-tools/references/forms.md").write_text("# Forms\n\nold\n")
    report = validate_paths(["."])
    assert report.count(Level.ERROR) == 0
    differ = [f for f in report.findings if f.rule == "skill-copies-differ"]
    assert [f.level for f in differ] == [Level.WARNING, Level.WARNING]
    assert ".claude/skills/pdf-tools" in differ[0].message and "references/forms.md" in \
        differ[0].message
    assert ".agents/skills/pdf-tools" in differ[1].message
    assert main(["validate", ".claude/skills/pdf-tools/SKILL.md"]) == 0
    assert main(["validate", "--strict", "."]) == 1


def test_two_skills_of_one_name_elsewhere_are_still_an_error(project: Path) -> None:
    install(project, roots=(".agents/skills", "skills"))   # `skills/` is no agent's root
    report = validate_paths(["."])
    assert [r[1:] for r in rules(report.findings)] == [("error", "duplicate-name")] * 2


def test_gh_profile_checks_what_gh_skill_publish_checks(project: Path) -> None:
    folder = project / "skills" / "pdf-tools"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(SKILL.replace(
        "---\n# PDF", "metadata:\n  github-repo: acme/skills\n  owner: docs\n---\n# PDF"))
    found = {(f.level.value, f.rule) for f in validate_paths(["."], profile="gh").findings}
    assert ("error", "metadata-reserved") in found and ("warning", "license-missing") in found
    assert not {r for r in found if r[1] in ("metadata-reserved", "license-missing")} & {
        (f.level.value, f.rule) for f in validate_paths(["."], profile="spec").findings}
    (folder / "SKILL.md").write_text(SKILL.replace("---\n# PDF", "license: MIT\n---\n# PDF"))
    assert validate_paths(["."], profile="gh").count(Level.WARNING) == 0
