"""README documents every command and every long option the CLI has."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

from skillgit.cli import COMMANDS, cli, main

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def _options(command: click.Command) -> set[str]:
    names = set()
    for param in command.params:
        if isinstance(param, click.Option):
            names.update(o for o in param.opts if o.startswith("--") and o != "--help")
    return names


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_is_documented(name: str) -> None:
    assert f"skillgit {name}" in README


@pytest.mark.parametrize("name", ["validate", "mine", "sessions", "distill", "demo", "publish",
                                  "init", "stats"])
def test_every_option_is_documented(name: str) -> None:
    command = cli.get_command(click.Context(cli), name)
    assert command is not None
    missing = sorted(o for o in _options(command) if not re.search(re.escape(o) + r"\b", README))
    assert missing == [], f"skillgit {name}: undocumented options {missing}"


def test_validate_json_example_is_real_output(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """The README's JSON example is what `validate --format json` prints for the skill it names."""
    section = README[README.index("- `json`: one document on stdout"):]
    example = section[section.index("```json\n") + 8:section.index("\n```\n")]
    skill = tmp_path / "skills" / "my-skill"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text(
        "---\nname: other\ndescription: Formats commit messages. Use when writing a commit.\n"
        "---\n# Commit messages\n\nWrite a short subject line.\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["validate", "--format", "json"]) == 1
    assert capsys.readouterr().out.strip() == example.strip()


# --- README's claims that the code can check: sections cited, defaults, formats -------------

SOURCE = Path(__file__).resolve().parents[1] / "skillgit"
CITATION = re.compile(r"README(?:'s)?[,:]?\s+(?:section\s+)?\"([^\"\n]+)\"")


def _headings() -> set[str]:
    return {line.lstrip("#").strip() for line in README.splitlines()
            if re.match(r"#{1,4} ", line)}


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as dashes."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


def test_every_readme_section_the_code_cites_exists() -> None:
    cited = {(path.relative_to(SOURCE.parent).as_posix(), title)
             for path in SOURCE.rglob("*.py")
             for title in CITATION.findall(path.read_text(encoding="utf-8"))}
    assert cited, "the walk found no citation at all"
    headings = _headings()
    missing = sorted((path, title) for path, title in cited if title not in headings)
    assert missing == [], f"README has no such section: {missing}"


def test_every_readme_link_to_a_section_resolves() -> None:
    slugs = {_slug(h) for h in _headings()}
    links = set(re.findall(r"\]\(#([^)]+)\)", README))
    assert links and links <= slugs, sorted(links - slugs)


def test_demo_eval_writes_a_header_citing_a_real_section(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    assert main(["demo", "--eval", str(tmp_path / "set")]) == 0
    header = next((tmp_path / "set").glob("*.yaml")).read_text(encoding="utf-8").splitlines()[0]
    [title] = CITATION.findall(header)
    assert title in _headings()


def test_readme_settings_table_is_generated_from_the_config_models() -> None:
    from skillgit.config_docs import README_END, README_START, markdown_table

    start, end = README.index(README_START), README.index(README_END) + len(README_END)
    assert README[start:end] == markdown_table(), \
        "paste `python -m skillgit.config_docs` into README's Configuration section"


def test_readme_defaults_match_the_config_models() -> None:
    from skillgit.config_docs import settings

    defaults = {s.name: s.default for s in settings()}
    claims = re.findall(r"`([a-z_]+\.[a-z_]+)` \(default (-?[0-9.]+)", README)
    assert len(claims) >= 3
    wrong = [(key, said, defaults.get(key)) for key, said in claims
             if key not in defaults or float(said) != defaults[key]]
    assert wrong == []
    # `init`'s template says the same defaults, the LLM timeout included (it once said null).
    from skillgit.init.config_template import config_template
    assert re.search(r"^#   timeout: 60\.0\b", config_template(), re.M)


def test_readme_formats_match_the_code() -> None:
    from skillgit.digest import DIGEST_SCHEMA_VERSION, READABLE_SCHEMA_VERSIONS
    from skillgit.report import JSON_SCHEMA_VERSION
    from skillgit.review.render import REVIEW_SCHEMA_VERSION
    from skillgit.share.format import FORMAT_TEXT, FORMAT_VERSION

    assert re.findall(r"`schema_version` (\d+)", README) == [str(DIGEST_SCHEMA_VERSION)]
    *head, last = (str(v) for v in READABLE_SCHEMA_VERSIONS)
    readable = f"{', '.join(head)} and {last}" if head else last  # "1, 2 and 3"
    assert f"every\nschema skillgit ever wrote ({readable})" in README \
        or f"every schema skillgit ever wrote ({readable})" in README.replace("\n", " ")
    assert f"**On-ref format, version {FORMAT_VERSION}.**" in README
    assert f"(`{FORMAT_TEXT.decode().strip()}`)" in README
    assert f"`--format json` is one document (`version` {REVIEW_SCHEMA_VERSION};" in README
    assert f"one document on stdout, schema version {JSON_SCHEMA_VERSION}." in README
