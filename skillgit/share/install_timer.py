"""A user timer for `share`, where no agent offers a hook: systemd, launchd or cron.

| via     | what is written                                              | then                 |
|---------|--------------------------------------------------------------|----------------------|
| systemd | $XDG_CONFIG_HOME/systemd/user/skillgit-share.{service,timer} | systemctl --user ... |
| launchd | ~/Library/LaunchAgents/dev.skillgit.share.plist              | launchctl load -w    |
| cron    | one line in the user's crontab (read with `crontab -l`)      | crontab -            |

Each runs `python -m skillgit.share.background REPO` hourly: the same time-bounded, logged,
one-at-a-time run the agents' hooks start.
"""

from __future__ import annotations

import os
import plistlib
import shutil
import sys
from collections.abc import Mapping
from pathlib import Path

from skillgit.share.background import log_path
from skillgit.share.install import MARKER
from skillgit.share.install_plan import Change, Runner

UNIT = "skillgit-share"
LAUNCHD_LABEL = "dev.skillgit.share"
PERIOD_SECONDS = 3600
TIMERS = ("systemd", "launchd", "cron")


def default_timer(env: Mapping[str, str]) -> str:
    """launchd on macOS, systemd where a user manager runs, else cron."""
    if sys.platform == "darwin":
        return "launchd"
    if shutil.which("systemctl", path=env.get("PATH")) and os.path.isdir("/run/systemd/system"):
        return "systemd"
    return "cron"


def _runner_argv(repo: Path, python: str) -> list[str]:
    return [python, "-m", MARKER, str(repo)]


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None


def _systemd_quote(arg: str) -> str:
    if arg and not any(c in arg for c in ' \t"\'\\%$;'):
        return arg
    escaped = arg.replace("\\", "\\\\").replace('"', '\\"').replace("%", "%%").replace(
        "$", "$$")
    return f'"{escaped}"'


def systemd_changes(repo: Path, env: Mapping[str, str], python: str,
                    remove: bool = False) -> list[Change]:
    home = env.get("XDG_CONFIG_HOME") or str(Path(env.get("HOME") or Path.home()) / ".config")
    folder = Path(home) / "systemd" / "user"
    service = (
        "[Unit]\n"
        "Description=skillgit share: redacted digests of allow-listed sessions "
        "(added by skillgit share --install)\n\n"
        "[Service]\nType=oneshot\n"
        f"ExecStart={' '.join(_systemd_quote(a) for a in _runner_argv(repo, python))}\n")
    timer = ("[Unit]\nDescription=Run skillgit share hourly\n\n"
             f"[Timer]\nOnBootSec=10min\nOnUnitActiveSec={PERIOD_SECONDS}s\nPersistent=true\n\n"
             "[Install]\nWantedBy=timers.target\n")
    user = ["systemctl", "--user"]
    service_path, timer_path = folder / f"{UNIT}.service", folder / f"{UNIT}.timer"
    if remove:
        return [Change("systemd", timer_path, _read(timer_path), None,
                       commands_first=[[*user, "disable", "--now", f"{UNIT}.timer"]]),
                Change("systemd", service_path, _read(service_path), None,
                       commands=[[*user, "daemon-reload"]])]
    return [Change("systemd", service_path, _read(service_path), service),
            Change("systemd", timer_path, _read(timer_path), timer,
                   commands=[[*user, "daemon-reload"],
                             [*user, "enable", "--now", f"{UNIT}.timer"]])]


def launchd_changes(repo: Path, env: Mapping[str, str], python: str,
                    remove: bool = False) -> list[Change]:
    path = Path(env.get("HOME") or Path.home()) / "Library" / "LaunchAgents" / \
        f"{LAUNCHD_LABEL}.plist"
    before = _read(path)
    if remove:
        return [Change("launchd", path, before, None,
                       commands_first=[["launchctl", "unload", "-w", str(path)]])]
    log = str(log_path(env))
    text = plistlib.dumps({
        "Label": LAUNCHD_LABEL, "ProgramArguments": _runner_argv(repo, python),
        "StartInterval": PERIOD_SECONDS, "RunAtLoad": False, "ProcessType": "Background",
        "StandardOutPath": log, "StandardErrorPath": log}).decode("utf-8")
    return [Change("launchd", path, before, text,
                   commands=[["launchctl", "load", "-w", str(path)]])]


def cron_changes(repo: Path, env: Mapping[str, str], python: str, runner: Runner,
                 remove: bool = False) -> list[Change]:
    code, current = runner(["crontab", "-l"], None)
    before = current if code == 0 else ""
    kept = [line for line in before.splitlines() if MARKER not in line]
    if remove and MARKER not in before:
        return [Change("cron", Path("crontab"), before, before, is_file=False)]
    if not remove:
        argv = " ".join(_cron_quote(a) for a in [python, "-m", MARKER, "--launch", str(repo)])
        kept.append(f"17 * * * * {argv} >/dev/null 2>&1")
    after = "\n".join(kept) + ("\n" if kept else "")
    return [Change("cron", Path("crontab"), before, after, commands=[["crontab", "-"]],
                   stdin=after, is_file=False)]


def _cron_quote(arg: str) -> str:
    if arg and all(c.isalnum() or c in "/._-+=:,@" for c in arg):
        return arg
    return "'" + arg.replace("'", "'\\''").replace("%", "\\%") + "'"


def timer_changes(via: str, repo: Path, env: Mapping[str, str], python: str, runner: Runner,
                  remove: bool = False) -> list[Change]:
    if via == "systemd":
        return systemd_changes(repo, env, python, remove)
    if via == "launchd":
        return launchd_changes(repo, env, python, remove)
    return cron_changes(repo, env, python, runner, remove)
