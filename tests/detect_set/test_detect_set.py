"""The labelled follow-up set measures the correction detector; it never tunes it.

- the committed sessions are exactly what `cases.yaml` renders to (real Claude Code and
  Codex records, read back through discovery and parsing);
- the set is what issue 18 asks for: >= 120 follow-ups, >= 10 ecosystems, half corrections,
  full and terse, ordinary requests that open with the trigger words;
- no rule module quotes it: no run of four words of a labelled message occurs in a string
  literal of the rules;
- the heuristic engine meets the goals on it (precision >= 0.9, recall >= 0.75).
"""

from __future__ import annotations

import ast
import re
import sys
from collections import Counter
from pathlib import Path

import pytest
from render import SESSIONS, load_cases, render

from skillgit.distill import (
    action_context,
    agent_fixes,
    asides,
    bare_facts,
    contradictions,
    dictated_code,
    differing_facts,
    foreign,
    heuristic,
    intents,
    labelled_norms,
    languages,
    norms,
    redirects,
    restated,
    result_reports,
    retractions,
    sarcasm,
    scoped_rules,
    statements,
    target_pointers,
    time_zones,
    tool_families,
    touched_facts,
    user_fixes,
    user_phrases,
    user_signals,
    value_kinds,
)

ROOT = Path(__file__).resolve().parents[2]
RULE_MODULES = (user_signals, user_phrases, intents, tool_families, action_context, heuristic,
                restated, norms, contradictions, languages, foreign, user_fixes, statements,
                differing_facts, redirects, retractions, agent_fixes, asides, bare_facts,
                labelled_norms, sarcasm, scoped_rules, value_kinds, target_pointers,
                touched_facts, result_reports, dictated_code, time_zones)
SHINGLE = 4
TRIGGERS = ("no ", "no,", "still", "again", "stop", "never")


def test_committed_sessions_are_the_rendered_cases() -> None:
    rendered = render(load_cases())
    on_disk = {p.relative_to(SESSIONS): p.read_text(encoding="utf-8")
               for p in SESSIONS.rglob("*.jsonl")}
    assert on_disk == rendered


def test_the_set_has_the_shape_the_issue_asks_for() -> None:
    cases = load_cases()
    labels = Counter(c["label"] for c in cases)
    assert len(cases) >= 120 and labels["correction"] == labels["ordinary"]
    assert len({c["id"].split("-")[0] for c in cases}) >= 10
    assert {c["style"] for c in cases} == {"full", "terse"}
    assert {c["fmt"] for c in cases} == {"claude", "codex"}
    assert len({c["id"] for c in cases}) == len(cases)
    assert all(c["acts"] for c in cases)  # every follow-up comes after agent actions
    openers = Counter(t for c in cases if c["label"] == "ordinary"
                      for t in TRIGGERS if c["msg"].lower().startswith(t))
    assert all(openers[t] >= 2 for t in TRIGGERS), openers


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+(?:'[a-z]+)?", text.lower())


def _shingles(words: list[str]) -> set[tuple[str, ...]]:
    return {tuple(words[i:i + SHINGLE]) for i in range(len(words) - SHINGLE + 1)}


def _literal_word_runs(source: str) -> list[list[str]]:
    """The plain word runs of every string literal: regex escapes and groups read as gaps
    ("in\\ this\\ repo" reads as "in this repo")."""
    runs = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            plain = re.sub(r"\\[sS][+*?]?|\\[bBwWdD]|\\ ", " ", node.value)
            for piece in re.split(r"[^a-zA-Z0-9' ]+", plain):
                words = _words(piece)
                if len(words) >= SHINGLE:
                    runs.append(words)
    return runs


def copied(messages: list[str], sources: list[str]) -> set[tuple[str, ...]]:
    """Four-word runs of the messages that occur in a string literal of the sources."""
    in_rules: set[tuple[str, ...]] = set()
    for source in sources:
        for run in _literal_word_runs(source):
            in_rules |= _shingles(run)
    return {s for message in messages for s in _shingles(_words(message)) if s in in_rules}


def test_the_copy_check_can_fail() -> None:
    rule = 'X = re.compile(r"""\\bonly\\ fmt\\ the\\ files\\b""")\n'
    assert copied(["only fmt the files u touched"], [rule]) == {
        ("only", "fmt", "the", "files")}


def test_no_rule_literal_is_copied_from_the_set() -> None:
    sources = [Path(m.__file__ or "").read_text(encoding="utf-8") for m in RULE_MODULES]
    messages = [c["msg"] for c in load_cases()]
    assert copied(messages, sources) == set()


def test_the_engine_meets_the_goals_on_the_set(capsys: pytest.CaptureFixture[str]) -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import bench_detect
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    assert bench_detect.main([]) == 0, capsys.readouterr().out
    out = capsys.readouterr().out
    precision, recall = (float(x) for x in re.findall(r"precision (\d\.\d+)  recall (\d\.\d+)",
                                                       out)[-1])
    assert precision >= 0.9 and recall >= 0.75
