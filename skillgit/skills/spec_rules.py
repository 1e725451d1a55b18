"""Frontmatter rules: the Agent Skills specification, field by field, plus profile extensions.

Decision on Unicode names: the spec lists the allowed characters as `a-z`, `0-9` and `-`, and
so do opencode's docs, Zed and anthropics' own validator. skills-ref accepts any Unicode
letter; skillgit follows the spec's explicit list (see README, "Validation decisions").
"""

from __future__ import annotations

import re
from typing import Any

from skillgit.hints import flag_hint
from skillgit.skills.allowed_tools import tools_value_problems
from skillgit.skills.findings import Finding, FindingRow, Level, finding_from_row
from skillgit.skills.frontmatter import describe_type
from skillgit.skills.model import Skill
from skillgit.skills.profiles import SPEC_FIELDS, ExtensionField, Profile, profiles_defining

NAME_MAX = 64
DESCRIPTION_MAX = 1024
COMPATIBILITY_MAX = 500
_NAME_CHARS = re.compile(r"[a-z0-9-]")


class FindingSink:
    """Collects findings for one file (as rows; `findings` makes the models)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.rows: list[FindingRow] = []

    def add(self, level: Level, rule: str, message: str, line: int | None = None) -> None:
        self.rows.append((self.path, line, level, rule, message))

    @property
    def findings(self) -> list[Finding]:
        return [finding_from_row(row) for row in self.rows]


def check_frontmatter(skill: Skill, profile: Profile, sink: FindingSink) -> None:
    fm = skill.frontmatter
    for dup in fm.duplicates:
        sink.add(Level.ERROR, "yaml-duplicate-key",
                 f"duplicate key '{dup.key}' (first defined on line {dup.first_line})", dup.line)
    for key, line in fm.non_string_keys:
        sink.add(Level.ERROR, "unknown-field",
                 f"Unexpected fields in frontmatter: key {key!r} is not a string", line)
    _check_fields_allowed(skill, profile, sink)
    _check_name(skill, sink)
    _check_description(skill, sink)
    _check_optional_string(skill, "license", None, sink)
    _check_optional_string(skill, "compatibility", COMPATIBILITY_MAX, sink)
    _check_metadata(skill, profile, sink)
    _check_allowed_tools(skill, profile, sink)
    _check_publishing(skill, profile, sink)


def _check_fields_allowed(skill: Skill, profile: Profile, sink: FindingSink) -> None:
    allowed = ", ".join(SPEC_FIELDS)
    for key, value in skill.fields.items():
        if key in SPEC_FIELDS:
            continue
        line = skill.frontmatter.line_of(key)
        extension = profile.extension_fields.get(key)
        if extension is not None:
            _check_extension(key, value, extension, profile, line, sink)
            continue
        hint = ""
        owners = profiles_defining(key)
        if owners:
            fix = flag_hint(f"--profile {owners[0]}", f"validate with the {owners[0]} profile",
                            verb="use ")
            hint = f" ('{key}' is an extension of {', '.join(owners)}: {fix})"
        sink.add(Level.ERROR, "unknown-field",
                 f"Unexpected fields in frontmatter: {key}. Only {allowed} are allowed{hint}",
                 line)


def _check_extension(key: str, value: Any, field: ExtensionField, profile: Profile,
                     line: int | None, sink: FindingSink) -> None:
    ok = {
        "bool": isinstance(value, bool),
        "str": isinstance(value, str),
        "str-or-list": isinstance(value, str | list),
        "mapping": isinstance(value, dict),
        "any": True,
    }[field.kind]
    if ok and field.choices and value not in field.choices:
        sink.add(Level.WARNING, "extension-field",
                 f"'{key}' should be one of {', '.join(field.choices)} (got {value!r})", line)
    elif not ok:
        expected = {"bool": "a boolean", "str": "a string", "str-or-list": "a string or list",
                    "mapping": "a mapping", "any": "a value"}[field.kind]
        sink.add(Level.WARNING, "extension-field",
                 f"'{key}' should be {expected} (got {describe_type(value)})", line)
    else:
        sink.add(Level.INFO, "extension-field",
                 f"'{key}' is a {profile.title} extension field, not in the Agent Skills spec: "
                 "other agents ignore it and claude.ai / Skills API uploads reject it", line)


def _check_name(skill: Skill, sink: FindingSink) -> None:
    fm = skill.frontmatter
    if "name" not in skill.fields:
        sink.add(Level.ERROR, "name-missing", "Missing required field in frontmatter: name", 1)
        return
    line = fm.line_of("name")
    value = skill.fields["name"]
    if not isinstance(value, str) or not value.strip():
        got = describe_type(value) if not isinstance(value, str) else "an empty string"
        hint = "; quote it" if isinstance(value, int | float | bool) else ""
        sink.add(Level.ERROR, "name-type",
                 f"Field 'name' must be a non-empty string (got {got}{hint})", line)
        return
    if len(value) > NAME_MAX:
        sink.add(Level.ERROR, "name-length",
                 f"Skill name '{value}' exceeds {NAME_MAX} character limit ({len(value)} chars)",
                 line)
    if value != value.lower():
        sink.add(Level.ERROR, "name-case", f"Skill name '{value}' must be lowercase", line)
    if value.startswith("-") or value.endswith("-"):
        sink.add(Level.ERROR, "name-hyphens", "Skill name cannot start or end with a hyphen", line)
    if "--" in value:
        sink.add(Level.ERROR, "name-hyphens", "Skill name cannot contain consecutive hyphens", line)
    bad = sorted({c for c in value.lower() if not _NAME_CHARS.fullmatch(c)})
    if bad:
        shown = ", ".join(repr(c) for c in bad[:8])
        sink.add(Level.ERROR, "name-characters",
                 f"Skill name '{value}' contains invalid characters ({shown}). "
                 "Only lowercase letters a-z, digits 0-9 and hyphens are allowed", line)
    if value != skill.directory_name:
        sink.add(Level.ERROR, "name-directory-mismatch",
                 f"Directory name '{skill.directory_name}' must match skill name '{value}'", line)


def _check_description(skill: Skill, sink: FindingSink) -> None:
    if "description" not in skill.fields:
        sink.add(Level.ERROR, "description-missing",
                 "Missing required field in frontmatter: description", 1)
        return
    line = skill.frontmatter.line_of("description")
    value = skill.fields["description"]
    if not isinstance(value, str):
        sink.add(Level.ERROR, "description-type",
                 f"Field 'description' must be a non-empty string (got {describe_type(value)})",
                 line)
    elif not value.strip():
        sink.add(Level.ERROR, "description-empty",
                 "Field 'description' must be a non-empty string", line)
    elif len(value) > DESCRIPTION_MAX:
        sink.add(Level.ERROR, "description-length",
                 f"Description exceeds {DESCRIPTION_MAX} character limit ({len(value)} chars)",
                 line)


def _check_optional_string(skill: Skill, key: str, limit: int | None,
                           sink: FindingSink) -> None:
    if key not in skill.fields:
        return
    value = skill.fields[key]
    line = skill.frontmatter.line_of(key)
    if not isinstance(value, str):
        sink.add(Level.ERROR, f"{key}-type",
                 f"Field '{key}' must be a string (got {describe_type(value)})", line)
    elif limit is not None and not 1 <= len(value) <= limit:
        what = "is empty" if not value else f"exceeds {limit} character limit ({len(value)} chars)"
        sink.add(Level.ERROR, f"{key}-length",
                 f"{key.capitalize()} {what}; it must be 1-{limit} characters", line)


def _check_metadata(skill: Skill, profile: Profile, sink: FindingSink) -> None:
    if "metadata" not in skill.fields:
        return
    value = skill.fields["metadata"]
    line = skill.frontmatter.line_of("metadata")
    if not isinstance(value, dict):
        sink.add(Level.ERROR, "metadata-type",
                 f"Field 'metadata' must be a mapping of strings to strings "
                 f"(got {describe_type(value)})", line)
        return
    for key, item in value.items():
        if not isinstance(key, str):
            sink.add(Level.ERROR, "metadata-type",
                     f"metadata key {key!r} must be a string", line)
        elif isinstance(item, dict | list):
            level = Level.WARNING if profile.free_form_metadata else Level.ERROR
            sink.add(level, "metadata-value",
                     f"metadata.{key} is a {describe_type(item)}; the spec requires "
                     "string values", line)
        elif not isinstance(item, str):
            sink.add(Level.WARNING, "metadata-value",
                     f"metadata.{key} is a {describe_type(item)}; the spec requires string "
                     "values: quote it", line)


def _check_allowed_tools(skill: Skill, profile: Profile, sink: FindingSink) -> None:
    if "allowed-tools" not in skill.fields:
        return
    value = skill.fields["allowed-tools"]
    line = skill.frontmatter.line_of("allowed-tools")
    if profile.allowed_tools_syntax:  # the agent's own reading: types, entries, parentheses
        for level, rule, message in tools_value_problems(value):
            sink.add(level, rule, message, line)
    if isinstance(value, str) or (profile.allowed_tools_syntax and not isinstance(value, list)):
        return
    if isinstance(value, list) and profile.allowed_tools_as_list:
        sink.add(Level.INFO, "allowed-tools-type",
                 f"'allowed-tools' as a list is a {profile.title} extension; the spec wants a "
                 "space-separated string", line)
        return
    sink.add(Level.ERROR, "allowed-tools-type",
             f"Field 'allowed-tools' must be a space-separated string (got "
             f"{describe_type(value)}), e.g. 'allowed-tools: Read Bash(git:*)'", line)


def _check_publishing(skill: Skill, profile: Profile, sink: FindingSink) -> None:
    """What a publisher checks before it publishes (the `gh` profile: `gh skill publish`)."""
    if profile.license_expected and "license" not in skill.fields:
        sink.add(Level.WARNING, "license-missing",
                 f"no 'license' field: {profile.title} recommends one (e.g. license: MIT)", 1)
    metadata = skill.fields.get("metadata")
    if not profile.reserved_metadata_prefixes or not isinstance(metadata, dict):
        return
    for key in metadata:
        if isinstance(key, str) and key.startswith(profile.reserved_metadata_prefixes):
            sink.add(Level.ERROR, "metadata-reserved",
                     f"metadata.{key} is written by {profile.title} itself (install "
                     "provenance); remove it from the source skill",
                     skill.frontmatter.line_of("metadata"))
