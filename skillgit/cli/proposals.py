"""`skillgit proposals`: list, show, reject and unreject proposal branches."""

from __future__ import annotations

import json
import os
from pathlib import Path

import click

from skillgit.cli.jsonout import echo, json_option, versioned
from skillgit.config import load_config
from skillgit.errors import EXIT_OK
from skillgit.gitops import GitRepo
from skillgit.mine import lifecycle
from skillgit.printable import json_printable, printable
from skillgit.wire.branches import resolve_base
from skillgit.wire.commit import parse_trailers, resolve_identity

_REPO = click.option("--repo", "repo_path", default=".", show_default=True,
                     type=click.Path(exists=True, file_okay=False),
                     help="The skills repository.")
_IDENTITY = click.option("--identity", default=None, metavar="'NAME <EMAIL>'",
                         help="Who skillgit commits as (default: SKILLGIT_IDENTITY, "
                              "mine.identity in .skillgit.yaml, else skillgit).")


def _settings(repo_path: str, identity: str | None,
              base: str | None = None) -> tuple[str, str | None]:
    """(identity, base) as `mine` resolves them: flag > environment > .skillgit.yaml."""
    section = load_config(cwd=Path(repo_path)).mine
    return resolve_identity(identity, os.environ, section.identity), base or section.base


@click.group(invoke_without_command=True)
@_REPO
@click.option("--base", help="Base branch (default: mine.base in .skillgit.yaml, else the "
              "checked-out branch).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per line.")
@_IDENTITY
@click.pass_context
def proposals(ctx: click.Context, repo_path: str, base: str | None, as_json: bool,
              identity: str | None) -> int:
    """List proposal branches (skillgit/new/*, skillgit/update/*)."""
    if ctx.invoked_subcommand is not None:
        return EXIT_OK
    who, base = _settings(repo_path, identity, base)
    with GitRepo(repo_path) as repo:
        _, base_sha = resolve_base(repo, base)
        rows = lifecycle.list_proposals(repo, base_sha, who)
    for row in rows:
        if as_json:
            click.echo(json_printable(json.dumps(versioned(row.model_dump()))))
        else:
            click.echo(printable(f"{row.branch:<48} {row.kind:<6} {row.evidence:<12} "
                                 f"{row.age_days:>5}d  {row.status}"))
    if not rows and not as_json:
        click.echo("no proposals (run `skillgit mine`)", err=True)
    return EXIT_OK


@proposals.command()
@click.argument("name")
@_REPO
@json_option()
def show(name: str, repo_path: str, as_json: bool) -> int:
    """Print a proposal's rationale (its commit message) and diff."""
    with GitRepo(repo_path) as repo:
        text = lifecycle.show_proposal(repo, name)
        if as_json:
            branch = lifecycle.find_branch(repo, name)
            sha = repo.resolve(branch)
            info = repo.commit_info(sha)
            echo({"branch": branch, "commit": sha, "author": info.author,
                  "message": info.message, "trailers": parse_trailers(info.message),
                  "text": text})
            return EXIT_OK
    click.echo(printable(text, multiline=True), nl=False)
    return EXIT_OK


@proposals.command()
@click.argument("name")
@_REPO
@_IDENTITY
@json_option()
def reject(name: str, repo_path: str, identity: str | None, as_json: bool) -> int:
    """Delete a proposal branch and remember it on the skillgit/ledger branch."""
    who, _ = _settings(repo_path, identity)
    with GitRepo(repo_path) as repo:
        done = lifecycle.reject(repo, name, who)
    entry = done.entry
    if as_json:
        echo({"rejected": entry.model_dump(mode="json"), "branch": done.branch,
              "tip": done.tip, "commits_by_others": done.commits_by_others})
    click.echo(printable(f"rejected {entry.kind} {entry.skill}: it will not be proposed again "
                         f"until its evidence grows well past {entry.sessions} sessions"), err=True)
    click.echo("its pull request, if one is open, is closed by the next `skillgit publish`",
               err=True)
    if done.commits_by_others:
        click.echo(printable(f"note: {done.branch} had {done.commits_by_others} commit(s) on top "
                             f"of skillgit's; `git branch {done.branch} {done.tip}` restores it"),
                   err=True)
    return EXIT_OK


@proposals.command()
@click.argument("skill")
@_REPO
@_IDENTITY
@json_option()
def unreject(skill: str, repo_path: str, identity: str | None, as_json: bool) -> int:
    """Forget a rejection, so the next `mine` may propose it again."""
    who, _ = _settings(repo_path, identity)
    with GitRepo(repo_path) as repo:
        lifecycle.unreject(repo, skill, who)
    if as_json:
        echo({"unrejected": skill})
    click.echo(printable(f"{skill} may be proposed again"), err=True)
    return EXIT_OK
