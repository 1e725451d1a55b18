"""`skillgit review`: review the skills a change touches (a pull request in Actions)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from skillgit.cli.formats import chosen_format, json_format_option
from skillgit.errors import EXIT_FINDINGS, EXIT_OK
from skillgit.printable import printable


@click.command("review")
@click.option("--base", default=None, metavar="REF", help="Compare against this commit "
              "(default: the pull request's base in Actions, else main).")
@click.option("--head", default=None, metavar="REF", help="The change's last commit "
              "(default: HEAD).")
@click.option("--format", "output_format", type=click.Choice(["text", "json", "github"]),
              default="text", show_default=True,
              help="text for people, json for machines, github for annotations in Actions.")
@json_format_option
@click.option("--summary", "summary_path", default=None, metavar="PATH",
              type=click.Path(dir_okay=False), help="Append the Markdown summary to PATH "
              "(default: $GITHUB_STEP_SUMMARY when set).")
@click.option("--comment", is_flag=True, help="Post the summary as one pull request comment, "
              "edited in place on later runs.")
@click.option("--pr", "pr_number", type=click.IntRange(1), default=None, metavar="N",
              help="The pull request to comment on (default: from $GITHUB_EVENT_PATH).")
@click.option("--token-env", default=None, metavar="NAME", help="Read the GitHub token from "
              "this environment variable (default: SKILLGIT_GITHUB_TOKEN, GITHUB_TOKEN, "
              "else `gh auth token`).")
def review(base: str | None, head: str | None, output_format: str, as_json: bool,
           summary_path: str | None, comment: bool, pr_number: int | None,
           token_env: str | None) -> int:
    """Review the skills changed between BASE and HEAD: validate each touched skill at HEAD,
    annotate findings on changed lines, and summarise (context cost, near-duplicates).

    Exit status: 0 no errors in the touched skills, 1 errors, 2 usage error.
    """
    from skillgit.github.connect import for_pull_request
    from skillgit.review.command import ReviewOptions, run_review
    from skillgit.review.render import RENDERERS, summary_line

    output_format = chosen_format(output_format, as_json)
    options = ReviewOptions(base=base, head=head, summary=summary_path, comment=comment,
                            pr=pr_number, token_env=token_env)
    outcome = run_review(Path.cwd(), options, os.environ,
                         lambda remote_url: for_pull_request(os.environ, remote_url, token_env))
    RENDERERS[output_format](outcome.result, sys.stdout)
    if output_format != "json":
        click.echo(f"skillgit: {printable(summary_line(outcome.result))}", err=True)
    for note in outcome.notes:
        click.echo(f"skillgit: {printable(note)}", err=True)
    return EXIT_FINDINGS if outcome.result.failed else EXIT_OK
