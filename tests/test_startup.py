"""Start-up: `skillgit --version` imports nothing it does not need, `validate` imports none of
the mining, LLM, git or transcript machinery, and the Action's entry point (`action/run.py`,
which runs skillgit in a child process and renders what it printed) none of skillgit's
scanners (each checked in a fresh interpreter)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[1]

_PROBE = """
import json, sys
before = set(sys.modules)
from skillgit.cli import main
sys.stdout.write("exit=%d\\n" % main(sys.argv[1:]))
print(json.dumps(sorted(set(sys.modules) - before)))
"""

# --version prints a constant: no third-party package and no part of skillgit but the entry
# point, and none of the stdlib's heavier modules (regexes, typing, json, paths, threads).
_NOT_FOR_VERSION = ("click", "pydantic", "pydantic_core", "yaml", "httpx", "dulwich",
                    "unidiff", "re", "typing", "json", "pathlib", "threading", "signal",
                    "traceback", "importlib.metadata")
_NOT_FOR_VALIDATE = ("httpx", "dulwich", "unidiff", "sqlite3", "concurrent.futures",
                     "skillgit.transcripts", "skillgit.llm", "skillgit.distill",
                     "skillgit.mine", "skillgit.gitops", "skillgit.gitobjects",
                     "skillgit.github", "skillgit.publish", "skillgit.review")


def _imported(*args: str) -> tuple[str, list[str]]:
    done = subprocess.run([sys.executable, "-c", _PROBE, *args], capture_output=True,
                          text=True, check=True)
    lines = done.stdout.strip().splitlines()
    return "\n".join(lines[:-1]), json.loads(lines[-1])


def _offenders(modules: list[str], banned: tuple[str, ...]) -> list[str]:
    return [name for name in modules
            if any(name == bad or name.startswith(bad + ".") for bad in banned)]


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version_imports_nothing_heavy(flag: str) -> None:
    output, modules = _imported(flag)
    assert output == f"skillgit, version {_version()}\nexit=0"
    assert _offenders(modules, _NOT_FOR_VERSION) == []
    assert [m for m in modules if m.startswith("skillgit")] == ["skillgit", "skillgit.cli"]


def test_version_with_other_arguments_still_goes_through_click() -> None:
    output, modules = _imported("--version", "--help")
    assert output.startswith("skillgit, version ")
    assert "click" in modules


def test_validate_one_file_imports_no_mining_machinery(tmp_path: Path) -> None:
    skill = tmp_path / "demo-skill"
    skill.mkdir()
    (skill / "SKILL.md").write_text(
        "---\nname: demo-skill\ndescription: Run the demo tests and fix failures. Use when "
        "asked to run the demo tests.\n---\n# Demo\nRun `pytest -q`.\n", encoding="utf-8")
    output, modules = _imported("validate", "--quiet", str(skill / "SKILL.md"))
    assert output == "exit=0"
    assert _offenders(modules, _NOT_FOR_VALIDATE) == []
    assert "skillgit.redact.screen" in modules  # the secret rule runs


_ACTION_PROBE = """
import json, runpy, sys
before = set(sys.modules)
try:
    runpy.run_path(sys.argv[1], run_name="__main__")
except SystemExit as exit:
    print("exit=%s" % exit.code)
print(json.dumps(sorted(set(sys.modules) - before)))
"""
_NOT_FOR_THE_ACTION = ("skillgit.redact", "skillgit.safety", "skillgit.skills",
                       "skillgit.publish.dashboard", "skillgit.mine", "skillgit.distill",
                       "pydantic", "httpx", "dulwich", "yaml")


def test_the_action_entry_point_imports_no_scanner(tmp_path: Path) -> None:
    """Every Action run (every mode, an input error too) starts in `action/run.py`, which
    runs skillgit in a child and writes the job summary from what it printed: the summary
    needs no redactor or validator (their regexes cost ~0.4 CPU-s a process). Run here with
    a mode it refuses, the one path that starts no skillgit child."""
    files = {name: tmp_path / name for name in ("GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY")}
    for path in files.values():
        path.touch()
    done = subprocess.run(
        [sys.executable, "-c", _ACTION_PROBE, str(PROJECT / "action" / "run.py")],
        capture_output=True, text=True, check=True,
        env={**os.environ, "INPUT_MODE": "no-such-mode", **{k: str(v) for k, v in files.items()}})
    lines = done.stdout.strip().splitlines()
    modules = json.loads(lines[-1])
    assert lines[-2] == "exit=2" and "input 'mode'" in files["GITHUB_STEP_SUMMARY"].read_text()
    assert "skillgit.jobsummary.render" in modules   # the summary was rendered here
    assert _offenders(modules, _NOT_FOR_THE_ACTION) == []


def _version() -> str:
    from skillgit import __version__

    return __version__
