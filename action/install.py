"""Install skillgit for the Action: a fresh virtualenv under $RUNNER_TEMP holding skillgit
built from the action's own checkout ($SKILLGIT_ACTION_PATH), so the skillgit that runs is the
action ref the workflow pinned. Writes the virtualenv's interpreter as the step output `python`.
Its dependencies come only from action/requirements.txt, every file checked against its hash
(regenerate that file with action/lock_requirements.py).

Run with the interpreter actions/setup-python installed (`update-environment: false`, so the
job's own `python` is left alone)."""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path


def venv_python(root: Path) -> Path:
    """The interpreter inside a virtualenv, on Windows as elsewhere."""
    if os.name == "nt":
        return root / "Scripts" / "python.exe"
    return root / "bin" / "python"


def install_commands(python: Path, action_path: Path, requirements: Path) -> list[list[str]]:
    """Two pip runs: every dependency (and setuptools, to build skillgit) from the hashed
    pins, where pip refuses any file whose hash is not listed; then skillgit itself from the
    checkout, with no dependency resolution and no build isolation (so nothing else is
    fetched)."""
    pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
           "--no-input"]
    return [[*pip, "--require-hashes", "--prefer-binary", "-r", str(requirements)],
            [*pip, "--no-deps", "--no-build-isolation", str(action_path)]]


def main() -> int:
    action_path = os.environ.get("SKILLGIT_ACTION_PATH", "")
    output = os.environ.get("GITHUB_OUTPUT", "")
    if not action_path or not (Path(action_path) / "pyproject.toml").is_file():
        print(f"::error title=skillgit::SKILLGIT_ACTION_PATH {action_path!r} holds no "
              "pyproject.toml (is this the skillgit action's checkout?)")
        return 2
    if not output:
        print("::error title=skillgit::GITHUB_OUTPUT is not set (not running in Actions?)")
        return 2
    requirements = Path(action_path) / "action" / "requirements.txt"
    if not requirements.is_file():
        print(f"::error title=skillgit::{requirements} is missing: the action installs "
              "skillgit's dependencies only from its hashed pins")
        return 2
    root = Path(os.environ.get("RUNNER_TEMP") or Path.home()) / "skillgit-action-venv"
    venv.EnvBuilder(clear=True, with_pip=True).create(root)
    python = venv_python(root)
    for command in install_commands(python, Path(action_path), requirements):
        subprocess.run(command, check=True)
    with open(output, "a", encoding="utf-8") as out:
        out.write(f"python={python}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
