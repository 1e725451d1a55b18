"""API keys: from the environment, or from a keys file only the user can read.

The keys file is `$XDG_CONFIG_HOME/skillgit/keys.yaml` (default `~/.config/skillgit/keys.yaml`),
a YAML mapping from engine name (or the engine's environment variable name) to the key:

    openai: sk-...
    anthropic: sk-ant-...
    gemini: AIza...

It is refused unless its mode is 0600 or stricter. Keys are returned as `SecretStr` and
never appear in a message built here. A key holding anything but visible ASCII (a CR/LF
pasted with it, a terminal escape, a space, a non-ASCII letter) cannot travel in an HTTP
header and would be echoed by the HTTP library's error: it is refused, naming where it came
from (the variable, or the keys file and entry), never its value.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import yaml
from pydantic import SecretStr

from skillgit import yamlload
from skillgit.errors import UsageError

# Which environment variables hold the key for each engine, in order of preference.
KEY_VARIABLES: dict[str, tuple[str, ...]] = {
    "openai": ("OPENAI_API_KEY",),
    "anthropic": ("ANTHROPIC_API_KEY",),
    "gemini": ("GEMINI_API_KEY", "GOOGLE_API_KEY"),
}

_KNOWN_NAMES = frozenset({*KEY_VARIABLES, *(v for vs in KEY_VARIABLES.values() for v in vs)})
# What a key may hold: visible ASCII only (RFC 9110 header field value, no spaces).
_KEY_CHARACTERS = re.compile(r"[\x21-\x7e]+")


def checked_key(value: str, source: str) -> SecretStr:
    """`value` (surrounding whitespace removed) as a secret, or a `UsageError` naming
    `source` and what is wrong, never the value."""
    key = value.strip()
    if _KEY_CHARACTERS.fullmatch(key) is None:
        raise UsageError(f"the API key in {source} contains {_bad_character(key)}; it cannot "
                         "be sent in an HTTP header: set it again without it")
    return SecretStr(key)


def _bad_character(key: str) -> str:
    for character in key:
        if character in "\r\n":
            return "a line break (CR or LF)"
        if ord(character) < 0x20 or 0x7F <= ord(character) <= 0x9F:
            return "a control character"
        if character.isspace():
            return "a space"
        if ord(character) > 0x7E:
            return "a non-ASCII character"
    return "no usable characters"


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
        data = yamlload.safe_load(path.read_text(encoding="utf-8"))
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
        shown = f"entry {name.strip()!r}" if name.strip() in _KNOWN_NAMES else "an entry"
        keys[name.strip()] = checked_key(value, f"keys file {path} ({shown})")
    return keys


def find_key(engine: str, env: Mapping[str, str]) -> FoundKey | None:
    """The key for `engine`: its environment variables first, then the keys file."""
    variables = KEY_VARIABLES.get(engine, ())
    for variable in variables:
        value = env.get(variable, "").strip()
        if value:
            return FoundKey(checked_key(value, variable), variable)
    path = keys_file_path(env)
    if path is None:
        return None
    stored = read_keys_file(path)
    for name in (engine, *variables):
        if name in stored:
            return FoundKey(stored[name], str(path))
    return None
