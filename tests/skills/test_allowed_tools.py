"""`allowed-tools` under --profile claude-code: the forms Claude Code reads are clean (a space-
or comma-separated string, a YAML list of strings); wrong types, empty entries, unbalanced
parentheses and unknown separators are findings naming the key and its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from skillgit.cli import main
from skillgit.skills.allowed_tools import string_problems
from skillgit.skills.findings import Level
from skillgit.skills.validate import validate_skill

FM = "name: my-skill\ndescription: A test skill. Use it when testing.\n"


def tool_findings(folder: Path, profile: str = "claude-code") -> list[tuple[str, Level, int]]:
    return [(f.rule, f.level, f.line or 0) for f in validate_skill(folder, profile=profile).findings
            if f.rule.startswith("allowed-tools") and f.level is not Level.INFO]


@pytest.mark.parametrize("value", [
    "Read Grep Glob",
    "Bash(git:*) Bash(jq:*) Read",                      # the spec's own example
    "Read, Grep, Bash(git commit:*)",                    # commas, spaces inside parentheses
    "Read,Grep",
    '"Bash(npm run test:*), WebFetch(domain:example.com)"',
    "mcp__github__create_issue mcp__my-server__* Task",
    '"Bash(python -c \\"print(1)\\")"',                  # nested parentheses
    r'"Bash(echo \\(x\\))"',                             # escaped parentheses
    "Read(./src/**) Edit(/docs/**)",
    "\n  - Read\n  - Bash(git:*)\n  - Bash(npm run lint:*)",
    "[Read, Grep, 'Bash(git log:*)']",
    "[]",
])
def test_valid_forms_are_clean(make_skill, value: str) -> None:
    folder = make_skill(frontmatter=FM + f"allowed-tools: {value}\n")
    assert tool_findings(folder) == []


@pytest.mark.parametrize(("value", "rule", "says"), [
    ("{Bash: git}", "allowed-tools-type", "mapping"),
    ("\n  Bash: git\n  Read: yes", "allowed-tools-type", "mapping"),
    ("42", "allowed-tools-type", "number 42"),
    ("true", "allowed-tools-type", "boolean"),
    ("[[Read, Grep], Bash]", "allowed-tools-type", "item 1 must be a string (got list"),
    ("\n  - Read\n  - - Grep", "allowed-tools-type", "item 2"),
    ("\n  - Read\n  - Bash: git", "allowed-tools-type", "item 2 must be a string (got mapping"),
    ("[Read, 3]", "allowed-tools-type", "item 2 must be a string (got number 3)"),
    ("[Read, null]", "allowed-tools-type", "null"),
    ("[Read, '']", "allowed-tools-format", "item 2 is empty"),
    ("Bash(git:*", "allowed-tools-format", "unclosed '('"),
    ("Read Bash(git:* Grep", "allowed-tools-format", "unclosed '('"),
    ("'Bash(git:*))'", "allowed-tools-format", "unbalanced"),
    ("Read)", "allowed-tools-format", "unbalanced"),
    ("[Read, 'Bash(git:*']", "allowed-tools-format", "item 2 entry 'Bash(git:*'"),
    ("Read,,Grep", "allowed-tools-format", "empty entry"),
    ("', Read'", "allowed-tools-format", "empty entry"),
    ("Read,", "allowed-tools-format", "ends with a comma"),
    ("Read;Grep", "allowed-tools-format", "';'"),
    ("Read|Grep", "allowed-tools-format", "'|'"),
    ("Read/Grep", "allowed-tools-format", "'/'"),
    ("Read + Grep", "allowed-tools-format", "'+'"),
    ("'\"Read\" \"Grep\"'", "allowed-tools-format", "tool name"),
    ("Bash()", "allowed-tools-format", "empty parentheses"),
    ("Bash(git)Read", "allowed-tools-format", "after its closing ')'"),
])
def test_malformed_values_are_findings_naming_key_and_line(make_skill, value: str, rule: str,
                                                           says: str) -> None:
    folder = make_skill(frontmatter=FM + "license: MIT\n" + f"allowed-tools: {value}\n")
    found = [f for f in validate_skill(folder, profile="claude-code").findings
             if f.rule == rule and f.level is not Level.INFO]
    assert found, value
    assert all(f.line == 5 and f.level is Level.ERROR and "'allowed-tools'" in f.message
               for f in found)
    assert any(says in f.message for f in found), [f.message for f in found]


def test_empty_string_is_a_warning(make_skill) -> None:
    folder = make_skill(frontmatter=FM + "allowed-tools: ''\n")
    assert tool_findings(folder) == [("allowed-tools-format", Level.WARNING, 4)]


def test_spec_profile_keeps_its_own_rule(make_skill) -> None:
    """Under the spec profile only the type is checked (its entry syntax is experimental)."""
    assert tool_findings(make_skill(frontmatter=FM + "allowed-tools: Read;Grep\n"), "spec") == []
    folder = make_skill(frontmatter=FM + "allowed-tools: [Read]\n")
    assert tool_findings(folder, "spec") == [("allowed-tools-type", Level.ERROR, 4)]


def test_cli_exit_code_and_line(make_skill, tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    make_skill(frontmatter=FM + "allowed-tools: Bash(git:*\n")
    assert main(["validate", "--profile", "claude-code", "my-skill"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("my-skill/SKILL.md:4: ERROR allowed-tools-format 'allowed-tools' ")


def test_every_problem_is_reported_once_per_entry() -> None:
    assert string_problems("Read Grep") == []
    assert len(string_problems("Read;Grep Bash(x Edit")) == 2  # ';' and the unclosed '('
