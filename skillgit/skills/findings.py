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
        return _RANKS[self.value]


_RANKS = {"error": 2, "warning": 1, "info": 0}


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


# A finding as a plain tuple (path, line, level, rule, message): what rules collect and worker
# processes send back; cheaper to build and to pickle than the model.
FindingRow = tuple[str, int | None, Level, str, str]


def finding_from_row(row: FindingRow) -> Finding:
    path, line, level, rule, message = row
    return Finding(path=path, line=line, level=level, rule=rule, message=message)
