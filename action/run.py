"""The Action's entry point: read the inputs from the environment (action.yml passes each one
through `env:`, never into a script), run skillgit with the installed interpreter, and write the
outputs `proposals`, `opened`, `updated`, `findings`, `result` (one JSON object),
`pull-requests` and `pull-request-urls` to $GITHUB_OUTPUT, and a job summary to
$GITHUB_STEP_SUMMARY (skillgit.jobsummary builds both from the JSON skillgit printed).

Modes:
- `mine-and-publish`: `skillgit mine --json` (the team's shared digests with `--from-digests`
  when `args` names no `--source`; else the `--source` in `args`), then
  `skillgit publish --json`. With `--from-digests` and no digest ref on the remote yet, it stops
  with an error saying what to do (nothing is published). With `--source`, also
  `skillgit stats --json` on the same sessions, for the summary's usage charts; publish gets
  that document as `--usage FILE` (a file under $RUNNER_TEMP) and charts it on the dashboard.
  `verify-llm` / `verify-model` become mine's `--verify-llm` / `--verify-model`: mine writes
  each proposal's measured effect into its commit, and publish carries it into the PR body.
- `publish`: `skillgit publish --json` (the proposal branches already in the checkout).
- `review`: `skillgit review --format github --summary $GITHUB_STEP_SUMMARY` (review writes the
  summary itself), plus `--comment` when there is a token and the event is a pull request from
  this repository (and once `--format json` to count).
- `validate`: `skillgit validate --format github` (and once `--format json` to count).

`args` goes to the mode's main command (mine, publish, review or validate), split like a shell
would split it, never run by one. The token is masked before anything else is printed and
reaches skillgit only as SKILLGIT_GITHUB_TOKEN in the child's environment.
Exit status: skillgit's (0 ok, 1 findings or a failed push, 2 usage/config/auth/network).
"""

from __future__ import annotations

import json
import os
import secrets
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MODES = ("mine-and-publish", "publish", "review", "validate")
EXIT_USAGE = 2
OUTPUTS = ("proposals", "opened", "updated", "findings")


class InputError(Exception):
    """An input the Action cannot use; the message names the input."""


@dataclass
class Inputs:
    mode: str
    since: str = ""
    llm: str = ""
    model: str = ""
    verify_llm: str = ""
    verify_model: str = ""
    max_open: str = ""
    labels: str = ""
    reviewers: str = ""
    args: list[str] = field(default_factory=list)


