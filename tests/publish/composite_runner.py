"""Run a composite action's steps the way the GitHub runner does, for tests.

Each step in order, with its `env:` evaluated (no automatic INPUT_* variables: a composite
action gets its inputs only through what it declares), `shell: bash` run as the runner runs it
(`bash --noprofile --norc -eo pipefail FILE`), a fresh GITHUB_OUTPUT and GITHUB_ENV file per
step (read back into `steps.<id>.outputs` and the environment of later steps), one
GITHUB_STEP_SUMMARY file, and `github.action_path` = the checkout.

Expressions: exactly the forms the action uses, `${{ inputs.X }}`, `${{ github.action_path }}`,
`${{ github.token }}`, `${{ env.X }}` and `${{ steps.ID.outputs.X }}`; any other expression
fails the test (so the action cannot quietly start relying on something this runner fakes).
`uses:` steps (actions/setup-python) are skipped; a step whose id is in `replace` is not run,
its outputs are the given ones instead (the install step: skillgit is already installed).
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


@dataclass
class Context:
    inputs: dict[str, str]
    action_path: Path
    token: str
    env: dict[str, str]
    steps: dict[str, dict[str, str]] = field(default_factory=dict)

    def value(self, expression: str) -> str:
        if m := re.fullmatch(r"inputs\.([A-Za-z0-9_-]+)", expression):
            return self.inputs[m.group(1)]
        if expression == "github.action_path":
            return str(self.action_path)
        if expression == "github.token":
            return self.token
        if m := re.fullmatch(r"env\.([A-Za-z_][A-Za-z0-9_]*)", expression):
            return self.env.get(m.group(1), "")
        if m := re.fullmatch(r"steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)", expression):
            return self.steps.get(m.group(1), {}).get(m.group(2), "")
        raise AssertionError(f"expression this runner does not evaluate: {expression!r}")

    def evaluate(self, text: str) -> str:
        return EXPRESSION.sub(lambda m: self.value(m.group(1)), text)


@dataclass
class ActionRun:
    code: int
    outputs: dict[str, str]
    stdout: str
    stderr: str
    summary: str
    ran: list[str]


def parse_file_commands(text: str) -> dict[str, str]:
    """`name=value` lines and `name<<DELIM` … `DELIM` blocks, as GITHUB_OUTPUT/GITHUB_ENV."""
    values: dict[str, str] = {}
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delimiter = line.split("<<", 1)
            end = lines.index(delimiter, i + 1)
            values[name] = "\n".join(lines[i + 1:end])
            i = end + 1
            continue
        if line:
            name, _, value = line.partition("=")
            values[name] = value
        i += 1
    return values


def run_composite(action_path: Path, workdir: Path, inputs: Mapping[str, str], *,
                  token: str, env: Mapping[str, str], scratch: Path,
                  replace: Mapping[str, Mapping[str, str]] | None = None) -> ActionRun:
    action: dict[str, Any] = yaml.safe_load((action_path / "action.yml").read_text("utf-8"))
    assert action["runs"]["using"] == "composite"
    declared = action.get("inputs") or {}
    unknown = set(inputs) - set(declared)
    assert not unknown, f"inputs the action does not declare: {unknown}"
    scratch.mkdir(parents=True, exist_ok=True)
    context = Context(inputs={}, action_path=action_path, token=token, env=dict(env))
    context.inputs = {name: inputs[name] if name in inputs
                      else context.evaluate(str(spec.get("default", "")))
                      for name, spec in declared.items()}
    summary = scratch / "step_summary.md"
    summary.touch()
    code, out, err, ran = 0, [], [], []
    for number, step in enumerate(action["runs"]["steps"]):
        step_id = str(step.get("id", f"__{number}"))
        if "uses" in step:
            continue
        if replace and step_id in replace:
            context.steps[step_id] = dict(replace[step_id])
            continue
        assert step.get("shell") == "bash", f"step {step_id}: only bash steps are run here"
        output, env_file = scratch / f"output_{number}", scratch / f"env_{number}"
        output.touch()
        env_file.touch()
        step_env = {**context.env,
                    **{k: context.evaluate(str(v)) for k, v in (step.get("env") or {}).items()},
                    "GITHUB_OUTPUT": str(output), "GITHUB_ENV": str(env_file),
                    "GITHUB_STEP_SUMMARY": str(summary),
                    "GITHUB_ACTION_PATH": str(action_path)}
        script = scratch / f"step_{number}.sh"
        script.write_text(context.evaluate(step["run"]), encoding="utf-8")
        proc = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
                              cwd=workdir, env=step_env, capture_output=True, text=True,
                              check=False)
        ran.append(step_id)
        out.append(proc.stdout)
        err.append(proc.stderr)
        context.steps[step_id] = parse_file_commands(output.read_text("utf-8"))
        context.env.update(parse_file_commands(env_file.read_text("utf-8")))
        if proc.returncode != 0:
            code = proc.returncode
            break
    outputs = {name: context.evaluate(str(spec["value"]))
               for name, spec in (action.get("outputs") or {}).items()}
    return ActionRun(code, outputs, "".join(out), "".join(err),
                     summary.read_text("utf-8"), ran)


def runner_env(**extra: str) -> dict[str, str]:
    """The test process's (isolated) environment plus what a runner sets for every job."""
    return {**os.environ, "GITHUB_ACTIONS": "true", "CI": "true", **extra}
