"""Packaging metadata: the license (SPDX, with its file), development tools as dependency
groups that agree with the `test` extra, and an sdist manifest that carries every test file.
(`python -m build` itself needs the network for its isolated build environment; the build
and a run of the sdist's tests are measured by hand, see CHANGELOG.)"""

from __future__ import annotations

import fnmatch
import sys
from pathlib import Path
from typing import Any

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10: pytest itself depends on tomli there
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
PROJECT = PYPROJECT["project"]


def test_the_license_is_an_spdx_expression_with_its_file() -> None:
    assert PROJECT["license"] == "MIT"
    assert PROJECT["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text("utf-8")
    assert text.startswith("MIT License\n") and "skillgit contributors" in text
    assert not [c for c in PROJECT["classifiers"] if c.startswith("License ::")]  # PEP 639


def test_the_project_says_what_it_is_and_where_it_lives() -> None:
    assert len(PROJECT["keywords"]) >= 5 and "agent-skills" in PROJECT["keywords"]
    assert "Typing :: Typed" in PROJECT["classifiers"]
    assert {"Homepage", "Source", "Issues", "Changelog"} <= set(PROJECT["urls"])
    versions = [c.rsplit(" ", 1)[1] for c in PROJECT["classifiers"]
                if c.startswith("Programming Language :: Python :: 3.")]
    assert versions[0] == PROJECT["requires-python"].removeprefix(">=")


def test_development_tools_are_dependency_groups_equal_to_the_test_extra() -> None:
    groups = PYPROJECT["dependency-groups"]
    assert groups["test"] == PROJECT["optional-dependencies"]["test"]
    assert {"include-group": "test"} in groups["dev"]
    assert any(str(d).startswith("build") for d in groups["dev"])


def test_the_sdist_manifest_carries_every_test_file() -> None:
    """Every file under tests/ and action/ (and what the tests read outside them) is grafted
    or included by MANIFEST.in, and none is excluded (caches aside). Walks the disk, so it
    holds in a checkout and in the unpacked sdist alike."""
    lines = [ln.split() for ln in (ROOT / "MANIFEST.in").read_text("utf-8").splitlines()
             if ln.strip() and not ln.startswith("#")]
    grafted = [args[1] for args in lines if args[0] == "graft"]
    included = [p for args in lines if args[0] == "include" for p in args[1:]]
    excluded = [p for args in lines if args[0] == "global-exclude" for p in args[1:]]
    found = [p.relative_to(ROOT).as_posix() for folder in ("tests", "action")
             for p in (ROOT / folder).rglob("*") if p.is_file()
             and "__pycache__" not in p.parts and p.suffix != ".pyc"]
    found += [".ci/run", "action.yml", ".pre-commit-hooks.yaml", "LICENSE", "README.md"]
    assert len(found) > 100 and "tests/conftest.py" in found
    for path in found:
        assert path in included or any(path.startswith(g + "/") for g in grafted), path
        assert not any(fnmatch.fnmatch(Path(path).name, e) for e in excluded), path


def test_corpus_tests_are_marked_and_the_marker_is_registered(
        pytestconfig: pytest.Config) -> None:
    markers = pytestconfig.getini("markers")
    assert any(m.startswith("corpus:") and "SKILLGIT_TEST_CORPUS" in m for m in markers)
