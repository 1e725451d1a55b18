"""Frontmatter YAML: parsed safely, with the line of each top-level key and duplicate keys found.

PyYAML's safe loader (libyaml when available; nesting limited, see skillgit.yamlload) is used:
it accepts the YAML that Claude Code, Codex and anthropics' own validator accept (flow style,
block lists). Every failure mode of
arbitrary input becomes a `DocumentProblem`; nothing here raises anything else.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict

from skillgit.skills.document import DocumentProblem
from skillgit.yamlload import SafeDepthLoader


class DuplicateKey(BaseModel):
    model_config = ConfigDict(frozen=True)

    key: str
    line: int
    first_line: int


class Frontmatter(BaseModel):
    """The parsed top-level mapping, plus where each key sits in the file."""

    model_config = ConfigDict(frozen=True)

    data: dict[str, Any]
    key_lines: dict[str, int]
    duplicates: list[DuplicateKey] = []
    non_string_keys: list[tuple[str, int]] = []

    def line_of(self, key: str) -> int | None:
        return self.key_lines.get(key)


def parse_frontmatter(raw: str, first_line: int = 2) -> Frontmatter:
    """Parse the YAML between the delimiters. `first_line` is the file line of raw's first line."""
    loader = SafeDepthLoader(raw)
    try:
        node = loader.get_single_node()
        if node is None:
            raise DocumentProblem("yaml-not-mapping",
                                  "frontmatter is empty; it must be a YAML mapping", first_line)
        if not isinstance(node, yaml.MappingNode):
            raise DocumentProblem(
                "yaml-not-mapping",
                f"SKILL.md frontmatter must be a YAML mapping, not a {_node_kind(node)}",
                first_line + node.start_mark.line,
            )
        duplicates = _find_duplicates(node, first_line)
        data = _plain_mapping(node, set(), 0)
        if data is None:
            data = loader.construct_document(node)
    except DocumentProblem:
        raise
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = first_line + mark.line if mark is not None else first_line
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise DocumentProblem("yaml-invalid", f"Invalid YAML in frontmatter: {problem}",
                              line) from None
    except RecursionError:
        raise DocumentProblem("yaml-invalid", "Invalid YAML in frontmatter: nested too deeply",
                              first_line) from None
    except Exception as exc:  # constructors raise ValueError etc. on odd scalars (bad dates)
        raise DocumentProblem("yaml-invalid", f"Invalid YAML in frontmatter: {exc}",
                              first_line) from None
    finally:
        loader.dispose()

    key_lines: dict[str, int] = {}
    non_string: list[tuple[str, int]] = []
    for key_node, _value in node.value:
        line = first_line + key_node.start_mark.line
        if isinstance(key_node, yaml.ScalarNode) and key_node.tag.endswith(":str"):
            key_lines.setdefault(key_node.value, line)
        else:
            non_string.append((_short(key_node), line))
    clean = {key: value for key, value in data.items() if isinstance(key, str)}
    return Frontmatter(data=clean, key_lines=key_lines, duplicates=duplicates,
                       non_string_keys=non_string)


def _find_duplicates(root: yaml.Node, first_line: int) -> list[DuplicateKey]:
    """Duplicate keys in every mapping, visiting each node once (aliases can form cycles)."""
    found: list[DuplicateKey] = []
    seen_nodes: set[int] = set()
    stack: list[yaml.Node] = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen_nodes:
            continue
        seen_nodes.add(id(node))
        if isinstance(node, yaml.MappingNode):
            first_seen: dict[tuple[str, str], int] = {}
            for key_node, value_node in node.value:
                if isinstance(key_node, yaml.ScalarNode):
                    ident = (key_node.tag, key_node.value)
                    line = first_line + key_node.start_mark.line
                    if ident in first_seen:
                        found.append(DuplicateKey(key=key_node.value, line=line,
                                                  first_line=first_seen[ident]))
                    else:
                        first_seen[ident] = line
                stack.append(key_node)
                stack.append(value_node)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
    return sorted(found, key=lambda d: d.line)


_STR_TAG = "tag:yaml.org,2002:str"
_MAP_TAG = "tag:yaml.org,2002:map"


def _plain_mapping(node: yaml.Node, seen: set[int], depth: int) -> dict[str, Any] | None:
    """What PyYAML's safe constructor builds from a mapping whose keys are strings and whose
    values are strings or such mappings (the usual frontmatter), built directly from the nodes;
    None for anything else (numbers, lists, dates, merge keys, a mapping reached twice through
    an alias), which is left to PyYAML."""
    if depth > 8 or node.tag != _MAP_TAG or id(node) in seen:
        return None
    seen.add(id(node))
    data: dict[str, Any] = {}
    for key, value in node.value:
        if not isinstance(key, yaml.ScalarNode) or key.tag != _STR_TAG:
            return None
        if isinstance(value, yaml.ScalarNode):
            if value.tag != _STR_TAG:
                return None
            data[key.value] = value.value
        else:
            inner = _plain_mapping(value, seen, depth + 1)
            if inner is None:
                return None
            data[key.value] = inner
    return data


def _node_kind(node: yaml.Node) -> str:
    if isinstance(node, yaml.SequenceNode):
        return "list"
    if isinstance(node, yaml.ScalarNode):
        return "scalar"
    return "node"


def _short(node: yaml.Node) -> str:
    text = str(node.value) if isinstance(node, yaml.ScalarNode) else _node_kind(node)
    return text if len(text) <= 40 else text[:37] + "..."


def describe_type(value: Any) -> str:
    """A YAML-flavoured name for the type of a parsed value, with the value when short."""
    if value is None:
        return "null (empty value)"
    if isinstance(value, bool):
        return f"boolean {str(value).lower()}"
    if isinstance(value, int | float):
        return f"number {value}"
    if isinstance(value, dt.date | dt.datetime):
        return f"date {value.isoformat()}"
    if isinstance(value, list):
        return "list"
    if isinstance(value, dict):
        return "mapping"
    return type(value).__name__
