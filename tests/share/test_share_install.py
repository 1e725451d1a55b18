"""`skillgit share --install / --uninstall / --dry-run`, each against a temporary HOME: the
agents' user settings (Claude Code, Codex, Gemini CLI) and the user timers (systemd, launchd,
cron, with a recording stand-in for systemctl/launchctl/crontab: no test touches the real
ones). And the background runner the hooks start: detached, bounded, logged, one at a time."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from skillgit.cli import main
from skillgit.errors import UsageError
from skillgit.share import background
from skillgit.share.install_run import plan, run_plan

PY = "/opt/py/bin/python"


class Recorder:
    """Stands in for systemctl, launchctl and crontab."""

    def __init__(self, crontab: str | None = None) -> None:
        self.calls: list[list[str]] = []
        self.crontab = crontab

    def __call__(self, argv: Sequence[str], stdin: str | None) -> tuple[int, str]:
        self.calls.append(list(argv))
        if list(argv) == ["crontab", "-l"]:
            return (1, "") if self.crontab is None else (0, self.crontab)
        if list(argv) == ["crontab", "-"]:
            self.crontab = stdin
        return 0, ""


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "team skills"   # a space: quoting is tested too
    root.mkdir()
    subprocess.run(["git", "init", "-q", "-b", "main", str(root)], check=True)
    monkeypatch.chdir(root)
    return root


def home() -> Path:
    return Path(os.environ["HOME"])


def install(repo: Path, *via: str, remove: bool = False, runner: Recorder | None = None) -> list:
    changes = plan(repo, os.environ, via, remove=remove, python=PY, runner=runner or Recorder())
    run_plan(changes, runner or Recorder())
    return changes


def test_claude_code_session_end_hook_is_added_idempotently_and_removed(repo: Path) -> None:
    settings = home() / ".claude" / "settings.json"
    settings.parent.mkdir()
    theirs = {"model": "opus", "hooks": {"SessionEnd": [{"hooks": [
        {"type": "command", "command": "~/bin/log-session"}]}]}}
    settings.write_text(json.dumps(theirs))
    [change] = install(repo, "claude-code")
    assert change.status == "updated"
    data = json.loads(settings.read_text())
    assert data["model"] == "opus"
    groups = data["hooks"]["SessionEnd"]
    assert groups[0] == theirs["hooks"]["SessionEnd"][0]    # theirs kept, first
    [ours] = groups[1]["hooks"]
    assert ours["type"] == "command" and ours["timeout"] == 10
    assert shlex.split(ours["command"]) == [PY, "-m", "skillgit.share.background", "--launch",
                                            str(repo)]
    text = settings.read_text()
    [again] = install(repo, "claude-code")
    assert again.status == "unchanged" and settings.read_text() == text
    [gone] = install(repo, "claude-code", remove=True)
    assert gone.status == "updated" and json.loads(settings.read_text()) == theirs


def test_gemini_hook_uses_milliseconds_and_its_own_home(repo: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    gemini_home = home() / "elsewhere"
    monkeypatch.setenv("GEMINI_CLI_HOME", str(gemini_home))
    [change] = install(repo, "gemini")
    assert change.status == "created"
    data = json.loads((gemini_home / ".gemini" / "settings.json").read_text())
    [group] = data["hooks"]["SessionEnd"]
    assert group["hooks"][0]["timeout"] == 10_000
    [gone] = install(repo, "gemini", remove=True)
    assert gone.status == "updated"
    assert json.loads((gemini_home / ".gemini" / "settings.json").read_text()) == {}


def test_codex_notify_is_a_top_level_key_and_someone_elses_is_refused(repo: Path) -> None:
    config = home() / ".codex" / "config.toml"
    config.parent.mkdir()
    config.write_text('model = "o4"\n\n[mcp_servers.docs]\ncommand = "docs"\n')
    install(repo, "codex")
    text = config.read_text()
    top = text.split("[mcp_servers.docs]")[0]
    notify = next(line for line in top.splitlines() if line.startswith("notify = "))
    assert json.loads(notify[len("notify = "):]) == [PY, "-m", "skillgit.share.background",
                                                     "--launch", str(repo)]
    assert install(repo, "codex")[0].status == "unchanged"
    install(repo, "codex", remove=True)
    assert config.read_text() == 'model = "o4"\n\n[mcp_servers.docs]\ncommand = "docs"\n'
    config.write_text('notify = ["notify-send"]\n')
    with pytest.raises(UsageError, match=r"config\.toml:1: Codex already runs another notify"):
        install(repo, "codex")
    assert config.read_text() == 'notify = ["notify-send"]\n'


def test_invalid_settings_are_left_alone_with_an_error_naming_them(repo: Path) -> None:
    settings = home() / ".claude" / "settings.json"
    settings.parent.mkdir()
    settings.write_text('{"hooks": [}\n')
    with pytest.raises(UsageError, match=r"settings\.json:1: not valid JSON"):
        install(repo, "claude-code")
    assert settings.read_text() == '{"hooks": [}\n'


def test_systemd_user_timer(repo: Path) -> None:
    recorder = Recorder()
    changes = install(repo, "systemd", runner=recorder)
    folder = Path(os.environ["XDG_CONFIG_HOME"]) / "systemd" / "user"
    service = (folder / "skillgit-share.service").read_text()
    assert f'ExecStart={PY} -m skillgit.share.background "{repo}"' in service
    assert "OnUnitActiveSec=3600s" in (folder / "skillgit-share.timer").read_text()
    assert [c.status for c in changes] == ["created", "created"]
    assert ["systemctl", "--user", "enable", "--now", "skillgit-share.timer"] in recorder.calls
    assert [c.status for c in install(repo, "systemd")] == ["unchanged", "unchanged"]
    recorder = Recorder()
    install(repo, "systemd", remove=True, runner=recorder)
    assert not list(folder.iterdir())
    assert recorder.calls[0] == ["systemctl", "--user", "disable", "--now",
                                 "skillgit-share.timer"]


def test_launchd_agent(repo: Path) -> None:
    import plistlib
    recorder = Recorder()
    install(repo, "launchd", runner=recorder)
    path = home() / "Library" / "LaunchAgents" / "dev.skillgit.share.plist"
    agent = plistlib.loads(path.read_bytes())
    assert agent["ProgramArguments"] == [PY, "-m", "skillgit.share.background", str(repo)]
    assert agent["StartInterval"] == 3600 and agent["StandardOutPath"].startswith(
        os.environ["XDG_CACHE_HOME"])
    assert recorder.calls == [["launchctl", "load", "-w", str(path)]]
    install(repo, "launchd", remove=True)
    assert not path.exists()


def test_cron_line_keeps_the_rest_of_the_crontab(repo: Path) -> None:
    recorder = Recorder(crontab="MAILTO=me\n0 3 * * * backup\n")
    install(repo, "cron", runner=recorder)
    assert recorder.crontab is not None
    lines = recorder.crontab.splitlines()
    assert lines[:2] == ["MAILTO=me", "0 3 * * * backup"]
    assert shlex.split(lines[2].split(">")[0])[5:] == [PY, "-m", "skillgit.share.background",
                                                       "--launch", str(repo)]
    again = plan(repo, os.environ, ["cron"], python=PY, runner=recorder)
    assert [c.status for c in again] == ["unchanged"]
    install(repo, "cron", remove=True, runner=recorder)
    assert recorder.crontab == "MAILTO=me\n0 3 * * * backup\n"


def test_dry_run_prints_the_exact_change_and_changes_nothing(
        repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    settings = home() / ".claude" / "settings.json"
    settings.parent.mkdir()
    assert main(["share", "--install", "--dry-run"]) == 0   # auto: the agent found
    out = capsys.readouterr().out
    assert not settings.exists()
    assert out.startswith(f"would be created   claude-code  {settings}\n")
    assert f"+++ {settings}" in out and '+  "hooks": {' in out
    assert main(["share", "--install", "--dry-run", "--json", "--via", "cron"]) in (0, 2)
    assert main(["share", "--install", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert doc["version"] == 1 and doc["changes"][0]["status"] == "created"
    assert settings.exists()


def test_the_launcher_returns_at_once_and_logs_to_the_cache_folder(
        tmp_path: Path, repo: Path) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "launcher-cache"),
           "PYTHONPATH": os.pathsep.join(sys.path)}
    started = time.monotonic()
    code = subprocess.run([sys.executable, "-m", "skillgit.share.background", "--launch",
                           str(repo), '{"type": "agent-turn-complete"}'],   # Codex's event
                          env=env, timeout=30, capture_output=True).returncode
    assert code == 0 and time.monotonic() - started < 10
    log = tmp_path / "launcher-cache" / "skillgit" / "share-background.log"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and "done: exit" not in (
            log.read_text() if log.exists() else ""):
        time.sleep(0.2)
    text = log.read_text()
    assert f"start: {repo}" in text and "done: exit 2" in text
    assert "skillgit: error: no contributor id" in text   # share's own message, in the log


def test_the_launcher_imports_only_the_standard_library(tmp_path: Path) -> None:
    from skillgit.distill.cache import cache_root

    for env in ({"HOME": "/h"}, {"HOME": "/h", "XDG_CACHE_HOME": "/c"},
                {"HOME": "/h", "XDG_CACHE_HOME": "relative"}):
        assert background.cache_root(env) == cache_root(env)
    code = ("import sys, skillgit.share.background; print(sorted(m for m in sys.modules "
            "if m.split('.')[0] in ('pydantic', 'click', 'yaml', 'httpx', 'dulwich') "
            "or m.startswith(('skillgit.distill', 'skillgit.redact'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
                         check=True, timeout=60).stdout
    assert out.strip() == "[]"


def test_a_run_is_time_bounded_and_one_at_a_time(repo: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    env = dict(os.environ)
    slow = [sys.executable, "-c", "import time; time.sleep(30)"]
    started = time.monotonic()
    assert background.run(repo, env, time_limit=0.5, command=slow) == 124
    assert time.monotonic() - started < 15
    assert "stopped: over the time limit" in capsys.readouterr().out
    assert background.run(repo, env, command=[sys.executable, "-c", "raise SystemExit(7)"]) == 0
    assert "skipped: a run is going or ran recently" in capsys.readouterr().out
    stamp = background.log_path(env).parent / "share-background.last"
    os.utime(stamp, (0, 0))   # long ago
    assert background.run(repo, env, command=[sys.executable, "-c", "raise SystemExit(7)"]) == 7
