"""The model's answer, as pydantic models (the schema sent to the server)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

KillSwitch = Literal["one-off", "vague-helper", "one-time-setup", "overlap-without-extension",
                     "generic-advice"]
KILL_SWITCHES: tuple[KillSwitch, ...] = ("one-off", "vague-helper", "one-time-setup",
                                         "overlap-without-extension", "generic-advice")


class Reasoned(BaseModel):
    model_config = ConfigDict(extra="forbid")

    holds: bool
    reason: str = Field(description="one sentence")
    evidence: list[str] = Field(description="ids of the evidence items (E1, E2, ...) that "
                                            "support the reason")


class KillCheck(BaseModel):
    model_config = ConfigDict(extra="forbid")

    switch: KillSwitch
    fires: bool
    reason: str = Field(description="one sentence")
    evidence: list[str] = Field(description="ids of the evidence items cited")


class Judgement(BaseModel):
    """One lesson: one candidate, or several merged because they are the same lesson."""

    model_config = ConfigDict(extra="forbid")

    candidates: list[str] = Field(description="ids (C1, C2, ...) of the candidates that are "
                                              "this one lesson; more than one merges them")
    repeatable: Reasoned
    room_to_improve: Reasoned
    repeated_ask: Reasoned
    kill_switches: list[KillCheck] = Field(description="every kill switch, once each")
    kind: Literal["new", "update"]
    skill: str | None = Field(description="for kind update: the existing skill's exact name")
    rank: int = Field(description="1 for the most valuable lesson of this answer, then 2, ...")


class JudgeAnswer(BaseModel):
    model_config = ConfigDict(extra="forbid")

    judgements: list[Judgement]
