from __future__ import annotations

import io
import json
import os
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skillgit.cli import main
from skillgit.printable import json_printable
from skillgit.report import report_json
from skillgit.skills.findings import Finding, Level
from skillgit.skills.validate import SkillReport, ValidationReport

GOOD = "---\nname: {name}\ndescription: Does a thing. Use it when testing.\n---\n# Body\n"


def write_skill(root: Path, rel: str, text: str | None = None) -> Path:
    folder = root / rel
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "SKILL.md").write_text(text if text is not None else GOOD.format(name=folder.name))
    return folder


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    write_skill(tmp_path, "skills/good")
    write_skill(tmp_path, "skills/bad", "---\nname: Bad_Name\ndescription: d\n---\n")
    write_skill(tmp_path, "skills/warn", GOOD.format(name="warn") + "see /home/alice/x\n")
    return tmp_path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["validate", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_text_format_and_exit_code(repo: Path, capsys) -> None:
    code, out, err = run(capsys, ".")
    assert code == 1
    lines = out.splitlines()
    bad = os.path.join("skills", "bad", "SKILL.md")
    assert f"{bad}:2: ERROR name-case Skill name 'Bad_Name' must be lowercase" in lines
    assert any(line.startswith(f"{bad}:2: ERROR name-directory-mismatch") for line in lines)
    assert any("WARNING home-path" in line for line in lines)
    assert "context-cost" not in out  # info only with -v
    assert "3 skills checked (spec profile): 3 errors, 1 warnings" in err


def test_warnings_pass_unless_strict(repo: Path, capsys) -> None:
    assert run(capsys, "skills/good", "skills/warn")[0] == 0
    assert run(capsys, "--strict", "skills/good", "skills/warn")[0] == 1
    assert run(capsys, "--strict", "skills/good")[0] == 0


def test_verbose_shows_info(repo: Path, capsys) -> None:
    code, out, _ = run(capsys, "-v", "skills/good")
    assert code == 0 and "INFO context-cost" in out


def test_json_schema(repo: Path, capsys) -> None:
    code, out, err = run(capsys, "--format", "json", ".")
    assert code == 1 and err == ""
    doc = json.loads(out)
    assert doc["version"] == 1 and doc["profile"] == "spec"
    assert doc["summary"] == {"skills": 3, "errors": 3, "warnings": 1, "infos": 3,
                              "context_tokens": doc["summary"]["context_tokens"]}
    assert [s["path"] for s in doc["skills"]] == [
        os.path.join("skills", n) for n in ("bad", "good", "warn")]
    finding = doc["skills"][0]["findings"][0]
    assert set(finding) == {"path", "line", "level", "rule", "message"}
    assert set(doc["skills"][0]) == {"path", "name", "context_tokens", "errors", "findings"}


def test_github_format_escapes(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    write_skill(tmp_path, "a,b", "---\nname: 'x: y'\ndescription: d\n---\n")
    code, out, _ = run(capsys, "--format", "github", ".")
    assert code == 1
    assert out.startswith("::error file=a%2Cb/SKILL.md,line=2,title=skillgit name-characters::")
    assert "\n" not in out.rstrip("\n").split("\n")[0][1:]


def test_github_format_escapes_control_characters(tmp_path: Path, monkeypatch, capsys) -> None:
    # Like text output: no terminal escapes or other control bytes from a SKILL.md reach the
    # log; GitHub's own %25/%0D/%0A escapes (and %3A/%2C in properties) stay as they are.
    monkeypatch.chdir(tmp_path)
    write_skill(tmp_path, "esc\x1b[2Jdir", '---\nname: "x\\e[31m\\a\\0%\\r\\n: y"\n'
                "description: d\n---\n")
    code, out, _ = run(capsys, "--format", "github", ".")
    assert code == 1
    lines = out.splitlines()
    assert len(lines) == 2
    assert all(line.startswith("::error file=esc\\x1b[2Jdir/SKILL.md,line=2,title=skillgit ")
               for line in lines)
    assert not any(ord(c) < 0x20 or 0x7f <= ord(c) <= 0x9f for c in "".join(lines))
    assert "'x\\x1b[31m\\x07\\x00%25%0D%0A: y'" in lines[0]


def test_text_format_keeps_one_finding_per_line(tmp_path: Path, monkeypatch, capsys) -> None:
    # A SKILL.md must not start a line of its own (a workflow command in CI) or send terminal
    # escapes: control characters in paths and messages are shown escaped.
    monkeypatch.chdir(tmp_path)
    write_skill(tmp_path, "new\nline", '---\nname: "x\\n::warning::injected \\e[31m"\n'
                "description: d\n---\n")
    code, out, _ = run(capsys, ".")
    assert code == 1 and "\x1b" not in out
    lines = out.splitlines()
    assert len(lines) == 2 and all(line.startswith("new\\nline/SKILL.md:") for line in lines)
    assert "'x\\n::warning::injected \\x1b[31m'" in lines[0]


def test_usage_errors_exit_2(repo: Path, capsys) -> None:
    code, _, err = run(capsys, "no/such/path")
    assert code == 2 and "does not exist" in err
    code, _, err = run(capsys, "--profile", "vscode", ".")
    assert code == 2 and "vscode" in err


def test_precommit_style_file_arguments(repo: Path, capsys) -> None:
    (repo / "skills" / "good" / "scripts").mkdir()
    (repo / "skills" / "good" / "scripts" / "x.py").write_text("print(1)\n")
    (repo / "README.md").write_text("not a skill\n")
    code, out, err = run(capsys, "skills/good/scripts/x.py", "README.md")
    assert code == 0 and out == ""
    assert "1 skill checked" in err
    code, out, _ = run(capsys, "skills/bad/SKILL.md", "README.md")
    assert code == 1 and "name-case" in out


def test_no_skills_found_is_said(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, ".")
    assert code == 0 and out == "" and "no skills found" in err


def test_skill_folder_without_skill_md_is_an_error(tmp_path: Path, monkeypatch, capsys) -> None:
    """A folder given as PATH that holds a skill's resources but no SKILL.md: skill-file-missing
    (exit 1), not 'no skills found'. A scan of the default '.' or of a repository stays quiet."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "half-skill" / "scripts").mkdir(parents=True)
    (tmp_path / "half-skill" / "scripts" / "run.sh").write_text("echo hi\n")
    code, out, err = run(capsys, "half-skill")
    assert code == 1
    assert out.startswith("half-skill/SKILL.md: ERROR skill-file-missing ")
    assert "1 skill checked" in err
    code, out, _ = run(capsys, "--format", "json", "half-skill")
    doc = json.loads(out)
    assert [f["rule"] for f in doc["skills"][0]["findings"]] == ["skill-file-missing"]
    monkeypatch.chdir(tmp_path / "half-skill")
    code, out, err = run(capsys)  # no PATH: a scan, not a claim that this is a skill
    assert code == 0 and out == "" and "no skills found" in err
    monkeypatch.chdir(tmp_path)
    (tmp_path / "plain").mkdir()
    code, out, err = run(capsys, "plain")  # nothing skill-like in it
    assert code == 0 and out == "" and "no skills found" in err
    (tmp_path / "project" / "scripts").mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(tmp_path / "project")], check=True)
    code, out, err = run(capsys, "project")  # a repository root with scripts/ is not a skill
    assert code == 0 and out == "" and "no skills found" in err
    write_skill(tmp_path, "withskill/skills/one")
    (tmp_path / "withskill" / "assets").mkdir()
    code, out, err = run(capsys, "withskill")  # skills below: scanned as a folder of skills
    assert code == 0 and out == "" and "1 skill checked" in err
    (tmp_path / "withskill" / "skills" / "one" / "references" / "assets").mkdir(parents=True)
    code, out, err = run(capsys, "withskill/skills/one/references")  # inside a skill
    assert code == 0 and "skill-file-missing" not in out


def test_gitignored_skills_are_skipped(tmp_path: Path, monkeypatch, capsys) -> None:
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    monkeypatch.chdir(tmp_path)
    write_skill(tmp_path, "skills/kept")
    write_skill(tmp_path, "build/copied", "---\nname: WRONG\n---\n")
    (tmp_path / ".gitignore").write_text("build/\n")
    code, out, err = run(capsys, ".")
    assert code == 0 and out == "" and "1 skill checked" in err


def test_non_utf8_and_bad_yaml_never_traceback(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "enc").mkdir()
    (tmp_path / "enc" / "SKILL.md").write_bytes(b"---\nname: enc\ndescription: \xff\n---\n")
    write_skill(tmp_path, "yaml", "---\nname: yaml\ndescription: [\n---\n")
    code, out, err = run(capsys, ".")
    assert code == 1 and "Traceback" not in out + err
    assert "ERROR encoding" in out and "ERROR yaml-invalid" in out


def reference_json(report: ValidationReport) -> str:
    """What report_json wrote before it laid the document out itself: json.dump(indent=2),
    with C1 controls and bidi characters escaped (`skillgit.printable.json_printable`)."""
    document = {
        "version": 1,
        "profile": report.profile,
        "summary": {"skills": len(report.skills), "errors": report.count(Level.ERROR),
                    "warnings": report.count(Level.WARNING), "infos": report.count(Level.INFO),
                    "context_tokens": report.context_tokens},
        "skills": [{"path": s.path, "name": s.name, "context_tokens": s.context_tokens,
                    "errors": s.errors,
                    "findings": [f.model_dump(mode="json")
                                 for f in sorted(s.findings, key=Finding.sort_key)]}
                   for s in report.skills],
    }
    return json_printable(json.dumps(document, indent=2, ensure_ascii=False) + "\n")


TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)
FINDINGS = st.builds(Finding, path=TEXT, line=st.none() | st.integers(0, 10**6),
                     level=st.sampled_from(Level), rule=TEXT, message=TEXT)
SKILLS = st.builds(SkillReport, path=TEXT, name=st.none() | TEXT,
                   context_tokens=st.none() | st.integers(0, 10**6),
                   findings=st.lists(FINDINGS, max_size=3))


@settings(max_examples=200, deadline=None)
@given(report=st.builds(ValidationReport, profile=TEXT, skills=st.lists(SKILLS, max_size=3)))
def test_json_layout_is_json_dump_indent_2(report: ValidationReport) -> None:
    out = io.StringIO()
    report_json(report, out, False)
    assert out.getvalue() == reference_json(report)
    assert json.loads(out.getvalue())["profile"] == report.profile  # the same data
