"""`skillgit distill`: one digest per conversation (topics, tasks, feedback with quotes).

stdout is data only: a readable listing, or with `--json` one `Digest` JSON object per line
(JSON Lines), nothing else. The run summary (sessions, cache hits, engine calls, tokens)
goes to stderr. Digests are cached under `$XDG_CACHE_HOME/skillgit/digests`; `--refresh`
recomputes them. Exit 2 when the engine becomes unreachable (digests finished so far stay
cached).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from skillgit import stages
from skillgit.cli.jsonout import versioned
from skillgit.cli.options import DAYS
from skillgit.cli.progress import Progress, wanted
from skillgit.digest import Digest
from skillgit.distill.cache import DigestCache, default_cache_dir
from skillgit.distill.run import DistillOptions, DistillResult, distill_sessions, parse_tag
from skillgit.errors import EXIT_OK
from skillgit.printable import json_printable, printable
from skillgit.redact.screen import screened_output
from skillgit.transcripts.discover import SessionQuery


@click.command("distill")
@click.option("--since", type=DAYS, default=None, metavar="DAYS",
              help="Only sessions active in the last DAYS days.")
@click.option("--agent", "agents", multiple=True, metavar="NAME",
              help="Only this agent (repeatable): claude-code, codex, gemini, …")
@click.option("--source", type=click.Path(path_type=Path), default=None,
              help="Read this file or folder instead of the agents' default locations.")
@click.option("--include-sidechains", is_flag=True, help="Also distill subagent sessions.")
@click.option("--workers", type=click.IntRange(1, 64), default=None,
              help="Sessions distilled in parallel (default: distill.workers, 4).")
@click.option("--limit", type=click.IntRange(min=1), default=None,
              help="At most N sessions, newest first.")
@click.option("--json", "as_json", is_flag=True, help="JSON Lines of digests on stdout.")
@click.option("--llm", "llm_name", default=None, metavar="NAME",
              help="Engine: heuristic, openai, anthropic, gemini, claude-cli, … "
                   "(default: SKILLGIT_LLM, .skillgit.yaml, auto-detect, heuristic).")
@click.option("--model", default=None, help="Model for the engine (default: SKILLGIT_MODEL).")
@click.option("--refresh", is_flag=True, help="Ignore cached digests and recompute them.")
@screened_output
def distill(since: float | None, agents: tuple[str, ...], source: Path | None,
            include_sidechains: bool, workers: int | None, limit: int | None, as_json: bool,
            llm_name: str | None, model: str | None, refresh: bool) -> int:
    """Distill agent sessions into digests: topics, tasks, skills used, environment
    feedback and user feedback, each item with a short redacted quote and its turn."""
    from skillgit.config import load_config
    from skillgit.distill.engines import resolve_engine
    from skillgit.redact import Redactor

    config = load_config()
    engine = resolve_engine(llm_name, model, os.environ, config)
    patterns = list(config.redact.extra_patterns)
    redactor = Redactor.from_environment(patterns)
    options = DistillOptions(
        query=SessionQuery(agents=agents, source=source, since_days=since,
                           include_sidechains=include_sidechains),
        workers=workers or config.distill.workers, limit=limit, refresh=refresh,
        parse_tag=parse_tag(patterns))
    cache = DigestCache(default_cache_dir())
    # stdout is the listing: a status line on the same terminal would break into it
    progress = Progress(enabled=wanted() and not sys.stdout.isatty())

    def show(digest: Digest) -> None:
        if as_json:
            click.echo(json_printable(json.dumps(versioned(digest.model_dump(mode="json")),
                                                 ensure_ascii=False)))
        else:
            for line in digest_lines(digest):
                click.echo(printable(line))

    with stages.listening(progress):
        result = distill_sessions(engine, options, cache, redactor, on_digest=show,
                                  on_warning=_warn)
    progress.done()
    click.echo(printable(summary_line(result, engine.name, engine.model)), err=True)
    if result.error is not None:
        raise result.error
    return EXIT_OK


def summary_line(result: DistillResult, engine: str, model: str | None) -> str:
    """The one-line run summary printed on stderr."""
    s, usage = result.stats, result.usage
    skipped = s.skipped_empty + s.skipped_own_calls + s.skipped_invalid + s.failed
    name = f"{engine}/{model}" if model else engine
    tokens = (f"tokens: {usage.input_tokens} in, {usage.output_tokens} out"
              + (" (estimated)" if usage.estimated else ""))
    return (f"skillgit: {len(result.digests)} digests with {name}: {s.cached} cached, "
            f"{s.computed} computed ({s.engine_calls} engine calls), {skipped} skipped; "
            f"{s.files} files ({s.files_parsed} parsed); {tokens}")


def digest_lines(digest: Digest) -> list[str]:
    """A readable rendering of one digest (what stdout shows without --json)."""
    when = digest.started_at.strftime("%Y-%m-%d %H:%M") if digest.started_at else "-"
    lines = [f"{digest.agent} {digest.session_id}  {when}  {digest.main_dir or '-'}  "
             f"{digest.n_user_turns} prompts"
             + (f"  skills: {', '.join(digest.skills_used)}" if digest.skills_used else "")]
    lines += [f"  topic: {topic}" for topic in digest.topics]
    lines += [f"  task [{t.evidence[0].turn}]: {t.summary}" for t in digest.tasks]
    for item in digest.user_feedback:
        lines.append(f"  user {item.kind} [{item.evidence[0].turn}]: "
                     f"{json.dumps(item.evidence[0].quote, ensure_ascii=False)}")
    for item in digest.env_feedback:
        lines.append(f"  env {item.kind} [{item.evidence[0].turn}]: {item.summary}")
    return lines


def _parse_tag(patterns: list[str]) -> str:
    """Kept for callers of the old private name; see `skillgit.distill.run.parse_tag`."""
    return parse_tag(patterns)


def _warn(message: str) -> None:
    click.echo(f"skillgit: warning: {printable(message)}", err=True)
