"""The Action's job summary and outputs (skillgit.jobsummary), from skillgit's JSON: hostile
text stays inert in Markdown and in Mermaid, the summary fits GitHub's limit, the outputs
cannot be split by a value, and odd documents never fail a run."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from composite_runner import parse_file_commands
from hypothesis import given, settings
from hypothesis import strategies as st

from skillgit.charts import mermaid
from skillgit.jobsummary.files import report_run, write_reports
from skillgit.jobsummary.model import RunDocuments
from skillgit.jobsummary.render import SUMMARY_LIMIT, render
from skillgit.jobsummary.result import output_file_text, pull_request_outputs, result_json

HOSTILE = ('x"] --> evil["pwn`` ```\n## heading <img src=x onerror=alert(1)> @org/team #12 '
           '[link](https://evil.example) %%{init: {"theme":"dark"}}%% #quot; | col | '
           "\u202eevil\u200b")


def proposal(skill: str, n: int, **extra: Any) -> dict[str, Any]:
    return {"branch": f"skillgit/new/{skill}", "kind": "new", "skill": skill,
            "summary": f"new skill from {n} sessions", "evidence_sessions": n,
            "context_tokens": {"always_loaded": 20 + n, "body": 40}, "status": "written",
            **extra}


def docs(**changes: Any) -> RunDocuments:
    mine = {"sessions": 9, "candidates": 6, "not_listed": 2,
            "proposals": [proposal("use-pnpm", 3), proposal("deploy-app", 2)],
            "rejected": [{"title": "deploy the app", "missed": "not repeatable: seen in 1 "
                          "session", "sessions": 1}],
            "withheld": {"exfiltration": 1}, "notes": []}
    publish = {"outcomes": [
        {"branch": "skillgit/new/use-pnpm", "status": "opened", "number": 7,
         "url": "https://github.com/o/r/pull/7"},
        {"branch": "skillgit/new/deploy-app", "status": "unchanged", "number": 3,
         "url": "https://github.com/o/r/pull/3"}], "errors": [], "warnings": []}
    stats = {"skills": [{"skill": "deploy-app", "invocations": 5, "versions": [
        {"version": "(before it was in the repository)", "since": None, "invocations": 2,
         "corrected_invocations": 2},
        {"version": "abc1234", "since": "2026-11-01T10:00:00+00:00", "invocations": 3,
         "corrected_invocations": 0}]}]}
    fields: dict[str, Any] = {"mode": "mine-and-publish", "mine": mine, "publish": publish,
                              "stats": stats}
    fields.update(changes)
    return RunDocuments(**fields)


def test_the_summary_shows_the_funnel_proposals_rejections_and_usage() -> None:
    text = render(docs())
    assert text.startswith("## skillgit mine and publish\n")
    assert 'sessions["9 sessions"] --> candidates["6 candidates"] --> proposals["2 proposals"]' \
        ' --> prs["2 pull requests"]' in text
    assert 'candidates -.-> rejected["1 not proposed"]' in text
    assert "| use-pnpm | new | opened | [#7](https://github.com/o/r/pull/7) | 3 | 23 + 40 |" \
        in text
    assert "| deploy the app | 1 | repeatable | not repeatable: seen in 1 session |" in text
    assert "2 more one-off candidates" in text and "exfiltration (1)" in text
    assert 'x-axis ["before", "abc1234 2026-11-01"]' in text and "bar [2, 3]" in text
    assert "line [2, 0]" in text
    assert "| deploy-app | before | - | 2 | 2 | 100% |" in text
    assert "| deploy-app | abc1234 | 2026-11-01 | 3 | 0 | 0% |" in text


def test_the_outputs_list_the_pull_requests_this_run_wrote() -> None:
    run = docs()
    assert pull_request_outputs(run) == {"pull-requests": "7",
                                         "pull-request-urls": "https://github.com/o/r/pull/7"}
    result = result_json(run)
    assert result["counts"] == {"sessions": 9, "candidates": 6, "proposals": 2, "rejected": 1,
                                "opened": 1, "updated": 0, "unchanged": 1, "skipped-limit": 0,
                                "failed": 0, "pull_requests": 2, "errors": None,
                                "warnings": None, "findings": 0}
    assert [p["pull_request"]["number"] for p in result["proposals"]] == [7, 3]
    assert result["proposals"][0]["context_tokens"] == {"always_loaded": 23, "body": 40}


def hostile_docs() -> RunDocuments:
    run = docs()
    assert run.mine is not None and run.publish is not None and run.stats is not None
    run.mine["proposals"][0].update(skill=HOSTILE, summary=HOSTILE, branch="skillgit/new/h")
    run.mine["rejected"][0].update(title=HOSTILE, missed=HOSTILE)
    run.mine["withheld"] = {HOSTILE: 2}
    run.mine["notes"] = [HOSTILE]
    run.publish["outcomes"][0].update(branch="skillgit/new/h", detail=HOSTILE,
                                      url="javascript:alert(1)")
    run.publish["errors"] = [HOSTILE]
    run.stats["skills"][0]["skill"] = HOSTILE
    run.stats["skills"][0]["versions"][1]["version"] = HOSTILE
    run.notes.append(HOSTILE)
    return run


def test_text_from_transcripts_stays_inert_in_markdown_and_mermaid() -> None:
    text = render(hostile_docs())
    outside = re.sub(r"```mermaid\n.*?\n```", "", text, flags=re.S)
    for bad in ("<img", "\n## heading", "](https://evil", "@org", "#12", "\u202e",
                "javascript:", "```\n## "):
        assert bad not in outside, bad
    assert "[#7]" not in text and "#7" in text          # an odd URL: no link, the number
    for block in re.findall(r"```mermaid\n(.*?)\n```", text, flags=re.S):
        for line in block.splitlines():
            for quoted in re.findall(r'"([^"]*)"', line):
                assert re.fullmatch(r"[A-Za-z0-9 _.,/()+-]*", quoted), quoted
            assert "%%" not in line and "`" not in line and "#" not in line
            assert line.count('"') % 2 == 0
    # every table row keeps its columns: no `|` got in unescaped
    for line in outside.splitlines():
        if line.startswith("| "):
            assert len(re.findall(r"(?<!\\) \| ", line)) in (3, 5, 6), line


@given(st.text(max_size=200))
@settings(max_examples=200, deadline=None)
def test_a_mermaid_label_is_only_safe_characters(text: str) -> None:
    out = mermaid.label(text)
    assert re.fullmatch(r"[A-Za-z0-9 _.,/()+-]{1,40}", out)


def test_the_summary_fits_its_budget_dropping_rows_with_a_note() -> None:
    run = docs()
    assert run.mine is not None
    run.mine["rejected"] = [{"title": f"candidate {i} " + "word " * 50, "missed": "x" * 300,
                             "sessions": 1} for i in range(5_000)]
    text = render(run)
    assert len(text.encode()) <= 900 * 1024 < SUMMARY_LIMIT
    assert "more rows not shown" in text and "### Skill use by version" in text
    small = render(run, budget=20_000)
    assert len(small.encode()) <= 20_000 and "more rows not shown" in small


def test_validate_summary_lists_the_findings() -> None:
    checked = {"summary": {"skills": 2, "errors": 1, "warnings": 1, "context_tokens": 80},
               "skills": [{"path": "skills/a", "findings": [
                   {"path": "skills/a/SKILL.md", "line": 2, "level": "error",
                    "rule": "name-matches-dir", "message": HOSTILE},
                   {"path": "skills/a/SKILL.md", "line": None, "level": "info",
                    "rule": "context-cost", "message": "shown only with -v"}]}]}
    run = RunDocuments(mode="validate", exit_code=1, checked=checked)
    text = render(run)
    assert "2 skills checked: 1 errors, 1 warnings; always-loaded context ~80 tokens" in text
    assert "| error | name-matches-dir | skills/a/SKILL.md:2 |" in text
    assert "context-cost" not in text and "<img" not in text
    assert result_json(run)["counts"]["findings"] == 1


@pytest.mark.parametrize("document", [None, {}, {"proposals": "x", "sessions": "9"},
                                      {"proposals": [1, None, {"skill": 3}]},
                                      {"rejected": [{"title": None}], "withheld": [1]}])
def test_odd_documents_never_fail_the_report(document: Any) -> None:
    run = RunDocuments(mode="mine-and-publish", mine=document, publish=document,
                       stats=document, checked=document)
    assert render(run).startswith("## skillgit")
    json.dumps(result_json(run))


def test_outputs_use_a_random_delimiter_a_value_cannot_end(tmp_path: Path) -> None:
    sneaky = "a\nproposals=999\nEOF\nopened=999"
    text = output_file_text({"proposals": "2", "result": json.dumps({"x": sneaky}),
                             "note": sneaky})
    values = parse_file_commands(text)
    assert values["proposals"] == "2" and values["note"] == sneaky
    assert json.loads(values["result"]) == {"x": sneaky}
    assert re.search(r"^result<<skillgit_[0-9a-f]{32}$", text, re.M)


def test_reports_are_written_where_the_runner_reads_them(tmp_path: Path) -> None:
    summary, output = tmp_path / "summary.md", tmp_path / "output"
    summary.write_text("earlier step text\n")
    environ = {"GITHUB_STEP_SUMMARY": str(summary), "GITHUB_OUTPUT": str(output)}
    assert write_reports(docs(), {"opened": "1"}, environ) == []
    assert summary.read_text().startswith("earlier step text\n## skillgit mine and publish")
    values = parse_file_commands(output.read_text())
    assert values["opened"] == "1" and values["pull-requests"] == "7"
    assert json.loads(values["result"])["counts"]["opened"] == 1
    review = tmp_path / "review.md"
    review.touch()
    report_run("review", 1, {}, [], {"findings": "0"},
               {"GITHUB_STEP_SUMMARY": str(review), "GITHUB_OUTPUT": str(output)})
    assert review.read_text() == ""                      # review writes its own summary


def test_a_full_summary_file_is_a_warning_not_a_failure(tmp_path: Path) -> None:
    summary, output = tmp_path / "summary.md", tmp_path / "output"
    summary.write_bytes(b"x" * (SUMMARY_LIMIT - 100))
    warnings = report_run("validate", 0, {}, [], {"findings": "0"},
                          {"GITHUB_STEP_SUMMARY": str(summary), "GITHUB_OUTPUT": str(output)})
    assert warnings and "nearly full" in warnings[0]
    assert summary.stat().st_size == SUMMARY_LIMIT - 100
    assert parse_file_commands(output.read_text())["findings"] == "0"
