"""Issue 25's follow-ups (`norms.yaml`): team norms, implicit corrections, six languages and
others, false alarms. The goals hold on the whole set and on every category, and no rule
quotes it.

Round p- was written before the rules that read it and measured on first contact: precision
0.765, recall 0.260 (norms 1 of 14 found, implicit corrections 0 of 13, French / German /
Spanish / Portuguese / Dutch 1 of 3 each, Italian 2 of 3, other languages 5 of 5; 4 of 10
false alarms raised). Round q- (`norms_q.yaml`) was written after the rules for round p-,
with new wording, ecosystems and languages, and measured before the changes it suggested:
0.826 / 0.792 (the code before issue 25: 0.692 / 0.375). Round r- (`norms_r.yaml`), written
after the fixes for round q- the same way: 0.929 / 0.650 on first contact (misses: "is never
acceptable" rules, a replica or node_modules as the target, "too much" and "X is not fixing
it" in German, Spanish, Italian, production named in Dutch; one epistemic "must be enough"
raised). Round s- (`norms_s.yaml`), written after that to test precision (21 ordinary
follow-ups using the words these classes read, 5 corrections): 0.333 / 0.600 on first
contact (norm-like feature requests, a fact about another component after "Great.", a
program name taken for the target, "you deleted both? great", a JDK named as jvmTarget,
"is no solution" in German); after the fixes 0.833 / 1.00 (the one left is the older
counterfactual rule: "none of them should have been deployed like that"). Every round stays
as a regression set. Rendered to real Claude Code / Codex sessions in a temp folder.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from render import HERE, load_cases
from test_detect_set import RULE_MODULES, copied

ROOT = Path(__file__).resolve().parents[2]
NORMS = HERE / "norms.yaml"
ROUND_Q = HERE / "norms_q.yaml"
ROUND_R = HERE / "norms_r.yaml"
ROUND_S = HERE / "norms_s.yaml"
ROUNDS = (NORMS, ROUND_Q, ROUND_R, ROUND_S)
CATEGORIES = {"norm", "implicit", "false-alarm", "lang-fr", "lang-de", "lang-es", "lang-pt",
              "lang-it", "lang-nl", "lang-other"}


def test_no_rule_literal_is_copied_from_the_norms_sets() -> None:
    sources = [Path(m.__file__ or "").read_text(encoding="utf-8") for m in RULE_MODULES]
    messages = [c["msg"] for path in ROUNDS for c in load_cases(path)]
    assert copied(messages, sources) == set()


@pytest.mark.parametrize("path", ROUNDS, ids=["p", "q", "r", "s"])
def test_the_sets_cover_every_class(path: Path) -> None:
    cases = load_cases(path)
    assert len({c["id"] for c in cases}) == len(cases)
    assert {c["category"] for c in cases} == CATEGORIES
    assert {c["label"] for c in cases if c["category"] == "false-alarm"} == {"ordinary"}


def test_round_p_has_both_labels_in_every_class_but_false_alarms() -> None:
    cases = load_cases(NORMS)
    for category in CATEGORIES - {"false-alarm"}:
        labels = {c["label"] for c in cases if c["category"] == category}
        assert labels == {"correction", "ordinary"}, category
    assert {c["label"] for c in cases if c["category"] == "false-alarm"} == {"ordinary"}


def test_the_engine_meets_the_goals_on_the_norms_set_and_each_category(
        capsys: pytest.CaptureFixture[str]) -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import bench_detect
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    code = bench_detect.main(["--cases", str(NORMS), "--show"])
    out = capsys.readouterr().out
    assert code == 0, out
    for category, precision, recall in re.findall(
            r"category (\S+)\s+precision (\d\.\d+)  recall (\d\.\d+)", out):
        assert float(precision) >= 0.9 and float(recall) >= 0.8, (category, out)


@pytest.mark.parametrize("path", [ROUND_Q, ROUND_R], ids=["q", "r"])
def test_the_engine_meets_the_held_out_goals_on_the_later_rounds(
        path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import bench_detect
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    code = bench_detect.main(["--cases", str(path), "--show"])
    out = capsys.readouterr().out
    precision, recall = (float(x) for x in re.findall(r"precision (\d\.\d+)  recall (\d\.\d+)",
                                                       out)[-1])
    assert code == 0 and precision >= 0.9 and recall >= 0.8, out


def test_look_alikes_of_the_new_classes_stay_ordinary(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Round s- is mostly ordinary follow-ups: at most one false alarm of its 21, and every
    correction found."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import bench_detect
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    bench_detect.main(["--cases", str(ROUND_S), "--show"])
    out = capsys.readouterr().out
    fp, fn = (int(x) for x in re.findall(r"fp (\d+), fn (\d+)", out)[-1])
    assert fp <= 1 and fn == 0, out
