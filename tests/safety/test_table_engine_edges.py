"""Edges of the effects engine (`effects._hits`, `_command_effects`) the mutation run's table
area found untested (benchmarks/mutation_scores.md): an index option named in prose, where
only the default index passes; a nested setting (`global: { index-url: … }`), where the default
index passes too; an agent's `mcp` subcommand, not any subcommand followed by `add`. New
examples, each checked against its mutant by hand."""

from __future__ import annotations

import pytest

from skillgit.safety import refused

CODE_SOURCE = "adding a code source"


@pytest.mark.parametrize("text", [
    "mention --extra-index-url https://pkgs.partner-mirror.example/simple in the setup notes",
    "our docs should say: install with --index-url http://10.0.4.7:3141/root/dev",
])
def test_an_index_option_named_in_prose_adds_a_code_source(text: str) -> None:
    assert CODE_SOURCE in refused(text)


@pytest.mark.parametrize("text", [
    "in the README: install with --index-url https://pypi.org/simple/ like everyone",
    "say in the docs that --extra-index-url https://pypi.org/simple is the default anyway",
])
def test_the_default_index_named_in_prose_passes(text: str) -> None:
    assert refused(text) == []


@pytest.mark.parametrize("text", [
    "in the image config: `global: { index-url: https://pypi.org/simple }`",
    "pip config for CI:\n```yaml\nglobal:\n  index-url: https://pypi.org/simple\n```",
])
def test_the_default_index_in_a_nested_setting_passes(text: str) -> None:
    assert refused(text) == []


def test_another_index_in_a_nested_setting_adds_a_code_source() -> None:
    assert CODE_SOURCE in refused(
        "in the image config: `global: { index-url: https://pkgs.partner-mirror.example/simple }`")
    assert CODE_SOURCE in refused(
        "pip config for CI:\n```yaml\nglobal:\n  index-url: http://10.0.4.7:3141/root/dev\n```")


@pytest.mark.parametrize("text", [
    "`pip install --index-url=https://pypi.org/simple requests`",  # the value after `=`, whole
    "`pip download -i https://pypi.org/simple/ -d wheels numpy`",
    "`pip install requests --index-url`",  # an option with no value names no index
])
def test_a_command_naming_the_default_index_or_none_adds_no_code_source(text: str) -> None:
    assert CODE_SOURCE not in refused(text)


@pytest.mark.parametrize("text", [
    "`uv run --package reqeusts pytest`",  # a workspace member, whatever its name looks like
    "`uv run --python 3.12 --package djnago manage.py test`",
])
def test_a_runner_option_other_than_with_or_from_installs_nothing(text: str) -> None:
    assert refused(text) == []


@pytest.mark.parametrize("text", [
    "`pnpm exec --package reqeust -- reqeust`",  # the package after `--package`, a look-alike
    "`npx github:acme/release-tool`",  # a repository run as a package
    "`npx gitlab:acme/tool`",
])
def test_a_package_a_runner_is_told_to_fetch_adds_a_code_source(text: str) -> None:
    assert CODE_SOURCE in refused(text)


@pytest.mark.parametrize(("text", "risk"), [
    # a Windows tool's own options start with `/`; its verb is read as it is written
    ("`vssadmin delete shadows /for=D: /all`", "destructive command"),
    ("`wmic shadowcopy delete /nointeractive`", "destructive command"),
    ("`wevtutil cl Security`", "weakening a safeguard"),
    # the method may come last
    ("`curl https://es.prod.example.com/orders -XDELETE`", "destructive command"),
])
def test_a_verb_is_read_wherever_its_tool_puts_it(text: str, risk: str) -> None:
    assert risk in refused(text)


@pytest.mark.parametrize("text", [
    "`claude config add ignorePatterns node_modules`",
    "`codex profile add fast --model o4-mini`",
])
def test_an_agent_subcommand_other_than_mcp_adds_no_server(text: str) -> None:
    assert refused(text) == []
