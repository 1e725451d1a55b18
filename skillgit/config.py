"""`.skillgit.yaml`: the project's settings, validated strictly.

The file lives at the root of the git repository (or in the current directory outside a
repository). Unknown keys are errors that name the key and the file; so is a value of the
wrong YAML type (`max_proposals: true`, `workers: "4"`, `workers: 4.0`): every field is strict,
never coerced, and the error names the expected type. Precedence everywhere:
command-line flags > environment > this file > defaults. API keys never belong here (see
`skillgit.llm.keys`).

    llm:
      name: openai            # an engine name, see `skillgit llm check`
      model: gpt-4.1-mini
      base_url: http://localhost:11434/v1
      timeout: 60
      options: {temperature: 0.2}   # engine-specific; scalars, passed on as text
    distill:
      token_budget: 6000
      workers: 4
    redact:
      extra_patterns: ['ACME-[0-9a-f]{32}']
    mine:
      skills_dir: .claude/skills     # where new skills go
      max_proposals: 5
      base: main
      identity: "skillgit <skillgit@users.noreply.invalid>"   # author and committer
      min_sessions: 2                # a model judge never passes a lesson seen in fewer
    judge:                           # default: the distill engine judges (heuristic: rules)
      llm: anthropic                 # an engine name, or heuristic
      model: claude-sonnet-4-5
      token_budget: 6000             # prompt tokens per judge request
      max_candidates: 40             # candidates a run sends to the model, best first
    publish:
      remote: origin                 # a remote name or URL
      repo: acme/skills              # OWNER/NAME (default: from the remote URL)
      base: main
      max_open: 5
      labels: [skillgit]
      reviewers: [alice]
      team_reviewers: [skills-team]
      draft: false
      dashboard: true
      token_env: SKILLGIT_GITHUB_TOKEN   # the variable's name, never the token
      usage: out/stats.json          # a `skillgit stats --json` file the dashboard charts
    share:
      projects: [~/src/webapp, ~/work/api-*]   # sessions whose cwd is in one of these
      contributor: alice-laptop     # default: a salted hash of `git config user.email`
      remote: origin                # where `skillgit share` pushes (default: origin)
    attribution:
      window: 3                      # outcome window: the next N user turns after a skill ran
"""

from __future__ import annotations

import contextlib
import os
import re
import unicodedata
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    ValidationError,
    field_validator,
)

from skillgit import yamlload
from skillgit.errors import UsageError

CONFIG_FILE_NAME = ".skillgit.yaml"
# Strict: YAML's `true` is no integer, "5" no number and 5.0 no count of proposals.
_STRICT = ConfigDict(frozen=True, extra="forbid", strict=True)
_EXPECTED = {"int_type": "an integer", "float_type": "a number", "string_type": "a string",
             "bool_type": "true or false", "list_type": "a list", "dict_type": "a mapping",
             "model_type": "a mapping", "model_attributes_type": "a mapping"}


class LLMConfig(BaseModel):
    model_config = _STRICT

    name: str | None = Field(default=None, min_length=1)
    model: str | None = Field(default=None, min_length=1)
    base_url: str | None = Field(default=None, pattern=r"^https?://\S+$")
    timeout: float | None = Field(default=60.0, gt=0, le=3600)  # null: the default
    # Engine-specific options passed to the engine as `EngineSettings.extra`.
    options: dict[str, str] = Field(default_factory=dict)

    @field_validator("options", mode="before")
    @classmethod
    def _scalars_as_text(cls, value: object) -> object:
        """`temperature: 0.2` is natural YAML: a scalar option is passed on as its text."""
        if not isinstance(value, dict):
            return value
        return {key: _scalar_text(item) for key, item in value.items()}


def _scalar_text(value: object) -> object:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    return value  # anything else is checked (and refused unless a string) by the model


class DistillConfig(BaseModel):
    model_config = _STRICT

    token_budget: int = Field(default=6000, ge=500, le=1_000_000)
    workers: int = Field(default=4, ge=1, le=64)


class RedactConfig(BaseModel):
    model_config = _STRICT

    extra_patterns: list[str] = Field(default_factory=list)

    @field_validator("extra_patterns")
    @classmethod
    def _compiles(cls, patterns: list[str]) -> list[str]:
        for pattern in patterns:
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ValueError(f"{pattern!r} is not a valid regular expression: {exc}") from None
        return patterns


class MineConfig(BaseModel):
    model_config = _STRICT

    skills_dir: str | None = Field(default=None, min_length=1)
    max_proposals: int = Field(default=5, ge=1, le=50)
    base: str | None = Field(default=None, min_length=1)
    identity: str | None = Field(default=None, pattern=r"^[^<>\n]+ <[^<>\s]+>$")
    min_sessions: int = Field(default=2, ge=2, le=100)

    @field_validator("skills_dir")
    @classmethod
    def _relative(cls, value: str | None) -> str | None:
        if value is not None and not skills_dir_is_inside(value):
            raise ValueError(SKILLS_DIR_RULE)
        return value


