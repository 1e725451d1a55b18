"""action/requirements.txt, the hashed pins the Action installs skillgit's dependencies from:
every runtime dependency of pyproject.toml (and the build requirement) pinned exactly, within
its declared range, every line hashed; and action/install.py installs from it with
`--require-hashes`, then skillgit alone with `--no-deps`."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

PROJECT = Path(__file__).resolve().parents[2]
REQUIREMENTS = PROJECT / "action" / "requirements.txt"

if sys.version_info >= (3, 11):
    import tomllib
else:                                                   # pragma: no cover
    tomllib = pytest.importorskip("tomli")

PYPROJECT: dict[str, Any] = tomllib.loads((PROJECT / "pyproject.toml").read_text("utf-8"))
# Every interpreter and platform the action may run on.
ENVIRONMENTS = [{"python_version": v, "python_full_version": f"{v}.0", "sys_platform": p,
                 "platform_system": s, "os_name": o, "implementation_name": "cpython",
                 "platform_python_implementation": "CPython", "platform_machine": "x86_64"}
                for v in ("3.10", "3.11", "3.12", "3.13")
                for p, s, o in (("linux", "Linux", "posix"), ("darwin", "Darwin", "posix"),
                                ("win32", "Windows", "nt"))]


def entries() -> list[str]:
    """The logical lines of the file (continuations joined), comments and blanks left out."""
    text = REQUIREMENTS.read_text("utf-8").replace("\\\n", " ")
    return [line.strip() for line in text.splitlines()
            if line.strip() and not line.lstrip().startswith("#")]


def pins() -> dict[str, tuple[Requirement, list[str]]]:
    found: dict[str, tuple[Requirement, list[str]]] = {}
    for line in entries():
        spec, *hashes = re.split(r"\s+--hash=", line)
        requirement = Requirement(spec)
        name = canonicalize_name(requirement.name)
        assert name not in found, f"{name} is pinned twice"
        found[name] = (requirement, hashes)
    return found


def test_every_line_is_an_exact_pin_with_sha256_hashes() -> None:
    assert entries()
    for requirement, hashes in pins().values():
        specifiers = list(requirement.specifier)
        assert len(specifiers) == 1 and specifiers[0].operator == "==", str(requirement)
        assert hashes, f"{requirement.name} has no hash"
        assert all(re.fullmatch(r"sha256:[0-9a-f]{64}", h) for h in hashes), requirement.name


@pytest.mark.parametrize("declared", [*PYPROJECT["project"]["dependencies"],
                                      *PYPROJECT["build-system"]["requires"]])
def test_every_runtime_dependency_is_pinned_within_its_declared_range(declared: str) -> None:
    wanted = Requirement(declared)
    pinned = pins().get(canonicalize_name(wanted.name))
    assert pinned is not None, f"{wanted.name} is not in {REQUIREMENTS.name}: rerun " \
                               "action/lock_requirements.py"
    version = next(iter(pinned[0].specifier)).version
    assert wanted.specifier.contains(version, prereleases=True), \
        f"{wanted.name}=={version} is outside pyproject's {wanted.specifier}"
    assert pinned[0].marker is None, f"{wanted.name} is needed everywhere"


def installed_requirements(name: str) -> list[Requirement]:
    from importlib.metadata import PackageNotFoundError, requires

    try:
        return [Requirement(r) for r in requires(name) or []]
    except PackageNotFoundError:
        return []


@pytest.mark.parametrize("environment", ENVIRONMENTS,
                         ids=[f"{e['python_version']}-{e['sys_platform']}" for e in ENVIRONMENTS])
def test_what_the_dependencies_need_on_each_platform_is_pinned(
        environment: dict[str, str]) -> None:
    """The closure of pyproject's dependencies, by the metadata installed here, for each
    Python and platform: nothing it needs is missing from the pins (or marked away)."""
    locked = pins()
    todo = [Requirement(r) for r in PYPROJECT["project"]["dependencies"]]
    seen: set[str] = set()
    while todo:
        requirement = todo.pop()
        name = canonicalize_name(requirement.name)
        if name in seen:
            continue
        seen.add(name)
        assert name in locked, f"{name} (needed on {environment}) is not pinned"
        marker = locked[name][0].marker
        assert marker is None or marker.evaluate(environment), \
            f"{name} is needed on {environment} but its pin says {marker}"
        for sub in installed_requirements(name):
            if sub.marker is None or Marker(str(sub.marker)).evaluate({**environment,
                                                                       "extra": ""}):
                todo.append(sub)


def load_install() -> ModuleType:
    spec = importlib.util.spec_from_file_location("action_install",
                                                  PROJECT / "action" / "install.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_install_uses_the_hashes_then_installs_skillgit_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install = load_install()
    ran: list[list[str]] = []
    monkeypatch.setattr(install.subprocess, "run",
                        lambda command, check: ran.append(command)
                        or subprocess.CompletedProcess(command, 0))
    monkeypatch.setattr(install.venv.EnvBuilder, "create", lambda self, root: None)
    monkeypatch.setenv("SKILLGIT_ACTION_PATH", str(PROJECT))
    monkeypatch.setenv("GITHUB_OUTPUT", str(tmp_path / "output"))
    monkeypatch.setenv("RUNNER_TEMP", str(tmp_path))
    assert install.main() == 0
    assert len(ran) == 2
    deps, itself = ran
    assert "--require-hashes" in deps and deps[deps.index("-r") + 1] == str(REQUIREMENTS)
    assert "--no-deps" in itself and "--no-build-isolation" in itself
    assert itself[-1] == str(PROJECT)
    assert (tmp_path / "output").read_text().startswith("python=")


def test_install_refuses_to_run_without_the_hashed_pins(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    install = load_install()
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    monkeypatch.setenv("SKILLGIT_ACTION_PATH", str(tmp_path))
    monkeypatch.setenv("GITHUB_OUTPUT", str(tmp_path / "output"))
    assert install.main() == 2
    assert "requirements.txt is missing" in capsys.readouterr().out
