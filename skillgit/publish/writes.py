"""Every GitHub write `publish` makes goes through here, so a dry run can list them instead.

Reads always go to GitHub (a dry run needs them to know what it would do); writes are made,
or, on a dry run, described in `planned` (method, path, and the fields that matter).
"""

from __future__ import annotations

from collections.abc import Sequence

from skillgit.forge.errors import ForgeError, PullRequestExists, ReviewRequestRejected
from skillgit.forge.models import Issue, PullRequest
from skillgit.forge.protocol import Forge
from skillgit.interrupts import deferred
from skillgit.printable import printable
from skillgit.publish.controls import ticked
from skillgit.publish.dashboard import DASHBOARD_MARKER, DASHBOARD_TITLE, shown
from skillgit.publish.model import DashboardOutcome

DASHBOARD_LABEL = "skillgit"
CLOSED_MARKER = "<!-- skillgit:closed-rejected -->"
CLOSED_COMMENT = (f"{CLOSED_MARKER}\nskillgit closes this pull request: its proposal was "
                  "rejected (`skillgit proposals reject`, recorded on the `skillgit/ledger` "
                  "branch). It will not be proposed again unless its evidence grows "
                  "materially; `skillgit proposals unreject SKILL` forgets the rejection.\n")


class Writes:
    def __init__(self, client: Forge, dry_run: bool) -> None:
        self.client = client
        self.dry_run = dry_run
        self.planned: list[str] = []
        self.warnings: list[str] = []
        self.errors: list[str] = []   # a PR opened, then a later write on it failed
        self.notes: list[str] = []    # repairs made (duplicate dashboards closed)
        self._labels_ready = False

    @property
    def _base(self) -> str:
        return self.client.api_path

    def _plan(self, method: str, path: str, what: str) -> None:
        self.planned.append(printable(f"{method} {path}: {what}"))

    def open_pull(self, *, title: str, head: str, base: str, body: str, draft: bool,
                  labels: Sequence[str], reviewers: Sequence[str],
                  team_reviewers: Sequence[str]) -> tuple[PullRequest | None, bool]:
        """Create the PR, label it and ask for reviews. (PR, False); (PR, True) when one was
        open for `head` already (it is then only updated); (None, False) on a dry run."""
        if self.dry_run:
            self._plan("POST", f"{self._base}/pulls", f"open {head} → {base}: {title!r}"
                       + (" (draft)" if draft else ""))
            if labels:
                self._plan("POST", f"{self._base}/issues/{{new}}/labels", ", ".join(labels))
            if reviewers or team_reviewers:
                self._plan("POST", f"{self._base}/pulls/{{new}}/requested_reviewers",
                           ", ".join([*reviewers, *(f"team {t}" for t in team_reviewers)]))
            return None, False
        with deferred():  # a PR is created and labelled, or not created: a cancelled job
            try:          # (SIGINT/SIGTERM) waits for its label, never leaves it unlabelled
                pull = self.client.create_pull(title=title, head=head, base=base, body=body,
                                               draft=draft)
            except PullRequestExists:
                found = self.client.pulls_for_branch(head, "open")
                if not found:
                    raise
                return self.update_pull(found[0], title, body), True
            try:
                self._label(pull.number, labels)
            except ForgeError as exc:
                self.errors.append(f"{head}: pull request #{pull.number} opened, but its "
                                   f"labels were not added ({exc}); the next run adds them")
        try:
            self.client.request_reviewers(pull.number, reviewers, team_reviewers)
        except ReviewRequestRejected as exc:
            self.warnings.append(f"{head}: reviewers not requested: {exc}")
        except ForgeError as exc:
            self.errors.append(f"{head}: pull request #{pull.number} opened, but reviewers "
                               f"were not requested: {exc}")
        return pull, False

    def _label(self, number: int, labels: Sequence[str]) -> None:
        if labels:
            if not self._labels_ready:
                self.client.ensure_labels(labels)
                self._labels_ready = True
            self.client.add_labels(number, labels)

    def add_labels(self, pull: PullRequest, labels: Sequence[str]) -> None:
        """The labels a skillgit PR is missing (a run killed before it labelled the PR)."""
        if self.dry_run:
            self._plan("POST", f"{self._base}/issues/{pull.number}/labels", ", ".join(labels))
            return
        self._label(pull.number, labels)

    def remove_labels(self, pull: PullRequest, labels: Sequence[str]) -> None:
        """Labels that no longer hold (`skill:no-measured-effect` after a re-measured gain)."""
        for label in labels:
            if self.dry_run:
                self._plan("DELETE", f"{self._base}/issues/{pull.number}/labels/{label}",
                           "the effect measured again shows a gain")
            else:
                self.client.remove_label(pull.number, label)

    def close_rejected(self, pull: PullRequest) -> None:
        """Say why (one comment, found by its marker, never posted twice), then close."""
        if self.dry_run:
            self._plan("POST", f"{self._base}/issues/{pull.number}/comments",
                       "why it is closed (its proposal was rejected)")
            self._plan("PATCH", f"{self._base}/pulls/{pull.number}", "close")
            return
        self.client.upsert_comment_by_marker(pull.number, CLOSED_MARKER, CLOSED_COMMENT)
        self.client.close_pull(pull.number)

    def update_pull(self, pull: PullRequest, title: str, body: str) -> PullRequest:
        if pull.title == title and pull.body == body:
            return pull
        if self.dry_run:
            self._plan("PATCH", f"{self._base}/pulls/{pull.number}",
                       f"new title and description for {pull.head.ref}")
            return pull
        return self.client.update_pull(pull.number, title=title, body=body)

    def _close_duplicates(self, kept: int) -> None:
        """Other open dashboards (an older skillgit retried a create that had worked):
        closed, so there is one again; the newest is kept."""
        # listed whole before closing any: closing shifts the pages of an "open" listing
        for issue in list(self.client.issues_by_marker(DASHBOARD_MARKER, DASHBOARD_LABEL)):
            if issue.number == kept:
                continue
            if self.dry_run:
                self._plan("PATCH", f"{self._base}/issues/{issue.number}",
                           "close a duplicate dashboard")
            else:
                self.client.close_issue(issue.number)
            self.notes.append(f"#{issue.number}: {'would close' if self.dry_run else 'closed'}"
                              f" a duplicate dashboard issue (#{kept} is kept)")

    def find_dashboard(self) -> Issue | None:
        """The dashboard issue (open or closed), read once per run, at its start."""
        return self.client.find_issue_by_marker(DASHBOARD_MARKER, DASHBOARD_LABEL)

    def dashboard(self, found: Issue | None, body: str, needed: bool,
                  force: bool = False) -> DashboardOutcome:
        """Create the dashboard issue, or update `found` in place when what it shows changed
        (the stamp below it does not count; `force`: rewrite anyway). Not `needed` (nothing
        to list): an existing one is still brought up to date, none is created. A closed one
        is left closed."""
        if found is None and not needed:
            return DashboardOutcome(status="none")
        if found is None:  # a second look before creating one (a listing may lag): never two
            found = self.find_dashboard()
            if found is not None and found.state == "open" and ticked(found.body or "")[0]:
                # boxes ticked that this run never read: kept for the next run to honour
                return DashboardOutcome(status="unchanged", url=found.html_url)
        if found is not None and found.state == "closed":
            return DashboardOutcome(status="closed", url=found.html_url)
        if found is not None:
            self._close_duplicates(found.number)
        if found is not None and not force and shown(found.body or "") == shown(body) \
                and found.title == DASHBOARD_TITLE:
            return DashboardOutcome(status="unchanged", url=found.html_url)
        if self.dry_run:
            if found is None:
                self._plan("POST", f"{self._base}/issues", f"open the dashboard issue "
                           f"{DASHBOARD_TITLE!r}")
                return DashboardOutcome(status="would-create")
            self._plan("PATCH", f"{self._base}/issues/{found.number}",
                       "update the dashboard issue")
            return DashboardOutcome(status="would-update", url=found.html_url)
        if found is not None:
            issue = self.client.update_issue(found.number, title=DASHBOARD_TITLE, body=body)
            return DashboardOutcome(status="updated", url=issue.html_url)
        # created with a probe by the marker: a create answered 5xx is found, never repeated
        issue, status = self.client.upsert_issue_by_marker(
            DASHBOARD_MARKER, DASHBOARD_TITLE, body, label=DASHBOARD_LABEL)
        return DashboardOutcome(status=status, url=issue.html_url)
