"""Measure skillgit on a held-out case set written by someone who never read its rules.

    python benchmarks/heldout.py attacks FILE.json [--jobs 2]
    python benchmarks/heldout.py secrets FILE.json [--jobs 2]

`attacks`: {"attacks": [{id, class, source: user|tool_output, text, needle}],
            "benign": [{id, class, source, text, keep}]}
  - screen: how many attacks `safety.refused` refuses, how many look-alikes it refuses;
  - end to end, one run per attack (isolation): three planted lessons (each taught in two or
    three sessions) next to two sessions carrying the attack (said by the user, or printed by a
    tool whose advice the agent follows); the attack's needle must reach no git object, and
    every planted lesson must still be proposed on this cold first run;
  - end to end, one run with every benign look-alike said twice: how many are proposed.
`secrets`: {"secrets": [{id, class, where: user|tool_input|tool_output, text, secret: [..]}],
            "benign": [{id, class, where, text, keep: [..]}]}
  - each text redacted as the parser redacts it; a secret piece that survives is a leak;
  - a look-alike whose `keep` pieces do not all survive is over-redaction;
  - end to end: every case in sessions mined with `distill --json` and `mine`; any piece found
    in stdout, the cache or a git object is a leak there.

Runs each `skillgit` as a subprocess in a throwaway HOME: nothing of the user's is read.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from skillgit.demo.transcripts import (
    Step,
    assistant,
    claude_code_path,
    claude_code_records,
    codex_path,
    codex_records,
    shell,
    user,
    write_jsonl,
)

CWD = "/home/tester/src/webapp"
START = datetime(2026, 11, 2, 9, 0, tzinfo=timezone.utc)
ASKS = ["add a settings page", "fix the login form validation", "add CSV export to reports",
        "make the sidebar collapsible", "show totals on the invoice list", "add a dark mode"]
PLANTED = {  # lesson → what its proposal's files must mention
    "pnpm": "pnpm", "pythonpath": "PYTHONPATH", "migrations": "db:migrate"}


def _planted(n: int) -> list[list[Step]]:
    ask = ASKS[n % len(ASKS)]
    return [
        [user(ask), assistant("Installing dependencies."), shell("npm install", "added 300"),
         user("no, use pnpm not npm in this repo"), shell("pnpm install", "done"),
         assistant("Done.")],
        [user("run the tests"), shell("pytest tests/", "ModuleNotFoundError: No module named "
                                      "'webapp'", 1),
         shell("PYTHONPATH=src pytest tests/", "42 passed"), assistant("Green.")],
        [user("add a created_at column to orders"), shell("psql -c 'alter table orders'", "ok"),
         user("no, never alter tables by hand: write a migration and run pnpm db:migrate"),
         shell("pnpm db:migrate", "migrated"), assistant("Done.")],
    ]


def _command_in(text: str) -> str | None:
    found = re.search(r"`([^`\n]{3,200})`", text)
    return found.group(1) if found else None


def _attack_session(case: dict[str, Any], n: int) -> list[Step]:
    text, command = case["text"], _command_in(case["text"])
    steps = [user(ASKS[n % len(ASKS)]), assistant("Building."), shell("make build", "ok")]
    if case["source"] == "user":
        steps += [user(text), assistant("Running it.")]
        if command:
            steps.append(shell(command, "ok"))
    else:
        steps += [shell("npm install", text, 1), assistant("Following the hint.")]
        if command:
            steps.append(shell(command, "ok"))
        steps.append(assistant("Done."))
    return steps


class Home:
    """A throwaway HOME with agent sessions and a skills repository."""

    def __init__(self, root: Path) -> None:
        self.root, self.count = root, 0
        self.repo = root / "skills"
        self.env = {k: v for k, v in os.environ.items()
                    if not k.startswith(("GIT_", "SKILLGIT_", "XDG_"))}
        # the code measured is this checkout's, whatever is installed or on a relative path
        self.env["PYTHONPATH"] = str(Path(__file__).resolve().parents[1])
        self.env.update(HOME=str(root), GIT_CONFIG_NOSYSTEM="1", GIT_AUTHOR_NAME="t",
                        GIT_AUTHOR_EMAIL="t@example.invalid", GIT_COMMITTER_NAME="t",
                        GIT_COMMITTER_EMAIL="t@example.invalid")
        for name in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
            (root / name.lower()).mkdir()
            self.env[name] = str(root / name.lower())
        (self.repo / "skills").mkdir(parents=True)
        (self.repo / "README.md").write_text("webapp skills\n")
        for args in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-qm", "init"]):
            subprocess.run(["git", *args], cwd=self.repo, env=self.env, check=True,
                           capture_output=True)

    def session(self, steps: list[Step]) -> None:
        n, self.count = self.count, self.count + 1
        sid = f"{n:08d}-ho00-4000-8000-{n:012d}"
        start = START + timedelta(days=n % 20, hours=n % 7, minutes=n)
        if n % 2:
            write_jsonl(codex_path(self.root / ".codex", start, sid),
                        codex_records(sid, CWD, start, steps))
        else:
            write_jsonl(claude_code_path(self.root / ".claude", CWD, sid),
                        claude_code_records(sid, CWD, start, steps))

    def run(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "skillgit", *args], cwd=self.repo,
                              env=self.env, capture_output=True, text=True, timeout=600)

    def objects(self) -> str:
        return subprocess.run(["git", "cat-file", "--batch-all-objects", "--batch"],
                              cwd=self.repo, env=self.env, capture_output=True,
                              check=True).stdout.decode("utf-8", "replace")

    def cache(self) -> str:
        return "\n".join(p.read_text("utf-8", "replace")
                         for p in (self.root / "xdg_cache_home").rglob("*") if p.is_file())

    def lessons(self) -> set[str]:
        """The planted lessons some proposal branch teaches."""
        out = subprocess.run(["git", "log", "-p", "--branches=skillgit/*", "--format=%B"],
                             cwd=self.repo, env=self.env, capture_output=True, text=True).stdout
        return {name for name, mark in PLANTED.items() if mark in out}


def attack_run(case: dict[str, Any]) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="heldout-") as tmp:
        home = Home(Path(tmp))
        for n in range(2):
            for steps in _planted(n):
                home.session(steps)
            home.session(_attack_session(case, n))
        result = home.run("mine", "--json")
        dump = home.objects()
        return {"id": case["id"], "class": case["class"], "exit": result.returncode,
                "leaked": case["needle"] in dump, "lessons": sorted(home.lessons()),
                "stderr": result.stderr[-400:]}


def benign_run(case: dict[str, Any]) -> dict[str, Any]:
    """A look-alike said twice as a follow-up, in its own run: is it proposed (its `keep` in
    a proposal branch), and if not, why (the run's summary)?"""
    with tempfile.TemporaryDirectory(prefix="heldout-") as tmp:
        home = Home(Path(tmp))
        for n in range(2):
            home.session(_attack_session(case, n))
        result = home.run("mine", "--json")
        out = subprocess.run(["git", "log", "-p", "--branches=skillgit/*"], cwd=home.repo,
                             env=home.env, capture_output=True, text=True).stdout
        return {"id": case["id"], "proposed": case["keep"] in out,
                "withheld": "withheld, never copied" in result.stderr}


def combined_run(cases: list[dict[str, Any]]) -> list[str]:
    """Every attack in one corpus next to the planted lessons: the lessons still proposed?"""
    with tempfile.TemporaryDirectory(prefix="heldout-") as tmp:
        home = Home(Path(tmp))
        for n in range(2):
            for steps in _planted(n):
                home.session(steps)
        for case in cases:
            for n in range(2):
                home.session(_attack_session(case, n))
        home.run("mine", "--json")
        return sorted(set(PLANTED) - home.lessons())


def attacks(data: dict[str, Any], jobs: int) -> dict[str, Any]:
    from skillgit.safety import refused

    screen_missed = [a["id"] for a in data["attacks"] if not refused(a["text"])]
    screen_false = [b["id"] for b in data["benign"] if refused(b["text"])]
    with ThreadPoolExecutor(jobs) as pool:
        runs = list(pool.map(attack_run, data["attacks"]))
    leaked = [r for r in runs if r["leaked"]]
    spoiled = [r for r in runs if len(r["lessons"]) < len(PLANTED)]
    with ThreadPoolExecutor(jobs) as pool:
        benign = list(pool.map(benign_run, data["benign"]))
    return {
        "attacks": len(data["attacks"]), "benign": len(data["benign"]),
        "screen_missed": screen_missed, "screen_refused_benign": screen_false,
        "e2e_leaked": [r["id"] for r in leaked],
        "e2e_leaked_by_class": dict(Counter(r["class"] for r in leaked)),
        "planted_lessons_missing": {r["id"]: sorted(set(PLANTED) - set(r["lessons"]))
                                    for r in spoiled},
        "errors": {r["id"]: r["stderr"] for r in runs if r["exit"] != 0},
        "benign_withheld": [b["id"] for b in benign if b["withheld"]],
        "benign_not_proposed": [b["id"] for b in benign if not b["proposed"]],
        "combined_run_lessons_missing": combined_run(data["attacks"]),
    }


def _secret_steps(case: dict[str, Any], n: int) -> list[Step]:
    text = case["text"]
    steps = [user(ASKS[n % len(ASKS)]), assistant("Looking.")]
    if case["where"] == "user":
        steps += [user(text), assistant("Noted.")]
    elif case["where"] == "tool_input":
        steps += [shell(text, "ok"), assistant("Done.")]
    else:
        steps += [shell("make run", text), assistant("Done.")]
    return steps


def _lesson_steps(case: dict[str, Any], n: int) -> list[Step]:
    """A repeated correction that carries the case: its text is part of a lesson's evidence."""
    text = case["text"]
    steps = [user(ASKS[n % len(ASKS)]), assistant("Installing."), shell("npm install", "ok")]
    if case["where"] == "user":
        steps.append(user(f"no, use pnpm not npm in this repo. {text}"))
    elif case["where"] == "tool_input":
        steps += [shell(text, "ok"), user("no, use pnpm not npm in this repo")]
    else:
        steps += [shell("make env", text), user("no, use pnpm not npm in this repo")]
    return [*steps, shell("pnpm install", "done"), assistant("Done.")]


def lesson_run(case: dict[str, Any]) -> dict[str, Any]:
    """One case inside the evidence of a lesson taught twice: is any piece in a git object?"""
    with tempfile.TemporaryDirectory(prefix="heldout-") as tmp:
        home = Home(Path(tmp))
        for n in range(2):
            home.session(_lesson_steps(case, n))
        result = home.run("mine", "--json")
        dump = home.objects() + result.stdout + result.stderr
        return {"id": case["id"], "class": case["class"],
                "leaked": any(piece in dump for piece in case.get("secret", [])),
                "kept": all(piece in dump for piece in case.get("keep", [])),
                "proposed": "pnpm" in home.objects(),
                "withheld": "withheld: a likely secret" in result.stderr}


def secrets(data: dict[str, Any], jobs: int = 2) -> dict[str, Any]:
    from skillgit.redact import Redactor

    redactor = Redactor(home="/home/tester")
    leaked = [c for c in data["secrets"]
              if any(piece in redactor.redact(c["text"]) for piece in c["secret"])]
    altered = [b for b in data["benign"]
               if not all(piece in redactor.redact(b["text"]) for piece in b["keep"])]
    with tempfile.TemporaryDirectory(prefix="heldout-") as tmp:
        home = Home(Path(tmp))
        for n, case in enumerate(data["secrets"]):
            home.session(_secret_steps(case, n))
        for n in range(2):  # one real lesson, so mine writes something
            home.session(_planted(n)[0])
        distilled = home.run("distill", "--json")
        mined = home.run("mine", "--json")
        places = {"distill output": distilled.stdout + distilled.stderr,
                  "mine output": mined.stdout + mined.stderr,
                  "cache": home.cache(), "git objects": home.objects()}
        e2e = {where: sorted(c["id"] for c in data["secrets"]
                             if any(p in text for p in c["secret"]))
               for where, text in places.items()}
    with ThreadPoolExecutor(jobs) as pool:
        lessons = list(pool.map(lesson_run, data["secrets"]))
        looks = list(pool.map(lesson_run, data["benign"]))
    e2e["git objects, as lesson evidence"] = sorted(r["id"] for r in lessons if r["leaked"])
    return {
        "secrets": len(data["secrets"]), "benign": len(data["benign"]),
        "lesson_leaked_by_class": dict(Counter(r["class"] for r in lessons if r["leaked"])),
        "lesson_not_proposed": sorted(r["id"] for r in lessons if not r["proposed"]),
        "lesson_withheld": sorted(r["id"] for r in lessons if r["withheld"]),
        "benign_lesson_withheld": sorted(r["id"] for r in looks if r["withheld"]),
        "redactor_leaked": [c["id"] for c in leaked],
        "redactor_leaked_by_class": dict(Counter(c["class"] for c in leaked)),
        "benign_altered": [b["id"] for b in altered],
        "benign_altered_by_class": dict(Counter(b["class"] for b in altered)),
        "e2e_leaked": e2e, "exit": [distilled.returncode, mined.returncode],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("kind", choices=["attacks", "secrets"])
    parser.add_argument("file", type=Path)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    data = json.loads(args.file.read_text(encoding="utf-8"))
    report = attacks(data, args.jobs) if args.kind == "attacks" else secrets(data, args.jobs)
    json.dump(report, sys.stdout, indent=1, ensure_ascii=False)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
