"""Install skillgit for the Action: a fresh virtualenv under $RUNNER_TEMP holding skillgit
built from the action's own checkout ($SKILLGIT_ACTION_PATH), so the skillgit that runs is the
action ref the workflow pinned. Writes the virtualenv's interpreter as the step output `python`.

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
    root = Path(os.environ.get("RUNNER_TEMP") or Path.home()) / "skillgit-action-venv"
    venv.EnvBuilder(clear=True, with_pip=True).create(root)
    python = venv_python(root)
    subprocess.run([str(python), "-m", "pip", "install", "--quiet",
                    "--disable-pip-version-check", "--no-input", action_path], check=True)
    with open(output, "a", encoding="utf-8") as out:
        out.write(f"python={python}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
