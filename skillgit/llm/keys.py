"""API keys: from the environment, or from a keys file only the user can read.

The keys file is `$XDG_CONFIG_HOME/skillgit/keys.yaml` (default `~/.config/skillgit/keys.yaml`),
a YAML mapping from engine name (or the engine's environment variable name) to the key:

    openai: sk-...
    anthropic: sk-ant-...
    gemini: AIza...

It is refused unless its mode is 0600 or stricter. Keys are returned as `SecretStr` and
never appear in a message built here.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import yaml
from pydantic import SecretStr

from skillgit.errors import UsageError

# Which environment variables hold the key for each engine, in order of preference.
KEY_VARIABLES: dict[str, tuple[str, ...]] = {
    "openai": ("OPENAI_API_KEY",),
    "anthropic": ("ANTHROPIC_API_KEY",),
    "gemini": ("GEMINI_API_KEY", "GOOGLE_API_KEY"),
}

_KNOWN_NAMES = frozenset({*KEY_VARIABLES, *(v for vs in KEY_VARIABLES.values() for v in vs)})


@dataclass(frozen=True)
class FoundKey:
    """A key and where it came from (an env variable name or the keys file path)."""

    value: SecretStr
    source: str


def keys_file_path(env: Mapping[str, str]) -> Path | None:
    config_home = env.get("XDG_CONFIG_HOME") or (
        str(Path(env["HOME"]) / ".config") if env.get("HOME") else "")
    return Path(config_home) / "skillgit" / "keys.yaml" if config_home else None


def read_keys_file(path: Path) -> dict[str, SecretStr]:
    """The keys in `path`, refusing a file that others can read or write."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise UsageError(f"cannot read keys file {path}: {exc.strerror}") from None
    if not stat.S_ISREG(info.st_mode):
        raise UsageError(f"keys file {path} is not a regular file")
    if os.name == "posix":
        mode = stat.S_IMODE(info.st_mode)
        if mode & 0o077:
            raise UsageError(
                f"refusing to read keys file {path}: its mode is {mode:04o}, which lets other "
                f"users read it; run `chmod 600 {path}`")
        if hasattr(os, "getuid") and info.st_uid != os.getuid():
            raise UsageError(f"refusing to read keys file {path}: it belongs to another user")
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read keys file {path}: {type(exc).__name__}") from None
    except yaml.YAMLError as exc:
        where = getattr(exc, "problem_mark", None)
        line = f" at line {where.line + 1}" if where is not None else ""
        # The YAML error text may quote the file's content, i.e. a key: never show it.
        raise UsageError(f"keys file {path} is not valid YAML{line}") from None
    except (ValueError, TypeError, OverflowError, RecursionError):  # a bad date, deep nesting
        raise UsageError(f"keys file {path} is not valid YAML") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise UsageError(f"keys file {path} must be a mapping like `openai: <key>`")
    keys: dict[str, SecretStr] = {}
    for name, value in data.items():
        if not isinstance(name, str) or not isinstance(value, str) or not value.strip():
            # A name that is not a known engine or variable may be a pasted key: never show it.
            shown = repr(name) if name in _KNOWN_NAMES else "an entry"
            raise UsageError(f"keys file {path}: {shown} must map a name to a non-empty string")
        keys[name.strip()] = SecretStr(value.strip())
    return keys


def find_key(engine: str, env: Mapping[str, str]) -> FoundKey | None:
    """The key for `engine`: its environment variables first, then the keys file."""
    variables = KEY_VARIABLES.get(engine, ())
    for variable in variables:
        value = env.get(variable, "").strip()
        if value:
            return FoundKey(SecretStr(value), variable)
    path = keys_file_path(env)
    if path is None:
        return None
    stored = read_keys_file(path)
    for name in (engine, *variables):
        if name in stored:
            return FoundKey(stored[name], str(path))
    return None
