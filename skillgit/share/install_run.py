"""`share --install / --uninstall [--via ...] [--dry-run]`: which changes, and doing them.

Without `--via`, installing sets up every agent found (its user folder exists) and, when none
is, the platform's user timer; uninstalling removes skillgit's entries wherever they are.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from skillgit.config import repo_root
from skillgit.errors import UsageError
from skillgit.share.install import AGENT_HOOKS, agent_change, agents_present
from skillgit.share.install_plan import Change, Runner, apply
from skillgit.share.install_timer import TIMERS, default_timer, timer_changes

VIA = (*AGENT_HOOKS, *TIMERS)


def system_runner(argv: Sequence[str], stdin: str | None) -> tuple[int, str]:
    """Run a system tool (systemctl, launchctl, crontab) without a shell; (code, stdout)."""
    try:
        done = subprocess.run(list(argv), input=stdin, capture_output=True, text=True,
                              timeout=60, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return 127, str(exc)
    return done.returncode, done.stdout


def plan(repo_path: Path, env: Mapping[str, str], via: Sequence[str], *, remove: bool = False,
         python: str = sys.executable, runner: Runner = system_runner) -> list[Change]:
    """The changes that install (or remove) sharing for the repository around `repo_path`."""
    root = repo_root(repo_path)
    if root is None:
        raise UsageError(f"{repo_path}: not inside a git repository (the run shares to one "
                         "of its remotes)")
    chosen = list(dict.fromkeys(via))
    if not chosen:
        chosen = _everywhere(env) if remove else (agents_present(env) or [default_timer(env)])
    changes: list[Change] = []
    for name in chosen:
        if name in AGENT_HOOKS:
            changes.append(agent_change(name, root, env, remove=remove, python=python))
        else:
            changes += timer_changes(name, root, env, python, runner, remove)
    return changes


def _everywhere(env: Mapping[str, str]) -> list[str]:
    return [*(name for name, hook in AGENT_HOOKS.items() if hook.settings(env).is_file()),
            *TIMERS]


def run_plan(changes: list[Change], runner: Runner = system_runner) -> None:
    for change in changes:
        apply(change, runner)
