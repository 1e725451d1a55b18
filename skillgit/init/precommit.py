"""The pre-commit hook entry `init` adds to `.pre-commit-config.yaml`.

A new file is written whole. An existing one is edited only as text and only where that keeps
every comment: a new `- repo:` item is appended to the block-style `repos:` list, in the list's
own indentation, and the result is parsed again, which must give exactly the old config plus the
new entry. Anything else (a flow-style list, no `repos:`, tabs, a file that is not YAML) is left
alone and the snippet is printed for the user to paste."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import yaml

from skillgit import __version__, yamlload
from skillgit.init.pins import release_tag

PRECOMMIT_PATH = ".pre-commit-config.yaml"
HOOK_REPOSITORY = "https://github.com/skillgit/skillgit"
HOOK_ID = "skillgit-validate"
_REPOS = re.compile(r"repos:[ \t]*(#.*)?")
_ITEM = re.compile(r"( *)(-[ ]+)\S")


def hook_entry() -> dict[str, Any]:
    return {"repo": HOOK_REPOSITORY, "rev": release_tag(__version__), "hooks": [{"id": HOOK_ID}]}


def _item_lines(indent: str, dash: str) -> list[str]:
    inner = indent + " " * len(dash)
    return [f"{indent}{dash}repo: {HOOK_REPOSITORY}", f"{inner}rev: {release_tag(__version__)}",
            f"{inner}hooks:", f"{inner}{dash}id: {HOOK_ID}"]


def snippet() -> str:
    """What to paste into `repos:` when the file cannot be edited safely."""
    return "\n".join(_item_lines("  ", "- ")) + "\n"


def new_file() -> str:
    return "repos:\n" + snippet()


def has_hook(data: object) -> bool:
    repos = data.get("repos") if isinstance(data, dict) else None
    return isinstance(repos, list) and any(
        isinstance(repo, dict) and any(isinstance(h, dict) and h.get("id") == HOOK_ID
                                       for h in repo.get("hooks") or [])
        for repo in repos)


@dataclass(frozen=True)
class Edit:
    text: str | None          # the new file, or None: leave it alone
    reason: str               # why it was left alone ("" when edited or already there)
    present: bool = False     # the hook is configured already


def add_hook(text: str) -> Edit:
    try:
        data = yamlload.safe_load(text)
    except yaml.YAMLError:
        return Edit(None, "it is not valid YAML")
    if has_hook(data):
        return Edit(None, "", present=True)
    if not isinstance(data, dict) or not isinstance(data.get("repos"), list):
        return Edit(None, "it has no `repos:` list")
    edited = _append_item(text)
    if edited is None:
        return Edit(None, "its `repos:` list is not a block list skillgit can extend as text")
    try:
        again = yamlload.safe_load(edited)
    except yaml.YAMLError:
        again = None
    if again != {**data, "repos": [*data["repos"], hook_entry()]}:
        return Edit(None, "appending to its `repos:` list as text would change its meaning")
    return Edit(edited, "")


def _append_item(text: str) -> str | None:
    newline = "\r\n" if "\r\n" in text else "\n"
    lines = text.splitlines()
    if any("\t" in line for line in lines):
        return None
    start = next((i for i, line in enumerate(lines) if _REPOS.fullmatch(line)), None)
    if start is None:
        return None
    item: re.Match[str] | None = None
    end = last = start
    for i in range(start + 1, len(lines)):
        line = lines[i]
        if not line.strip() or line.lstrip().startswith("#"):
            if line.startswith((" ", "-")):       # an indented comment belongs to the list
                end = i
            continue
        if not line.startswith((" ", "-")):       # the next top-level key ends the list
            break
        item = item or _ITEM.match(line)
        end = last = i
    if item is None:
        return None
    end = max(last, end)
    indent, dash = item.group(1), item.group(2)
    new = [*lines[:end + 1], *_item_lines(indent, dash), *lines[end + 1:]]
    return newline.join(new) + newline
