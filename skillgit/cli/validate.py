"""`skillgit validate`: check SKILL.md files against the Agent Skills spec and beyond."""

from __future__ import annotations

import errno
import os
import sys

import click

from skillgit.cli.formats import chosen_format, json_format_option
from skillgit.errors import EXIT_FINDINGS, EXIT_OK
from skillgit.report import REPORTERS, text_summary
from skillgit.skills.profiles import PROFILES
from skillgit.skills.validate import validate_paths


def _existing_paths(_ctx: click.Context, _param: click.Parameter,
                    paths: tuple[str, ...]) -> tuple[str, ...]:
    """Each PATH must exist: a missing path, a symlink loop or a dangling symlink is a usage
    error (exit 2) that says which."""
    for raw in paths:
        try:
            os.stat(raw)
        except OSError as exc:
            if not os.path.lexists(raw):
                why = "does not exist"
            elif exc.errno == errno.ELOOP:
                why = "is a symlink loop"
            elif exc.errno in (errno.ENOENT, errno.ENOTDIR):
                why = "is a symlink to a path that does not exist"
            else:
                why = f"cannot be read ({exc.strerror})"
            raise click.BadParameter(f"Path {raw!r} {why}.") from None
        except ValueError:  # an embedded NUL byte
            raise click.BadParameter(f"Path {raw!r} is not a valid path.") from None
    return paths


@click.command()
@click.argument("paths", nargs=-1, callback=_existing_paths,
                type=click.Path(file_okay=True, dir_okay=True))
@click.option("--profile", type=click.Choice(list(PROFILES)), default="spec", show_default=True,
              help="Also accept this agent's documented extension fields (as info/warnings).")
@click.option("--format", "output_format", type=click.Choice(list(REPORTERS)), default="text",
              show_default=True, help="text for people, json for machines, github for Actions.")
@json_format_option
@click.option("--strict", is_flag=True, help="Fail on warnings too.")
@click.option("-v", "--verbose", is_flag=True, help="Also show info findings (context cost ...).")
@click.option("-q", "--quiet", is_flag=True, help="No summary line on stderr.")
def validate(paths: tuple[str, ...], profile: str, output_format: str, as_json: bool,
             strict: bool, verbose: bool, quiet: bool) -> int:
    """Validate skills: skill directories, SKILL.md files, files inside skills, or folders
    and repositories to scan (default: the current directory).

    Exit status: 0 no errors (warnings allowed unless --strict), 1 errors, 2 usage error.
    """
    output_format = chosen_format(output_format, as_json)
    report = validate_paths(paths or (".",), profile=profile, named=bool(paths))
    REPORTERS[output_format](report, sys.stdout, verbose)
    if not quiet and output_format != "json":
        if not report.skills:
            click.echo("skillgit: no skills found in the given paths" + _loose_files(paths),
                       err=True)
        else:
            click.echo(text_summary(report), err=True)
    return EXIT_FINDINGS if report.failed(strict) else EXIT_OK


def _loose_files(paths: tuple[str, ...]) -> str:
    """Which named files lie in no skill (exit 0 all the same: pre-commit passes every
    changed file, and a commit that touches no skill must pass)."""
    files = [p for p in paths if os.path.isfile(p)]
    if not files:
        return ""
    shown = ", ".join(repr(p) for p in files[:3]) + (", ..." if len(files) > 3 else "")
    verb = "is" if len(files) == 1 else "are"
    return f"; {shown} {verb} in no skill directory (a folder holding a SKILL.md)"