class JudgeConfig(BaseModel):
    model_config = _STRICT

    llm: str | None = Field(default=None, min_length=1)
    model: str | None = Field(default=None, min_length=1)
    token_budget: int = Field(default=6000, ge=1000, le=1_000_000)
    max_candidates: int = Field(default=40, ge=1, le=1000)


class VerifyConfig(BaseModel):
    """`skillgit verify`: answers per condition, the hard caps, parallel requests."""

    model_config = _STRICT

    # The model `mine` measures each proposal with before it is written (none: no verify
    # step in mine); `skillgit verify` uses --llm / --model, else these, else llm.
    llm: str | None = Field(default=None, min_length=1)
    model: str | None = Field(default=None, min_length=1)
    # The server verify asks (an OpenAI-compatible engine's): verify's own, so that it needs
    # neither OPENAI_BASE_URL (which also picks the distill engine) nor llm.base_url (which
    # applies only when verify uses the engine llm.name names).
    base_url: str | None = Field(default=None, pattern=r"^https?://\S+$")
    samples: int = Field(default=3, ge=1, le=20)
    max_usd: float | None = Field(default=None, ge=0)
    max_calls: int | None = Field(default=None, ge=0)
    workers: int = Field(default=4, ge=1, le=32)
    token_budget: int = Field(default=2000, ge=200, le=100_000)   # replay context per case


class AttributionConfig(BaseModel):
    model_config = _STRICT

    # The outcome window of a skill invocation: the next N user turns (`skillgit stats`).
    window: int = Field(default=3, ge=1, le=10)


class PublishConfig(BaseModel):
    model_config = _STRICT

    remote: str | None = Field(default=None, min_length=1)
    repo: str | None = Field(default=None, pattern=r"^[^/\s]+/[^/\s]+$")
    base: str | None = Field(default=None, min_length=1)
    max_open: int = Field(default=5, ge=0, le=100)
    labels: list[str] = Field(default_factory=lambda: ["skillgit"], max_length=20)
    reviewers: list[str] = Field(default_factory=list, max_length=15)
    team_reviewers: list[str] = Field(default_factory=list, max_length=15)
    draft: bool = False
    dashboard: bool = True
    token_env: str | None = Field(default=None, pattern=r"^[A-Za-z_][A-Za-z0-9_]*$")
    usage: str | None = Field(default=None, min_length=1, max_length=1000)  # from the root

    @field_validator("labels", "reviewers", "team_reviewers")
    @classmethod
    def _names(cls, value: list[str]) -> list[str]:
        for name in value:
            if not name.strip() or len(name) > 100 or any(
                    unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in name):
                raise ValueError(f"{name!r}: expected a name without control characters")
        return value


class ShareConfig(BaseModel):
    """`skillgit share`: which projects' sessions may leave the machine, and as whom."""

    model_config = _STRICT

    projects: list[str] = Field(default_factory=list, max_length=200)
    contributor: str | None = Field(default=None, pattern=r"^[a-z0-9][a-z0-9._-]{0,63}$")
    remote: str | None = Field(default=None, min_length=1)

    @field_validator("projects")
    @classmethod
    def _paths(cls, value: list[str]) -> list[str]:
        for entry in value:
            if not entry.strip() or len(entry) > 1000 or any(
                    unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in entry):
                raise ValueError(f"{entry!r}: expected a folder path or glob")
        return value


SKILLS_DIR_RULE = ("must be a path inside the repository, like skills or .claude/skills, "
                   "without control characters")


def skills_dir_is_inside(value: str) -> bool:
    """A relative folder that stays inside the repository and out of `.git`, and whose name
    holds no control, format or line-separator character (a newline would forge output)."""
    parts = value.replace("\\", "/").split("/")
    return not value.startswith(("/", "~")) and ".." not in parts and not any(
        part.lower() == ".git" for part in parts) and not any(
        unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in value)


