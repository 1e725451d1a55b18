"""`skillgit proposals`: list, show, reject and unreject proposal branches."""

from __future__ import annotations

import json

import click

from skillgit.errors import EXIT_OK
from skillgit.gitops import GitRepo
from skillgit.mine import lifecycle
from skillgit.mine.run import resolve_base
from skillgit.mine.write import DEFAULT_IDENTITY

_REPO = click.option("--repo", "repo_path", default=".", show_default=True,
                     type=click.Path(exists=True, file_okay=False),
                     help="The skills repository.")
_IDENTITY = click.option("--identity", default=DEFAULT_IDENTITY, show_default=True,
                         envvar="SKILLGIT_IDENTITY", help="Who skillgit commits as.")


@click.group(invoke_without_command=True)
@_REPO
@click.option("--base", help="Base branch (default: the checked-out branch).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per line.")
@_IDENTITY
@click.pass_context
def proposals(ctx: click.Context, repo_path: str, base: str | None, as_json: bool,
              identity: str) -> int:
    """List proposal branches (skillgit/new/*, skillgit/update/*)."""
    if ctx.invoked_subcommand is not None:
        return EXIT_OK
    with GitRepo(repo_path) as repo:
        _, base_sha = resolve_base(repo, base)
        rows = lifecycle.list_proposals(repo, base_sha, identity)
    for row in rows:
        if as_json:
            click.echo(json.dumps(row.model_dump()))
        else:
            click.echo(f"{row.branch:<48} {row.kind:<6} {row.evidence:<12} "
                       f"{row.age_days:>5}d  {row.status}")
    if not rows and not as_json:
        click.echo("no proposals (run `skillgit mine`)", err=True)
    return EXIT_OK


@proposals.command()
@click.argument("name")
@_REPO
def show(name: str, repo_path: str) -> int:
    """Print a proposal's rationale (its commit message) and diff."""
    with GitRepo(repo_path) as repo:
        click.echo(lifecycle.show_proposal(repo, name), nl=False)
    return EXIT_OK


@proposals.command()
@click.argument("name")
@_REPO
@_IDENTITY
def reject(name: str, repo_path: str, identity: str) -> int:
    """Delete a proposal branch and remember it on the skillgit/ledger branch."""
    with GitRepo(repo_path) as repo:
        entry = lifecycle.reject(repo, name, identity)
    click.echo(f"rejected {entry.kind} {entry.skill}: it will not be proposed again until its "
               f"evidence grows well past {entry.sessions} sessions", err=True)
    return EXIT_OK


@proposals.command()
@click.argument("skill")
@_REPO
@_IDENTITY
def unreject(skill: str, repo_path: str, identity: str) -> int:
    """Forget a rejection, so the next `mine` may propose it again."""
    with GitRepo(repo_path) as repo:
        lifecycle.unreject(repo, skill, identity)
    click.echo(f"{skill} may be proposed again", err=True)
    return EXIT_OK
