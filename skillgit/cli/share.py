"""`skillgit share`: publish redacted digests of allow-listed projects for team mining."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import click

from skillgit.cli.jsonout import echo, json_option
from skillgit.cli.options import DAYS
from skillgit.errors import EXIT_FINDINGS, EXIT_OK
from skillgit.printable import printable
from skillgit.redact.screen import screened_output

_VIA = ("claude-code", "codex", "gemini", "systemd", "launchd", "cron")


@click.command("share")
@click.option("--remote", default=None, metavar="NAME|URL",
              help="Where to push (default: share.remote, publish.remote, else origin).")
@click.option("--since", type=DAYS, default=None, metavar="DAYS",
              help="Only sessions active in the last DAYS days.")
@click.option("--dry-run", is_flag=True, help="Print every file that would leave the machine, "
              "quote by quote, and push nothing (with --install/--uninstall: print the exact "
              "change to each settings file and change nothing).")
@click.option("--forget", "forget_ref", is_flag=True,
              help="Delete your digest ref on the remote (with --dry-run: say if it would).")
@click.option("--install", is_flag=True, help="Share after each agent session from now on: a "
              "hook in each agent's user settings (Claude Code SessionEnd, Codex notify, Gemini "
              "CLI SessionEnd), else a user timer; detached, time-bounded, logged in the cache "
              "folder. Installing twice changes nothing.")
@click.option("--uninstall", is_flag=True, help="Remove what --install added, and only that.")
@click.option("--via", type=click.Choice(_VIA), multiple=True,
              help="With --install/--uninstall: only this agent or timer (repeatable; "
                   "default: the agents found, else the platform's timer).")
@json_option()
@screened_output
def share(remote: str | None, since: float | None, dry_run: bool, forget_ref: bool,
          install: bool, uninstall: bool, via: tuple[str, ...], as_json: bool) -> int:
    """Share redacted digests of your sessions in allow-listed projects with the team.

    Only sessions whose working directory is in `share: projects:` (of .skillgit.yaml or of
    your personal $XDG_CONFIG_HOME/skillgit/config.yaml) are distilled (cached, as `mine`
    does); each digest keeps project-relative paths only and passes the redactor and the final
    secret screen again, or is withheld. New or changed digests go as one commit on
    refs/skillgit/digests/<your id>; an unchanged run pushes nothing. Raw transcripts never
    leave the machine.
    """
    if install or uninstall:
        if install and uninstall:
            raise click.UsageError("--install and --uninstall: choose one")
        return _install(Path.cwd(), list(via), uninstall, dry_run, as_json)
    if via:
        raise click.UsageError("--via goes with --install or --uninstall")
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
    failed = outcome.status in ("rejected-lease", "rejected-remote")
    if as_json:
        echo(_share_json(report, forget_ref))
    if forget_ref:
        if not as_json:
            click.echo(printable(f"{outcome.status:<12} {outcome.ref} on {report.remote}"))
        return EXIT_OK if outcome.status in ("forgotten", "absent", "would-forget") \
            else EXIT_FINDINGS
    if not config.share.projects:
        click.echo("skillgit: nothing to share: `share: projects:` lists no project in "
                   ".skillgit.yaml or in your $XDG_CONFIG_HOME/skillgit/config.yaml "
                   "(see `skillgit config`)", err=True)
    if dry_run and not as_json:
        for path in [*outcome.new, *outcome.updated]:
            kind = "new" if path in outcome.new else "updated"
            click.echo(printable(f"=== {path} ({kind}: {found.sessions[path]})"))
            click.echo(found.files[path].decode("utf-8"), nl=False)
    counts = f"{len(outcome.new)} new, {len(outcome.updated)} updated"
    if not as_json:
        click.echo(printable(f"{outcome.status:<12} {outcome.ref} on {report.remote}: {counts}"
                             + (f" ({outcome.message})" if outcome.message else "")))
    click.echo(printable(f"skillgit: contributor {report.contributor}; "
                         f"{len(found.files)} digests ready to share, "
                         f"{len(found.withheld)} withheld, {found.outside} sessions outside "
                         "the allow-list (never read further)"), err=True)
    if report.outside_folders:
        lead = "no session was in an allow-listed project; " if not found.files else ""
        click.echo(printable(f"skillgit: {lead}sessions outside the allow-list were in: "
                             f"{report.outside_folders} (`skillgit config` shows "
                             "share.projects and where it is set)"), err=True)
    for item in found.withheld:
        click.echo(printable(f"skillgit: withheld by the privacy gate: session {item.label} "
                             f"({', '.join(item.findings)})"), err=True)
    return EXIT_FINDINGS if failed or found.withheld else EXIT_OK


def _share_json(report: Any, forget_ref: bool) -> dict[str, Any]:
    outcome, found = report.outcome, report.shared
    doc: dict[str, Any] = {"remote": report.remote, "contributor": report.contributor,
                           "ref": outcome.ref, "status": outcome.status, "sha": outcome.sha,
                           "message": outcome.message or None}
    if not forget_ref:
        doc |= {"new": outcome.new, "updated": outcome.updated,
                "ready": len(found.files), "outside": found.outside,
                "outside_folders": report.outside_folders or None,
                "withheld": [{"session": w.label, "findings": w.findings}
                             for w in found.withheld]}
    return doc


def _install(here: Path, via: list[str], remove: bool, dry_run: bool, as_json: bool) -> int:
    from skillgit.share.install_run import plan, run_plan

    changes = plan(here, os.environ, via, remove=remove)
    if not dry_run:
        run_plan(changes)
    if as_json:
        echo({"action": "uninstall" if remove else "install", "dry_run": dry_run,
              "changes": [{"via": c.label, "path": str(c.path), "status": c.status,
                           "diff": c.diff()} for c in changes]})
        return EXIT_OK
    for change in changes:
        status = f"would be {change.status}" if dry_run and change.changed else change.status
        click.echo(printable(f"{status:<18} {change.label:<12} {change.path}"))
        if dry_run:
            click.echo(printable(change.diff(), multiline=True), nl=False)
    if not changes:
        click.echo("skillgit: nothing to do", err=True)
    return EXIT_OK
