"""`skillgit init`: set a skills repository up for skillgit (config, workflow, pre-commit)."""

from __future__ import annotations

from pathlib import Path

import click

from skillgit.cli.jsonout import echo, json_option
from skillgit.errors import EXIT_FINDINGS, EXIT_OK
from skillgit.printable import printable


@click.command("init")
@click.option("--force", is_flag=True,
              help="Overwrite .skillgit.yaml and the workflow when they hold other content.")
@click.option("--action", "action", default=None, metavar="OWNER/NAME@REF",
              help="The skillgit action the workflow uses (default: this version's release "
                   "tag; a commit SHA pins it).")
@json_option()
def init(force: bool, action: str | None, as_json: bool) -> int:
    """Write .skillgit.yaml (every key, commented, with its default), the GitHub workflow
    .github/workflows/skillgit.yml (scheduled mining, pull-request review) and the pre-commit
    hook entry, in the git repository around the current directory.

    Existing files with other content are kept unless --force (the pre-commit config is only
    ever extended, and only when that keeps its comments; otherwise the entry is printed).
    Exit status: 0 done or nothing to do, 1 a file was kept, 2 usage error.
    """
    from skillgit.init.scaffold import run_init
    from skillgit.init.workflow import DEFAULT_ACTION

    result = run_init(Path.cwd(), force=force, action=action or DEFAULT_ACTION)
    if as_json:
        echo({"files": [{"path": str(o.path), "status": o.status, "detail": o.detail or None}
                        for o in result.files],
              "snippet": result.snippet or None, "refused": bool(result.refused)})
        return EXIT_FINDINGS if result.refused else EXIT_OK
    for outcome in result.files:
        detail = f"  ({outcome.detail})" if outcome.detail else ""
        click.echo(printable(f"{outcome.status:<12} {outcome.path}{detail}"))
    if result.snippet:
        click.echo(result.snippet, nl=False)
    if result.refused:
        click.echo("skillgit: some files were kept; run `skillgit init --force` to overwrite "
                   "them", err=True)
        return EXIT_FINDINGS
    return EXIT_OK
