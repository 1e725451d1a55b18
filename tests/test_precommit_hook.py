"""The `skillgit-validate` hook, run for real by `pre-commit try-repo` in a temp git repo.

pre-commit builds the hook's virtualenv from this checkout. To stay offline, the virtualenv
sees this interpreter's site-packages (where skillgit's dependencies are installed) and pip
may not reach an index: no network is used.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True)


def try_repo(repo: Path, home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update({
        "PRE_COMMIT_HOME": str(home / "pre-commit-cache"),
        "VIRTUALENV_SYSTEM_SITE_PACKAGES": "1",
        "PIP_NO_INDEX": "1",
        "PIP_NO_BUILD_ISOLATION": "0",
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    })
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", "try-repo", str(PROJECT), "skillgit-validate",
         *args],
        cwd=repo, env=env, capture_output=True, text=True, timeout=300, check=False)


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def test_hook_validates_changed_skills(tmp_path: Path, isolated_env: Path) -> None:
    repo = tmp_path / "skills-repo"
    repo.mkdir()
    git(repo, "init", "-q")
    write(repo / "skills/good/SKILL.md",
          "---\nname: good\ndescription: Good. Use it when testing.\n---\nbody\n")
    write(repo / "skills/good/scripts/run.sh", "echo hi\n")
    write(repo / "skills/bad/SKILL.md", "---\nname: Bad\ndescription: d\n---\n")
    write(repo / "README.md", "not a skill\n")
    git(repo, "add", "-A")

    everything = try_repo(repo, isolated_env, "--all-files")
    assert everything.returncode == 1, everything.stdout + everything.stderr
    assert "skills/bad/SKILL.md:2: ERROR name-case" in everything.stdout
    assert "skills/good" not in everything.stdout.split("name-case")[1]

    git(repo, "-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-qm", "x")
    write(repo / "skills/good/scripts/run.sh", "echo changed\n")  # a file inside a good skill
    write(repo / "README.md", "changed\n")
    git(repo, "add", "-A")
    staged = try_repo(repo, isolated_env)
    assert staged.returncode == 0, staged.stdout + staged.stderr
    assert "Passed" in staged.stdout
