from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from skillgit.skills.findings import Finding, Level
from skillgit.skills.validate import validate_paths, validate_skill


def findings(path: Path, profile: str = "spec") -> list[Finding]:
    return [f for f in validate_skill(path, profile=profile).findings if f.rule != "context-cost"]


def rules(path: Path, profile: str = "spec", level: Level | None = None) -> list[str]:
    return sorted(f.rule for f in findings(path, profile) if level is None or f.level is level)


FM = "name: my-skill\ndescription: A test skill. Use it when testing.\n"


# --- spec fields ---------------------------------------------------------------------------

@pytest.mark.parametrize(("length", "ok"), [(64, True), (65, False)])
def test_name_length_boundary(make_skill, length: int, ok: bool) -> None:
    name = "a" * length
    folder = make_skill(name, frontmatter=f"name: {name}\ndescription: d\n")
    assert (rules(folder, level=Level.ERROR) == []) is ok


@pytest.mark.parametrize(("length", "ok"), [(1024, True), (1025, False)])
def test_description_length_counts_code_points(make_skill, length: int, ok: bool) -> None:
    folder = make_skill(frontmatter=f"name: my-skill\ndescription: {'é' * length}\n")
    assert (rules(folder, level=Level.ERROR) == []) is ok


@pytest.mark.parametrize(("value", "rule"), [
    ('""', "compatibility-length"),
    ("x" * 501, "compatibility-length"),
    ("[a]", "compatibility-type"),
])
def test_compatibility_rules(make_skill, value: str, rule: str) -> None:
    folder = make_skill(frontmatter=FM + f"compatibility: {value}\n")
    assert rules(folder, level=Level.ERROR) == [rule]


def test_compatibility_500_is_fine(make_skill) -> None:
    assert rules(make_skill(frontmatter=FM + f"compatibility: {'x' * 500}\n")) == []


@pytest.mark.parametrize(("value", "rule", "level"), [
    ("hello", "metadata-type", Level.ERROR),
    ("[a, b]", "metadata-type", Level.ERROR),
    ("{a: {b: c}}", "metadata-value", Level.ERROR),
    ("{version: 2}", "metadata-value", Level.WARNING),
    ("{when: 2024-01-01}", "metadata-value", Level.WARNING),
])
def test_metadata_must_map_strings_to_strings(make_skill, value, rule, level) -> None:
    folder = make_skill(frontmatter=FM + f"metadata: {value}\n")
    found = findings(folder)
    assert [(f.rule, f.level) for f in found] == [(rule, level)]
    assert found[0].line == 4


def test_allowed_tools_list_is_error_under_spec_info_under_claude_code(make_skill) -> None:
    folder = make_skill(frontmatter=FM + "allowed-tools:\n  - Read\n  - Grep\n")
    assert rules(folder, level=Level.ERROR) == ["allowed-tools-type"]
    assert rules(folder, "claude-code", Level.ERROR) == []
    assert rules(folder, "claude-code", Level.INFO) == ["allowed-tools-type"]


def test_name_must_be_a_string(make_skill) -> None:
    folder = make_skill("123", frontmatter="name: 123\ndescription: d\n")
    [finding] = findings(folder)
    assert finding.rule == "name-type" and "quote it" in finding.message


def test_name_is_checked_against_the_real_directory_from_inside(make_skill, monkeypatch) -> None:
    folder = make_skill()
    monkeypatch.chdir(folder)
    assert rules(Path("."), level=Level.ERROR) == []
    assert rules(Path("SKILL.md"), level=Level.ERROR) == []
    report = validate_paths(["."])
    assert [s.name for s in report.skills] == ["my-skill"]
    assert report.count(Level.ERROR) == 0


# --- profiles ------------------------------------------------------------------------------

def test_extension_fields_depend_on_profile(make_skill) -> None:
    folder = make_skill(frontmatter=FM + "disable-model-invocation: true\nmodel: opus\n")
    spec = findings(folder)
    assert [f.rule for f in spec] == ["unknown-field", "unknown-field"]
    assert "--profile claude-code" in spec[1].message
    assert rules(folder, "claude-code") == ["extension-field", "extension-field"]
    assert rules(folder, "claude-code", Level.INFO) == ["extension-field", "extension-field"]
    # Cursor documents disable-model-invocation, not model.
    assert rules(folder, "cursor", Level.ERROR) == ["unknown-field"]
    assert rules(folder, "codex", Level.ERROR) == ["unknown-field", "unknown-field"]


