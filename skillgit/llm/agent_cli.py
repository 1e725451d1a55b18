"""The coding agents' headless modes as backends: `claude -p`, `codex exec`, `gemini -p`.

Every call runs with tools disabled (as far as each agent allows), the prompt on stdin (argv
strings are capped at 128 KiB), an empty temporary working directory, credential-like
variables removed from the environment, and a timeout that kills the process group.

So that skillgit never mines its own calls, the agent's session recording is isolated:
- claude: `--no-session-persistence`; with an API key in the environment (no stored login
  needed) `CLAUDE_CONFIG_DIR` also points at a temp dir, which shuts out user hooks too;
- codex: `--ephemeral`; with `CODEX_API_KEY` set, `CODEX_HOME` also points at a temp dir;
- gemini (no no-persist flag): `GEMINI_CLI_HOME` always points at a temp dir, seeded with a
  copy of the user's Google login files (never rotated) and only the auth part of settings.
`extra.isolate_home: "always"` forces the temp home for claude and codex too (the user's
stored login is then not available), `extra.program` names another executable.
Usage is read from the agent's own report when it gives one, else estimated.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from skillgit.hints import flag_hint
from skillgit.llm.agent_run import RunResult, child_environment, run_program, secrets_in, short
from skillgit.llm.base import Completion, EngineSettings, EngineUnavailable, T
from skillgit.llm.deadline import time_left
from skillgit.llm.structured import (
    Attempt,
    complete_with_repair,
    portable_schema,
    schema_instructions,
    usage_from,
)
from skillgit.redact.screen import screen_text

GEMINI_DENY_ALL_POLICY = '[[rule]]\ntoolName = "*"\ndecision = "deny"\npriority = 999\n'
GEMINI_LOGIN_FILES = ("oauth_creds.json", "google_accounts.json")


class AgentCliBackend:
    """Shared machinery; subclasses say how to call one agent and read its answer."""

    name = "agent-cli"
    program = ""
    home_variable = ""
    keep_variables: tuple[str, ...] = ()
    api_key_variables: tuple[str, ...] = ()

    def __init__(self, settings: EngineSettings, *, env: Mapping[str, str] | None = None) -> None:
        self.env = dict(os.environ if env is None else env)
        self._model = settings.model
        self.timeout = settings.timeout
        self.isolate_always = settings.extra.get("isolate_home", "auto") == "always"
        wanted = settings.extra.get("program") or self.program
        found = shutil.which(wanted, path=self.env.get("PATH"))
        if found is None:
            other = flag_hint("--llm", "llm.name in .skillgit.yaml", verb="")
            raise EngineUnavailable(f"{self.name}: `{wanted}` was not found on PATH; install it "
                                    f"or choose another engine with {other}")
        self.executable = found

    @property
    def model(self) -> str | None:
        return self._model

    def __repr__(self) -> str:
        return f"{type(self).__name__}(executable={self.executable!r}, model={self._model!r})"

    def complete(self, system: str, user: str, schema: type[T], *,
                 max_output_tokens: int = 2048) -> Completion[T]:
        return complete_with_repair(lambda prompt: self._call(system, prompt, schema),
                                    user, schema)

    def isolates_home(self) -> bool:
        has_key = any(self.env.get(v) for v in self.api_key_variables)
        return self.isolate_always or has_key

    def _call(self, system: str, user: str, schema: type[T]) -> Attempt:
        system, user = screen_text(system), screen_text(user)  # the final secret screen
        with tempfile.TemporaryDirectory(prefix="skillgit-llm-") as scratch:
            root = Path(scratch)
            workdir, files, home = root / "work", root / "files", root / "home"
            for folder in (workdir, files, home):
                folder.mkdir(mode=0o700)
            overrides: dict[str, str] = {}
            if self.home_variable and self.isolates_home():
                self.seed_home(home)
                overrides[self.home_variable] = str(home)
            argv = self.argv(files, system, schema)
            stdin = self.stdin(system, user, schema)
            env = child_environment(self.env, self.keep_variables, overrides)
            left = time_left(self.timeout)  # an enclosing deadline (llm check) may be nearer
            if left <= 0:
                raise self.fail(f"no time left within {self.timeout:g} s")
            result = run_program(argv, stdin=stdin, env=env, cwd=workdir,
                                 timeout=left, service=self.name)
            return self.read(result, files, prompt=stdin)

    def fail(self, what: str) -> EngineUnavailable:
        return EngineUnavailable(f"{self.name}: {short(what, secrets_in(self.env))}")

    def seed_home(self, home: Path) -> None:
        """Prepare the temporary home (nothing by default)."""

    def argv(self, files: Path, system: str, schema: type[T]) -> list[str]:
        raise NotImplementedError

    def stdin(self, system: str, user: str, schema: type[T]) -> str:
        return user

    def read(self, result: RunResult, files: Path, *, prompt: str) -> Attempt:
        raise NotImplementedError


class ClaudeCliBackend(AgentCliBackend):
    name = "claude-cli"
    program = "claude"
    home_variable = "CLAUDE_CONFIG_DIR"
    keep_variables = ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN")
    api_key_variables = ("ANTHROPIC_API_KEY",)

    def argv(self, files: Path, system: str, schema: type[T]) -> list[str]:
        argv = [self.executable, "-p", "--output-format", "json",
                "--tools", "", "--strict-mcp-config", "--no-session-persistence",
                "--max-turns", "3", "--max-budget-usd", "1",
                "--system-prompt", system,
                "--json-schema", json.dumps(portable_schema(schema), separators=(",", ":"))]
        return argv + (["--model", self._model] if self._model else [])

    def read(self, result: RunResult, files: Path, *, prompt: str) -> Attempt:
        payload = _json_object(result.stdout)
        if payload is None:
            raise self.fail(f"claude exited with {result.returncode} and no JSON result: "
                            f"{result.stderr or result.stdout}")
        if payload.get("is_error") or result.returncode != 0:
            detail = payload.get("result") or payload.get("subtype") or result.stderr
            raise self.fail(f"claude reported an error: {detail}")
        structured = payload.get("structured_output")
        text = json.dumps(structured) if isinstance(structured, dict) else payload.get("result")
        text = text if isinstance(text, str) else None
        reported = payload.get("usage")
        usage: dict[str, Any] = reported if isinstance(reported, dict) else {}
        tokens_in: object = usage.get("input_tokens")
        if isinstance(tokens_in, int):
            for extra in ("cache_creation_input_tokens", "cache_read_input_tokens"):
                more = usage.get(extra)
                tokens_in += more if isinstance(more, int) else 0
        return Attempt(text=text, usage=usage_from(tokens_in, usage.get("output_tokens"),
                                                   prompt=prompt, answer=text or ""))


class CodexCliBackend(AgentCliBackend):
    name = "codex-cli"
    program = "codex"
    home_variable = "CODEX_HOME"
    keep_variables = ("CODEX_API_KEY", "OPENAI_API_KEY")
    api_key_variables = ("CODEX_API_KEY",)

    def argv(self, files: Path, system: str, schema: type[T]) -> list[str]:
        schema_file = files / "schema.json"
        schema_file.write_text(json.dumps(portable_schema(schema)), encoding="utf-8")
        argv = [self.executable, "exec", "--ephemeral", "--skip-git-repo-check",
                "--ignore-user-config", "--sandbox", "read-only", "--color", "never", "--json",
                "--output-schema", str(schema_file), "-o", str(files / "answer.txt")]
        return argv + (["-m", self._model] if self._model else []) + ["-"]

    def stdin(self, system: str, user: str, schema: type[T]) -> str:
        return f"{system}\n\n{user}"

    def read(self, result: RunResult, files: Path, *, prompt: str) -> Attempt:
        tokens_in = tokens_out = 0
        reported = False
        last_message: str | None = None
        failure: str | None = None
        for line in result.stdout.splitlines():
            event = _json_object(line)
            if event is None:
                continue
            kind = event.get("type")
            item = event.get("item")
            if kind == "turn.completed" and isinstance(event.get("usage"), dict):
                usage = event["usage"]
                tokens_in += _int(usage.get("input_tokens"))
                tokens_out += _int(usage.get("output_tokens"))
                reported = True
            elif kind == "item.completed" and isinstance(item, dict) \
                    and item.get("type") == "agent_message" and isinstance(item.get("text"), str):
                last_message = item["text"]
            elif kind in ("turn.failed", "error"):
                error = event.get("error")
                failure = str(error.get("message") if isinstance(error, dict) else
                              event.get("message") or error)
        if result.returncode != 0 or (failure and last_message is None):
            raise self.fail(f"codex exited with {result.returncode}: "
                            f"{failure or result.stderr or 'no output'}")
        answer_file = files / "answer.txt"
        text = answer_file.read_text(encoding="utf-8", errors="replace") \
            if answer_file.is_file() else last_message
        usage = usage_from(tokens_in if reported else None, tokens_out if reported else None,
                           prompt=prompt, answer=text or "")
        return Attempt(text=text, usage=usage)


class GeminiCliBackend(AgentCliBackend):
    name = "gemini-cli"
    program = "gemini"
    home_variable = "GEMINI_CLI_HOME"
    keep_variables = ("GEMINI_API_KEY", "GOOGLE_API_KEY", "GOOGLE_APPLICATION_CREDENTIALS")
    api_key_variables = ("GEMINI_API_KEY", "GOOGLE_API_KEY")

    def isolates_home(self) -> bool:
        return True

    def seed_home(self, home: Path) -> None:
        real_home = self.env.get("GEMINI_CLI_HOME") or self.env.get("HOME") or ""
        source = Path(real_home) / ".gemini" if real_home else None
        target = home / ".gemini"
        target.mkdir(mode=0o700)
        if source is None or any(self.env.get(v) for v in self.api_key_variables):
            return
        for name in GEMINI_LOGIN_FILES:
            if (source / name).is_file():
                shutil.copyfile(source / name, target / name)
                os.chmod(target / name, 0o600)
        settings = _json_object(_read(source / "settings.json"))
        if settings is not None:
            auth = {k: settings[k] for k in ("security", "selectedAuthType") if k in settings}
            if isinstance(auth.get("security"), dict):
                auth["security"] = {"auth": auth["security"].get("auth", {})}
            (target / "settings.json").write_text(json.dumps(auth), encoding="utf-8")

    def argv(self, files: Path, system: str, schema: type[T]) -> list[str]:
        policy = files / "deny-all.toml"
        policy.write_text(GEMINI_DENY_ALL_POLICY, encoding="utf-8")
        argv = [self.executable, "-p", "Answer as instructed above, with only the JSON object.",
                "-o", "json", "--approval-mode", "default", "--policy", str(policy),
                "-e", "none"]
        return argv + (["-m", self._model] if self._model else [])

    def stdin(self, system: str, user: str, schema: type[T]) -> str:
        return f"{system}\n\n{schema_instructions(schema)}\n\n{user}"

    def read(self, result: RunResult, files: Path, *, prompt: str) -> Attempt:
        payload = _json_object(result.stdout)
        error = payload.get("error") if payload is not None else None
        if payload is None or error or result.returncode != 0:
            message = error.get("message") if isinstance(error, dict) else error
            raise self.fail(f"gemini exited with {result.returncode}: "
                            f"{message or result.stderr or 'no JSON output'}")
        text = payload.get("response") if isinstance(payload.get("response"), str) else None
        tokens_in = tokens_out = 0
        reported = False
        stats = payload.get("stats")
        models = stats.get("models") if isinstance(stats, dict) else None
        for model_stats in (models.values() if isinstance(models, dict) else ()):
            tokens = model_stats.get("tokens") if isinstance(model_stats, dict) else None
            if isinstance(tokens, dict) and isinstance(tokens.get("prompt"), int):
                tokens_in += _int(tokens.get("prompt"))
                tokens_out += _int(tokens.get("candidates")) + _int(tokens.get("thoughts"))
                reported = True
        usage = usage_from(tokens_in if reported else None, tokens_out if reported else None,
                           prompt=prompt, answer=text or "")
        return Attempt(text=text, usage=usage)


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""


def _json_object(text: str) -> dict[str, Any] | None:
    """The JSON object in `text` (tolerating log lines before it), or None."""
    text = text.strip()
    for candidate in (text, text[text.find("{"):] if "{" in text else ""):
        if not candidate:
            continue
        try:
            value = json.loads(candidate)
        except ValueError:
            continue
        return value if isinstance(value, dict) else None
    return None


def create_claude(settings: EngineSettings) -> ClaudeCliBackend:
    """Entry point `claude-cli`."""
    return ClaudeCliBackend(settings)


def create_codex(settings: EngineSettings) -> CodexCliBackend:
    """Entry point `codex-cli`."""
    return CodexCliBackend(settings)


def create_gemini(settings: EngineSettings) -> GeminiCliBackend:
    """Entry point `gemini-cli`."""
    return GeminiCliBackend(settings)
