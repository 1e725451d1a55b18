"""Every flag or config key a message names exists where the message can appear.

The source is walked, not a list of messages: each string literal in `skillgit/` that names a
`--flag` is checked against click's command tree, for the commands that can show it —
the command it names (`skillgit share --forget`, `mine --max`), the command whose CLI module
holds it, else every command whose code imports the module holding it. A hint that only some
of those commands can follow goes through `skillgit.hints.flag_hint`, which words it for the
command that runs; each config key a message names (`judge.llm`) exists in the config models.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import click
import httpx
import pytest
import tomllib
from pydantic import BaseModel

from skillgit import hints
from skillgit.cli import COMMANDS, cli
from skillgit.cli.app import long_flags
from skillgit.config import Config

PACKAGE = Path(__file__).resolve().parents[1] / "skillgit"
FLAG = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]*")
KEY = re.compile(r"(?<![\w./-])(" + "|".join(Config.model_fields) + r")\.([a-z_]+)\b(?![.(/])")
# Modules whose literals are other programs' command lines, read as data (a `--force` in a
# safety rule is git's flag, not skillgit's).
OTHER_PROGRAMS = ("skillgit.safety", "skillgit.redact", "skillgit.distill.tool_families",
                  "skillgit.distill.env_signals", "skillgit.distill.action_context",
                  "skillgit.distill.user_phrases", "skillgit.distill.restated",
                  "skillgit.distill.error_lines")
# Where a message names the command a flag belongs to: `skillgit share --forget`,
# `mine --max`, and the Action's `args:` input (arguments of `skillgit mine`).
COMMAND_MENTION = re.compile(r"(?:skillgit\s+|`)(" + "|".join(COMMANDS) + r")\b([^`;\n]*)"
                             r"|\bargs:()([^\n]*)")
OTHER_PROGRAM_SPAN = re.compile(r"`(?!skillgit\b|-)[a-z][\w.-]*\s[^`]*`")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
# Engines are loaded by entry point, which no import statement shows: whoever reaches the
# engine registry reaches every engine module.
_PYPROJECT = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))
ENGINE_MODULES = frozenset(
    target.split(":", 1)[0]
    for target in _PYPROJECT["project"]["entry-points"]["skillgit.engines"].values())


@cache
def _tree(module: str) -> ast.Module:
    return ast.parse(MODULES[module].read_text(encoding="utf-8"))


@cache
def _imports(module: str) -> frozenset[str]:
    found: set[str] = set()
    for node in ast.walk(_tree(module)):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("skillgit"):
            names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        for name in names:
            while name and name not in MODULES:
                name = name.rpartition(".")[0]
            if name:
                found.add(name)
    if module == "skillgit.llm.base":
        found |= ENGINE_MODULES
    return frozenset(found)


@cache
def _reach(module: str) -> frozenset[str]:
    seen: set[str] = set()
    todo = [module]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(_imports(name))
    return frozenset(seen)


def _command(name: str) -> click.Command:
    command = cli.get_command(click.Context(cli), name)
    assert command is not None
    return command


FLAGS = {name: long_flags(_command(name)) for name in COMMANDS}
CLI_MODULES = {f"skillgit.cli.{target.split(':')[0]}": name for name, target in COMMANDS.items()}


def _guarded(tree: ast.Module) -> set[int]:
    """Literals worded through `skillgit.hints`: a `flag_hint` flag, or a branch chosen by
    `has_flag(...)`."""
    ids: set[int] = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name | ast.Attribute)
                and (getattr(node.func, "id", None) or getattr(node.func, "attr", None))
                == "flag_hint" and node.args):
            ids.update(id(n) for n in ast.walk(node.args[0]))
        if isinstance(node, ast.IfExp) and "has_flag" in ast.unparse(node.test):
            ids.update(id(n) for n in ast.walk(node.body))
    return ids


def _docstrings(tree: ast.Module) -> set[int]:
    ids: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for before, item in zip([None, *body], body, strict=False):
            if (isinstance(item, ast.Expr) and isinstance(item.value, ast.Constant)
                    and (before is None or isinstance(before, ast.Assign | ast.AnnAssign))):
                ids.add(id(item.value))
    return ids


@cache
def _messages() -> tuple[tuple[str, int, str], ...]:
    """(module, line, text) of each literal that reads as a sentence (an f-string whole, each
    value shown as `{}`); the walk of every module, done once for both tests that read it."""
    return tuple(_walk_messages())


def _walk_messages() -> Iterator[tuple[str, int, str]]:
    for module in sorted(MODULES):
        if module.startswith(OTHER_PROGRAMS):
            continue
        tree = _tree(module)
        skip = _docstrings(tree) | _guarded(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                text = "".join(part.value if isinstance(part, ast.Constant)
                               and id(part) not in skip else "{}" for part in node.values)
                skip.update(id(part) for part in node.values)
            elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and id(node) not in skip):
                text = node.value
            else:
                continue
            if re.search(r"\s", text.strip()) and "(?" not in text and "\\" not in text:
                yield module, node.lineno, text


def _flag_problems(module: str, text: str) -> Iterator[str]:
    rest = text
    for match in COMMAND_MENTION.finditer(text):
        name, tail = (match.group(1), match.group(2)) if match.group(1) else ("mine",
                                                                               match.group(4))
        for flag in FLAG.findall(tail):
            if flag not in FLAGS[name]:
                yield f"{flag} (skillgit {name} has no such flag)"
        rest = rest.replace(match.group(0), " ")
    rest = OTHER_PROGRAM_SPAN.sub(" ", rest)
    owners = ([CLI_MODULES[module]] if module in CLI_MODULES
              else [c for c, t in COMMANDS.items()
                    if module in _reach(f"skillgit.cli.{t.split(':')[0]}")])
    for flag in FLAG.findall(rest):
        lacking = [c for c in owners if flag not in FLAGS[c]]
        if lacking:
            yield f"{flag} (shown by {', '.join(lacking)}, which lack it)"


def _key_problems(text: str) -> Iterator[str]:
    for section, key in KEY.findall(text):
        model = Config.model_fields[section].annotation
        assert isinstance(model, type) and issubclass(model, BaseModel)
        if key not in model.model_fields:
            yield f"{section}.{key} (no such key in .skillgit.yaml)"


def test_every_flag_and_key_a_message_names_exists() -> None:
    problems = [f"{module}:{line}: {problem} in {text[:90]!r}"
                for module, line, text in _messages()
                for problem in (*_flag_problems(module, text), *_key_problems(text))]
    assert problems == []


def test_the_walk_sees_the_hints_it_checks() -> None:
    """The walk reaches messages deep in core code and would catch a flag a command lacks."""
    seen = {(m, t) for m, _, t in _messages()}
    assert ("skillgit.cli.demo", "Measure an engine: skillgit eval {} [--llm NAME] [--model M]"
            ) in seen  # an f-string, read whole
    assert any(m == "skillgit.share.remote" and "skillgit share --forget" in t for m, t in seen)
    assert list(_flag_problems("skillgit.github.repo", "pass --repo OWNER/NAME"))
    assert list(_flag_problems("skillgit.cli.share", "or name one with --token-env"))
    assert "skillgit.llm.agent_cli" in _reach("skillgit.cli.share")   # by entry point
    assert list(_key_problems("set judge.nope in .skillgit.yaml"))
    assert not list(_key_problems("set judge.llm in .skillgit.yaml"))


@cache
def _flag_hint_calls() -> tuple[ast.Call, ...]:
    """Every `flag_hint("...")` call in the source (the walk of every module, done once: it
    cost each of the next test's cases ~0.2 CPU-s)."""
    return tuple(node for module in MODULES for node in ast.walk(_tree(module))
                 if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "flag_hint"
                 and node.args and isinstance(node.args[0], ast.Constant))


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_flag_hints_name_only_the_running_commands_flags(name: str) -> None:
    """Every `flag_hint` call in the source, rendered while `name` runs, names a flag of it."""
    calls = _flag_hint_calls()
    assert calls, "no hint goes through flag_hint"
    with hints.running(FLAGS[name]):
        for call in calls:
            assert isinstance(call.args[0], ast.Constant)
            shown = hints.flag_hint(str(call.args[0].value), "")
            assert all(f in FLAGS[name] for f in FLAG.findall(shown)), (name, shown)


def test_review_without_a_github_origin_does_not_offer_repo() -> None:
    from skillgit.errors import UsageError
    from skillgit.github.repo import RepoRef

    with hints.running(FLAGS["review"]), pytest.raises(UsageError) as caught:
        RepoRef.from_remote_url("/srv/git/skills.git")
    assert "--repo" not in str(caught.value)
    assert "GITHUB_REPOSITORY" in str(caught.value)
    with hints.running(FLAGS["publish"]), pytest.raises(UsageError) as caught:
        RepoRef.from_remote_url("/srv/git/skills.git")
    assert "--repo OWNER/NAME" in str(caught.value)


def test_share_without_a_token_does_not_offer_token_env() -> None:
    from skillgit.github.auth import resolve_token
    from skillgit.github.errors import NoToken

    for name, offered in (("share", False), ("publish", True)):
        with hints.running(FLAGS[name]), pytest.raises(NoToken) as caught:
            resolve_token({}, None, which=lambda _: None)
        assert ("--token-env" in str(caught.value)) is offered, (name, str(caught.value))


def test_review_comment_on_a_missing_pull_request_says_so() -> None:
    """A 404 on the comments of `--pr 999` in a repository that exists: no such PR."""
    from skillgit.errors import UsageError
    from skillgit.github.auth import GitHubSettings, Token
    from skillgit.github.client import GitHubClient
    from skillgit.github.http import GitHubHttp
    from skillgit.github.repo import RepoRef
    from skillgit.review.comment import post_comment
    from skillgit.review.summary import COMMENT_MARKER

    def answer(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/repos/acme/skills":
            return httpx.Response(200, json={"full_name": "acme/skills"})
        if request.url.path == "/user":
            return httpx.Response(200, json={"login": "me"})
        return httpx.Response(404, json={"message": "Not Found"})

    settings = GitHubSettings(api_url="http://127.0.0.1:1", server_url="http://127.0.0.1:1")
    http = GitHubHttp(settings, Token("t0ken", "GITHUB_TOKEN"),
                      transport=httpx.MockTransport(answer))
    client = GitHubClient(http, RepoRef("acme", "skills"))
    with hints.running(FLAGS["review"]), pytest.raises(UsageError) as caught:
        post_comment(client, 999, COMMENT_MARKER + "\nbody")
    assert "no pull request #999 in acme/skills" in str(caught.value)
    assert "--repo" not in str(caught.value)
