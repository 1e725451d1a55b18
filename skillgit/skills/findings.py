"""What validation reports: a `Finding` per problem, each with a rule id and a level."""

from __future__ import annotations

from enum import Enum

from pydantic import BaseModel, ConfigDict


class Level(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        return {"error": 2, "warning": 1, "info": 0}[self.value]


class Finding(BaseModel):
    """One problem (or note) about one file, at a 1-based line when known."""

    model_config = ConfigDict(frozen=True)

    path: str
    line: int | None = None
    level: Level
    rule: str
    message: str

    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.path, self.line or 0, -self.level.rank, self.rule)
