"""The later follow-ups (`later.yaml`): the goals hold there too, and no rule quotes them.

The set was written after the rules, in two rounds; each round's first-contact figures are
in the file's header. Rendered to real Claude Code / Codex sessions in a temp folder.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from render import HERE, load_cases, write_sessions
from test_detect_set import RULE_MODULES, copied

ROOT = Path(__file__).resolve().parents[2]
LATER = HERE / "later.yaml"


def test_no_rule_literal_is_copied_from_the_later_set() -> None:
    sources = [Path(m.__file__ or "").read_text(encoding="utf-8") for m in RULE_MODULES]
    assert copied([c["msg"] for c in load_cases(LATER)], sources) == set()


def test_the_engine_meets_the_goals_on_the_later_set(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cases = load_cases(LATER)
    assert len(cases) >= 50 and len({c["id"] for c in cases}) == len(cases)
    write_sessions(tmp_path, cases)
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import bench_detect
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    code = bench_detect.main(["--sessions", str(tmp_path), "--cases", str(LATER), "--show"])
    assert code == 0, capsys.readouterr().out
