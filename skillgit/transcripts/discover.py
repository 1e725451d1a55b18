"""Collecting conversations across adapters: default locations or a `--source` folder.

Files are found through each adapter's `default_roots` / `discover`; with `--source PATH`
every file under PATH is offered to the adapters' `sniff` so any folder of supported
formats can be mined. Parsing streams one file at a time. An adapter bug on one hostile
file becomes a warning naming the file, never a traceback for the whole run; so does a file
or folder that cannot be read (permissions, a symlink loop, a corrupt database): it is
never passed over in silence. The one file named by `--source` being unusable is an error.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from skillgit.errors import UsageError
from skillgit.hints import flag_hint
from skillgit.transcripts.model import Adapter, Conversation, Redacting
from skillgit.transcripts.walk import (
    NOT_A_FILE,
    describe,
    file_problem,
    find_files,
    shared_walks,
)

WarningSink = Callable[[str], None]
# path → the agent that claimed this very file before, unchanged since (a warm cache knows):
# that adapter claims it without reading it again, and the others need not sniff it.
KnownFile = Callable[[Path], str | None]


@dataclass(frozen=True)
class SessionQuery:
    """Which conversations to read."""

    agents: tuple[str, ...] = ()
    source: Path | None = None
    since_days: float | None = None
    include_sidechains: bool = False


def select_adapters(names: Sequence[str],
                    registry: Mapping[str, Adapter] | None = None) -> dict[str, Adapter]:
    """The adapters for `names` (all when empty); an unknown name is a usage error."""
    if registry is None:
        from skillgit.transcripts import ADAPTERS
        registry = ADAPTERS
    unknown = [n for n in names if n not in registry]
    if unknown:
        raise UsageError(f"unknown agent {', '.join(repr(n) for n in unknown)} "
                         f"(known: {', '.join(sorted(registry))})")
    return {n: registry[n] for n in (names or list(registry))}


def session_files(adapters: Mapping[str, Adapter], *, source: Path | None = None,
                  env: Mapping[str, str] | None = None,
                  modified_after: float | None = None,
                  on_warning: WarningSink | None = None,
                  known: KnownFile | None = None) -> Iterator[tuple[str, Path]]:
    """(agent, path) for every session file, each path once, in a stable order. A file or
    folder that cannot be read goes to `on_warning`, naming it. `known` spares the sniffs of
    a file one of `adapters` claimed before, unchanged since (a warm cache knows); it must
    name only agents of `adapters`."""
    warn = _Warnings(on_warning, known)
    if source is not None:
        _check_source(source)
        if source.is_file():
            problems: list[str] = []
            candidates = _claim_source(adapters, source, _Warnings(problems.append))
            candidates = _one_claimed_file(candidates, source, adapters, problems)
        else:
            candidates = _claim_source(adapters, source, warn)
    else:
        candidates = _default_files(adapters, os.environ if env is None else env, warn)
    for agent, path in candidates:
        if modified_after is not None and _mtime(path) < modified_after:
            continue
        yield agent, path


def iter_conversations(query: SessionQuery, redactor: Redacting, *,
                       env: Mapping[str, str] | None = None,
                       registry: Mapping[str, Adapter] | None = None,
                       on_warning: WarningSink | None = None,
                       now: float | None = None) -> Iterator[Conversation]:
    """Parse and yield the conversations `query` asks for, one file at a time."""
    adapters = select_adapters(query.agents, registry)
    sink = on_warning or (lambda _message: None)

    def warn(message: str) -> None:  # paths in it: the home folder shows as ~
        sink(redactor.redact(message))

    cutoff = None
    if query.since_days is not None:
        cutoff = (time.time() if now is None else now) - query.since_days * 86400
    for agent, path in session_files(adapters, source=query.source, env=env,
                                     modified_after=cutoff, on_warning=warn):
        try:
            for conversation in adapters[agent].parse(path, redactor):
                for message in conversation.warnings:
                    warn(message)
                if conversation.is_sidechain and not query.include_sidechains:
                    continue
                if cutoff is not None and _last_activity(conversation, path) < cutoff:
                    continue
                yield conversation
        except OSError as exc:  # gone or unreadable since it was found
            warn(f"could not read {file_context(path, exc)}: {describe(exc)}")
        except Exception as exc:  # hostile input must not stop the run
            warn(f"could not read {path} as {agent}: {type(exc).__name__}: {exc}")


def find_conversation(session_id: str, query: SessionQuery, redactor: Redacting, *,
                      env: Mapping[str, str] | None = None,
                      registry: Mapping[str, Adapter] | None = None,
                      on_warning: WarningSink | None = None) -> Conversation:
    """The one conversation whose id is `session_id` or starts with it."""
    wide = SessionQuery(agents=query.agents, source=query.source, since_days=query.since_days,
                        include_sidechains=True)
    exact: list[Conversation] = []
    prefixed: list[Conversation] = []
    for conversation in iter_conversations(wide, redactor, env=env, registry=registry,
                                           on_warning=on_warning):
        if conversation.session_id == session_id:
            exact.append(conversation)
        elif conversation.session_id.startswith(session_id):
            prefixed.append(conversation)
    matches = exact or prefixed
    if not matches:
        raise UsageError(f"no session with id {session_id!r}")
    if len(matches) > 1:
        found = ", ".join(f"{c.agent}:{c.session_id}" for c in matches[:10])
        raise UsageError(f"session id {session_id!r} is ambiguous: {found}")
    return matches[0]


class _Warnings:
    """Each problem path reported once, however many adapters or roots reach it."""

    def __init__(self, sink: WarningSink | None, known: KnownFile | None = None) -> None:
        self._sink = sink or (lambda _message: None)
        self._seen: set[Path] = set()
        self.known = known

    def problem(self, path: Path, reason: str) -> None:
        key = path.absolute()  # not resolved: two dangling links to one target are two problems
        if key not in self._seen:
            self._seen.add(key)
            self._sink(f"could not read {path}: {reason}")


def _source_flag() -> str:
    return flag_hint("--source", "the source", verb="")


def _check_source(source: Path) -> None:
    """`--source` must exist and be readable: anything else is a usage error naming it."""
    if not os.path.lexists(source):
        raise UsageError(f"{_source_flag()} path does not exist: {source}")
    problem = file_problem(source)
    if problem:
        raise UsageError(f"{_source_flag()} {source}: cannot read it: {problem}")


def _default_files(adapters: Mapping[str, Adapter], env: Mapping[str, str],
                   warn: _Warnings) -> Iterator[tuple[str, Path]]:
    seen: set[FileKey] = set()
    for agent, adapter in adapters.items():
        for root in adapter.default_roots(env):
            if not os.path.lexists(root):
                continue  # the agent is not installed: nothing to say
            problem = file_problem(root)
            if problem:
                warn.problem(root, problem)
                continue
            for path in _discovered(adapter, root, warn):
                key = _key(path)
                if key not in seen and _sniff(agent, adapter, path, warn):
                    seen.add(key)
                    yield agent, path


def _claim_source(adapters: Mapping[str, Adapter], source: Path,
                  warn: _Warnings) -> Iterator[tuple[str, Path]]:
    """Each file under `source` goes to the first adapter that recognises it: first the
    files an adapter's own `discover` finds, then any other file, sniffed by every adapter.
    The folder is walked once for all of them."""
    with shared_walks():  # no yield inside: the walks are shared by this pass only
        claimed = list(_claim_walked(adapters, source, warn))
    yield from claimed


def _claim_walked(adapters: Mapping[str, Adapter], source: Path,
                  warn: _Warnings) -> Iterator[tuple[str, Path]]:
    claimed: set[FileKey] = set()
    for agent, adapter in adapters.items():
        for path in _discovered(adapter, source, warn):
            key = _key(path)
            if key not in claimed and _sniff(agent, adapter, path, warn):
                claimed.add(key)
                yield agent, path
    others = [source] if source.is_file() else find_files(source)
    for path in others:
        key = _key(path)
        if key in claimed:
            continue
        for agent, adapter in adapters.items():
            if _sniff(agent, adapter, path, warn):
                claimed.add(key)
                yield agent, path
                break


def _one_claimed_file(candidates: Iterator[tuple[str, Path]], source: Path,
                      adapters: Mapping[str, Adapter],
                      problems: list[str]) -> Iterator[tuple[str, Path]]:
    """A single `--source` file no adapter recognises, or one that cannot be read (a corrupt
    database), is a usage error, not "no sessions"."""
    claimed = list(candidates)
    if not claimed and problems:
        raise UsageError(f"{_source_flag()} {problems[0]}")
    if not claimed:
        raise UsageError(f"{_source_flag()} {source}: not a session file skillgit can read "
                         f"(tried: {', '.join(adapters)})")
    yield from claimed


def file_context(path: Path, exc: OSError) -> str:
    """`path`, and the file inside it that failed when that is another one."""
    inner = exc.filename
    return f"{path} ({inner})" if inner and os.fspath(inner) != str(path) else str(path)


def _discovered(adapter: Adapter, root: Path, warn: _Warnings) -> list[Path]:
    """`adapter.discover(root)`; a failure is reported against `root`, never raised."""
    try:
        return list(adapter.discover(root))
    except OSError as exc:
        warn.problem(root, describe(exc))
    except Exception as exc:  # an adapter bug on a hostile folder
        warn.problem(root, f"{type(exc).__name__}: {exc}")
    return []


def _sniff(agent: str, adapter: Adapter, path: Path, warn: _Warnings) -> bool:
    """Whether `adapter` claims `path`; a path that cannot be read is reported, not claimed."""
    problem = file_problem(path)
    if problem is not None:
        if problem != NOT_A_FILE:  # a FIFO would block the read forever: silently not ours
            warn.problem(path, problem)
        return False
    if warn.known is not None:
        claimed_by = warn.known(path)
        if claimed_by is not None:
            return claimed_by == agent
    try:
        return adapter.sniff(path)
    except OSError as exc:
        warn.problem(path, describe(exc))
    except Exception as exc:  # a corrupt database, or an adapter bug on a hostile file
        reason = str(exc).removeprefix(f"{path}: ") or type(exc).__name__
        warn.problem(path, reason)
    return False


FileKey = tuple[int, int] | str


def _key(path: Path) -> FileKey:
    """One file however it is reached (a symlink, a hard link, another spelling): its device
    and inode, from one `stat` (resolving the path costs a system call per component);
    a path that cannot be read keys by its own spelling."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return os.path.abspath(path)
    return info.st_dev, info.st_ino


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _last_activity(conversation: Conversation, path: Path) -> float:
    last: datetime | None = conversation.ended_at or conversation.started_at
    if last is None:
        return _mtime(path)
    if last.tzinfo is None:
        last = last.replace(tzinfo=timezone.utc)
    return last.timestamp()
