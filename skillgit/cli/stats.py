"""`skillgit stats`: which skills sessions used, in which version, and how it went."""

from __future__ import annotations

import json
from pathlib import Path

import click

from skillgit.cli.jsonout import versioned
from skillgit.cli.options import DAYS
from skillgit.errors import EXIT_OK
from skillgit.printable import json_printable, printable
from skillgit.redact.screen import screened_output


@click.command("stats")
@click.option("--since", type=DAYS, default=None, metavar="DAYS",
              help="Only sessions active in the last DAYS days.")
@click.option("--skill", "skill", default=None, metavar="NAME", help="Only this skill.")
@click.option("--json", "as_json", is_flag=True, help="One JSON document on stdout.")
@click.option("--agent", "agents", multiple=True, metavar="NAME",
              help="Only this agent (repeatable): claude-code, codex, gemini, opencode, cursor.")
@click.option("--source", type=click.Path(exists=True, path_type=Path), default=None,
              help="Read this file or folder instead of the agents' default locations.")
@click.option("--base", default=None, help="Base branch whose history dates the versions "
              "(default: mine.base, else the checked-out branch).")
@click.option("--skills-dir", default=None,
              help="Only skills below this folder (default: mine.skills_dir, else anywhere).")
@click.option("--window", type=click.IntRange(1, 10), default=None,
              help="Outcome window: the next N user turns (default: attribution.window, 3).")
@click.option("--repo", "repo_path", default=".", show_default=True,
              type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="The skills repository.")
@screened_output
def stats(since: float | None, skill: str | None, as_json: bool, agents: tuple[str, ...],
          source: Path | None, base: str | None, skills_dir: str | None, window: int | None,
          repo_path: Path) -> int:
    """Per skill and version: sessions, invocations, corrections, errors, last use.

    Each invocation (a skill tool call, a typed /skill, an injected <skill> block; a plain
    SKILL.md read only where it is the agent's way to load a skill) maps to the version of the
    skill's SKILL.md current on the base branch at that time, or to the version whose text the
    transcript shows. Lists never-invoked skills and skills that are not in this repository.
    """
    from skillgit.attribution.run import collect
    from skillgit.attribution.stats import check_skill_named, report_json, report_text
    from skillgit.config import load_config, skills_dir_is_inside
    from skillgit.errors import UsageError
    from skillgit.redact import Redactor
    from skillgit.transcripts.discover import SessionQuery

    config = load_config(cwd=repo_path)
    folder = skills_dir or config.mine.skills_dir
    if folder is not None and not skills_dir_is_inside(folder):
        raise UsageError(f"--skills-dir {folder!r}: must be a path inside the repository")
    redactor = Redactor.from_environment(list(config.redact.extra_patterns))
    report = collect(repo_path, SessionQuery(agents=agents, source=source, since_days=since),
                     redactor, window=window or config.attribution.window,
                     base=base or config.mine.base, skills_dir=folder, only=skill,
                     on_warning=lambda m: click.echo(f"skillgit: warning: {printable(m)}",
                                                     err=True))
    if skill is not None:
        check_skill_named(report, skill, folder)
    if as_json:
        click.echo(json_printable(json.dumps(versioned(report_json(report)), ensure_ascii=False)))
    else:
        for line in report_text(report):
            click.echo(printable(line))
    return EXIT_OK
