"""Benchmark: how well the heuristic engine tells corrections from ordinary follow-ups.

    python benchmarks/bench_detect.py [--sessions DIR] [--cases FILE] [--show]

Reads the labelled set (tests/detect_set: `cases.yaml` and its sessions, real Claude Code
and Codex transcripts) through discovery, parsing and redaction, distills each session
with the heuristic engine and asks one thing of the labelled follow-up (the session's last
prompt): does a correction or preference item cite it, or a failure's fix taken from it?
Prints precision and recall over the whole set, per ecosystem, style, format and category (a
case's `category`, when it has one); `--show` lists every miss and false alarm. `--cases FILE`
without `--sessions` renders that file's sessions into a temporary folder first.
Goals (issue 18): precision >= 0.9, recall >= 0.75. Exit 1 when a goal is missed.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SET = ROOT / "tests" / "detect_set"
sys.path[:0] = [str(ROOT), str(SET)]

from render import CASES, SESSIONS, load_cases, session_id, write_sessions  # noqa: E402

from skillgit.distill.heuristic import HeuristicEngine  # noqa: E402
from skillgit.redact import Redactor  # noqa: E402
from skillgit.transcripts.discover import SessionQuery, iter_conversations  # noqa: E402

PRECISION_GOAL, RECALL_GOAL = 0.9, 0.75
FLAGGED_KINDS = frozenset({"correction", "preference"})
USER_FIX = "failure-then-fix"
"""A failure whose fix is the follow-up (the user gave the working command): a lesson too."""


def flagged(sessions: Path) -> dict[str, bool]:
    """Session id -> whether its last prompt is cited by a correction or preference."""
    engine = HeuristicEngine()
    found: dict[str, bool] = {}
    for conversation in iter_conversations(SessionQuery(source=sessions),
                                           Redactor.from_environment()):
        last = conversation.user_turns[-1].index
        digest, _usage = engine.distill(conversation)
        found[conversation.session_id] = any(
            item.kind in FLAGGED_KINDS and any(e.turn == last for e in item.evidence)
            for item in digest.user_feedback) or any(
            item.kind == USER_FIX and any(e.turn == last for e in item.evidence)
            for item in digest.env_feedback)
    return found


def scores(rows: list[tuple[bool, bool]]) -> tuple[float, float, int, int, int]:
    """(precision, recall, true positives, false positives, false negatives)."""
    tp = sum(1 for truth, said in rows if truth and said)
    fp = sum(1 for truth, said in rows if said and not truth)
    fn = sum(1 for truth, said in rows if truth and not said)
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    return precision, recall, tp, fp, fn


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=Path, default=None)
    parser.add_argument("--cases", type=Path, default=CASES)
    parser.add_argument("--show", action="store_true", help="list misses and false alarms")
    args = parser.parse_args(argv)
    cases = load_cases(args.cases)
    if args.sessions is None and args.cases.resolve() != CASES.resolve():
        with tempfile.TemporaryDirectory(prefix="bench-detect-") as folder:
            write_sessions(Path(folder), cases)
            found = flagged(Path(folder))
    else:
        found = flagged(args.sessions or SESSIONS)
    missing = [c["id"] for c in cases if session_id(c) not in found]
    if missing:
        print(f"sessions missing for: {', '.join(missing)}", file=sys.stderr)
        return 2
    rows: list[tuple[dict[str, Any], bool, bool]] = [
        (c, c["label"] == "correction", found[session_id(c)]) for c in cases]
    groups: dict[str, list[tuple[bool, bool]]] = defaultdict(list)
    for case, truth, said in rows:
        groups[f"ecosystem {case['id'].split('-')[0]}"].append((truth, said))
        groups[f"style {case['style']}"].append((truth, said))
        groups[f"format {case['fmt']}"].append((truth, said))
        if "category" in case:
            groups[f"category {case['category']}"].append((truth, said))
    precision, recall, tp, fp, fn = scores([(t, s) for _c, t, s in rows])
    print(f"{len(rows)} follow-ups ({sum(t for _c, t, _s in rows)} corrections) "
          f"in {len({c['id'].split('-')[0] for c in cases})} ecosystems")
    for name in sorted(groups):
        p, r, *_ = scores(groups[name])
        print(f"  {name:<22} precision {p:.2f}  recall {r:.2f}")
    print(f"precision {precision:.3f}  recall {recall:.3f}  (tp {tp}, fp {fp}, fn {fn}; "
          f"goals: precision >= {PRECISION_GOAL}, recall >= {RECALL_GOAL})")
    if args.show:
        for case, truth, said in rows:
            if truth != said:
                what = "missed" if truth else "false alarm"
                print(f"  {what:<11} {case['id']:<10} {case['msg']}")
    return 0 if precision >= PRECISION_GOAL and recall >= RECALL_GOAL else 1


if __name__ == "__main__":
    sys.exit(main())
