"""`skillgit validate`: check SKILL.md files against the Agent Skills spec and beyond."""

from __future__ import annotations

import sys

import click

from skillgit.errors import EXIT_FINDINGS, EXIT_OK
from skillgit.report import REPORTERS, text_summary
from skillgit.skills.profiles import PROFILES
from skillgit.skills.validate import validate_paths


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(exists=True, file_okay=True, dir_okay=True))
@click.option("--profile", type=click.Choice(list(PROFILES)), default="spec", show_default=True,
              help="Also accept this agent's documented extension fields (as info/warnings).")
@click.option("--format", "output_format", type=click.Choice(list(REPORTERS)), default="text",
              show_default=True, help="text for people, json for machines, github for Actions.")
@click.option("--strict", is_flag=True, help="Fail on warnings too.")
@click.option("-v", "--verbose", is_flag=True, help="Also show info findings (context cost ...).")
@click.option("-q", "--quiet", is_flag=True, help="No summary line on stderr.")
def validate(paths: tuple[str, ...], profile: str, output_format: str, strict: bool,
             verbose: bool, quiet: bool) -> int:
    """Validate skills: skill directories, SKILL.md files, files inside skills, or folders
    and repositories to scan (default: the current directory).

    Exit status: 0 no errors (warnings allowed unless --strict), 1 errors, 2 usage error.
    """
    report = validate_paths(paths or (".",), profile=profile, named=bool(paths))
    REPORTERS[output_format](report, sys.stdout, verbose)
    if not quiet and output_format != "json":
        if not report.skills:
            click.echo("skillgit: no skills found in the given paths", err=True)
        else:
            click.echo(text_summary(report), err=True)
    return EXIT_FINDINGS if report.failed(strict) else EXIT_OK
