"""The `skillgit-validate` hook, run for real by `pre-commit run` in two temp git repos, from a
git snapshot of this tree (what `pre-commit try-repo` does, but with one store for both runs).

pre-commit builds the hook's virtualenv from this checkout (`pip install .` of a clone) on the
base interpreter of the one running the tests, once: the second run reuses it. To stay
offline on any machine, that install may reach no index and no wheel mirror. skillgit's
dependencies come from the environment running the tests, whatever it is (a fresh `python3 -m
venv`, a system Python, a CI image):
`PYTHONPATH` hands the hook environment this interpreter's site-packages, so pip finds them
already installed and the hook imports the skillgit that pre-commit installed from this
checkout (an editable install of ours is a `.pth` hook, which `PYTHONPATH` entries never run).
The hook environment never includes the base interpreter's own site-packages: their versions
(an old `typing_extensions` on a machine's global Python) must not decide what pip resolves.
setuptools (the build backend) is seeded into the hook environment by virtualenv from its
bundled wheel.
"""

from __future__ import annotations

import json
import os
import shutil
import site
import subprocess
import sys
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


BUILD_TOOLS = ("pip", "setuptools", "pkg_resources", "_distutils_hack", "wheel", "skillgit",
               "__editable__", "distutils-precedence")
"""What the hook environment must take from its own seed or from this checkout, never from
ours: the build tools (an older setuptools of ours lacks `bdist_wheel`) and skillgit itself."""


def dependencies(home: Path) -> Path:
    """A folder of links to this interpreter's installed packages but the build tools and
    skillgit: what the hook environment may find already installed."""
    folder = home / "hook-dependencies"
    folder.mkdir(parents=True, exist_ok=True)
    for site_dir in running_site_dirs():
        for entry in Path(site_dir).iterdir():
            if entry.name.startswith(BUILD_TOOLS) or entry.suffix == ".pth" \
                    or (folder / entry.name).exists():
                continue
            (folder / entry.name).symlink_to(entry)
    return folder


