"""`skillgit config`: the merged configuration, and where each value came from."""

from __future__ import annotations

import json
import os
from pathlib import Path

import click

from skillgit.cli.jsonout import echo, json_option
from skillgit.errors import EXIT_OK
from skillgit.printable import printable


@click.command("config")
@click.option("--repo", "repo_path", default=".", show_default=True,
              type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="The repository whose .skillgit.yaml is read.")
@json_option()
def config_command(repo_path: Path, as_json: bool) -> int:
    """Show every setting with its value and source: flags > environment > the repository's
    .skillgit.yaml > your personal $XDG_CONFIG_HOME/skillgit/config.yaml > defaults.

    The personal file holds what is yours, never committed: share.projects,
    share.contributor, the engine and model (llm.*, judge.llm, judge.model), distill.workers.
    """
    from skillgit.config_layers import effective, load_layered

    layered = load_layered(None, repo_path.resolve(), os.environ)
    rows = effective(layered, os.environ)
    files = [("user", layered.user_file), ("repository", layered.repository_file)]
    if as_json:
        echo({"files": {kind: None if path is None else
                        {"path": str(path), "exists": layered.read.get(str(path), False)}
                        for kind, path in files},
              "settings": {key: {"value": value, "source": source}
                           for key, value, source in rows}})
        return EXIT_OK
    for kind, path in files:
        state = "absent" if path is None or not layered.read.get(str(path)) else "read"
        shown = str(path) if path is not None else "(no HOME or XDG_CONFIG_HOME)"
        click.echo(printable(f"# {kind} file: {shown} ({state})"))
    width = max(len(key) for key, _, _ in rows)
    for key, value, source in rows:
        text = json.dumps(value, ensure_ascii=False)
        click.echo(printable(f"{key:<{width}} = {text}  # {source}"))
    return EXIT_OK
