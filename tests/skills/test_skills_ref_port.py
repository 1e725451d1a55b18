"""The 40 tests of the reference validator skills-ref (agentskills/agentskills, skills-ref/tests),
ported to skillgit's API: 15 parser, 4 prompt, 21 validator tests, same inputs, same key phrases.

Where the spec and skills-ref disagree, skillgit follows the spec and the test asserts the spec's
outcome; each such test says so in a "DECISION" comment (see README, "Validation decisions"):
- Unicode names (技能, мой-навык, навык, NFKC café): the spec lists `a-z`, `0-9`, `-`; skillgit
  rejects other characters with `name-characters` (skills-ref accepts any Unicode letter).
- `skill.md` in lower case: the spec and the client guide name the file exactly `SKILL.md`;
  skillgit reports `skill-file-name` instead of silently reading it.
- `metadata: {version: 1.0}`: skills-ref stringifies every scalar (StrictYAML); skillgit keeps the
  YAML type and warns (`metadata-value`) that the spec wants string values.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from skillgit.skills.catalog import to_prompt
from skillgit.skills.discover import find_skill_dirs
from skillgit.skills.document import DocumentProblem, SkillDocument
from skillgit.skills.findings import Level
from skillgit.skills.frontmatter import parse_frontmatter
from skillgit.skills.model import SkillLoadError, load_skill
from skillgit.skills.validate import validate_skill


def errors(path: Path) -> list[str]:
    report = validate_skill(path)
    return [f.message for f in report.findings if f.level is Level.ERROR]


def parse(text: str) -> tuple[dict[str, object], str]:
    document = SkillDocument.from_text(text)
    return parse_frontmatter(document.frontmatter_raw).data, document.body


# --- test_parser.py (15) -------------------------------------------------------------------

def test_valid_frontmatter() -> None:
    data, body = parse("---\nname: my-skill\ndescription: A test skill\n---\n# My Skill\n\nBody.\n")
    assert data["name"] == "my-skill"
    assert data["description"] == "A test skill"
    assert "# My Skill" in body


def test_missing_frontmatter() -> None:
    with pytest.raises(DocumentProblem, match="must start with YAML frontmatter"):
        SkillDocument.from_text("# No frontmatter here\n")


def test_unclosed_frontmatter() -> None:
    with pytest.raises(DocumentProblem, match="not properly closed"):
        SkillDocument.from_text("---\nname: my-skill\ndescription: A test skill\n")


def test_invalid_yaml() -> None:
    with pytest.raises(DocumentProblem, match="Invalid YAML"):
        parse("---\nname: [invalid\n---\nBody\n")


def test_non_dict_frontmatter() -> None:
    with pytest.raises(DocumentProblem, match="must be a YAML mapping"):
        parse("---\n- item1\n- item2\n---\nBody\n")


def test_read_valid_skill(make_skill) -> None:
    folder = make_skill(frontmatter="name: my-skill\ndescription: A test skill\nlicense: MIT\n")
    skill = load_skill(folder)
    assert skill.name == "my-skill"
    assert skill.description == "A test skill"
    assert skill.fields["license"] == "MIT"


def test_read_with_metadata(make_skill) -> None:
    folder = make_skill(frontmatter=(
        "name: my-skill\ndescription: A test skill\n"
        "metadata:\n  author: Test Author\n  version: 1.0\n"))
    # DECISION: the YAML number keeps its type (skills-ref would give "1.0") and is flagged.
    assert load_skill(folder).fields["metadata"] == {"author": "Test Author", "version": 1.0}
    findings = validate_skill(folder).findings
    assert [f.rule for f in findings if f.level is Level.WARNING] == ["metadata-value"]
    assert not [f for f in findings if f.level is Level.ERROR]


def test_missing_skill_md(tmp_path: Path) -> None:
    (tmp_path / "my-skill").mkdir()
    with pytest.raises(SkillLoadError, match=r"SKILL\.md not found"):
        load_skill(tmp_path / "my-skill")


def test_missing_name(make_skill) -> None:
    folder = make_skill(frontmatter="description: A test skill\n")
    assert any("Missing required field in frontmatter: name" in e for e in errors(folder))


def test_missing_description(make_skill) -> None:
    folder = make_skill(frontmatter="name: my-skill\n")
    assert any("Missing required field in frontmatter: description" in e for e in errors(folder))


def test_find_skill_md_prefers_uppercase(tmp_path: Path) -> None:
    folder = tmp_path / "my-skill"
    folder.mkdir()
    (folder / "SKILL.md").write_text("---\nname: my-skill\ndescription: Upper\n---\n")
    (folder / "skill.md").write_text("---\nname: my-skill\ndescription: Lower\n---\n")
    assert load_skill(folder).description == "Upper"
    assert errors(folder) == []


def test_find_skill_md_accepts_lowercase(tmp_path: Path) -> None:
    # DECISION: found, but reported: the file must be named exactly SKILL.md.
    folder = tmp_path / "my-skill"
    folder.mkdir()
    (folder / "skill.md").write_text("---\nname: my-skill\ndescription: Lower\n---\n")
    assert find_skill_dirs([tmp_path]) == [folder]
    assert errors(folder) == ["found 'skill.md': the file must be named exactly SKILL.md"]


def test_find_skill_md_returns_none_when_missing(tmp_path: Path) -> None:
    (tmp_path / "my-skill").mkdir()
    assert find_skill_dirs([tmp_path]) == []


def test_read_properties_with_lowercase_skill_md(tmp_path: Path) -> None:
    # DECISION: as above; loading names the misnamed file instead of reading it.
    folder = tmp_path / "my-skill"
    folder.mkdir()
    (folder / "skill.md").write_text("---\nname: my-skill\ndescription: A test skill\n---\n")
    with pytest.raises(SkillLoadError, match=r"must be named exactly SKILL\.md"):
        load_skill(folder)


def test_read_with_allowed_tools(make_skill) -> None:
    folder = make_skill(frontmatter=(
        "name: my-skill\ndescription: A test skill\nallowed-tools: Bash(jq:*) Bash(git:*)\n"))
    assert load_skill(folder).fields["allowed-tools"] == "Bash(jq:*) Bash(git:*)"
    assert errors(folder) == []


# --- test_prompt.py (4) --------------------------------------------------------------------

def test_empty_list() -> None:
    assert to_prompt([]) == "<available_skills>\n</available_skills>"


def test_single_skill(make_skill) -> None:
    out = to_prompt([load_skill(make_skill(frontmatter="name: my-skill\n"
                                                       "description: A test skill\n"))])
    assert "<available_skills>" in out and "</available_skills>" in out
    assert "<name>\nmy-skill\n</name>" in out
    assert "<description>\nA test skill\n</description>" in out
    assert "<location>" in out and "SKILL.md" in out


def test_multiple_skills(make_skill) -> None:
    out = to_prompt([load_skill(make_skill("skill-a")), load_skill(make_skill("skill-b"))])
    assert out.count("<skill>") == 2 and out.count("</skill>") == 2
    assert "skill-a" in out and "skill-b" in out


def test_special_characters_escaped(make_skill) -> None:
    folder = make_skill(frontmatter='name: my-skill\ndescription: "Use <foo> & <bar> tags"\n')
    out = to_prompt([load_skill(folder)])
    assert "&lt;foo&gt;" in out and "&amp;" in out and "&lt;bar&gt;" in out
    assert "<foo>" not in out and "<bar>" not in out


# --- test_validator.py (21) ----------------------------------------------------------------

def test_valid_skill(make_skill) -> None:
    assert errors(make_skill()) == []


def test_nonexistent_path(tmp_path: Path) -> None:
    found = errors(tmp_path / "nonexistent")
    assert len(found) == 1 and "does not exist" in found[0]


def test_not_a_directory(tmp_path: Path) -> None:
    file = tmp_path / "file.txt"
    file.write_text("hello")
    found = errors(file)
    assert len(found) == 1 and "Not a directory" in found[0]


def test_missing_skill_md_validator(tmp_path: Path) -> None:
    (tmp_path / "my-skill").mkdir()
    found = errors(tmp_path / "my-skill")
    assert len(found) == 1 and "Missing required file: SKILL.md" in found[0]


def test_invalid_name_uppercase(make_skill) -> None:
    folder = make_skill("MySkill", frontmatter="name: MySkill\ndescription: A test skill\n")
    assert any("lowercase" in e for e in errors(folder))


def test_name_too_long(make_skill) -> None:
    name = "a" * 70
    folder = make_skill(name, frontmatter=f"name: {name}\ndescription: A test skill\n")
    assert any("exceeds" in e and "character limit" in e for e in errors(folder))


def test_name_leading_hyphen(make_skill) -> None:
    folder = make_skill("-my-skill", frontmatter="name: -my-skill\ndescription: A test skill\n")
    assert any("cannot start or end with a hyphen" in e for e in errors(folder))


def test_name_consecutive_hyphens(make_skill) -> None:
    folder = make_skill("my--skill", frontmatter="name: my--skill\ndescription: A test skill\n")
    assert any("consecutive hyphens" in e for e in errors(folder))


def test_name_invalid_characters(make_skill) -> None:
    folder = make_skill("my_skill", frontmatter="name: my_skill\ndescription: A test skill\n")
    assert any("invalid characters" in e for e in errors(folder))


def test_name_directory_mismatch(make_skill) -> None:
    folder = make_skill("wrong-name", frontmatter="name: correct-name\ndescription: A test\n")
    assert any("must match skill name" in e for e in errors(folder))


def test_unexpected_fields(make_skill) -> None:
    folder = make_skill(frontmatter=(
        "name: my-skill\ndescription: A test skill\nunknown_field: should not be here\n"))
    assert any("Unexpected fields" in e for e in errors(folder))


def test_valid_with_all_fields(make_skill) -> None:
    folder = make_skill(frontmatter=(
        "name: my-skill\ndescription: A test skill\nlicense: MIT\nmetadata:\n  author: Test\n"))
    assert errors(folder) == []


def test_allowed_tools_accepted(make_skill) -> None:
    folder = make_skill(frontmatter=(
        "name: my-skill\ndescription: A test skill\nallowed-tools: Bash(jq:*) Bash(git:*)\n"))
    assert errors(folder) == []


@pytest.mark.parametrize("name", ["技能", "мой-навык", "навык"])
def test_i18n_names(make_skill, name: str) -> None:
    # DECISION: skills-ref accepts these; the spec's explicit a-z/0-9/- list does not.
    folder = make_skill(name, frontmatter=f"name: {name}\ndescription: A test skill\n")
    found = errors(folder)
    assert len(found) == 1 and "invalid characters" in found[0]


def test_i18n_russian_uppercase_rejected(make_skill) -> None:
    folder = make_skill("НАВЫК", frontmatter="name: НАВЫК\ndescription: A test skill\n")
    assert any("lowercase" in e for e in errors(folder))


def test_description_too_long(make_skill) -> None:
    folder = make_skill(frontmatter=f"name: my-skill\ndescription: {'x' * 1100}\n")
    assert any("exceeds" in e and "1024" in e for e in errors(folder))


def test_valid_compatibility(make_skill) -> None:
    folder = make_skill(frontmatter=(
        "name: my-skill\ndescription: A test skill\ncompatibility: Requires Python 3.11+\n"))
    assert errors(folder) == []


def test_compatibility_too_long(make_skill) -> None:
    folder = make_skill(frontmatter=(
        f"name: my-skill\ndescription: A test skill\ncompatibility: {'x' * 550}\n"))
    assert any("exceeds" in e and "500" in e for e in errors(folder))


def test_nfkc_normalization(make_skill) -> None:
    # DECISION: skills-ref NFKC-normalises both sides and passes; under the spec's ASCII list
    # 'é' is not allowed at all, and the decomposed name does not equal the directory name.
    folder = make_skill("café", frontmatter="name: cafe\u0301\ndescription: A test skill\n")
    rules = {f.rule for f in validate_skill(folder).findings if f.level is Level.ERROR}
    assert rules == {"name-characters", "name-directory-mismatch"}