def test_wrongly_typed_extension_field_is_a_warning(make_skill) -> None:
    folder = make_skill(frontmatter=FM + "user-invocable: sometimes\neffort: huge\n")
    assert rules(folder, "claude-code") == ["extension-field", "extension-field"]
    assert rules(folder, "claude-code", Level.WARNING) == ["extension-field", "extension-field"]


def test_typo_still_fails_under_agent_profiles(make_skill) -> None:
    folder = make_skill(frontmatter="name: my-skill\ndescriptoin: typo\n")
    for profile in ("claude-code", "codex", "opencode", "gemini", "cursor"):
        assert "unknown-field" in rules(folder, profile, Level.ERROR)
        assert "description-missing" in rules(folder, profile, Level.ERROR)


# --- beyond the spec -----------------------------------------------------------------------

def test_body_size_warnings(make_skill) -> None:
    folder = make_skill(body="line\n" * 501)
    assert rules(folder) == ["body-lines"]
    folder = make_skill("other", body=("word " * 5000) + "\n")
    assert rules(folder) == ["body-tokens"]
    assert rules(make_skill("fine", body="line\n" * 500)) == []


def test_links_to_missing_files(make_skill) -> None:
    body = ("See [ref](references/guide.md) and [missing](references/nope.md#part).\n"
            "Run `scripts/run.py` or `scripts/gone.sh`.\n"
            "Web [site](https://example.com) [anchor](#top) [abs](/etc/hosts) "
            "![img](assets/x.png)\n"
            "```\n[in fence](fence/missing.md) `scripts/fenced.sh`\n```\n"
            "[def]: references/also-missing.md\n"
            "[outside](../other/SKILL.md)\n")
    folder = make_skill(body=body)
    (folder / "references").mkdir()
    (folder / "references" / "guide.md").write_text("ok")
    (folder / "scripts").mkdir()
    (folder / "scripts" / "run.py").write_text("print()")
    make_skill("other")
    found = [(f.rule, f.line, f.message.split("'")[1]) for f in findings(folder)]
    assert found == [
        ("broken-link", 5, "references/nope.md"),
        ("broken-link", 6, "scripts/gone.sh"),
        ("broken-link", 7, "assets/x.png"),
        ("broken-link", 11, "references/also-missing.md"),
        ("link-outside-skill", 12, "../other/SKILL.md"),
    ]


def test_home_paths_are_warnings_in_every_file(make_skill) -> None:
    folder = make_skill(body="Open /home/alice/project/x and /Users/bob/src and ~/ok\n")
    (folder / "scripts").mkdir()
    (folder / "scripts" / "run.sh").write_text("cd C:\\Users\\carol\\repo\n")
    found = findings(folder)
    assert [(f.rule, f.level, f.path.endswith(("SKILL.md", "run.sh"))) for f in found] == [
        ("home-path", Level.WARNING, True)] * 3
    assert {f.line for f in found if f.path.endswith("SKILL.md")} == {5}


def test_likely_secrets_are_errors(make_skill) -> None:
    folder = make_skill(body="export GITHUB_TOKEN=ghp_" + "a1B2c3D4e5F6g7H8i9J0" * 2 + "\n")
    (folder / "scripts").mkdir()
    (folder / "scripts" / "conf.py").write_text('AWS = "AKIAIOSFODNN7EXAMPLQ"\n')
    found = [f for f in findings(folder) if f.rule == "secret"]
    assert {(f.level, f.line) for f in found} == {(Level.ERROR, 5), (Level.ERROR, 1)}
    assert all("ghp_" not in f.message and "AKIA" not in f.message for f in found)


