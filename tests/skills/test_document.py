from __future__ import annotations

from pathlib import Path

import pytest

from skillgit.skills.document import DocumentProblem, SkillDocument, decode_utf8
from skillgit.skills.frontmatter import parse_frontmatter
from skillgit.skills.model import load_skill


def test_round_trip_is_byte_exact_for_every_corpus_skill(corpus_dir: Path) -> None:
    files = sorted((corpus_dir / "skills").glob("*/*/SKILL.md"))
    assert len(files) >= 39
    for path in files:
        data = path.read_bytes()
        assert SkillDocument.from_bytes(data).to_bytes() == data, path


@pytest.mark.parametrize("data", [
    b"---\nname: a\ndescription: b\n---\nbody\n",
    b"---\r\nname: a\r\ndescription: b\r\n---\r\nbody\r\nmore\r\n",
    b"\xef\xbb\xbf---\nname: a\n---\n",
    b"---\nname: a\n---",                        # closing delimiter at EOF, no newline
    b"---  \nname: a\n---\t\nbody",             # trailing whitespace on delimiter lines
    b"---\nname: a\n---\n\n\n# body\n---\nnot frontmatter\n",
    b"---\n---\n",
])
def test_round_trip_edge_cases(data: bytes) -> None:
    assert SkillDocument.from_bytes(data).to_bytes() == data


def test_crlf_and_bom_are_understood() -> None:
    doc = SkillDocument.from_bytes(b"\xef\xbb\xbf---\r\nname: x\r\ndescription: y\r\n---\r\nB\r\n")
    assert doc.bom and doc.newline == "\r\n"
    fm = parse_frontmatter(doc.frontmatter_raw)
    assert fm.data == {"name": "x", "description": "y"}
    assert doc.body == "B\r\n"


def test_dashes_inside_a_value_do_not_end_the_frontmatter() -> None:
    doc = SkillDocument.from_text(
        "---\nname: my-skill\ndescription: foo --- bar\nlicense: MIT\n---\nbody\n")
    fm = parse_frontmatter(doc.frontmatter_raw)
    assert fm.data["description"] == "foo --- bar"
    assert fm.data["license"] == "MIT"


def test_delimiter_must_be_a_whole_line() -> None:
    # `description: y---` must not close the block; `----` is not a delimiter either.
    with pytest.raises(DocumentProblem, match="not properly closed"):
        SkillDocument.from_text("---\nname: x\ndescription: y---\n----\nbody\n")


def test_frontmatter_must_be_first_line() -> None:
    with pytest.raises(DocumentProblem) as info:
        SkillDocument.from_text("\n---\nname: x\n---\n")
    assert info.value.rule == "frontmatter-missing"


def test_line_numbers_of_keys_and_body() -> None:
    doc = SkillDocument.from_text("---\nname: x\n\ndescription: |\n  a\n  b\n---\n# Body\n")
    fm = parse_frontmatter(doc.frontmatter_raw, doc.frontmatter_first_line)
    assert fm.line_of("name") == 2
    assert fm.line_of("description") == 4
    assert doc.body_first_line == 8
    assert doc.to_text().split("\n")[doc.body_first_line - 1] == "# Body"


def test_invalid_utf8_names_the_line() -> None:
    with pytest.raises(DocumentProblem) as info:
        decode_utf8(b"---\nname: x\ndescription: caf\xe9\n---\n")
    assert info.value.rule == "encoding"
    assert info.value.line == 3


def test_yaml_error_line_is_a_file_line() -> None:
    doc = SkillDocument.from_text("---\nname: x\ndescription: [oops\n---\n")
    with pytest.raises(DocumentProblem) as info:
        parse_frontmatter(doc.frontmatter_raw, doc.frontmatter_first_line)
    assert info.value.rule == "yaml-invalid"
    assert info.value.line is not None and info.value.line >= 3


def test_duplicate_keys_are_found_with_both_lines() -> None:
    fm = parse_frontmatter("name: a\ndescription: b\nname: c\nmetadata:\n  k: 1\n  k: 2\n")
    assert [(d.key, d.line, d.first_line) for d in fm.duplicates] == [
        ("name", 4, 2), ("k", 7, 6)]


def test_alias_cycles_and_bombs_do_not_hang() -> None:
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
        f"*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n" for i in range(12))
    fm = parse_frontmatter(bomb)
    assert fm.duplicates == []
    assert set(fm.data) >= {"a", "b"}


def test_load_skill_keeps_unchanged_bytes(tmp_path: Path) -> None:
    folder = tmp_path / "my-skill"
    folder.mkdir()
    data = "---\r\nname: my-skill\r\ndescription: \"é — ok\"\r\n---\r\n# Title\r\n".encode()
    (folder / "SKILL.md").write_bytes(data)
    assert load_skill(folder).document.to_bytes() == data


@pytest.mark.parametrize("raw", [
    "description: " + "[" * 200_000 + "]" * 200_000 + "\n",
    "metadata:\n" + "- " * 200_000 + "x\n",
])
def test_absurd_nesting_is_an_error_not_a_crash(raw: str) -> None:
    # libyaml's composer recursed on the C stack and crashed the process (SIGSEGV).
    with pytest.raises(DocumentProblem, match="nested too deeply") as caught:
        parse_frontmatter(raw)
    assert caught.value.rule == "yaml-invalid"
