"""The GitHub workflow `init` writes (and README shows): one file, two jobs.

- `mine`: on a schedule and by hand; mines and opens one pull request per proposal. Least
  privilege per job (`permissions: {}` at the top), a `concurrency` group so two runs never push
  the same branches at once, and a checkout that keeps no credentials (skillgit pushes with the
  token in memory).
- `review`: on pull requests that change skill files (`pull_request`, never
  `pull_request_target`: the PR's code is checked out and run, so it gets only the PR's
  read-only permissions on forks), annotating changed lines and keeping one comment.
"""

from __future__ import annotations

import re

from skillgit import __version__
from skillgit.errors import UsageError
from skillgit.init.pins import current, release_tag

WORKFLOW_PATH = ".github/workflows/skillgit.yml"
# Where the skillgit action lives (action.yml at its root); the ref pins the skillgit version.
ACTION_REPOSITORY = "skillgit/skillgit"
DEFAULT_ACTION = f"{ACTION_REPOSITORY}@{release_tag(__version__)}"
CHECKOUT = current("actions/checkout")   # a full SHA on a supported runtime: see init/pins.py
_ACTION_REF = re.compile(r"[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)*"
                         r"@[A-Za-z0-9][A-Za-z0-9_.\-/]*")
_SHA = re.compile(r"[0-9a-f]{40}")

TEMPLATE = """\
# skillgit: every week, mine the team's agent sessions into skill pull requests (one per
# proposal); on every pull request that changes a skill, validate it and annotate the changed
# lines. Written by `skillgit init`; see README, "The GitHub Action and `skillgit init`".
name: skillgit
on:
  schedule:
    - cron: "17 4 * * 1"       # Mondays 04:17 UTC (off the hour)
  workflow_dispatch:
  pull_request:
    paths:
      - "**/SKILL.md"
      - "skills/**"
      - ".claude/skills/**"
      - ".agents/skills/**"
permissions: {{}}
jobs:
  mine:
    name: Mine and publish skill proposals
    if: github.event_name != 'pull_request'
    runs-on: ubuntu-latest
    timeout-minutes: 60        # mining with a model can take a while; never hours
    permissions:
      contents: write          # push the proposal branches and the ledger
      pull-requests: write     # open and update the pull requests
      issues: write            # labels and the dashboard issue
    concurrency:
      group: skillgit-mine     # two runs never push the same branches at once
      cancel-in-progress: false
    steps:
      - uses: {checkout}
        with:
          fetch-depth: 0
          persist-credentials: false
      - uses: {action}{pin_note}
        with:
          mode: mine-and-publish
          # Pull requests opened with the default GITHUB_TOKEN run no workflows until someone
          # approves them; a GitHub App or fine-grained token avoids that:
          # token: ${{{{ secrets.SKILLGIT_TOKEN }}}}
          # Mines the digests teammates publish with `skillgit share`; before there are any,
          # mine exported sessions committed to the repository instead:
          # args: --source sessions/
  review:
    name: Review skill changes
    if: github.event_name == 'pull_request'
    runs-on: ubuntu-latest
    timeout-minutes: 15
    permissions:
      contents: read
      pull-requests: write     # one review comment, edited in place on later pushes
    concurrency:
      group: skillgit-review-${{{{ github.event.pull_request.number }}}}
      cancel-in-progress: true # only the newest push is worth reviewing
    steps:
      - uses: {checkout}
        with:
          fetch-depth: 0
          persist-credentials: false
      - uses: {action}{pin_note}
        with:
          mode: review
"""


def check_action_ref(value: str) -> str:
    """OWNER/NAME[/PATH]@REF, nothing else (the value is written into YAML)."""
    if not _ACTION_REF.fullmatch(value):
        raise UsageError(f"--action: expected OWNER/NAME@REF (a tag or a commit SHA), "
                         f"got {value!r}")
    return value


def workflow_text(action: str = DEFAULT_ACTION) -> str:
    """The workflow using `action`. A ref that is no commit SHA carries zizmor's inline
    suppression and says how to pin it; a 40-hex SHA needs neither."""
    check_action_ref(action)
    pinned = _SHA.fullmatch(action.rsplit("@", 1)[1]) is not None
    note = "" if pinned else (
        "  # zizmor: ignore[unpinned-uses] (a tag: --action OWNER/NAME@SHA pins a commit)")
    return TEMPLATE.format(checkout=CHECKOUT, action=action, pin_note=note)