def hook_env(home: Path) -> dict[str, str]:
    """The environment for pre-commit: offline, no pip configuration, no base-interpreter
    packages, and this interpreter's site-packages on `PYTHONPATH`, plus a `sitecustomize`
    that records which skillgit each hook process imported."""
    probe = home / "hook-probe"
    probe.mkdir(parents=True, exist_ok=True)
    (probe / "sitecustomize.py").write_text(
        "import atexit, sys\n"
        "def _record():  # which skillgit this process ran, for the test to check\n"
        "    if 'skillgit' in sys.modules:\n"
        f"        with open({str(home / 'skillgit-imports.log')!r}, 'a') as log:\n"
        "            print(sys.modules['skillgit'].__file__, file=log)\n"
        "atexit.register(_record)\n")
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONNOUSERSITE", "PYTHONUSERBASE", "PYTHONHOME")
           and not k.startswith(("PIP_", "VIRTUALENV_"))}
    env.update({
        "PYTHONPATH": os.pathsep.join([str(probe), str(dependencies(home))]),
        "PYTHONNOUSERSITE": "1",
        "VIRTUALENV_SYSTEM_SITE_PACKAGES": "0",
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


def tree_files() -> list[str]:
    """This tree's files as git sees them: tracked and untracked but not ignored, uncommitted
    changes included (what `pre-commit try-repo` would take from a checkout)."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=PROJECT, check=True, capture_output=True, text=True).stdout
    return [name for name in listed.split("\0") if name and (PROJECT / name).is_file()]


def hook_repository(scratch: Path) -> tuple[Path, str]:
    """A git repository holding this tree as it is now, and its commit: pre-commit installs
    hooks from a repository only. From a checkout, its files (`tree_files`); from a tree that
    is no git repository (an unpacked sdist), all of it but caches."""
    copy = scratch / "skillgit-source"
    if (PROJECT / ".git").exists():
        for name in tree_files():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(PROJECT / name, copy / name)
    else:
        shutil.copytree(PROJECT, copy, ignore=shutil.ignore_patterns(
            "__pycache__", "*.pyc", "node_modules", ".mypy_cache", ".ruff_cache", "*.egg-info"))
    git(copy, "init", "-q", "-b", "main")
    git(copy, "add", "-A")
    git(copy, "-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-qm",
        "this tree")
    rev = subprocess.run(["git", "rev-parse", "HEAD"], cwd=copy, check=True,
                         capture_output=True, text=True).stdout.strip()
    return copy, rev


def hook_config(scratch: Path) -> Path:
    """A pre-commit configuration using this tree's `skillgit-validate` hook (the one
    `try-repo` writes for itself), outside the repositories it runs in."""
    repository, rev = hook_repository(scratch)
    config = scratch / "pre-commit-config.yaml"
    config.write_text(json.dumps({"repos": [
        {"repo": str(repository), "rev": rev, "hooks": [{"id": "skillgit-validate"}]}]}))
    return config


def run_hook(repo: Path, home: Path, config: Path, *args: str) -> tuple[int, str]:
    """`pre-commit run` of the hook in `repo`. Every run shares one store (PRE_COMMIT_HOME),
    as on a developer's machine: the first run builds the hook environment from the tree
    (`pip install` of it, the test's longest step), the next reuses it."""
    env = hook_env(home)
    env["PRE_COMMIT_HOME"] = str(home / "pre-commit")
    try:
        done = subprocess.run(
            [sys.executable, "-m", "pre_commit", "run", "--config", str(config), *args],
            cwd=repo, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            timeout=300)
    except subprocess.TimeoutExpired as exc:
        return -1, f"timed out: {exc.output!r}"
    return done.returncode, done.stdout


def skillgit_imports(home: Path) -> list[str]:
    """Where each process of the hook environment imported skillgit from."""
    log = home / "skillgit-imports.log"
    return log.read_text().splitlines() if log.exists() else []


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def skills_repo(path: Path) -> Path:
    """A git repo with a good skill, a bad one and a file in no skill, all staged."""
    path.mkdir()
    git(path, "init", "-q")
    write(path / "skills/good/SKILL.md",
          "---\nname: good\ndescription: Good. Use it when testing.\n---\nbody\n")
    write(path / "skills/good/scripts/run.sh", "echo hi\n")
    write(path / "skills/bad/SKILL.md", "---\nname: Bad\ndescription: d\n---\n")
    write(path / "README.md", "not a skill\n")
    git(path, "add", "-A")
    return path


def test_hook_validates_changed_skills(tmp_path: Path, isolated_env: Path) -> None:
    everything_repo = skills_repo(tmp_path / "all-files")
    staged_repo = skills_repo(tmp_path / "staged")
    git(staged_repo, "-c", "user.name=t", "-c", "user.email=t@example.invalid",
        "commit", "-qm", "x")
    write(staged_repo / "skills/good/scripts/run.sh", "echo changed\n")  # inside a good skill
    write(staged_repo / "README.md", "changed\n")
    git(staged_repo, "add", "-A")

    config = hook_config(isolated_env)
    everything, everything_out = run_hook(everything_repo, isolated_env, config, "--all-files")
    staged, staged_out = run_hook(staged_repo, isolated_env, config)

    assert everything == 1, everything_out
    assert "skills/bad/SKILL.md:2: ERROR name-case" in everything_out
    assert "skills/good" not in everything_out.split("name-case")[1]
    # Only the changed files are passed: the good skill they belong to passes.
    assert staged == 0, staged_out
    assert "Passed" in staged_out and "name-case" not in staged_out
    # Both hooks ran the skillgit that pre-commit built from this checkout, not ours.
    imports = skillgit_imports(isolated_env)
    assert len(imports) >= 2, imports
    assert all("/py_env-" in Path(path).as_posix() for path in imports), imports