@dataclass
class Outputs:
    proposals: int = 0
    opened: int = 0
    updated: int = 0
    findings: int = 0
    # what skillgit printed, for the summary and the `result` output
    documents: dict[str, dict[str, Any]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def escape_data(value: str) -> str:
    """A workflow command's data, escaped as the runner unescapes it."""
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def read_inputs(environ: Mapping[str, str]) -> Inputs:
    mode = environ.get("INPUT_MODE", "").strip()
    if mode not in MODES:
        raise InputError(f"input 'mode': expected one of {', '.join(MODES)}, got {mode!r}")
    try:
        args = shlex.split(environ.get("INPUT_ARGS", ""))
    except ValueError as exc:
        raise InputError(f"input 'args': {exc}") from None
    values = {name: environ.get(f"INPUT_{name.upper()}", "").strip()
              for name in ("since", "llm", "model", "verify_llm", "verify_model", "max_open",
                           "labels", "reviewers")}
    return Inputs(mode=mode, args=args, **values)


def mask_token(environ: dict[str, str]) -> None:
    """Mask the token in the log before anything else is printed; refuse one that a workflow
    command could not mask whole (a line break or a space inside it)."""
    token = environ.get("SKILLGIT_GITHUB_TOKEN", "").strip()
    if not token:
        environ.pop("SKILLGIT_GITHUB_TOKEN", None)
        return
    if any(c.isspace() for c in token):
        raise InputError("input 'token': contains white space or a line break; "
                         "pass the token alone")
    print(f"::add-mask::{escape_data(token)}", flush=True)
    environ["SKILLGIT_GITHUB_TOKEN"] = token


def skillgit(args: Sequence[str], environ: Mapping[str, str], *,
             capture: bool) -> subprocess.CompletedProcess[str]:
    """`python -m skillgit ARGS` with the interpreter skillgit was installed into."""
    return subprocess.run([sys.executable, "-m", "skillgit", *args], env=dict(environ),
                          text=True, stdout=subprocess.PIPE if capture else None,
                          check=False)


class Untrusted:
    """Workflow commands stay off while skillgit prints text that came from transcripts or
    commit messages (`::stop-commands::`), so no such text can act as a command."""

    def __enter__(self) -> Untrusted:
        self.marker = secrets.token_hex(16)
        print(f"::stop-commands::{self.marker}", flush=True)
        return self

    def __exit__(self, *_: object) -> None:
        print(f"::{self.marker}::", flush=True)


def has_option(args: Sequence[str], name: str) -> bool:
    return any(a == name or a.startswith(name + "=") for a in args)


def publish_args(inputs: Inputs) -> list[str]:
    extra = []
    for option, value in (("--max-open", inputs.max_open), ("--labels", inputs.labels),
                          ("--reviewers", inputs.reviewers)):
        if value:
            extra += [option, value]
    return ["publish", "--json", *extra]


def parse_json(proc: subprocess.CompletedProcess[str], command: str) -> dict[str, Any]:
    try:
        data = json.loads(proc.stdout or "")
    except json.JSONDecodeError:
        return {}
    if not isinstance(data, dict):
        print(f"::warning title=skillgit::`skillgit {command} --json` printed no JSON object")
        return {}
    return data


def count_publish(data: Mapping[str, Any], outputs: Outputs, *, proposals: bool) -> None:
    outcomes = [o for o in data.get("outcomes", []) if isinstance(o, dict)]
    outputs.opened = sum(1 for o in outcomes if o.get("status") == "opened")
    outputs.updated = sum(1 for o in outcomes if o.get("status") == "updated")
    if proposals:
        outputs.proposals = len(outcomes)
    for o in outcomes:
        print(f"{o.get('status', '?'):<13} {o.get('branch', '?')}  {o.get('url') or ''}")


def run_publish(inputs: Inputs, environ: Mapping[str, str], outputs: Outputs,
                extra: Sequence[str]) -> int:
    with Untrusted():
        proc = skillgit([*publish_args(inputs), *extra], environ, capture=True)
        outputs.documents["publish"] = parse_json(proc, "publish")
        count_publish(outputs.documents["publish"], outputs,
                      proposals=inputs.mode == "publish")
    return proc.returncode


def mine_and_publish(inputs: Inputs, environ: Mapping[str, str], outputs: Outputs) -> int:
    # The skillgit that runs is built from this checkout (action/install.py), so its `mine`
    # has every option used here: no `mine --help` probe (a whole interpreter start per run).
    mine = ["mine", "--json"]
    for option, value in (("--since", inputs.since), ("--llm", inputs.llm),
                          ("--model", inputs.model), ("--verify-llm", inputs.verify_llm),
                          ("--verify-model", inputs.verify_model)):
        if value:
            mine += [option, value]
    if not has_option(inputs.args, "--source"):
        mine.append("--from-digests")
    with Untrusted():
        proc = skillgit([*mine, *inputs.args], environ, capture=True)
        data = parse_json(proc, "mine")
        outputs.documents["mine"] = data
        outputs.proposals = len(data.get("proposals") or [])
    if proc.returncode != 0:
        return proc.returncode
    shared = data.get("shared")
    if "--from-digests" in mine and isinstance(shared, dict) and not shared.get("contributors"):
        raise InputError("mode 'mine-and-publish': no shared digests on the remote yet "
                         "(refs/skillgit/digests/*): teammates publish them with `skillgit "
                         "share`; or name exported transcripts with args: --source PATH")
    usage_stats(inputs, environ, outputs)
    usage = usage_file(outputs, environ)
    try:
        return run_publish(inputs, environ, outputs, ("--usage", usage) if usage else ())
    finally:
        if usage:
            Path(usage).unlink(missing_ok=True)


def usage_file(outputs: Outputs, environ: Mapping[str, str]) -> str | None:
    """The stats document, written for `publish --usage` when `stats` gave one that publish
    will take (else None and a note: a chart never stops the pull requests)."""
    document = outputs.documents.get("stats")
    if not document:
        return None
    try:
        from skillgit.charts.usage import strict_usage
        strict_usage(document)
    except ImportError:
        return None
    except ValueError as exc:
        outputs.notes.append(f"`skillgit stats` printed an odd document ({exc}): no usage "
                             "chart on the dashboard.")
        return None
    folder = environ.get("RUNNER_TEMP") or None
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", prefix="skillgit-usage-",
                                     suffix=".json", dir=folder, delete=False) as out:
        json.dump(document, out)
    return out.name


def option_value(args: Sequence[str], name: str) -> str | None:
    """The value of the last `--name VALUE` or `--name=VALUE` in `args`."""
    found = None
    for index, arg in enumerate(args):
        if arg == name and index + 1 < len(args):
            found = args[index + 1]
        elif arg.startswith(name + "="):
            found = arg[len(name) + 1:]
    return found


def usage_stats(inputs: Inputs, environ: Mapping[str, str], outputs: Outputs) -> None:
    """`skillgit stats --json` over the sessions just mined, for the summary's usage charts
    (shared digests carry no invocations: then the summary says so)."""
    source = option_value(inputs.args, "--source")
    if source is None:
        outputs.notes.append("Skill use by version is shown when the run mines transcripts "
                             "(args: --source PATH); shared digests do not carry it.")
        return
    stats = ["stats", "--json", "--source", source]
    if inputs.since:
        stats += ["--since", inputs.since]
    with Untrusted():
        proc = skillgit(stats, environ, capture=True)
    if proc.returncode == 0:
        outputs.documents["stats"] = parse_json(proc, "stats")
    else:
        outputs.notes.append(f"`skillgit stats` exited {proc.returncode}: no usage charts.")


