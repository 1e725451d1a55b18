"""`skillgit demo`: see mining work end to end, offline, on sample sessions."""

from __future__ import annotations

from pathlib import Path

import click

from skillgit.cli.jsonout import echo, json_option
from skillgit.errors import EXIT_OK


@click.command("demo")
@click.option("--dir", "where", type=click.Path(path_type=Path, file_okay=False), default=None,
              help="Where to create the demo (default: a new temporary folder).")
@click.option("--eval", "eval_dir", type=click.Path(path_type=Path, file_okay=False),
              default=None, metavar="DIR",
              help="Instead, write a small labelled set for `skillgit eval` into DIR.")
@json_option()
def demo(where: Path | None, eval_dir: Path | None, as_json: bool) -> int:
    """Create a throwaway skills repo and sample Claude Code / Codex sessions, mine them
    with the offline heuristic engine, and show where the proposals are."""
    if eval_dir is not None:
        from skillgit.demo.eval_set import write_eval_set

        expected = write_eval_set(eval_dir)
        if as_json:
            echo({"eval_set": str(eval_dir), "expected": str(expected)})
            return EXIT_OK
        click.echo(f"Labelled set: {eval_dir} (expected lessons in {expected.name})")
        click.echo(f"Measure an engine: skillgit eval {eval_dir} [--llm NAME] [--model M]")
        return EXIT_OK
    from skillgit.cli.mine import summary_lines
    from skillgit.demo.run import run_demo
    from skillgit.mine.cost import skill_costs

    repo, distilled, result = run_demo(where)
    if as_json:
        from skillgit.cli.mine import summary_json

        echo({"repository": str(repo), "sessions": str(repo.parent / "sessions"),
              "mine": summary_json(distilled, result)})
        return EXIT_OK
    click.echo(f"Demo skills repository: {repo}")
    click.echo(f"Sample sessions:        {repo.parent / 'sessions'}")
    click.echo("")
    for outcome in result.outcomes:
        click.echo(f"  {outcome.status:<9} {outcome.branch}")
    click.echo("")
    costs = skill_costs(result.found.proposals)
    if costs:
        click.echo("Context cost of the proposed skills (estimated tokens):")
        click.echo("  always loaded (name + description)   body   skill")
        for cost in costs:
            click.echo(f"  {cost.always_loaded:>34}   {cost.body:>4}   {cost.skill}")
        click.echo("")
    click.echo("Look at them:")
    click.echo(f"  cd {repo}")
    click.echo("  skillgit proposals")
    for outcome in result.outcomes[:1]:
        click.echo(f"  git log -p {outcome.branch}")
    click.echo("")
    click.echo("Mine your own sessions: cd into your skills repository and run `skillgit mine`.")
    for line in summary_lines(distilled, result):
        click.echo(line, err=True)
    return EXIT_OK
