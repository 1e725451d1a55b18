"""`mine` on a skill installed for two agents (`npx skills add --copy -a codex -a
claude-code`: `.agents/skills/X` and `.claude/skills/X`): it updates the canonical copy, says
which, and writes the same bytes to the other copy in the same commit."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from test_propose import DEPLOY_SKILL, digest, run

from skillgit.gitops import GitRepo
from skillgit.mine.write import commit_message, write_proposal
from skillgit.skills.validate import validate_paths

CORRECTIONS = [
    digest(1, skills=("deploy-app",), corrections=("no, deploy with make deploy-staging",)),
    digest(2, skills=("deploy-app",), corrections=("use make deploy-staging instead",)),
]


def copies_repo(tmp_path: Path, claude_text: str = DEPLOY_SKILL) -> Path:
    root = tmp_path / "project"
    for folder, text in ((".agents/skills/deploy-app", DEPLOY_SKILL),
                         (".claude/skills/deploy-app", claude_text)):
        (root / folder).mkdir(parents=True)
        (root / folder / "SKILL.md").write_text(text)
    subprocess.run(["git", "init", "-q", "-b", "main", str(root)], check=True)
    subprocess.run(["git", "-C", str(root), "add", "-A"], check=True)
    subprocess.run(["git", "-C", str(root), "commit", "-qm", "init"], check=True)
    return root


def test_an_update_edits_the_canonical_copy_and_keeps_the_other_equal(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = copies_repo(tmp_path)
    [p] = run(root, CORRECTIONS).proposals
    assert (p.kind, p.change.directory) == ("update", ".agents/skills/deploy-app")
    assert sorted(p.change.files) == [".agents/skills/deploy-app/SKILL.md",
                                      ".claude/skills/deploy-app/SKILL.md"]
    new, copy = p.change.files.values()
    assert new == copy and new.decode().startswith(DEPLOY_SKILL) and new.decode() != DEPLOY_SKILL
    message = commit_message(p)
    assert ("Edits the canonical copy .agents/skills/deploy-app and writes the same bytes to "
            ".claude/skills/deploy-app") in message
    with GitRepo(root) as repo:
        outcome = write_proposal(repo, p, repo.resolve("main"), "skillgit <s@example.invalid>")
        assert outcome.status == "written"
    subprocess.run(["git", "-C", str(root), "checkout", "-q", p.branch], check=True)
    changed = subprocess.run(["git", "-C", str(root), "show", "--name-only", "--format=",
                              "HEAD"], check=True, capture_output=True, text=True).stdout
    assert changed.split() == [".agents/skills/deploy-app/SKILL.md",
                               ".claude/skills/deploy-app/SKILL.md"]   # one commit, both
    monkeypatch.chdir(root)
    assert validate_paths(["."]).failed(strict=True) is False


def test_copies_that_already_differ_are_not_overwritten(tmp_path: Path) -> None:
    root = copies_repo(tmp_path, DEPLOY_SKILL + "\nLocal note.\n")
    warnings: list[str] = []
    [p] = run(root, CORRECTIONS, on_warning=warnings.append).proposals
    assert list(p.change.files) == [".agents/skills/deploy-app/SKILL.md"]
    assert any("copies differ" in w and ".claude/skills/deploy-app" in w for w in warnings)


def test_a_long_description_is_written_on_one_line() -> None:
    from skillgit.mine.generate import skill_file_text

    description = " ".join(["Deploy the app to staging with the make targets."] * 8)
    text = skill_file_text("deploy-app", description, "# Deploy\n")
    [line] = [ln for ln in text.splitlines() if ln.startswith("description:")]
    assert line == f"description: {description}"   # line-based readers see all of it
