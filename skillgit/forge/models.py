"""Pull requests, issues and comments as a forge answers them, reduced to the fields skillgit
reads (the rest is ignored). GitHub's REST shapes are the reference; another forge maps its
answers onto them."""

from __future__ import annotations

from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from skillgit.forge.errors import UnexpectedAnswer


class _Model(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class User(_Model):
    login: str
    type: str = "User"  # or "Bot" (github-actions[bot], an App)


class Label(_Model):
    name: str
    color: str = ""


class RepoName(_Model):
    full_name: str


class BranchRef(_Model):
    ref: str
    sha: str
    repo: RepoName | None = None  # None when the fork behind a PR was deleted


class PullRequest(_Model):
    number: int
    html_url: str
    state: Literal["open", "closed"]
    title: str
    body: str | None = None
    draft: bool = False
    merged: bool | None = None        # only in GET /pulls/{n} and create/update answers
    merged_at: str | None = None
    merge_commit_sha: str | None = None
    head: BranchRef
    base: BranchRef
    labels: list[Label] = Field(default_factory=list)
    user: User | None = None

    @property
    def is_merged(self) -> bool:
        return bool(self.merged) or self.merged_at is not None

    @property
    def outcome(self) -> Literal["open", "merged", "closed"]:
        """open; merged; or closed without merge (a "no")."""
        if self.is_merged:
            return "merged"
        return "open" if self.state == "open" else "closed"

    @property
    def label_names(self) -> list[str]:
        return [label.name for label in self.labels]


class Issue(_Model):
    number: int
    html_url: str
    state: Literal["open", "closed"]
    title: str
    body: str | None = None
    labels: list[Label] = Field(default_factory=list)
    user: User | None = None
    pull_request: dict[str, Any] | None = None  # set when this "issue" is a PR

    @property
    def is_pull_request(self) -> bool:
        return self.pull_request is not None

    def has_label(self, name: str) -> bool:
        return name.lower() in {label.name.lower() for label in self.labels}


class IssueComment(_Model):
    id: int
    html_url: str
    body: str | None = None
    user: User | None = None


M = TypeVar("M", bound=BaseModel)


def parse(model: type[M], data: Any, endpoint: str) -> M:
    """`data` as `model`; `UnexpectedAnswer` naming the endpoint ("GET /repos/o/r/pulls") and
    the field when GitHub's answer lacks one skillgit needs, or holds another type."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        fields = []
        for error in exc.errors()[:3]:
            where = ".".join(str(part) for part in error["loc"]) or "(the whole answer)"
            what = "is missing" if error["type"] == "missing" else \
                f"is not what skillgit expects ({error['msg']})"
            fields.append(f"the field `{where}` {what}")
        raise UnexpectedAnswer(f"{endpoint}: GitHub's answer cannot be used: "
                               f"{'; '.join(fields)}") from None
