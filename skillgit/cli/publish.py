"""`skillgit publish`: push each proposal branch and keep one pull request per proposal."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import urlsplit

import click

from skillgit.cli.jsonout import versioned
from skillgit.errors import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE
from skillgit.printable import json_printable, printable

_RUN_REPOSITORY = re.compile(r"[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+")


def run_url(environ: Mapping[str, str]) -> str | None:
    """The workflow run's page, when GitHub Actions says where it is (else None):
    GITHUB_SERVER_URL/GITHUB_REPOSITORY/actions/runs/GITHUB_RUN_ID."""
    server = environ.get("GITHUB_SERVER_URL", "").rstrip("/")
    repository = environ.get("GITHUB_REPOSITORY", "")
    run_id = environ.get("GITHUB_RUN_ID", "")
    parts = urlsplit(server)
    if (parts.scheme not in ("http", "https") or not parts.netloc or parts.query
            or parts.fragment or any(c in server for c in " <>()[]")
            or not _RUN_REPOSITORY.fullmatch(repository) or not run_id.isdigit()):
        return None
    return f"{server}/{repository}/actions/runs/{run_id}"


def _names(value: str | None, configured: list[str]) -> list[str]:
    """`a,b , c` → ["a", "b", "c"]; the configured list when the option was not given."""
    if value is None:
        return list(configured)
    return [part.strip() for part in value.split(",") if part.strip()]


@click.command("publish")
@click.option("--remote", default=None, metavar="NAME|URL",
              help="Where to push (default: publish.remote, else origin).")
@click.option("--repo", default=None, metavar="OWNER/NAME",
              help="The GitHub repository (default: publish.repo, else from the remote URL).")
@click.option("--base", default=None, help="The pull requests' base branch (default: "
              "publish.base, mine.base, else the checked-out branch).")
@click.option("--max-open", type=click.IntRange(0, 100), default=None,
              help="At most N skillgit pull requests open at once (default: 5).")
@click.option("--labels", default=None, metavar="L,…",
              help="Labels for new pull requests (default: skillgit); created if missing.")
@click.option("--reviewers", default=None, metavar="U,…", help="Users asked to review.")
@click.option("--team-reviewers", default=None, metavar="T,…",
              help="Teams (slugs) asked to review.")
@click.option("--draft", is_flag=True, default=None, help="Open pull requests as drafts.")
@click.option("--dry-run", is_flag=True,
              help="Print what would be pushed and every API write; write nothing remote.")
@click.option("--json", "as_json", is_flag=True, help="One JSON summary on stdout.")
@click.option("--token-env", default=None, metavar="NAME", help="Read the GitHub token from "
              "this environment variable (default: SKILLGIT_GITHUB_TOKEN, GITHUB_TOKEN, "
              "else `gh auth token`).")
@click.option("--no-dashboard", is_flag=True, default=None,
              help="Do not create or update the dashboard issue.")
@click.option("--usage", "usage_file", default=None, metavar="FILE",
              type=click.Path(path_type=Path),
              help="A `skillgit stats --json` document: the dashboard charts each skill's "
              "uses and corrections by version from it (default: publish.usage, else none).")
def publish(remote: str | None, repo: str | None, base: str | None, max_open: int | None,
            labels: str | None, reviewers: str | None, team_reviewers: str | None,
            draft: bool | None, dry_run: bool, as_json: bool, token_env: str | None,
            no_dashboard: bool | None, usage_file: Path | None) -> int:
    """Push proposal branches and open one pull request per proposal (Renovate-style).

    An open PR is updated in place when its evidence grows and left alone when it did not;
    a PR closed without merging is a "no", recorded in the ledger; a merged PR's branch is
    deleted; a branch someone else pushed to is never overwritten.
    """
    from skillgit.charts.usage import load_usage
    from skillgit.config import config_path, load_config
    from skillgit.github.connect import connect
    from skillgit.publish.lifecycle import run_publish
    from skillgit.publish.model import PublishOptions
    from skillgit.publish.report import result_json, result_lines
    from skillgit.wire.commit import resolve_identity

    here = Path.cwd()
    config = load_config(cwd=here)
    section = config.publish
    usage = None          # read before anything is written: a bad file changes nothing
    if usage_file is not None:
        usage = load_usage(usage_file)
    elif section.usage is not None:
        usage = load_usage(config_path(here).parent / section.usage, "publish.usage")
    options = PublishOptions(
        remote=remote or section.remote or "origin", repo=repo or section.repo,
        base=base or section.base or config.mine.base,
        max_open=section.max_open if max_open is None else max_open,
        labels=_names(labels, section.labels), reviewers=_names(reviewers, section.reviewers),
        team_reviewers=_names(team_reviewers, section.team_reviewers),
        draft=section.draft if draft is None else draft, dry_run=dry_run,
        dashboard=section.dashboard and not no_dashboard,
        token_env=token_env or section.token_env,
        token_env_key="--token-env" if token_env else "publish.token_env",
        identity=resolve_identity(None, os.environ, config.mine.identity),
        run_url=run_url(os.environ), usage=usage)
    result = run_publish(here, options, lambda git: connect(
        git, options.remote, os.environ, repo_name=options.repo, token_env=options.token_env,
        token_env_key=options.token_env_key))
    if as_json:
        click.echo(json_printable(json.dumps(versioned(result_json(result)))))
    else:
        for line in result_lines(result):
            click.echo(printable(line))
    for warning in result.warnings:
        click.echo(f"skillgit: warning: {printable(warning)}", err=True)
    for error in result.errors:
        click.echo(f"skillgit: error: {printable(error)}", err=True)
    if result.errors:
        return EXIT_USAGE
    return EXIT_FINDINGS if result.count("failed") else EXIT_OK