def test_duplicate_names_in_one_repository(make_skill, tmp_path: Path) -> None:
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    make_skill("a/dup", frontmatter="name: dup\ndescription: d\n")
    make_skill("b/dup", frontmatter="name: dup\ndescription: d\n")
    make_skill("c/unique", frontmatter="name: unique\ndescription: d\n")
    # Validating one skill still sees its twin elsewhere in the repository.
    report = validate_paths([tmp_path / "a" / "dup" / "SKILL.md"], cwd=tmp_path)
    [dup] = [f for f in report.findings if f.rule == "duplicate-name"]
    assert dup.path == os.path.join("a", "dup", "SKILL.md")
    assert os.path.join("b", "dup") in dup.message
    whole = validate_paths([tmp_path], cwd=tmp_path)
    assert sorted(f.path for f in whole.findings if f.rule == "duplicate-name") == [
        os.path.join("a", "dup", "SKILL.md"), os.path.join("b", "dup", "SKILL.md")]


def test_context_cost_is_reported(make_skill) -> None:
    folder = make_skill(frontmatter="name: my-skill\ndescription: " + "x" * 400 + "\n")
    report = validate_skill(folder)
    assert report.context_tokens == (len("my-skill " + "x" * 400) + 3) // 4
    assert any(f.rule == "context-cost" and f.level is Level.INFO for f in report.findings)


# --- unreadable input is a finding ---------------------------------------------------------

@pytest.mark.parametrize(("raw", "rule", "line"), [
    (b"---\nname: my-skill\ndescription: caf\xe9\n---\n", "encoding", 3),
    (b"---\nname: my-skill\ndescription: d\n", "frontmatter-unclosed", 1),
    (b"# no frontmatter\n", "frontmatter-missing", 1),
    (b"---\n- a\n- b\n---\n", "yaml-not-mapping", 2),
    (b"---\njust a string\n---\n", "yaml-not-mapping", 2),
    (b"---\n---\nbody\n", "yaml-not-mapping", 2),
    (b"---\nname: [x\n---\n", "yaml-invalid", 3),
    (b"---\nname: !!python/object:os.system x\n---\n", "yaml-invalid", 2),
    (b"---\nname: my-skill\nwhen: 2024-13-45\n---\n", "yaml-invalid", 2),
])
def test_unreadable_skill_md_is_one_error(make_skill, raw: bytes, rule: str, line: int) -> None:
    folder = make_skill(raw=raw)
    [finding] = findings(folder)
    assert (finding.rule, finding.level, finding.line) == (rule, Level.ERROR, line)


def test_duplicate_key_is_an_error_with_its_line(make_skill) -> None:
    folder = make_skill(frontmatter="name: my-skill\ndescription: a\ndescription: b\n")
    [finding] = findings(folder)
    assert (finding.rule, finding.line) == ("yaml-duplicate-key", 4)


def test_directory_named_skill_md(tmp_path: Path) -> None:
    (tmp_path / "my-skill" / "SKILL.md").mkdir(parents=True)
    [finding] = validate_paths([tmp_path]).findings
    assert finding.rule == "file-unreadable" and "is a directory" in finding.message


def test_symlink_loop(tmp_path: Path) -> None:
    folder = tmp_path / "my-skill"
    folder.mkdir()
    os.symlink("SKILL.md", folder / "SKILL.md")
    os.symlink(tmp_path, folder / "loop")  # a directory loop below the scan root, too
    [finding] = validate_paths([tmp_path]).findings
    assert finding.rule == "file-unreadable" and "symlink loop" in finding.message


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_fifo_named_skill_md_is_an_error_not_a_hang(tmp_path: Path) -> None:
    folder = tmp_path / "my-skill"
    folder.mkdir()
    os.mkfifo(folder / "SKILL.md")
    [finding] = validate_paths([tmp_path]).findings
    assert finding.rule == "file-unreadable" and "not a regular file" in finding.message


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_fifo_inside_a_skill_is_reported_not_read(make_skill) -> None:
    folder = make_skill(body="See [pipe](pipe).\n")
    os.mkfifo(folder / "pipe")
    [finding] = findings(folder)  # no hang waiting for a writer, and no silence either
    assert (finding.rule, finding.level) == ("file-unreadable", Level.WARNING)
    assert finding.path.endswith("my-skill/pipe") and "is a pipe" in finding.message
