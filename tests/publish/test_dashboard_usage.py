"""`publish --usage FILE`: the dashboard charts each skill's uses and corrections by version
from a `skillgit stats --json` document, end to end through the local GitHub stand-in and git
remote. Without it the dashboard says nothing about use; hostile skill names stay inert; a
bad file is a clear error before anything is written; unchanged usage writes nothing."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from publish_world import World
from test_body import AUTOLINK, HOSTILE, MENTION, REFERENCE

from skillgit.charts.usage import SkillUse, Usage, VersionUse
from skillgit.publish.dashboard import (
    DASHBOARD_MARKER,
    USAGE_CHARTS,
    USAGE_VERSIONS,
    View,
    render_dashboard,
)
from skillgit.publish.markdown import BODY_BUDGET

FP1 = "1111aaaa2222bbbb"
BEFORE = "(before it was in the repository)"
Row = tuple[str, str | None, int, int]          # version, since, invocations, corrected


def stats(skills: dict[str, list[Row]], sessions: int = 9) -> dict[str, Any]:
    """A document shaped like `skillgit stats --json` prints."""
    return {"window_user_turns": 3, "sessions": sessions, "since": None, "never_invoked": [],
            "not_in_repo": [], "skills": [
                {"skill": name, "invocations": sum(r[2] for r in rows),
                 "corrected_invocations": sum(r[3] for r in rows), "versions": [
                     {"version": version, "since": since, "invocations": used,
                      "corrected_invocations": corrected}
                     for version, since, used, corrected in rows]}
                for name, rows in skills.items()]}


DEPLOY: dict[str, list[Row]] = {"deploy-app": [
    (BEFORE, None, 2, 2), ("abc1234", "2026-11-01T10:00:00+00:00", 3, 0)]}


def write(path: Path, document: object) -> Path:
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def dashboard(world: World) -> str:
    [issue] = [i for i in world.github.state.issues.values() if DASHBOARD_MARKER in i["body"]]
    return str(issue["body"])


def charts(body: str) -> list[str]:
    return re.findall(r"```mermaid\n(.*?)\n```", body, flags=re.S)


@pytest.fixture
def proposed(world: World) -> World:
    """A proposal whose mine run rejected a candidate: the dashboard has something to list."""
    world.propose("aa", FP1, rejected=("flaky builds",))
    return world


def test_usage_is_charted_on_the_dashboard(proposed: World, tmp_path: Path) -> None:
    run = proposed.publish("--usage", str(write(tmp_path / "stats.json", stats(DEPLOY))))
    assert run.code == 0, run.err
    body = dashboard(proposed)
    assert "### Skill use by version" in body and "over 9 sessions" in body
    [chart] = charts(body)
    assert chart.startswith("xychart-beta\n  title \"deploy-app - uses")
    assert 'x-axis ["before", "abc1234 2026-11-01"]' in chart
    assert "bar [2, 3]" in chart and "line [2, 0]" in chart
    assert "| deploy-app | before | - | 2 | 2 | 100% |" in body
    assert "| deploy-app | abc1234 | 2026-11-01 | 3 | 0 | 0% |" in body
    assert body.index("### Skill use by version") < body.index("### Control")


def test_without_usage_the_dashboard_says_nothing_about_use(proposed: World,
                                                            tmp_path: Path) -> None:
    assert proposed.publish().code == 0
    body = dashboard(proposed)
    assert "```" not in body and "use by version" not in body and "stats" not in body
    assert "### Rejected" in body                                    # the rest as before
    usage = str(write(tmp_path / "stats.json", stats(DEPLOY)))
    proposed.github.reset_log()
    assert proposed.publish("--usage", usage).code == 0
    assert [e.method for e in proposed.github.writes] == ["PATCH"]   # the section, added
    proposed.github.reset_log()
    assert proposed.publish().code == 0                              # and taken away again
    assert [e.method for e in proposed.github.writes] == ["PATCH"]
    assert dashboard(proposed).split("<!-- skillgit:stamp -->")[0] == \
        body.split("<!-- skillgit:stamp -->")[0]


def test_unchanged_usage_writes_nothing_and_a_change_is_one_edit(proposed: World,
                                                                 tmp_path: Path) -> None:
    usage = write(tmp_path / "stats.json", stats(DEPLOY))
    assert proposed.publish("--usage", str(usage)).code == 0
    for _ in range(2):
        proposed.github.reset_log()
        run = proposed.publish("--usage", str(usage))
        assert run.code == 0 and "dashboard     unchanged" in run.out
        assert proposed.github.writes == []
    grown = {"deploy-app": [*DEPLOY["deploy-app"], ("def5678", "2026-11-20", 4, 1)]}
    write(usage, stats(grown, sessions=12))
    proposed.github.reset_log()
    run = proposed.publish("--usage", str(usage))
    assert run.code == 0 and "dashboard     updated" in run.out
    [edit] = proposed.github.writes
    assert edit.method == "PATCH" and edit.path.startswith("/repos/o/r/issues/")
    assert "bar [2, 3, 4]" in dashboard(proposed) and "over 12 sessions" in dashboard(proposed)


MERMAID_HOSTILE = ['x"] --> evil["pwn', "```\n## heading", '%%{init: {"theme":"dark"}}%%',
                   "#quot; #35; a;b:c", "`code` <b>x</b>", "\u202eevil\u200b"]


def test_hostile_skill_names_stay_inert_in_the_chart_and_the_table(proposed: World,
                                                                   tmp_path: Path) -> None:
    names = [*HOSTILE, *MERMAID_HOSTILE]
    document = stats({name: [(name, "2026-11-01", 5 + i, 1)] for i, name in enumerate(names)})
    assert proposed.publish("--usage", str(write(tmp_path / "s.json", document))).code == 0
    body = dashboard(proposed)
    blocks = charts(body)
    assert len(blocks) == USAGE_CHARTS
    for block in blocks:
        lines = block.splitlines()
        assert lines[0] == "xychart-beta" and len(lines) == 6
        for line in lines:
            for quoted in re.findall(r'"([^"]*)"', line):
                assert re.fullmatch(r"[A-Za-z0-9 _.,/()+-]*", quoted), quoted
            assert line.count('"') % 2 == 0
            assert not re.search(r"%%|[`#;:<]", line), line
    section = body[body.index("### Skill use by version"):body.index("### Control")]
    outside = re.sub(r"```mermaid\n.*?\n```", "", section, flags=re.S)
    assert not MENTION.search(outside) and not REFERENCE.search(outside)
    assert not AUTOLINK.search(outside) and "<" not in outside and "](" not in outside
    rows = [line for line in outside.splitlines() if line.startswith("| ")]
    assert len(rows) == 1 + USAGE_CHARTS                      # the header and one a skill
    assert all(len(re.findall(r"(?<!\\) \| ", row)) == 5 for row in rows), rows
    assert outside.count("```") == 0 and "less used skills not shown" in outside


BAD = [
    (None, "no such file"),
    ("{not json", "not JSON (Expecting property name enclosed in double quotes at line 1"),
    ("[1, 2]", "not a `skillgit stats --json` document: expected a JSON object, got an array"),
    ('{"sessions": 3}', "skills: expected an array, got nothing"),
    ('{"skills": {}}', "skills: expected an array, got an object"),
    ('{"skills": ["x"]}', "skills[0]: expected an object, got a string"),
    ('{"skills": [{"skill": 7, "invocations": 1, "versions": []}]}',
     "skills[0].skill: expected a string, got 7"),
    ('{"skills": [{"skill": "a", "invocations": 1, "versions": [{"version": "v", '
     '"invocations": "3", "corrected_invocations": 0}]}]}',
     "skills[0].versions[0].invocations: expected a whole number >= 0, got a string"),
    ('{"skills": [{"skill": "a", "invocations": 1, "versions": [{"version": "v", '
     '"invocations": 1, "corrected_invocations": 2}]}]}',
     "skills[0].versions[0]: corrected_invocations (2) is more than invocations (1)"),
    (b"\xff\xfe{}", "cannot read it: UnicodeDecodeError"),
]


@pytest.mark.parametrize(("content", "problem"), BAD)
def test_a_bad_usage_file_is_a_clear_error_and_nothing_is_written(
        proposed: World, tmp_path: Path, content: str | bytes | None, problem: str) -> None:
    path = tmp_path / "stats.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    run = proposed.publish("--usage", str(path), "--json")
    assert run.code == 2 and run.out == ""
    assert run.err.startswith(f"skillgit: error: --usage {path}: ") and problem in run.err
    assert "Traceback" not in run.err and run.err.count("\n") == 1
    assert proposed.github.log == [] and proposed.remote("skillgit/new/aa") is None


def test_a_folder_is_no_usage_file(proposed: World, tmp_path: Path) -> None:
    run = proposed.publish("--usage", str(tmp_path))
    assert run.code == 2 and f"--usage {tmp_path}: not a regular file" in run.err
    assert proposed.github.log == []


def test_publish_usage_in_the_config_is_read_from_the_repository_root(proposed: World) -> None:
    (proposed.repo / ".skillgit.yaml").write_text("publish:\n  usage: out/stats.json\n")
    run = proposed.publish()
    assert run.code == 2
    assert f"publish.usage {proposed.repo / 'out' / 'stats.json'}: no such file" in run.err
    (proposed.repo / "out").mkdir()
    write(proposed.repo / "out" / "stats.json", stats(DEPLOY))
    assert proposed.publish().code == 0
    assert "bar [2, 3]" in dashboard(proposed)


def test_the_usage_section_is_bounded() -> None:
    name = "very-long-skill-name-" * 10
    usage = Usage(tuple(SkillUse(f"{name}{i:02d}", 1000 - i, tuple(
        VersionUse(f"v{j}-" + "x" * 60, "2026-11-01", 30 + j, j) for j in range(30)))
        for i in range(40)), sessions=500)
    body = render_dashboard(View(max_open=5, usage=usage))
    blocks = charts(body)
    assert len(blocks) == USAGE_CHARTS
    assert all(block.count('", "') == USAGE_VERSIONS - 1 for block in blocks)  # x-axis
    assert "bar [52, 53, 54, 55, 56, 57, 58, 59]" in blocks[0]         # the latest versions
    assert f"_{40 - USAGE_CHARTS} less used skills not shown._" in body
    section = body[body.index("### Skill use by version"):body.index("### Control")]
    assert section.count("\n| ") == 1 + USAGE_CHARTS * USAGE_VERSIONS
    assert len(section.encode()) < 12_000 and len(body.encode()) <= BODY_BUDGET
