"""The `skillgit-validate` hook, run for real by `pre-commit try-repo` in a temp git repo.

pre-commit builds the hook's virtualenv from this checkout (`pip install .` of a clone) on the
base interpreter of the one running the tests. To stay offline on any machine, that install
may reach no index and no wheel mirror. skillgit's dependencies come from the environment
running the tests, whatever it is (a fresh `python3 -m venv`, a system Python, a CI image):
a `usercustomize` module in a throwaway user base appends this interpreter's site-packages to
the hook environment's `sys.path` after its own, so pip finds them already installed and the
hook imports the skillgit that pre-commit installed from this checkout. setuptools (the build
backend) is seeded into the hook environment by virtualenv from its bundled wheel.
"""

from __future__ import annotations

import os
import site
import subprocess
import sys
import sysconfig
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True)


def running_site_dirs() -> list[str]:
    """Where this interpreter's packages (skillgit's dependencies among them) are installed."""
    dirs = list(site.getsitepackages())
    if site.ENABLE_USER_SITE:
        dirs.append(site.getusersitepackages())
    return [d for d in dirs if Path(d).is_dir()]


def hook_env(home: Path) -> dict[str, str]:
    """The environment for pre-commit: offline, no pip configuration, and a user base whose
    `usercustomize` hands the hook's virtualenv this interpreter's site-packages."""
    user_base = home / "hook-user-base"
    user_site = Path(sysconfig.get_path(
        "purelib", sysconfig.get_preferred_scheme("user"), vars={"userbase": str(user_base)}))
    user_site.mkdir(parents=True, exist_ok=True)
    (user_site / "usercustomize.py").write_text(
        "import atexit, site, sys\n"
        f"for _dir in {running_site_dirs()!r}:\n"
        "    site.addsitedir(_dir)  # appended: the hook env's own site-packages come first\n"
        "def _record():  # which skillgit this process ran, for the test to check\n"
        "    if 'skillgit' in sys.modules:\n"
        f"        with open({str(home / 'skillgit-imports.log')!r}, 'a') as log:\n"
        "            print(sys.modules['skillgit'].__file__, file=log)\n"
        "atexit.register(_record)\n")
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONNOUSERSITE", "PYTHONUSERBASE")
           and not k.startswith(("PIP_", "VIRTUALENV_"))}
    env.update({
        "PRE_COMMIT_HOME": str(home / "pre-commit-cache"),
        "PYTHONUSERBASE": str(user_base),
        # The user site is read only by a virtualenv that includes system site-packages.
        "VIRTUALENV_SYSTEM_SITE_PACKAGES": "1",
        "VIRTUALENV_SETUPTOOLS": "bundle",
        "VIRTUALENV_NO_PERIODIC_UPDATE": "1",
        "PIP_CONFIG_FILE": os.devnull,  # no index or find-links from any pip.conf
        "PIP_NO_INDEX": "1",
        # pip reads a "no-" option's value as the positive one: "0" turns isolation off, so
        # the build uses the seeded setuptools instead of fetching one.
        "PIP_NO_BUILD_ISOLATION": "0",
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    })
    return env


def try_repo(repo: Path, home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", "try-repo", str(PROJECT), "skillgit-validate",
         *args],
        cwd=repo, env=hook_env(home), capture_output=True, text=True, timeout=300, check=False)


def skillgit_imports(home: Path) -> list[str]:
    """Where each process of the hook environment imported skillgit from."""
    log = home / "skillgit-imports.log"
    return log.read_text().splitlines() if log.exists() else []


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
    # The hook ran the skillgit that pre-commit built from this checkout, not ours.
    imports = skillgit_imports(isolated_env)
    assert imports, "the hook never imported skillgit"
    assert all("/py_env-" in Path(path).as_posix() for path in imports), imports

    git(repo, "-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-qm", "x")
    write(repo / "skills/good/scripts/run.sh", "echo changed\n")  # a file inside a good skill
    write(repo / "README.md", "changed\n")
    git(repo, "add", "-A")
    staged = try_repo(repo, isolated_env)
    assert staged.returncode == 0, staged.stdout + staged.stderr
    assert "Passed" in staged.stdout
