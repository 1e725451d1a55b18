"""Validation profiles: the Agent Skills spec, plus each agent's documented extension fields.

Under `spec` only the six spec fields are allowed. An agent profile accepts that agent's
documented extension fields as `info` (wrongly typed: `warning`) instead of an error, and may
relax a type rule the agent itself relaxes (Claude Code takes `allowed-tools` as a YAML list).
Unknown keys stay errors under every profile, so a typo like `descriptoin:` always fails.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

SPEC_FIELDS: tuple[str, ...] = (
    "name", "description", "license", "compatibility", "metadata", "allowed-tools",
)

FieldKind = Literal["bool", "str", "str-or-list", "mapping", "any"]


class ExtensionField(BaseModel):
    model_config = ConfigDict(frozen=True)

    kind: FieldKind
    choices: tuple[str, ...] = ()


class Profile(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    title: str
    extension_fields: dict[str, ExtensionField] = {}
    allowed_tools_as_list: bool = False
    allowed_tools_syntax: bool = False  # check each entry the way the agent parses them
    free_form_metadata: bool = False
    # Publishing checks (`gh skill publish`): metadata keys the publisher writes itself are
    # errors when a skill already carries them; a missing `license` is a warning.
    reserved_metadata_prefixes: tuple[str, ...] = ()
    license_expected: bool = False


_CLAUDE_CODE_FIELDS: dict[str, ExtensionField] = {
    "when_to_use": ExtensionField(kind="str"),
    "argument-hint": ExtensionField(kind="str"),
    "arguments": ExtensionField(kind="str-or-list"),
    "disable-model-invocation": ExtensionField(kind="bool"),
    "user-invocable": ExtensionField(kind="bool"),
    "disallowed-tools": ExtensionField(kind="str-or-list"),
    "model": ExtensionField(kind="str"),
    "effort": ExtensionField(kind="str", choices=("low", "medium", "high", "xhigh", "max")),
    "context": ExtensionField(kind="str", choices=("fork",)),
    "agent": ExtensionField(kind="str"),
    "background": ExtensionField(kind="bool"),
    "hooks": ExtensionField(kind="mapping"),
    "paths": ExtensionField(kind="str-or-list"),
    "shell": ExtensionField(kind="str", choices=("bash", "powershell")),
    "version": ExtensionField(kind="any"),
}

PROFILES: dict[str, Profile] = {
    "spec": Profile(name="spec", title="Agent Skills specification"),
    "claude-code": Profile(
        name="claude-code", title="Claude Code", extension_fields=_CLAUDE_CODE_FIELDS,
        allowed_tools_as_list=True, allowed_tools_syntax=True, free_form_metadata=True,
    ),
    "codex": Profile(name="codex", title="Codex CLI"),
    "opencode": Profile(name="opencode", title="opencode"),
    "gemini": Profile(name="gemini", title="Gemini CLI"),
    "gh": Profile(
        name="gh", title="gh skill publish",
        reserved_metadata_prefixes=("github-",), license_expected=True,
    ),
    "cursor": Profile(
        name="cursor", title="Cursor",
        extension_fields={"disable-model-invocation": ExtensionField(kind="bool")},
    ),
}


def get_profile(name: str) -> Profile:
    try:
        return PROFILES[name]
    except KeyError:
        raise ValueError(
            f"unknown profile {name!r}; choose one of: {', '.join(PROFILES)}"
        ) from None


def profiles_defining(field: str) -> list[str]:
    """Names of the agent profiles that document `field` as an extension."""
    return [p.name for p in PROFILES.values() if field in p.extension_fields]
