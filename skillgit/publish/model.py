"""What `publish` is asked to do, and what it did: options, one outcome per proposal."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from skillgit.charts.usage import Usage
from skillgit.wire.commit import DEFAULT_IDENTITY

# opened / updated / unchanged / rejected / merged / skipped-limit / foreign are the
# lifecycle; `closed`: an open PR whose proposal was rejected (`proposals reject`), closed
# with a comment; `pushed` is the fallback when GitHub Actions may not open pull requests
# (the branch is pushed and a compare URL printed); `failed` a push the remote refused or
# an API error on this proposal (the run goes on with the others).
OutcomeStatus = Literal["opened", "updated", "unchanged", "rejected", "merged", "closed",
                        "skipped-limit", "foreign", "pushed", "failed",
                        "would-open", "would-update", "would-close"]


class PublishOptions(BaseModel):
    remote: str = "origin"
    repo: str | None = None               # OWNER/NAME; default: from the remote URL
    base: str | None = None               # default: the checked-out branch, else main/master
    max_open: int = Field(default=5, ge=0)
    labels: list[str] = Field(default_factory=lambda: ["skillgit"])
    reviewers: list[str] = Field(default_factory=list)
    team_reviewers: list[str] = Field(default_factory=list)
    draft: bool = False
    dry_run: bool = False
    dashboard: bool = True
    token_env: str | None = None
    token_env_key: str = "--token-env"    # where token_env came from, for messages
    identity: str = DEFAULT_IDENTITY
    lock_wait_seconds: float = 30.0
    run_url: str | None = None            # the workflow run, linked from the dashboard
    usage: Usage | None = None            # --usage: skill use by version, on the dashboard


class Outcome(BaseModel):
    branch: str
    status: OutcomeStatus
    url: str | None = None                # the PR (or, for `pushed`, the compare page)
    number: int | None = None
    fingerprint: str = ""
    detail: str = ""


class ControlOutcome(BaseModel):
    """A dashboard checkbox the run found ticked, and what it did about it."""

    control: Literal["open", "unreject", "retry"]
    value: str = ""                       # the branch, or the rejection's fingerprint
    status: Literal["done", "would-do", "ignored", "failed"]
    detail: str = ""


class DashboardOutcome(BaseModel):
    status: Literal["created", "updated", "unchanged", "closed", "none", "off", "failed",
                    "would-create", "would-update"]
    url: str | None = None
    waiting: int = 0
    rejected: int = 0


class PublishResult(BaseModel):
    repo: str
    remote: str
    base: str
    dry_run: bool = False
    outcomes: list[Outcome] = Field(default_factory=list)
    ledger: str = "absent"
    dashboard: DashboardOutcome = Field(default_factory=lambda: DashboardOutcome(status="off"))
    controls: list[ControlOutcome] = Field(default_factory=list)  # ticked dashboard boxes
    planned: list[str] = Field(default_factory=list)    # dry run: every write not made
    reconciled: list[str] = Field(default_factory=list)  # what the run repaired first
    warnings: list[str] = Field(default_factory=list)
    errors: list[str] = Field(default_factory=list)     # API errors; the run went on

    def count(self, status: str) -> int:
        return sum(1 for o in self.outcomes if o.status == status)
