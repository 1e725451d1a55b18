"""The labelled set's `expected.yaml`, validated strictly (errors name the file and key).

    lessons:                 # what a good run proposes
      - id: pnpm
        kind: new            # new | update
        skill: deploy-app    # update: the existing skill it extends (required)
        keywords: [pnpm]     # each must appear in the proposed text (case-insensitive)
    traps:                   # what must not be proposed: a proposal holding every keyword
      - id: footer-rename
        keywords: [footer]
    secrets:                 # planted in the sessions; must appear in no output
      - ghp_...
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from skillgit import yamlload
from skillgit.errors import UsageError

EXPECTED_FILE = "expected.yaml"
_STRICT = ConfigDict(extra="forbid", frozen=True, strict=True)


class Lesson(BaseModel):
    model_config = _STRICT

    id: str = Field(min_length=1)
    kind: Literal["new", "update"]
    skill: str | None = Field(default=None, min_length=1)
    keywords: list[str] = Field(min_length=1)

    @model_validator(mode="after")
    def _update_names_a_skill(self) -> Lesson:
        if self.kind == "update" and not self.skill:
            raise ValueError("kind update needs the skill it extends (skill: NAME)")
        if any(not k.strip() for k in self.keywords):
            raise ValueError("keywords must not be empty")
        return self


class Trap(BaseModel):
    model_config = _STRICT

    id: str = Field(min_length=1)
    keywords: list[str] = Field(min_length=1)


class Expected(BaseModel):
    model_config = _STRICT

    lessons: list[Lesson] = Field(min_length=1)
    traps: list[Trap] = Field(default_factory=list)
    secrets: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _unique_ids(self) -> Expected:
        ids = [x.id for x in self.lessons] + [x.id for x in self.traps]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise ValueError(f"ids used more than once: {', '.join(twice)}")
        if any(len(s) < 8 for s in self.secrets):
            raise ValueError("each planted secret needs at least 8 characters")
        return self


@dataclass(frozen=True)
class LabelledSet:
    root: Path
    expected: Expected

    @property
    def sessions(self) -> Path:
        return self.root / "sessions"

    @property
    def skills(self) -> Path:
        return self.root / "skills"


def _where(loc: tuple[int | str, ...]) -> str:
    return ".".join(str(p) for p in loc) or "(top level)"


def load_labelled(root: Path) -> LabelledSet:
    """The set at `root`; a `UsageError` naming the file (and line or key) when it is bad."""
    path = root / EXPECTED_FILE
    if not root.is_dir():
        raise UsageError(f"{root}: not a folder (a labelled set is a folder with "
                         f"{EXPECTED_FILE} and sessions/)")
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UsageError(f"{path}: missing; see `skillgit demo --eval DIR` for an example") \
            from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read {path}: {type(exc).__name__}: {exc}") from None
    try:
        data = yamlload.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f":{mark.line + 1}" if mark is not None else ""
        raise UsageError(f"{path}{where}: {getattr(exc, 'problem', None) or 'invalid YAML'}") \
            from None
    if not isinstance(data, dict):
        raise UsageError(f"{path}: the top level must be a mapping with lessons, traps and "
                         "secrets")
    try:
        expected = Expected.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(f"{_where(e['loc'])}: {e['msg']}"
                             for e in exc.errors(include_url=False))
        raise UsageError(f"{path}: {problems}") from None
    labelled = LabelledSet(root, expected)
    if not labelled.sessions.is_dir():
        raise UsageError(f"{labelled.sessions}: missing; put the transcripts there")
    return labelled