class Config(BaseModel):
    """The whole file; every section is optional."""

    model_config = _STRICT

    llm: LLMConfig = Field(default_factory=LLMConfig)
    distill: DistillConfig = Field(default_factory=DistillConfig)
    redact: RedactConfig = Field(default_factory=RedactConfig)
    mine: MineConfig = Field(default_factory=MineConfig)
    judge: JudgeConfig = Field(default_factory=JudgeConfig)
    publish: PublishConfig = Field(default_factory=PublishConfig)
    share: ShareConfig = Field(default_factory=ShareConfig)
    attribution: AttributionConfig = Field(default_factory=AttributionConfig)
    verify: VerifyConfig = Field(default_factory=VerifyConfig)
    # "section.key" → the file it was read from (absent: the default); see config_layers
    _sources: dict[str, str] = PrivateAttr(default_factory=dict)

    def source_of(self, key: str) -> str:
        """Where the value of `key` ("judge.llm") came from, as messages name it:
        "/repo/.skillgit.yaml (judge.llm)", or "default (judge.llm)"."""
        origin = self.origin(key)
        if origin != "default":
            with contextlib.suppress(OSError, ValueError):
                origin = os.path.relpath(origin) if Path(origin).resolve().is_relative_to(
                    Path.cwd().resolve()) else origin
        return f"{origin} ({key})"

    def origin(self, key: str) -> str:
        """The file `key` was read from, or "default"."""
        return self._sources.get(key, "default")

    def with_sources(self, sources: dict[str, str]) -> Config:
        self._sources = dict(sources)
        return self


def repo_root(start: Path) -> Path | None:
    """The nearest directory at or above `start` holding `.git` (a directory or a file)."""
    start = start.resolve()
    for folder in (start, *start.parents):
        if (folder / ".git").exists():
            return folder
    return None


def config_path(cwd: Path | None = None) -> Path:
    """Where `.skillgit.yaml` is looked for: the repository root, else `cwd`."""
    here = cwd or Path.cwd()
    return (repo_root(here) or here) / CONFIG_FILE_NAME


def _describe(error: Any) -> str:
    location = ".".join(str(part) for part in error["loc"]) or "(top level)"
    if error["type"] == "extra_forbidden":
        last = str(error["loc"][-1]) if error["loc"] else ""
        if last in ("api_key", "key", "token"):
            return (f"{location}: keys do not belong in the config file; use an environment "
                    "variable or $XDG_CONFIG_HOME/skillgit/keys.yaml (mode 0600)")
        return f"{location}: unknown key"
    if location == "mine.identity" and error["type"] == "string_pattern_mismatch":
        return f"{location}: expected 'Name <email>', got {_shown(error['input'])}"
    expected = _EXPECTED.get(error["type"])
    if expected is not None:
        return (f"{location}: expected {expected}, got {_shown(error['input'])} "
                f"({_yaml_type(error['input'])})")
    return f"{location}: {error['msg']}"


def _shown(value: object) -> str:
    """A value as the message shows it (YAML's spelling of true/false/null, else repr, which
    escapes control characters), cut short."""
    if value is None or isinstance(value, bool):
        return "null" if value is None else str(value).lower()
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _yaml_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def parse_config(text: str, source: str) -> Config:
    """Validate the YAML `text`; errors name the key and `source`."""
    return validate_mapping(parse_mapping(text, source), source)


def validate_mapping(data: dict[str, Any], source: str) -> Config:
    """The config from already parsed YAML; errors name the key and `source`."""
    try:
        return Config.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(_describe(e) for e in exc.errors(include_url=False))
        raise UsageError(f"{source}: {problems}") from None


def parse_mapping(text: str, source: str) -> dict[str, Any]:
    """The YAML `text` as a mapping of sections (not yet validated); errors name `source`."""
    try:
        data = yamlload.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f":{mark.line + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or "invalid YAML"
        raise UsageError(f"{source}{where}: {problem}") from None
    except RecursionError:
        raise UsageError(f"{source}: nested too deeply") from None
    except (ValueError, TypeError, OverflowError) as exc:  # constructors: e.g. a bad date
        raise UsageError(f"{source}: invalid YAML value: {exc}") from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise UsageError(f"{source}: the top level must be a mapping of sections "
                         f"(llm, distill, redact, mine, judge, publish, share, attribution), "
                         f"not {type(data).__name__}")
    return data


def read_config_text(target: Path, required: bool = False) -> str | None:
    """The text of a config file; None when it is absent (unless `required`)."""
    try:
        if not target.is_file() and target.exists():  # a FIFO would block the read forever
            raise UsageError(f"cannot read {target}: not a regular file")
        return target.read_text(encoding="utf-8")
    except FileNotFoundError:
        if required:
            raise UsageError(f"config file {target} does not exist") from None
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read {target}: {type(exc).__name__}: {exc}") from None


def load_config(path: Path | None = None, *, cwd: Path | None = None,
                environ: Mapping[str, str] | None = None) -> Config:
    """The repository's file (`path`, or `.skillgit.yaml` at the repository root) over the
    user's personal file ($XDG_CONFIG_HOME/skillgit/config.yaml) over the defaults; each
    value remembers its source (`Config.source_of`)."""
    from skillgit.config_layers import load_layered

    return load_layered(path, cwd, os.environ if environ is None else environ).config
