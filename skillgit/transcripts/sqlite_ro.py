"""Opening another program's SQLite database strictly read-only (opencode, Cursor).

Those databases are live: the agent may be writing while we read, usually in WAL mode.
Rules (see shared/research/transcripts.md, section 11.7):

- never open read-write: that could checkpoint and delete the agent's ``-wal`` file;
- a ``mode=ro`` connection to a WAL database *creates* ``-wal``/``-shm`` files when they do
  not exist yet (and cannot remove them again), so when neither exists (no writer is
  active, the main file holds everything) the file is opened ``immutable=1`` instead;
- when both exist (a writer is active) ``mode=ro`` reads the live snapshot without
  creating anything; readers only take read marks in ``-shm``, as any reader must;
- when only one exists (a crashed writer), the database and its WAL are copied to a
  private temporary directory and read from there;
- a locked database waits ``busy_timeout`` seconds, then fails with `UnreadableDatabase`.

Known limit: a writer that starts or stops between the check and the open can still win
the race; the reader then sees an older snapshot (immutable) or leaves ``-wal``/``-shm``.
"""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SQLITE_MAGIC = b"SQLite format 3\x00"


class UnreadableDatabase(Exception):
    """The file is not a SQLite database, or it could not be opened or read."""


def looks_like_sqlite(path: Path) -> bool:
    """True when `path` starts with the SQLite file header (cheap, opens nothing)."""
    return _header(path).startswith(SQLITE_MAGIC)


def _header(path: Path) -> bytes:
    try:
        with open(path, "rb") as handle:
            return handle.read(100)
    except OSError:
        return b""


def _connect(uri: str, busy_timeout: float) -> sqlite3.Connection:
    connection = sqlite3.connect(uri, uri=True, timeout=busy_timeout,
                                 check_same_thread=False)
    connection.execute("PRAGMA query_only = ON")
    return connection


@contextmanager
def open_readonly(path: Path, busy_timeout: float = 2.0) -> Iterator[sqlite3.Connection]:
    """A connection that reads `path` without modifying it or its ``-wal``/``-shm`` files."""
    try:
        with open(path, "rb") as handle:
            header = handle.read(100)
    except OSError as exc:
        reason = "permission denied" if isinstance(exc, PermissionError) else exc.strerror
        raise UnreadableDatabase(f"{path}: {reason or exc}") from exc
    if not header.startswith(SQLITE_MAGIC) or len(header) < 20:
        raise UnreadableDatabase(f"not a SQLite database: {path}")
    wal_mode = header[18] == 2 or header[19] == 2
    wal = path.with_name(path.name + "-wal")
    shm = path.with_name(path.name + "-shm")
    uri = path.resolve().as_uri()
    scratch: tempfile.TemporaryDirectory[str] | None = None
    try:
        if not wal_mode:
            connection = _connect(uri + "?mode=ro", busy_timeout)
        elif not wal.exists() and not shm.exists():
            connection = _connect(uri + "?mode=ro&immutable=1", busy_timeout)
        elif wal.exists() and shm.exists():
            connection = _connect(uri + "?mode=ro", busy_timeout)
        else:
            scratch = tempfile.TemporaryDirectory(prefix="skillgit-sqlite-")
            copy = Path(scratch.name) / path.name
            shutil.copyfile(path, copy)
            if wal.exists():
                shutil.copyfile(wal, copy.with_name(copy.name + "-wal"))
            connection = _connect(copy.as_uri(), busy_timeout)
    except (sqlite3.Error, OSError) as exc:
        if scratch is not None:
            scratch.cleanup()
        raise UnreadableDatabase(f"{path}: {exc}") from exc
    try:
        yield connection
    finally:
        connection.close()
        if scratch is not None:
            scratch.cleanup()


def table_names(connection: sqlite3.Connection) -> set[str]:
    rows = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
    return {str(row[0]) for row in rows}


def column_names(connection: sqlite3.Connection, table: str) -> set[str]:
    # `table` comes from our own code, never from a transcript.
    return {str(row[1]) for row in connection.execute(f"PRAGMA table_info(`{table}`)")}


def has_tables(path: Path, required: set[str], busy_timeout: float = 2.0) -> bool:
    """True when `path` is a SQLite database holding all `required` tables; False when it is
    no SQLite file or another program's database. A file with the SQLite header that cannot
    be opened or queried (corrupt, locked, unreadable) raises `UnreadableDatabase`: the
    caller reports it rather than passing it over as "not ours"."""
    if not looks_like_sqlite(path):
        return False
    try:
        with open_readonly(path, busy_timeout) as connection:
            return required <= table_names(connection)
    except sqlite3.Error as exc:
        raise UnreadableDatabase(f"{path}: {exc}") from exc