def pull_request(environ: Mapping[str, str]) -> dict[str, Any] | None:
    """The event's pull request when the event is one, else None."""
    path = environ.get("GITHUB_EVENT_PATH", "")
    try:
        event = json.loads(Path(path).read_text(encoding="utf-8")) if path else {}
    except (OSError, ValueError):
        return None
    pull = event.get("pull_request") if isinstance(event, dict) else None
    return pull if isinstance(pull, dict) and isinstance(pull.get("number"), int) else None


def from_this_repository(pull: Mapping[str, Any], environ: Mapping[str, str]) -> bool:
    """A fork's pull request gets a read-only token: no comment can be posted for it."""
    def name(side: str) -> object:
        part = pull.get(side)
        repo = part.get("repo") if isinstance(part, dict) else None
        return repo.get("full_name") if isinstance(repo, dict) else None
    head = name("head")
    return head is not None and head in (name("base"), environ.get("GITHUB_REPOSITORY"))


def errors_and_warnings(document: Mapping[str, Any]) -> int:
    """`summary.errors + summary.warnings` of a `--format json` document (0 if absent)."""
    summary = document.get("summary")
    if not isinstance(summary, dict):
        return 0
    counts = (summary.get("errors"), summary.get("warnings"))
    return sum(n for n in counts if isinstance(n, int) and not isinstance(n, bool))


def review(inputs: Inputs, environ: Mapping[str, str], outputs: Outputs) -> int:
    """Once `--format json` to count (no summary, no comment), then `--format github` with the
    step summary and, for a pull request from this repository, the one comment."""
    quiet = {k: v for k, v in environ.items() if k != "GITHUB_STEP_SUMMARY"}
    counted = skillgit(["review", *inputs.args, "--format", "json"], quiet, capture=True)
    outputs.documents["checked"] = parse_json(counted, "review")
    outputs.findings = errors_and_warnings(outputs.documents["checked"])
    command = ["review", *inputs.args, "--format", "github"]
    if environ.get("GITHUB_STEP_SUMMARY"):
        command += ["--summary", environ["GITHUB_STEP_SUMMARY"]]
    pull = pull_request(environ)
    if environ.get("SKILLGIT_GITHUB_TOKEN") and pull and from_this_repository(pull, environ):
        command.append("--comment")
    return skillgit(command, environ, capture=False).returncode


def validate(inputs: Inputs, environ: Mapping[str, str], outputs: Outputs) -> int:
    counted = skillgit(["validate", *inputs.args, "--format", "json", "--quiet"], environ,
                       capture=True)
    outputs.documents["checked"] = parse_json(counted, "validate")
    outputs.findings = errors_and_warnings(outputs.documents["checked"])
    return skillgit(["validate", *inputs.args, "--format", "github"], environ,
                    capture=False).returncode


def report(mode: str, code: int, outputs: Outputs, environ: Mapping[str, str]) -> None:
    """The job summary and every output (skillgit.jobsummary); never a different exit."""
    counts = {name: str(getattr(outputs, name)) for name in OUTPUTS}
    try:
        from skillgit.jobsummary.files import report_run
    except ImportError as exc:
        print(f"::warning title=skillgit::no job summary: {escape_data(str(exc))}")
        if environ.get("GITHUB_OUTPUT"):
            with open(environ["GITHUB_OUTPUT"], "a", encoding="utf-8") as out:
                out.write("".join(f"{k}={v}\n" for k, v in counts.items()))
        return
    for warning in report_run(mode if mode in MODES else "run", code, outputs.documents,
                              outputs.notes, counts, environ):
        print(f"::warning title=skillgit::{escape_data(warning)}", flush=True)


def main() -> int:
    environ = dict(os.environ)
    environ_mode = environ.get("INPUT_MODE", "").strip()
    outputs = Outputs()
    try:
        mask_token(environ)
        inputs = read_inputs(environ)
        for name in list(environ):
            if name.startswith("INPUT_"):
                del environ[name]
        if inputs.mode == "mine-and-publish":
            code = mine_and_publish(inputs, environ, outputs)
        elif inputs.mode == "publish":
            code = run_publish(inputs, environ, outputs, inputs.args)
        elif inputs.mode == "review":
            code = review(inputs, environ, outputs)
        else:
            code = validate(inputs, environ, outputs)
    except InputError as exc:
        print(f"::error title=skillgit::{escape_data(str(exc))}", flush=True)
        outputs.notes.append(str(exc))
        code = EXIT_USAGE
    report(environ_mode, code, outputs, environ)
    return code


if __name__ == "__main__":
    sys.exit(main())
