"""`skillgit llm check`: which engine and model would be used, and does it answer."""

from __future__ import annotations

import json
import os
import time
from typing import Any

import click
from pydantic import BaseModel, ConfigDict

from skillgit.cli.jsonout import versioned
from skillgit.config import load_config
from skillgit.distill.engines import create_engine
from skillgit.errors import EXIT_OK, EXIT_USAGE, SkillgitError
from skillgit.llm.base import Backend, Engine, InvalidAnswer
from skillgit.llm.deadline import deadline
from skillgit.llm.select import HEURISTIC, Selection, enable_hint, select_engine
from skillgit.printable import json_printable, printable

PROBE_SYSTEM = 'This is a connectivity check. Reply with exactly this JSON object: {"ok": true}'


class Probe(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ok: bool


def builtin_backend(selection: Selection) -> Backend | None:
    """The backend of a built-in LLM engine, created directly (for engines that do not expose
    one through a `backend` attribute)."""
    from skillgit.llm import agent_cli, anthropic, gemini, openai

    classes: dict[str, Any] = {
        "openai": openai.OpenAIBackend, "anthropic": anthropic.AnthropicBackend,
        "gemini": gemini.GeminiBackend, "claude-cli": agent_cli.ClaudeCliBackend,
        "codex-cli": agent_cli.CodexCliBackend, "gemini-cli": agent_cli.GeminiCliBackend,
    }
    factory = classes.get(selection.engine)
    backend: Backend | None = factory(selection.settings) if factory else None
    return backend


def find_backend(engine: Engine, selection: Selection) -> Backend | None:
    backend = getattr(engine, "backend", None)
    if backend is not None and callable(getattr(backend, "complete", None)):
        found: Backend = backend
        return found
    return builtin_backend(selection)


def endpoint_of(backend: Backend | None, selection: Selection) -> str | None:
    for attribute in ("base_url", "executable"):
        value = getattr(backend, attribute, None)
        if isinstance(value, str):
            return _without_credentials(value) if attribute == "base_url" else value
    return _without_credentials(selection.settings.base_url)


def _without_credentials(url: str | None) -> str | None:
    """`url` with any `user:password@` replaced, so it is safe to print."""
    if url is None or "@" not in url:
        return url
    scheme, sep, rest = url.partition("://")
    authority, slash, path = rest.partition("/")
    if not sep or "@" not in authority:
        return url
    return f"{scheme}://***@{authority.rsplit('@', 1)[1]}{slash}{path}"


def check(selection: Selection) -> dict[str, Any]:
    """Create the engine and make one tiny call; never raises for engine faults. The set-up
    hint is given only when no LLM engine is configured (the heuristic runs)."""
    report: dict[str, Any] = {
        "engine": selection.engine, "reason": selection.reason,
        "model": selection.settings.model, "endpoint": endpoint_of(None, selection),
        "key_source": selection.key_source, "ok": False, "status": "", "usage": None,
        "seconds": None, "hint": None,
    }
    try:
        engine = create_engine(selection)
        report["model"] = engine.model
        backend = None if selection.engine == HEURISTIC else find_backend(engine, selection)
        if backend is None:
            report.update(ok=True, status="ok (no LLM calls: nothing to probe)")
            if selection.engine == HEURISTIC:
                report.update(status="ok (built in, offline, no LLM calls)", hint=enable_hint())
            return report
        report["model"] = backend.model
        report["endpoint"] = endpoint_of(backend, selection)
        started = time.monotonic()
        with deadline(selection.settings.timeout):  # the repair retry included
            answer = backend.complete(PROBE_SYSTEM, "ping", Probe, max_output_tokens=64)
        report["seconds"] = round(time.monotonic() - started, 2)
        report["usage"] = answer.usage.model_dump()
        report.update(ok=True, status="ok, it answers")
    except InvalidAnswer as exc:
        report.update(status=f"answers, but not with valid JSON: {exc}",
                      usage=exc.usage.model_dump())
    except SkillgitError as exc:  # an engine is configured: its status says what is wrong,
        report.update(status=f"unavailable: {exc}")  # the set-up hint would only mislead
    return report


def render_text(report: dict[str, Any]) -> str:
    lines = [f"engine:   {report['engine']} ({report['reason']})"]
    if report["model"]:
        lines.append(f"model:    {report['model']}")
    if report["endpoint"]:
        lines.append(f"endpoint: {report['endpoint']}")
    if report["key_source"]:
        lines.append(f"key:      from {report['key_source']}")
    status = report["status"]
    usage = report["usage"]
    if report["ok"] and usage:
        approx = "~" if usage["estimated"] else ""
        status += (f" in {report['seconds']} s ({approx}{usage['input_tokens']} tokens in, "
                   f"{approx}{usage['output_tokens']} out)")
    lines.append(f"status:   {status}")
    if report["hint"]:
        lines.append(report["hint"])
    return "\n".join(lines)


@click.group(name="llm")
def llm() -> None:
    """Inspect the LLM engine skillgit would use."""


@llm.command(name="check")
@click.option("--llm", "llm_name", metavar="NAME", help="Engine to check (default: as selected).")
@click.option("--model", metavar="MODEL", help="Model to check (default: as configured).")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def check_command(llm_name: str | None, model: str | None, as_json: bool) -> int:
    """Show which engine and model would be used and whether it answers (one tiny call).

    Exit 0 when it answers with valid JSON (or the engine makes no LLM calls, like the
    built-in heuristic), 2 otherwise.
    """
    selection = select_engine(llm_name, model, os.environ, load_config())
    report = check(selection)
    click.echo(json_printable(json.dumps(versioned(report), indent=2)) if as_json
               else "\n".join(printable(line) for line in render_text(report).split("\n")))
    return EXIT_OK if report["ok"] else EXIT_USAGE
