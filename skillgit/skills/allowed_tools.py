"""The shape of `allowed-tools` as Claude Code reads it.

The spec makes `allowed-tools` a space-separated string of tools (`Read Bash(git:*)`); Claude
Code also takes commas between tools and a YAML list of such strings. Each tool is a name
(`Read`, `mcp__github__create_issue`, `mcp__server__*`) optionally followed by one specifier
in balanced parentheses (`Bash(git commit:*)`, `WebFetch(domain:example.com)`), inside which
spaces, commas and nested or backslash-escaped parentheses are allowed.
"""

from __future__ import annotations

import re
from typing import Any

from skillgit.skills.findings import Level
from skillgit.skills.frontmatter import describe_type

_TOOL_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*\*?")
_SEPARATORS = " \t\n\r,"


def tools_value_problems(value: Any) -> list[tuple[Level, str, str]]:
    """(level, rule, message) for each problem of an `allowed-tools` value under Claude Code:
    `allowed-tools-type` for a wrong type (the value or a list item), `allowed-tools-format`
    for an entry that is empty, has unbalanced parentheses or an unknown separator."""
    if isinstance(value, str):
        if not value.strip():
            return [(Level.WARNING, "allowed-tools-format",
                     "'allowed-tools' is empty; name the tools, or remove the key")]
        return [(Level.ERROR, "allowed-tools-format", f"'allowed-tools' {problem}")
                for problem in string_problems(value)]
    if not isinstance(value, list):
        return [(Level.ERROR, "allowed-tools-type",
                 f"'allowed-tools' must be a string or a list of strings "
                 f"(got {describe_type(value)}), e.g. 'allowed-tools: Read Bash(git:*)'")]
    found: list[tuple[Level, str, str]] = []
    for number, item in enumerate(value, start=1):
        where = f"'allowed-tools' item {number}"
        if not isinstance(item, str):
            hint = "; write one tool per item" if isinstance(item, list | dict) else ""
            found.append((Level.ERROR, "allowed-tools-type",
                          f"{where} must be a string (got {describe_type(item)}{hint})"))
        elif not item.strip():
            found.append((Level.ERROR, "allowed-tools-format", f"{where} is empty"))
        else:
            found += [(Level.ERROR, "allowed-tools-format", f"{where} {problem}")
                      for problem in string_problems(item)]
    return found


def string_problems(text: str) -> list[str]:
    """What is wrong with a string of tools ("" each: nothing), one message per problem."""
    problems: list[str] = []
    entries, separator_problems = _split(text)
    problems += separator_problems
    for entry in entries:
        problem = _entry_problem(entry)
        if problem:
            problems.append(problem)
    return problems


def _split(text: str) -> tuple[list[str], list[str]]:
    """Entries separated by spaces or commas outside parentheses, and the empty entries that
    a comma with nothing before it (or a trailing comma) makes."""
    entries: list[str] = []
    problems: list[str] = []
    current: list[str] = []
    depth = 0
    after_comma = True  # at the start, a comma means an empty first entry
    escaped = False
    for char in text:
        if depth > 0:
            current.append(char)
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == "(":
                depth += 1
            elif char == ")":
                depth -= 1
            continue
        if char in _SEPARATORS:
            if current:
                entries.append("".join(current))
                current = []
                after_comma = False
            if char == ",":
                if after_comma:
                    problems.append(f"has an empty entry (two commas, or a comma with no tool "
                                    f"before it) in {text.strip()!r}")
                after_comma = True
            continue
        current.append(char)
        after_comma = False
        if char == "(":
            depth = 1
    if current:
        entries.append("".join(current))
    elif after_comma and entries:
        problems.append(f"ends with a comma (an empty entry) in {text.strip()!r}")
    return entries, problems


def _entry_problem(entry: str) -> str | None:
    name = _TOOL_NAME.match(entry)
    end = name.end() if name else 0
    if name is None:
        return (f"entry {entry!r} does not start with a tool name (letters, digits, '_' "
                "and '-'); separate tools with spaces or commas")
    if end == len(entry):
        return None
    if entry[end] == ")":
        return f"entry {entry!r} has a ')' with no '(' (unbalanced parentheses)"
    if entry[end] != "(":
        return (f"entry {entry!r} has {entry[end]!r} after the tool name {name.group(0)!r}: "
                "an unknown separator (separate tools with spaces or commas)")
    close = _matching_paren(entry, end)
    if close is None:
        return f"entry {entry!r} has an unclosed '(' (unbalanced parentheses)"
    if close == end + 1:
        return f"entry {entry!r} has empty parentheses; name what is allowed or drop them"
    if close != len(entry) - 1:
        rest = entry[close + 1:]
        what = "unbalanced parentheses" if ")" in rest or "(" in rest else "text"
        return (f"entry {entry!r} has {what} after its closing ')' ({rest!r}); separate "
                "tools with spaces or commas")
    return None


def _matching_paren(entry: str, start: int) -> int | None:
    """The index of the ')' closing the '(' at `start` (nested and escaped ones skipped)."""
    depth = 0
    escaped = False
    for index in range(start, len(entry)):
        char = entry[index]
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return index
    return None
