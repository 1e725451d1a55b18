"""Existing skills are found wherever they live; `skills_dir` only places new ones; an
existing SKILL.md that cannot be read is a warning naming it, never a traceback or silence."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from test_propose import DEPLOY_SKILL, digest

from skillgit.gitops import GitRepo
from skillgit.mine.landscape import skill_landscape
from skillgit.mine.propose import propose
from skillgit.redact import Redactor

CORRECTIONS = (
    digest(1, skills=("deploy-app",), corrections=("no, deploy with make deploy-staging",)),
    digest(2, skills=("deploy-app",), corrections=("use make deploy-staging instead",)),
)


def make_repo(root: Path, files: dict[str, str | bytes]) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        data = text.encode() if isinstance(text, str) else text
        (root / rel).write_bytes(data)
    subprocess.run(["git", "init", "-q", "-b", "main", str(root)], check=True)
    subprocess.run(["git", "-C", str(root), "add", "-A"], check=True)
    subprocess.run(["git", "-C", str(root), "commit", "-qm", "init"], check=True)
    return root


def run(repo: Path, **kw: object):
    warnings: list[str] = []
    with GitRepo(repo) as g:
        found = propose(g, g.resolve("main"), list(CORRECTIONS),
                        redactor=Redactor(home="/home/tester"), on_warning=warnings.append,
                        **kw)
    return found, warnings


@pytest.mark.parametrize("where", [".claude/skills", ".agents/skills", "skills",
                                   "packages/web/.claude/skills"])
@pytest.mark.parametrize("skills_dir", [None, ".claude/skills", "skills", "new/place"])
def test_existing_skill_is_extended_wherever_it_lives(tmp_path: Path, where: str,
                                                      skills_dir: str | None) -> None:
    """The README's `skills_dir: .claude/skills` example proposed a duplicate of a skill that
    lived elsewhere; a skill in `.claude/skills` was missed with `--skills-dir skills`."""
    repo = make_repo(tmp_path / "r", {f"{where}/deploy-app/SKILL.md": DEPLOY_SKILL})
    found, warnings = run(repo, skills_dir=skills_dir)
    [p] = found.proposals
    assert (p.kind, p.skill) == ("update", "deploy-app")
    assert list(p.change.files) == [f"{where}/deploy-app/SKILL.md"]
    assert warnings == []


def test_new_skills_still_go_to_the_configured_folder(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"skills/deploy-app/SKILL.md": DEPLOY_SKILL})
    found, _ = run_new(repo, skills_dir=".claude/skills")
    [p] = found.proposals
    assert p.kind == "new" and next(iter(p.change.files)).startswith(".claude/skills/")


def run_new(repo: Path, **kw: object):
    with GitRepo(repo) as g:
        return propose(g, g.resolve("main"), [
            digest(i, corrections=("No, use pnpm not npm for installs",)) for i in (1, 2, 3)],
            redactor=Redactor(home="/home/tester"), **kw), None


@pytest.mark.parametrize(("content", "why"), [
    (b"---\nname: [unclosed\n---\nbody\n", "Invalid YAML"),
    (b"no frontmatter at all\n", "frontmatter"),
    (b"---\nname: x\xff\n---\n", "UTF-8"),
])
def test_unparseable_existing_skill_is_a_warning_naming_it(tmp_path: Path, content: bytes,
                                                           why: str) -> None:
    repo = make_repo(tmp_path / "r", {"skills/deploy-app/SKILL.md": DEPLOY_SKILL,
                                      ".claude/skills/broken/SKILL.md": content})
    with GitRepo(repo) as g:
        warnings: list[str] = []
        known, unreadable = skill_landscape(g, g.resolve("main"), warnings.append)
    assert [k.name for k in known] == ["deploy-app"]
    assert unreadable == [".claude/skills/broken"]
    [warning] = warnings
    assert ".claude/skills/broken/SKILL.md" in warning and why in warning


def test_unreadable_existing_skill_name_is_never_reused(tmp_path: Path) -> None:
    """A broken skill's folder is not overwritten by a new skill of the same name."""
    repo = make_repo(tmp_path / "r", {"skills/npm-pnpm/SKILL.md": b"\xff\xfe broken"})
    found, _ = run_new(repo)
    with GitRepo(repo) as g:
        warnings: list[str] = []
        propose(g, g.resolve("main"), [digest(i, corrections=(
            "No, use pnpm not npm for installs",)) for i in (1, 2, 3)],
            redactor=Redactor(home="/home/tester"), on_warning=warnings.append)
    assert any("skills/npm-pnpm/SKILL.md" in w for w in warnings)
    written = [path for p in found.proposals for path in p.change.files]
    assert written and "skills/npm-pnpm/SKILL.md" not in written


def test_missing_object_is_a_warning_not_a_traceback(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"skills/deploy-app/SKILL.md": DEPLOY_SKILL,
                                      "skills/gone/SKILL.md": "---\nname: gone\n---\n"})
    blob = subprocess.run(["git", "-C", str(repo), "rev-parse", "main:skills/gone/SKILL.md"],
                          capture_output=True, text=True, check=True).stdout.strip()
    (repo / ".git" / "objects" / blob[:2] / blob[2:]).unlink()  # as in a partial clone
    with GitRepo(repo) as g:
        warnings: list[str] = []
        known, unreadable = skill_landscape(g, g.resolve("main"), warnings.append)
    assert [k.name for k in known] == ["deploy-app"] and unreadable == ["skills/gone"]
    assert len(warnings) == 1 and "skills/gone/SKILL.md" in warnings[0]


def test_warning_escapes_control_characters_in_the_path(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"skills/x\x1b[2Jy/SKILL.md": b"not a skill"})
    with GitRepo(repo) as g:
        warnings: list[str] = []
        skill_landscape(g, g.resolve("main"), warnings.append)
    [warning] = warnings
    assert "\x1b" not in warning and "\\x1b[2Jy/SKILL.md" in warning
