"""The fast paths of loading and checking a skill give what the plain versions they replaced
gave: each plain version is kept here as the reference and compared on generated input."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from skillgit.skills import content_rules, skill_files
from skillgit.skills.content_rules import _fence_lines, _prose
from skillgit.skills.document import DocumentProblem, SkillDocument
from skillgit.skills.frontmatter import parse_frontmatter
from skillgit.skills.model import SkillLoadError, load_skill, read_skill_md
from skillgit.skills.validate import _display, display_path

# --- SKILL.md splitting --------------------------------------------------------------------


def split_reference(text: str) -> tuple[str, str, str, str] | None:
    """The line-by-line loop SkillDocument.from_text used to run (text without BOM)."""
    nl = text.find("\n")
    first_end = len(text) if nl < 0 else nl + 1
    if text[:first_end].rstrip("\n").rstrip("\r").rstrip() != "---":
        return None
    pos = first_end
    while pos < len(text):
        nl = text.find("\n", pos)
        end = len(text) if nl < 0 else nl + 1
        if text[pos:end].rstrip("\n").rstrip("\r").rstrip() == "---":
            return text[:first_end], text[first_end:pos], text[pos:end], text[end:]
        pos = end
    return ("unclosed", "", "", "")


LINE = st.sampled_from(["---", "---", "--- ", "---\t", "---\r", "---\x0c", "---\x1c", "---\x85",
                       "---\xa0", "---\u2028", "---x", "-- -", " ---", "----", "", "a: b", "\r"])
LINEISH = st.tuples(st.lists(LINE, max_size=6), st.sampled_from(["\n", "\r\n"]),
                    st.booleans()).map(lambda t: t[1].join(t[0]) + (t[1] if t[2] else ""))


@settings(max_examples=500, deadline=None)
@given(text=LINEISH)
def test_from_text_splits_like_the_line_loop(text: str) -> None:
    expected = split_reference(text)
    try:
        doc = SkillDocument.from_text(text)
    except DocumentProblem as problem:
        assert (problem.rule == "frontmatter-missing") == (expected is None)
        assert (problem.rule == "frontmatter-unclosed") == (expected == ("unclosed", "", "", ""))
        return
    assert (doc.opening, doc.frontmatter_raw, doc.closing, doc.body) == expected


# --- fenced code and inline code -----------------------------------------------------------

FENCE_LINE = re.compile(r"^ {0,3}(`{3,}|~{3,})", re.M)
INLINE_CODE = re.compile(r"(`+)(.+?)\1")


def prose_reference(body: str) -> str:
    """content_rules._prose as it was, on the `^`-anchored regex."""
    if "```" not in body and "~~~" not in body:
        return body
    parts: list[str] = []
    done = 0
    fence: re.Match[str] | None = None
    for match in FENCE_LINE.finditer(body):
        marker = match.group(1)
        if fence is None:
            fence = match
        elif marker[0] == fence.group(1)[0] and len(marker) >= len(fence.group(1)):
            end = body.find("\n", match.end())
            end = len(body) if end < 0 else end
            parts += [body[done:fence.start()], "\n" * body[fence.start():end].count("\n")]
            done, fence = end, None
    if fence is not None:
        parts += [body[done:fence.start()], "\n" * body[fence.start():].count("\n")]
        done = len(body)
    parts.append(body[done:])
    return "".join(parts)


BODYISH = st.lists(st.sampled_from(
    ["`", "~", " ", "\n", "x", "[a](b.md)", "\r", "```", "~~~", "````", "\n```", "\n~~~~",
     "\n   ```", "\n    ```", "\n  ~~~", "\n     ~~~", "`x`", "``y``"]),
    max_size=40).map("".join)


@settings(max_examples=500, deadline=None)
@given(body=BODYISH)
def test_fence_lines_and_prose_match_the_regex(body: str) -> None:
    assert _fence_lines(body) == [(m.start(), m.group(1), m.end())
                                  for m in FENCE_LINE.finditer(body)]
    assert _prose(body) == prose_reference(body)
    assert [m.groups() for m in content_rules._INLINE_CODE.finditer(body)] == [
        m.groups() for m in INLINE_CODE.finditer(body)]


# --- frontmatter ---------------------------------------------------------------------------

SCALARS = ["x", "'1.0'", "1.0", "yes", "null", "~", "2024-01-02", '"a: b"', "[a, b]", "{a: b}",
           "&s v", "*s", "!!str 3", "|\n    block", ">-\n    folded", "''", ""]
KEYS = ["name", "description", "metadata", "'<<'", "<<", "=", "1", "'k'", "? [a]\n", "name"]


@st.composite
def frontmatter_text(draw: st.DrawFn) -> str:
    lines: list[str] = []
    for _ in range(draw(st.integers(0, 5))):
        key = draw(st.sampled_from(KEYS))
        if draw(st.booleans()):
            lines.append(f"{key}: {draw(st.sampled_from(SCALARS))}")
        else:
            lines.append(f"{key}:" if draw(st.booleans()) else f"{key}: &m")
            for _ in range(draw(st.integers(0, 3))):
                lines.append(f"  {draw(st.sampled_from(KEYS[:3]))}: "
                             f"{draw(st.sampled_from(SCALARS[:8]))}")
    return "\n".join(lines) + "\n"


@settings(max_examples=400, deadline=None)
@given(raw=frontmatter_text())
def test_frontmatter_data_is_what_pyyaml_builds(raw: str) -> None:
    try:
        expected = yaml.load(raw, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except Exception:
        expected = None
    try:
        data = parse_frontmatter(raw).data
    except DocumentProblem:
        assert not isinstance(expected, dict) or not expected
        return
    assert isinstance(expected, dict)
    assert data == {k: v for k, v in expected.items() if isinstance(k, str)}


def test_a_mapping_reached_through_an_alias_is_one_object() -> None:
    data = parse_frontmatter("metadata: &m {a: b}\nother: *m\n").data
    assert data["metadata"] is data["other"]


# --- reading SKILL.md ----------------------------------------------------------------------

def test_reading_stops_one_byte_past_the_limit(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from skillgit.skills import model

    monkeypatch.setattr(model, "MAX_SKILL_MD_BYTES", 100)
    (tmp_path / "ok").mkdir()
    (tmp_path / "ok" / "SKILL.md").write_bytes(b"x" * 100)
    assert read_skill_md(tmp_path / "ok" / "SKILL.md") == b"x" * 100
    (tmp_path / "big").mkdir()
    (tmp_path / "big" / "SKILL.md").write_bytes(b"x" * 101)
    with pytest.raises(SkillLoadError, match="larger than"):
        load_skill(tmp_path / "big")
    if os.path.exists("/dev/zero"):  # a file whose size says 0 but that never ends
        (tmp_path / "zero").mkdir()
        os.symlink("/dev/zero", tmp_path / "zero" / "SKILL.md")
        with pytest.raises(SkillLoadError, match="larger than"):
            load_skill(tmp_path / "zero")


# --- display paths -------------------------------------------------------------------------

@pytest.mark.parametrize("path", ["/", "/a", "/a/b", "/a/bc", "/a/b/c", "//a", "//a/b", "/b"])
@pytest.mark.parametrize("cwd", ["/", "/a", "/a/b", "//a", "/a/b/c/d"])
def test_display_matches_pathlib(path: str, cwd: str) -> None:
    if os.sep != "/":
        pytest.skip("posix paths")
    assert _display(path, cwd) == display_path(Path(path), Path(cwd))


def test_text_files_are_read_whole_and_binary_or_large_ones_skipped(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(skill_files, "MAX_SCANNED_FILE_BYTES", 200_000)
    (tmp_path / "a.txt").write_bytes("é\n".encode() * 50_000)  # 150,000 bytes: several reads
    (tmp_path / "b.bin").write_bytes(b"x\0y")
    (tmp_path / "c.txt").write_bytes(b"x" * 200_001)
    (tmp_path / "d.txt").write_bytes(b"caf\xe9")
    problems: list[skill_files.FileProblem] = []

    def read(name: str) -> str | None:
        return skill_files.read_text(str(tmp_path / name) if name else str(tmp_path), problems)

    assert read("a.txt") == "é\n" * 50_000
    assert read("b.bin") is None and problems == []  # binary: quietly not text
    assert read("d.txt") == "caf\ufffd"
    assert read("c.txt") is None
    assert [p.rule for p in problems] == ["file-too-large"]
    assert "200,001 bytes" in problems[0].message
    assert read("missing") is None
    assert read("") is None  # a folder
    assert [p.rule for p in problems] == ["file-too-large", "file-unreadable", "file-unreadable"]
