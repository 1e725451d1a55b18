"""Benchmark: `skillgit review` of a change with 1,000 changed files, from the CLI.

The repository holds 250 skills (SKILL.md + three resource files each) on `main`; the branch
changes every one of those 1,000 files (a line in each SKILL.md, one per resource file).
Reports the wall time of `skillgit review --format github` (median of R runs) next to the
start-up floor (`skillgit review` of a change that touches no skill) and `git diff` of the
same change.

Usage: python benchmarks/bench_review.py [--skills N] [--repeat R]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SKILLGIT = [sys.executable, "-m", "skillgit"]
ENV = {**os.environ, "GIT_AUTHOR_NAME": "b", "GIT_AUTHOR_EMAIL": "b@example.invalid",
       "GIT_COMMITTER_NAME": "b", "GIT_COMMITTER_EMAIL": "b@example.invalid"}


def git(root: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=root, check=True, capture_output=True, env=ENV)


def skill_md(i: int, extra: str = "") -> str:
    body = "\n".join(f"Step {n}: run the tool with option {n} and check the output."
                     for n in range(40))
    return (f"---\nname: skill-{i:04d}\ndescription: Handle task number {i} for the team "
            f"when asked about topic {i}.\n---\n# Skill {i}\n\n{body}\n{extra}")


def build(root: Path, skills: int) -> None:
    git(root, "init", "-q", "-b", "main")
    for i in range(skills):
        folder = root / "skills" / f"skill-{i:04d}"
        (folder / "references").mkdir(parents=True)
        (folder / "SKILL.md").write_text(skill_md(i))
        for n in range(3):
            (folder / "references" / f"ref{n}.md").write_text(f"# Ref {n}\n\ntext {i}\n" * 20)
    git(root, "add", "-A")
    git(root, "commit", "-qm", "init")
    git(root, "checkout", "-q", "-b", "change")
    for i in range(skills):
        folder = root / "skills" / f"skill-{i:04d}"
        (folder / "SKILL.md").write_text(skill_md(i, "One more line.\n"))
        for n in range(3):
            with (folder / "references" / f"ref{n}.md").open("a") as handle:
                handle.write("changed\n")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "change everything")
    git(root, "checkout", "-q", "-b", "empty", "main")
    (root / "README.md").write_text("x\n")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "touch no skill")


def timed(argv: list[str], root: Path, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        done = subprocess.run(argv, cwd=root, capture_output=True, env=ENV)
        times.append(time.perf_counter() - start)
        if done.returncode not in (0, 1):
            raise SystemExit(f"{argv} failed: {done.stderr.decode()}")
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--skills", type=int, default=250)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        build(root, args.skills)
        files = args.skills * 4
        review = timed([*SKILLGIT, "review", "--base", "main", "--head", "change",
                        "--format", "github"], root, args.repeat)
        floor = timed([*SKILLGIT, "review", "--base", "main", "--head", "empty"], root,
                      args.repeat)
        diff = timed(["git", "diff", "-M", "main", "change"], root, args.repeat)
    print(f"review of {files} changed files in {args.skills} skills: {review:.2f} s wall "
          f"(median of {args.repeat}); start-up floor {floor:.2f} s; git diff {diff:.2f} s")


if __name__ == "__main__":
    main()
