"""The `skillgit` command line: a thin click shell over the core modules.

Each subcommand lives in its own module under `skillgit.cli` and only parses options,
calls a core function and returns an exit code. `main` is the single place that turns
errors into messages and exit codes (see `skillgit.errors`).
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Sequence

import click

from skillgit import __version__
from skillgit.errors import EXIT_INTERNAL, EXIT_OK, EXIT_USAGE, SkillgitError


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="skillgit")
def cli() -> None:
    """Mine coding-agent transcripts into reviewed Agent Skills.

    Skills live as SKILL.md directories in a git repository; skillgit validates them,
    proposes changes on branches, and reviews them on pull requests.
    """


def _register_commands() -> None:
    from skillgit.cli import validate

    cli.add_command(validate.validate)
    from skillgit.cli import llm

    cli.add_command(llm.llm)
    from skillgit.cli import sessions

    cli.add_command(sessions.sessions)
    from skillgit.cli import proposals

    cli.add_command(proposals.proposals)
    from skillgit.cli import mine

    cli.add_command(mine.mine)
    from skillgit.cli import demo

    cli.add_command(demo.demo)
    from skillgit.cli import distill

    cli.add_command(distill.distill)


_register_commands()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI and return its exit code; never lets a traceback escape for user errors."""
    try:
        result = cli.main(args=list(argv) if argv is not None else None,
                          prog_name="skillgit", standalone_mode=False)
    except click.exceptions.Exit as exc:
        return int(exc.exit_code)
    except click.exceptions.Abort:
        click.echo("Aborted.", err=True)
        return EXIT_USAGE
    except click.ClickException as exc:
        exc.show()
        return EXIT_USAGE
    except SkillgitError as exc:
        click.echo(f"skillgit: error: {exc}", err=True)
        return exc.exit_code
    except BrokenPipeError:
        sys.stderr.close()
        return EXIT_OK
    except Exception:
        click.echo("skillgit: internal error (this is a bug, please report it):", err=True)
        click.echo(traceback.format_exc(), err=True)
        return EXIT_INTERNAL
    return result if isinstance(result, int) else EXIT_OK
