"""The click application behind `skillgit` (see `skillgit.cli` for the entry point).

Each subcommand lives in its own module under `skillgit.cli` and only parses options,
calls a core function and returns an exit code. `run` is the single place that turns
errors into messages and exit codes (see `skillgit.errors`).
"""

from __future__ import annotations

import contextlib
import importlib
import sys
import traceback
from collections.abc import Sequence

import click

from skillgit import __version__, hints
from skillgit.cli import COMMANDS
from skillgit.errors import EXIT_INTERNAL, EXIT_OK, EXIT_USAGE, SkillgitError
from skillgit.interrupts import EXIT_INTERRUPTED, EXIT_TERMINATED, Terminated, sigterm_raises
from skillgit.printable import printable


class LazyGroup(click.Group):
    """A click group whose subcommands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*COMMANDS, *super().list_commands(ctx)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = COMMANDS.get(cmd_name)
        if target is None:
            return super().get_command(ctx, cmd_name)
        module_name, attribute = target.split(":")
        module = importlib.import_module(f"skillgit.cli.{module_name}")
        command = getattr(module, attribute)
        assert isinstance(command, click.Command)
        return command

    def resolve_command(self, ctx: click.Context, args: list[str]
                        ) -> tuple[str | None, click.Command | None, list[str]]:
        """The subcommand to run; from here on hints are worded for its flags (see
        `skillgit.hints`; `run` restores the previous wording when it returns)."""
        name, command, rest = super().resolve_command(ctx, args)
        if command is not None:
            hints.enter(long_flags(command))
        return name, command, rest


def long_flags(command: click.Command) -> set[str]:
    """Every long flag `command` accepts (with its subcommands' for a group such as `llm`)."""
    flags = {"--help"}
    for param in command.params:
        flags.update(o for o in (*param.opts, *param.secondary_opts) if o.startswith("--"))
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            flags |= long_flags(sub)
    return flags


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="skillgit")
def cli() -> None:
    """Mine coding-agent transcripts into reviewed Agent Skills.

    Skills live as SKILL.md directories in a git repository; skillgit validates them,
    proposes changes on branches, and reviews them on pull requests.
    """


def run(argv: Sequence[str] | None = None) -> int:
    """Run the CLI and return its exit code; never lets a traceback escape for user errors.

    Ctrl-C exits 130 and SIGTERM 143, after `finally` blocks ran (lock files are removed; a git
    write in progress completes first, see `skillgit.interrupts`)."""
    with sigterm_raises(), hints.scope():
        return _run(argv)


def _run(argv: Sequence[str] | None) -> int:
    try:
        result = cli.main(args=list(argv) if argv is not None else None,
                          prog_name="skillgit", standalone_mode=False)
    except click.exceptions.Exit as exc:
        return int(exc.exit_code)
    except click.exceptions.Abort as exc:
        if isinstance(exc.__cause__, KeyboardInterrupt):  # click's wrapping of Ctrl-C
            return _interrupted()
        click.echo("Aborted.", err=True)
        return EXIT_USAGE
    except click.ClickException as exc:
        exc.show()
        return EXIT_USAGE
    except SkillgitError as exc:
        click.echo(f"skillgit: error: {printable(str(exc))}", err=True)
        return exc.exit_code
    except BrokenPipeError:
        sys.stderr.close()
        return EXIT_OK
    except KeyboardInterrupt:
        return _interrupted()
    except Terminated:
        _say("skillgit: terminated; the repository is as it was, or holds complete proposals")
        return EXIT_TERMINATED
    except Exception:
        click.echo("skillgit: internal error (this is a bug, please report it):", err=True)
        click.echo(traceback.format_exc(), err=True)
        return EXIT_INTERNAL
    return result if isinstance(result, int) else EXIT_OK


def _interrupted() -> int:
    _say("skillgit: interrupted; the repository is as it was, or holds complete proposals")
    return EXIT_INTERRUPTED


def _say(message: str) -> None:
    with contextlib.suppress(OSError):  # stderr may be gone with the terminal that signalled
        click.echo(message, err=True)
