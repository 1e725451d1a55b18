"""Every `uses:` in action.yml and in the workflow `skillgit init` writes is a full commit SHA
from the one table of known pins (skillgit/init/pins.py), on a runtime hosted runners still
run (Node 20 actions were removed in September 2026); every job has a timeout; and `init`
names a skillgit release tag, never a development one."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from skillgit import __version__
from skillgit.init.pins import CURRENT, DEPRECATED_RUNTIMES, PINS, pin_problem, release_tag
from skillgit.init.precommit import hook_entry, snippet
from skillgit.init.workflow import ACTION_REPOSITORY, DEFAULT_ACTION, workflow_text

PROJECT = Path(__file__).resolve().parents[2]
ACTION = PROJECT / "action.yml"
PINNED = "acme/skillgit@0123456789abcdef0123456789abcdef01234567"


def uses_of(document: Any) -> list[str]:
    """Every `uses:` value anywhere in a parsed workflow or action (steps and reusable jobs)."""
    if isinstance(document, dict):
        found = [str(v) for k, v in document.items() if k == "uses"]
        return found + [u for v in document.values() for u in uses_of(v)]
    if isinstance(document, list):
        return [u for item in document for u in uses_of(item)]
    return []


def third_party(uses: list[str]) -> list[str]:
    """All but the skillgit action itself (pinned by its release tag or the user's --action)."""
    return [u for u in uses if not u.startswith((ACTION_REPOSITORY + "@", "acme/skillgit@"))]


def problems(text: str) -> list[str]:
    return [p for u in third_party(uses_of(yaml.safe_load(text)))
            if (p := pin_problem(u)) is not None]


@pytest.mark.parametrize("name,text", [
    ("action.yml", ACTION.read_text(encoding="utf-8")),
    ("init (default)", workflow_text()),
    ("init (--action SHA)", workflow_text(PINNED)),
])
def test_every_pin_is_a_known_sha_on_a_supported_runtime(name: str, text: str) -> None:
    assert third_party(uses_of(yaml.safe_load(text))), f"{name}: no action found"
    assert problems(text) == [], name


def test_the_pins_written_are_the_current_rows_with_their_tag_comment() -> None:
    action = ACTION.read_text(encoding="utf-8")
    assert f"uses: {CURRENT['actions/setup-python'].uses}\n" in action
    assert f"- uses: {CURRENT['actions/checkout'].uses}\n" in workflow_text()


@pytest.mark.parametrize("uses,expected", [
    ("actions/setup-python@a26af69be951a213d495a4c3e4e4022e16d87065", "node20"),
    ("actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683", "node20"),
    ("actions/checkout@v6", "not a full 40-hex commit SHA"),
    ("actions/checkout@main", "not a full 40-hex commit SHA"),
    ("actions/checkout@de0fac2e", "not a full 40-hex commit SHA"),
    ("actions/cache@0123456789abcdef0123456789abcdef01234567", "not in the table"),
    ("actions/checkout@0123456789abcdef0123456789abcdef01234567", "not in the table"),
])
def test_the_check_fails_on_a_deprecated_unknown_or_unpinned_action(uses: str,
                                                                     expected: str) -> None:
    problem = pin_problem(uses)
    assert problem is not None and expected in problem
    text = workflow_text().replace(CURRENT["actions/checkout"].uses, uses)
    assert problems(text), "the workflow check sees it too"


def test_the_table_is_consistent() -> None:
    assert {row.runtime for row in PINS} <= {"node24", *DEPRECATED_RUNTIMES}
    assert len({(row.action, row.sha) for row in PINS}) == len(PINS)
    assert len({(row.action, row.tag) for row in PINS}) == len(PINS)
    for row in PINS:
        assert re.fullmatch(r"[0-9a-f]{40}", row.sha) and re.fullmatch(r"v\d+(\.\d+)*", row.tag)
    for action, row in CURRENT.items():
        assert row.action == action and row.runtime not in DEPRECATED_RUNTIMES


def jobs(text: str) -> dict[str, Any]:
    found: dict[str, Any] = yaml.safe_load(text)["jobs"]
    return found


@pytest.mark.parametrize("text", [workflow_text(), workflow_text(PINNED)])
def test_every_job_has_a_timeout(text: str) -> None:
    for name, job in jobs(text).items():
        minutes = job.get("timeout-minutes")
        assert isinstance(minutes, int) and 0 < minutes <= 120, name


def test_init_names_a_release_tag_never_a_development_one() -> None:
    tag = DEFAULT_ACTION.split("@", 1)[1]
    assert re.fullmatch(r"v\d+(\.\d+)*((a|b|rc)\d+)?(\.post\d+)?", tag), tag
    assert "dev" not in tag and "+" not in tag
    assert tag == release_tag(__version__)
    assert f"uses: {DEFAULT_ACTION}  #" in workflow_text()
    assert hook_entry()["rev"] == tag and f"rev: {tag}\n" in snippet()   # the hook's pin too


@pytest.mark.parametrize("version,tag", [
    ("0.1.0", "v0.1.0"),
    ("0.1.0.dev0", "v0.1.0"),
    ("0.2.0.dev12", "v0.2.0"),
    ("0.1.0+g1a2b3c", "v0.1.0"),
    ("1.4.0.dev3+dirty.20261127", "v1.4.0"),
    ("2.0.0rc1", "v2.0.0rc1"),
    ("1.0.post2", "v1.0.post2"),
])
def test_release_tag(version: str, tag: str) -> None:
    assert release_tag(version) == tag


@pytest.mark.parametrize("version", ["", "dev", "main", "1.0-beta", "v1.0"])
def test_release_tag_refuses_what_is_no_version(version: str) -> None:
    with pytest.raises(ValueError, match="not a PEP 440 release version"):
        release_tag(version)
