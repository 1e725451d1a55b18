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
    "`claude config add ignorePatterns node_modules`",
    "`codex profile add fast --model o4-mini`",
])
def test_an_agent_subcommand_other_than_mcp_adds_no_server(text: str) -> None:
    assert refused(text) == []
