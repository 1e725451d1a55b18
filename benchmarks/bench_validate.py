"""Benchmark: `skillgit validate` on 1,000 generated skills of realistic size, from the CLI.

Reports wall time and skills/s, as a ratio to two baselines measured in the same run:
- startup: `skillgit validate` on an empty folder (interpreter, imports, nothing to check);
- floor:   a bare Python process that reads every SKILL.md and yaml-loads its frontmatter.

Usage: python benchmarks/bench_validate.py [--skills N] [--repeat R]
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

WORDS = ("deploy build test cache docker python node review commit branch migrate schema "
         "lint format release config secret token retry timeout queue worker api client "
         "server database index query request response handler error log metric").split()

FLOOR = """
import sys, pathlib, yaml
loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
for p in pathlib.Path(sys.argv[1]).glob("*/SKILL.md"):
    text = p.read_text("utf-8")
    yaml.load(text.split("\\n---\\n", 1)[0][4:], Loader=loader)
"""


def sentence(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."


def generate(root: Path, count: int, seed: int = 7) -> None:
    rng = random.Random(seed)
    for i in range(count):
        name = f"{rng.choice(WORDS)}-{rng.choice(WORDS)}-{i}"
        folder = root / name
        (folder / "references").mkdir(parents=True)
        (folder / "references" / "guide.md").write_text(sentence(rng, 200) + "\n")
        if i % 3 == 0:
            (folder / "scripts").mkdir()
            (folder / "scripts" / "run.sh").write_text("#!/bin/sh\nset -eu\necho run\n" * 20)
        lines = [f"# {name}", "", sentence(rng, 30), "", "## Steps", ""]
        for step in range(rng.randint(60, 180)):
            if step % 25 == 0:
                lines += ["", "```bash", f"make {rng.choice(WORDS)}", "```", ""]
            elif step % 17 == 0:
                lines.append(f"See [the guide](references/guide.md) for {rng.choice(WORDS)}.")
            else:
                lines.append(f"{step}. {sentence(rng, rng.randint(6, 16))}")
        description = sentence(rng, 25) + " Use when " + sentence(rng, 10)
        (folder / "SKILL.md").write_text(
            f"---\nname: {name}\ndescription: {description}\nlicense: MIT\n"
            f"metadata:\n  version: \"1.{i}\"\n---\n" + "\n".join(lines) + "\n")


def timed(cmd: list[str], repeat: int) -> tuple[float, subprocess.CompletedProcess[str]]:
    times = []
    proc: subprocess.CompletedProcess[str] | None = None
    for _ in range(repeat):
        start = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
        times.append(time.perf_counter() - start)
    assert proc is not None
    return statistics.median(times), proc


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--skills", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        generate(root / "skills", args.skills)
        (root / "empty").mkdir()
        startup, _ = timed([sys.executable, "-m", "skillgit", "validate", "-q",
                            str(root / "empty")], args.repeat)
        floor, _ = timed([sys.executable, "-c", FLOOR, str(root / "skills")], args.repeat)
        wall, proc = timed([sys.executable, "-m", "skillgit", "validate", "-q", "--format",
                            "json", str(root / "skills")], args.repeat)
        if proc.returncode != 0:
            print(proc.stdout[-2000:], proc.stderr[-2000:], file=sys.stderr)
            print("validation reported errors on generated skills", file=sys.stderr)
            return 1
    print(f"skills:             {args.skills}")
    print(f"skillgit validate:  {wall:.3f} s wall  ({args.skills / wall:,.0f} skills/s)")
    print(f"baseline startup:   {startup:.3f} s  (skillgit validate on an empty folder)")
    print(f"baseline floor:     {floor:.3f} s  (read + yaml-load every SKILL.md)")
    print(f"ratio to floor:     {wall / floor:.2f}x")
    print(f"work beyond start-up: {wall - startup:.3f} s "
          f"({args.skills / max(wall - startup, 1e-9):,.0f} skills/s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
