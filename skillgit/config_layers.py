"""Layered settings: flags > environment > the repository's file > the user's file > defaults.

The user's file, `$XDG_CONFIG_HOME/skillgit/config.yaml` (default `~/.config/skillgit/`),
holds what is personal and must not be committed to the team's repository: which of *my*
projects may be shared, my contributor id, the engine and model I use. Other keys there are
errors that say where they belong. Each value of the merged `Config` remembers the file it
came from, so every message about a bad value names that file and key (`Config.source_of`).

    share:
      projects: [~/src/webapp]       # absolute or ~ paths only: there is no repository here
      contributor: alice-laptop
    llm: {name: anthropic, model: claude-sonnet-4-5}
    judge: {llm: anthropic}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skillgit.config import (
    Config,
    config_path,
    parse_mapping,
    read_config_text,
    validate_mapping,
)
from skillgit.errors import UsageError

USER_CONFIG = Path("skillgit") / "config.yaml"

# The keys a user's file may set, by section (rules as data).
PERSONAL_KEYS: dict[str, frozenset[str]] = {
    "llm": frozenset({"name", "model", "base_url", "timeout", "options"}),
    "judge": frozenset({"llm", "model"}),
    "share": frozenset({"projects", "contributor"}),
    "distill": frozenset({"workers"}),
}

# Settings an environment variable overrides (the commands read these variables).
ENVIRONMENT_KEYS: dict[str, str] = {
    "llm.name": "SKILLGIT_LLM",
    "llm.model": "SKILLGIT_MODEL",
    "mine.identity": "SKILLGIT_IDENTITY",
}


def user_config_path(env: Mapping[str, str]) -> Path | None:
    """$XDG_CONFIG_HOME/skillgit/config.yaml, else ~/.config/skillgit/config.yaml."""
    home = env.get("XDG_CONFIG_HOME") or (
        str(Path(env["HOME"]) / ".config") if env.get("HOME") else "")
    return Path(home) / USER_CONFIG if home else None


@dataclass
class Layered:
    """The merged config, and the files that were looked for (None: that file is absent)."""

    config: Config
    repository_file: Path
    user_file: Path | None
    read: dict[str, bool] = field(default_factory=dict)   # path → whether it existed


def load_layered(path: Path | None, cwd: Path | None, env: Mapping[str, str]) -> Layered:
    """The repository file (`path`, else `.skillgit.yaml` at the root) over the user's file."""
    repo_file = path or config_path(cwd)
    user_file = user_config_path(env)
    layers: list[tuple[str, dict[str, Any]]] = []
    read: dict[str, bool] = {}
    if user_file is not None:
        text = read_config_text(user_file)
        read[str(user_file)] = text is not None
        if text is not None:
            data = parse_mapping(text, str(user_file))
            validate_mapping(data, str(user_file))   # types and unknown keys first
            _personal_only(data, str(user_file))
            layers.append((str(user_file), data))
    text = read_config_text(repo_file, required=path is not None)
    read[str(repo_file)] = text is not None
    if text is not None:
        data = parse_mapping(text, str(repo_file))
        validate_mapping(data, str(repo_file))
        layers.append((str(repo_file), data))
    merged: dict[str, Any] = {}
    sources: dict[str, str] = {}
    for source, data in layers:  # later layers win, key by key
        for section, values in data.items():
            if not isinstance(values, dict):
                merged[section] = values
                sources[section] = source
                continue
            target = merged.setdefault(section, {})
            for key, value in values.items():
                target[key] = value
                sources[f"{section}.{key}"] = source
    where = " and ".join(s for s, _ in reversed(layers)) or "defaults"
    config = validate_mapping(merged, where).with_sources(sources)
    return Layered(config=config, repository_file=repo_file, user_file=user_file, read=read)


def _personal_only(data: dict[str, Any], source: str) -> None:
    for section, values in data.items():
        allowed = PERSONAL_KEYS.get(str(section))
        keys = list(values) if isinstance(values, dict) else [None]
        for key in keys:
            if allowed is None or key not in allowed:
                name = f"{section}.{key}" if key is not None else str(section)
                raise UsageError(
                    f"{source}: {name}: not a personal setting; it belongs in the repository's "
                    f".skillgit.yaml (a user's file may set: {_listed()})")
    for entry in (data.get("share") or {}).get("projects") or []:
        if isinstance(entry, str) and not entry.strip().startswith(("/", "~")):
            raise UsageError(f"{source}: share.projects: {entry!r} must be an absolute or ~ "
                             "path in the user's file (there is no repository to be "
                             "relative to)")


def _listed() -> str:
    return ", ".join(f"{s}.{k}" for s, keys in PERSONAL_KEYS.items() for k in sorted(keys))


def effective(layered: Layered, env: Mapping[str, str]) -> list[tuple[str, Any, str]]:
    """(key, value, source) for every setting, after the environment: what `skillgit config`
    shows. Sources: "default", a file's path, or "environment NAME"."""
    config = layered.config
    rows: list[tuple[str, Any, str]] = []
    dumped = config.model_dump(mode="json")
    for section, values in dumped.items():
        for key, value in values.items():
            name = f"{section}.{key}"
            variable = ENVIRONMENT_KEYS.get(name)
            if variable and env.get(variable, "").strip():
                rows.append((name, env[variable].strip(), f"environment {variable}"))
                continue
            rows.append((name, value, config.origin(name)))
    return rows
