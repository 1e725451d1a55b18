"""`skillgit share`: publish redacted digests of allow-listed projects for team mining."""

from __future__ import annotations

import os
from pathlib import Path

import click

from skillgit.cli.options import DAYS
from skillgit.errors import EXIT_FINDINGS, EXIT_OK
from skillgit.printable import printable
from skillgit.redact.screen import screened_output


@click.command("share")
@click.option("--remote", default=None, metavar="NAME|URL",
              help="Where to push (default: share.remote, publish.remote, else origin).")
@click.option("--since", type=DAYS, default=None, metavar="DAYS",
              help="Only sessions active in the last DAYS days.")
@click.option("--dry-run", is_flag=True, help="Print every file that would leave the machine, "
              "quote by quote, and push nothing.")
@click.option("--forget", "forget_ref", is_flag=True,
              help="Delete your digest ref on the remote (with --dry-run: say if it would).")
@screened_output
def share(remote: str | None, since: float | None, dry_run: bool, forget_ref: bool) -> int:
    """Share redacted digests of your sessions in allow-listed projects with the team.

    Only sessions whose working directory is in `share: projects:` of .skillgit.yaml are
    distilled (cached, as `mine` does); each digest keeps project-relative paths only and
    passes the redactor and the final secret screen again, or is withheld. New or changed
    digests go as one commit on refs/skillgit/digests/<your id>; an unchanged run pushes
    nothing. Raw transcripts never leave the machine.
    """
    from skillgit.config import load_config
    from skillgit.distill.cache import default_cache_dir, parse_tag
    from skillgit.distill.engines import resolve_engine
    from skillgit.distill.run import DistillOptions
    from skillgit.redact import Redactor
    from skillgit.share.run import run_share
    from skillgit.transcripts.discover import SessionQuery

    here = Path.cwd()
    config = load_config(cwd=here)
    engine = resolve_engine(None, None, os.environ, config)
    patterns = list(config.redact.extra_patterns)
    distill = DistillOptions(query=SessionQuery(since_days=since),
                             workers=config.distill.workers, parse_tag=parse_tag(patterns))
    report = run_share(here, config, engine, distill, default_cache_dir(),
                       Redactor.from_environment(patterns), os.environ, remote=remote,
                       dry_run=dry_run, forget_ref=forget_ref,
                       on_warning=lambda m: click.echo(f"skillgit: warning: {printable(m)}",
                                                       err=True))
    outcome, found = report.outcome, report.shared
    if forget_ref:
        click.echo(printable(f"{outcome.status:<12} {outcome.ref} on {report.remote}"))
        return EXIT_OK if outcome.status in ("forgotten", "absent", "would-forget") \
            else EXIT_FINDINGS
    if not config.share.projects:
        click.echo("skillgit: nothing to share: `share: projects:` in .skillgit.yaml lists no "
                   "project", err=True)
    if dry_run:
        for path in [*outcome.new, *outcome.updated]:
            kind = "new" if path in outcome.new else "updated"
            click.echo(printable(f"=== {path} ({kind}: {found.sessions[path]})"))
            click.echo(found.files[path].decode("utf-8"), nl=False)
    counts = f"{len(outcome.new)} new, {len(outcome.updated)} updated"
    click.echo(printable(f"{outcome.status:<12} {outcome.ref} on {report.remote}: {counts}"
                         + (f" ({outcome.message})" if outcome.message else "")))
    click.echo(printable(f"skillgit: contributor {report.contributor}; "
                         f"{len(found.files)} digests ready to share, "
                         f"{len(found.withheld)} withheld, {found.outside} sessions outside "
                         "the allow-list (never read further)"), err=True)
    for item in found.withheld:
        click.echo(printable(f"skillgit: withheld by the privacy gate: session {item.label} "
                             f"({', '.join(item.findings)})"), err=True)
    failed = outcome.status in ("rejected-lease", "rejected-remote")
    return EXIT_FINDINGS if failed or found.withheld else EXIT_OK
