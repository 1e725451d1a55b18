"""The round after fu17 (`parity_t.yaml`, issue 25): each case rendered as a Claude Code
session *and* as a Codex rollout must get the verdict of its label in both formats.

The Codex rendering reads a file with `sed -n` and edits it with `apply_patch`, where the
Claude one uses Read and Edit: the facts of the agent's last actions (the file it touched, a
folder above it, the program it ran) must come out the same, or a correction found in one
format is lost in the other. Rendering every labelled follow-up both ways (the held-out
rounds fu6..fu17 and this folder's sets, 2,046 cases) found one mismatch, a read by `sed -n`
taken for a command (q-go-f2: "restated with another path"); since file views are reads,
none. fu17's lower Codex recall (0.68) was its mix of cases, not the format: its Codex cases
were mostly implicit corrections.

The set (written for issue 25's round after fu17, new words and ecosystems, every signal with
look-alikes): facts about the very thing the agent touched, reports of a good result, norms
naming a file, an ordinal reminder, a flag in a language no table reads, a manifest an
install bypassed, the time zone a schedule assumed, a flag the user gives quoted as code,
another value beside the agent's in another language, and files only read.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from render import HERE, load_cases, session_id, write_sessions
from test_detect_set import RULE_MODULES, copied

ROOT = Path(__file__).resolve().parents[2]
PARITY = HERE / "parity_t.yaml"
FORMATS = ("claude", "codex")


@pytest.fixture(scope="module")
def bench() -> Iterator[Any]:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import bench_detect
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    yield bench_detect


@pytest.fixture(scope="module")
def verdicts(bench: Any, tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], bool]:
    """(case id, format) -> whether the engine flags the case's follow-up."""
    cases = load_cases(PARITY)
    found: dict[tuple[str, str], bool] = {}
    for fmt in FORMATS:
        copies = [{**case, "fmt": fmt, "id": f"{case['id']}@{fmt}"} for case in cases]
        folder = tmp_path_factory.mktemp(f"parity-{fmt}")
        write_sessions(folder, copies)
        flagged = bench.flagged(folder)
        for case, copy in zip(cases, copies, strict=True):
            found[case["id"], fmt] = flagged[session_id(copy)]
    return found


@pytest.mark.parametrize("case", load_cases(PARITY), ids=lambda c: str(c["id"]))
def test_each_case_gets_its_label_in_both_formats(
        case: dict[str, Any], verdicts: dict[tuple[str, str], bool]) -> None:
    expected = case["label"] == "correction"
    assert {fmt: verdicts[case["id"], fmt] for fmt in FORMATS} == {
        fmt: expected for fmt in FORMATS}, case["msg"]


def test_the_set_holds_both_labels_in_every_category() -> None:
    cases = load_cases(PARITY)
    for category in {c["category"] for c in cases}:
        assert {c["label"] for c in cases if c["category"] == category} == {
            "correction", "ordinary"}, category


def test_no_rule_quotes_the_set() -> None:
    sources = [Path(m.__file__ or "").read_text(encoding="utf-8") for m in RULE_MODULES]
    assert copied([c["msg"] for c in load_cases(PARITY)], sources) == set()
