"""Fixtures for the model-judge tests."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

DEPLOY_SKILL = ("---\nname: deploy-app\ndescription: Deploy the app to staging. Use when "
                "deploying.\n---\n# Deploy\n\nRun `make deploy`.\n")


@pytest.fixture
def skills_repo(tmp_path: Path) -> Path:
    """A skills repository with one committed skill, `skills/deploy-app`, on `main`."""
    root = tmp_path / "skills-repo"
    (root / "skills" / "deploy-app").mkdir(parents=True)
    (root / "skills" / "deploy-app" / "SKILL.md").write_text(DEPLOY_SKILL)
    subprocess.run(["git", "init", "-q", "-b", "main", str(root)], check=True)
    subprocess.run(["git", "-C", str(root), "add", "-A"], check=True)
    subprocess.run(["git", "-C", str(root), "commit", "-qm", "init"], check=True)
    return root
