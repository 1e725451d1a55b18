"""Benchmark: start-up of `skillgit --version` and `skillgit validate ONE_FILE` against bare Python.

    python benchmarks/bench_startup.py [--repeat 15]

Each command runs `--repeat` times in a fresh process, interleaved with its baselines; the
lowest CPU time (user + system) of each is kept, which a busy machine disturbs least:

- `--version` against `python -c pass` (it needs no import at all);
- `validate` on one valid SKILL.md against `python -c pass` and against Python importing the
  libraries it truly needs, as it uses them: click (the command line), yaml (the front matter)
  and pydantic with one model defined (skills and findings are pydantic models; the first
  model pays for pydantic's schema machinery and plugin lookup, which `import pydantic` alone
  defers);
- `skillgit --help` for reference (it loads the click application).

skillgit runs through its installed console script when there is one (what users type), else
`python -m skillgit`. Bytecode is cached in a temporary `PYTHONPYCACHEPREFIX` (warmed by one
run of each), as after any normal install, even where PYTHONDONTWRITEBYTECODE is set.
Target: each ratio to its baseline <= 2x.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

_SKILL = ("---\nname: demo-skill\ndescription: Run the demo test suite and fix what fails. Use "
          "when the user asks to run the demo tests.\n---\n# Demo\n\nRun `pytest -q` and fix "
          "each failure, smallest first.\n")


_LIBS = "python + click, yaml, pydantic (one model)"


def _skillgit() -> list[str]:
    script = Path(sys.executable).with_name("skillgit")
    return [str(script)] if script.exists() else [sys.executable, "-m", "skillgit"]


def _measure(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(CPU seconds of the child, wall seconds) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} exited {done.returncode}: "
                         f"{done.stderr.decode(errors='replace')[-400:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=15, help="runs of each; best is kept")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="skillgit-startup-") as scratch:
        skill = Path(scratch) / "skills" / "demo-skill" / "SKILL.md"
        skill.parent.mkdir(parents=True)
        skill.write_text(_SKILL, encoding="utf-8")
        env = {key: value for key, value in os.environ.items()
               if key != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(Path(scratch) / "pycache")
        skillgit = _skillgit()
        commands = {
            "python -c pass": [sys.executable, "-c", "pass"],
            _LIBS: [sys.executable, "-c", "import click, yaml\nfrom pydantic import BaseModel\n"
                                  "class Model(BaseModel):\n    name: str\n"],
            "skillgit --version": [*skillgit, "--version"],
            "skillgit validate ONE_FILE": [*skillgit, "validate", "--quiet", str(skill)],
            "skillgit --help": [*skillgit, "--help"],
        }
        for command in commands.values():  # warm the bytecode cache
            _measure(command, env)
        runs: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
        for _ in range(args.repeat):
            for name, command in commands.items():
                runs[name].append(_measure(command, env))
    best = {name: min(cpu for cpu, _ in results) for name, results in runs.items()}
    print(f"skillgit runs as: {' '.join(skillgit)}  (best of {args.repeat}, CPU time)")
    for name, results in runs.items():
        walls = sorted(wall for _, wall in results)
        print(f"  {name:42} {best[name] * 1000:7.1f} ms CPU  "
              f"(median wall {walls[len(walls) // 2] * 1000:6.1f} ms)")
    bare, libs = best["python -c pass"], best[_LIBS]
    version = best["skillgit --version"] / bare
    validate = best["skillgit validate ONE_FILE"] / libs
    print(f"ratio --version / bare python:                     {version:.2f}x (target <= 2x)")
    print(f"ratio validate / python + click, yaml, pydantic:   {validate:.2f}x (target <= 2x)")
    print(f"ratio validate / bare python:                       "
          f"{best['skillgit validate ONE_FILE'] / bare:.2f}x (for reference)")
    return 0 if version <= 2 and validate <= 2 else 1


if __name__ == "__main__":
    raise SystemExit(main())
