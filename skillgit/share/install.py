"""`skillgit share --install`: make sharing run by itself after each agent session.

Where an agent offers a hook, skillgit adds one entry to the agent's *user* settings:

| agent       | file                                          | entry                          |
|-------------|-----------------------------------------------|--------------------------------|
| claude-code | $CLAUDE_CONFIG_DIR/settings.json (~/.claude/) | hooks.SessionEnd command       |
| codex       | $CODEX_HOME/config.toml (~/.codex/)           | notify = [...] (top-level key) |
| gemini      | $GEMINI_CLI_HOME/.gemini/settings.json (~/)   | hooks.SessionEnd command       |

Otherwise (`--via systemd|launchd|cron`, or no agent found) a user timer runs it hourly (see
`install_timer`). The entry runs `python -m skillgit.share.background --launch REPO`, which
starts a detached, time-bounded run and returns (see `background`): the agent never waits.
Every change is planned first (`Plan`): `--dry-run` prints it exactly, installing twice
changes nothing, `--uninstall` removes exactly skillgit's entries and nothing else. A settings
file skillgit cannot read as the agent would (invalid JSON, a `notify` of someone else's) is
left alone with an error that names it.
"""

from __future__ import annotations

import json
import re
import shlex
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skillgit.errors import UsageError
from skillgit.share.install_plan import Change

MARKER = "skillgit.share.background"  # in every command skillgit installs: how it finds its own
HOOK_TIMEOUT_SECONDS = 10           # the agent's bound on the launcher (it returns at once)


def hook_command(repo: Path, python: str = sys.executable) -> list[str]:
    """The launcher's argv: light (no CLI import), and it ignores what an agent appends
    (Codex passes its event as a last argument)."""
    return [python, "-m", MARKER, "--launch", str(repo)]


def _home(env: Mapping[str, str]) -> Path:
    home = env.get("HOME")
    if not home:
        raise UsageError("HOME is not set: cannot find the agents' settings")
    return Path(home)


def claude_settings(env: Mapping[str, str]) -> Path:
    configured = env.get("CLAUDE_CONFIG_DIR", "").strip()
    return (Path(configured) if configured else _home(env) / ".claude") / "settings.json"


def gemini_settings(env: Mapping[str, str]) -> Path:
    configured = env.get("GEMINI_CLI_HOME", "").strip()
    return (Path(configured) if configured else _home(env)) / ".gemini" / "settings.json"


def codex_config(env: Mapping[str, str]) -> Path:
    configured = env.get("CODEX_HOME", "").strip()
    return (Path(configured) if configured else _home(env) / ".codex") / "config.toml"


@dataclass(frozen=True)
class AgentHook:
    name: str
    settings: Callable[[Mapping[str, str]], Path]
    edit: Callable[[str | None, list[str] | None, Path], str | None]
    """(current text, the launcher argv or None to remove, path) → new text (None: delete)"""


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read {path}: {type(exc).__name__}: {exc}") from None


def _ours(hook: object) -> bool:
    return isinstance(hook, dict) and MARKER in str(hook.get("command", ""))


def _json_hooks(timeout: int) -> Callable[[str | None, list[str] | None, Path], str | None]:
    """A SessionEnd command hook in a Claude Code / Gemini CLI settings.json (`timeout` in
    the agent's unit: seconds for Claude Code, milliseconds for Gemini CLI)."""

    def edit(text: str | None, argv: list[str] | None, path: Path) -> str | None:
        try:
            data: Any = json.loads(text) if text and text.strip() else {}
        except json.JSONDecodeError as exc:
            raise UsageError(f"{path}:{exc.lineno}: not valid JSON ({exc.msg}); fix it, then "
                             "install again (nothing was changed)") from None
        if not isinstance(data, dict) or not isinstance(data.get("hooks", {}), dict) or \
                not isinstance(data.get("hooks", {}).get("SessionEnd", []), list):
            raise UsageError(f"{path}: hooks.SessionEnd is not a list of hook groups; "
                             "nothing was changed")
        hooks = data.setdefault("hooks", {})
        groups = [g for g in hooks.get("SessionEnd", []) if not (
            isinstance(g, dict) and isinstance(g.get("hooks"), list)
            and g["hooks"] and all(_ours(h) for h in g["hooks"]))]
        if argv is not None:
            groups.append({"hooks": [{"type": "command", "command": shlex.join(argv),
                                      "timeout": timeout}]})
        if groups:
            hooks["SessionEnd"] = groups
        else:
            hooks.pop("SessionEnd", None)
            if not hooks:
                data.pop("hooks")
        if not data and text is None:
            return None
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"

    return edit


_NOTIFY = re.compile(r"^\s*notify\s*=")
_TABLE = re.compile(r"^\s*\[")


def _codex_notify(text: str | None, argv: list[str] | None, path: Path) -> str | None:
    """`notify = [...]` as a top-level key of config.toml (before the first table), with a
    comment line above it; a `notify` of someone else's is refused (Codex runs one)."""
    lines = (text or "").splitlines(keepends=True)
    kept: list[str] = []
    for n, line in enumerate(lines):
        if _TABLE.match(line):
            kept += lines[n:]
            break
        if _NOTIFY.match(line):
            if MARKER not in line:
                raise UsageError(f"{path}:{n + 1}: Codex already runs another notify program; "
                                 "skillgit does not replace it (have that program run "
                                 "`python -m skillgit.share.background --launch REPO`, or "
                                 "install a timer with --via)")
            continue
        if line.strip() == f"# {MARKER}: added by `skillgit share --install`":
            continue
        kept.append(line)
    if argv is not None:
        entry = [f"# {MARKER}: added by `skillgit share --install`\n",
                 f"notify = {json.dumps(argv, ensure_ascii=False)}\n"]
        kept = entry + kept
    out = "".join(kept)
    return None if not out and text is None else out


AGENT_HOOKS: dict[str, AgentHook] = {
    "claude-code": AgentHook("claude-code", claude_settings, _json_hooks(HOOK_TIMEOUT_SECONDS)),
    "codex": AgentHook("codex", codex_config, _codex_notify),
    "gemini": AgentHook("gemini", gemini_settings, _json_hooks(HOOK_TIMEOUT_SECONDS * 1000)),
}


def agents_present(env: Mapping[str, str]) -> list[str]:
    """The agents whose user folder exists (their settings file's folder)."""
    return [name for name, hook in AGENT_HOOKS.items() if hook.settings(env).parent.is_dir()]


def agent_change(name: str, repo: Path, env: Mapping[str, str], *, remove: bool = False,
                 python: str = sys.executable) -> Change:
    """The change to agent `name`'s settings that installs (or removes) the hook."""
    hook = AGENT_HOOKS[name]
    path = hook.settings(env)
    before = _read(path)
    after = hook.edit(before, None if remove else hook_command(repo, python), path)
    if before is not None and after is not None and _same(before, after, path):
        after = before   # no textual churn when only our entry was already there
    return Change(label=name, path=path, before=before, after=after)


def _same(before: str, after: str, path: Path) -> bool:
    if path.suffix != ".json":
        return before == after
    try:
        return bool(json.loads(before) == json.loads(after))
    except json.JSONDecodeError:
        return False
