"""Round t- of issue 25's follow-ups (`structure.yaml`): look-alikes built like the false
alarms of the earlier rounds, and corrections that keep the structure a lesson needs.

Written in the session that made each signal require its structure, after that session's
first changes (fu11's false alarms fixed) and before the changes it suggested. First
contact: precision 0.615, recall 0.80 (the code before the session: 0.533 / 0.80). False
alarms: "we never really settled on …" (a past report with an adverb), "don't push the tag
yet" after `git tag` (a hold on a step the agent had not taken, its object named in the
command), "the 8g heap is plenty. good" (approval with its reasons), "didn't realize the
sqlite one would beat redis here" (a realization), "if we ever move to …, every service
would need …" (a hypothetical). Misses: `GOFLAGS=-mod=mod` (a setting whose value the error
names) and "never mind the changelog, the version is wrong …" (read as a story). After the
fixes: 1.00 / 1.00. It stays as a regression set.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from render import HERE, load_cases
from test_detect_set import RULE_MODULES, copied

ROOT = Path(__file__).resolve().parents[2]
ROUND_T = HERE / "structure.yaml"


def test_no_rule_literal_is_copied_from_round_t() -> None:
    sources = [Path(m.__file__ or "").read_text(encoding="utf-8") for m in RULE_MODULES]
    assert copied([c["msg"] for c in load_cases(ROUND_T)], sources) == set()


def test_round_t_is_mostly_look_alikes_with_twins_in_every_category() -> None:
    cases = load_cases(ROUND_T)
    assert len({c["id"] for c in cases}) == len(cases)
    ordinary = [c for c in cases if c["label"] == "ordinary"]
    assert len(ordinary) >= 2 * (len(cases) - len(ordinary))
    for category in {c["category"] for c in cases}:
        assert {c["label"] for c in cases if c["category"] == category} == {
            "correction", "ordinary"}, category


def test_the_engine_keeps_round_t_apart(capsys: pytest.CaptureFixture[str]) -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import bench_detect
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    bench_detect.main(["--cases", str(ROUND_T), "--show"])
    out = capsys.readouterr().out
    fp, fn = (int(x) for x in re.findall(r"fp (\d+), fn (\d+)", out)[-1])
    assert fp == 0 and fn == 0, out
