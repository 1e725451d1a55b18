"""Inputs that cannot be read: symlink loops, permission denied, corrupt databases.

Each one is a warning naming the path (or exit 2 when it is the one file `--source` names),
never a traceback and never passed over in silence. The tests run as root, so "permission
denied" is simulated by making `open`, `os.open` and `os.scandir` refuse the chosen paths.
"""

from __future__ import annotations

import builtins
import io
import json
import os
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from skillgit.cli import main
from skillgit.transcripts.discover import SessionQuery, iter_conversations


class _Identity:
    def redact(self, text: str) -> str:
        return text


SID = "bbbbbbbb-1111-2222-3333-444444444444"


def _claude_session(path: Path, session_id: str = SID) -> Path:
    env = {"sessionId": session_id, "cwd": "/work/app", "version": "2.1.14",
           "timestamp": "2026-01-11T09:53:00.000Z", "isSidechain": False}
    records = [{**env, "type": "user", "message": {"role": "user", "content": "run tests"}},
               {**env, "type": "assistant", "message": {"id": "m", "role": "assistant",
                                                         "content": [{"type": "text",
                                                                      "text": "ok"}]}}]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


@pytest.fixture
def deny(monkeypatch: pytest.MonkeyPatch) -> Callable[[Path], None]:
    """Make a path unreadable for this process, as `chmod 000` would for a normal user."""
    denied: set[str] = set()

    def refused(target: Any) -> bool:
        try:
            return os.path.abspath(os.fspath(target)) in denied
        except TypeError:  # a file descriptor
            return False

    real_open, real_os_open, real_scandir = builtins.open, os.open, os.scandir

    def fake_open(file: Any, *args: Any, **kwargs: Any) -> Any:
        if refused(file):
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    def fake_os_open(path: Any, *args: Any, **kwargs: Any) -> int:
        if refused(path):
            raise PermissionError(13, "Permission denied", str(path))
        return real_os_open(path, *args, **kwargs)

    def fake_scandir(path: Any = ".") -> Any:
        if refused(path):
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(builtins, "open", fake_open)
    monkeypatch.setattr(io, "open", fake_open)
    monkeypatch.setattr(os, "open", fake_os_open)
    monkeypatch.setattr(os, "scandir", fake_scandir)
    return lambda path: denied.add(os.path.abspath(path))


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "internal error" not in err
    return code, out, err


def _warnings(query: SessionQuery, env: dict[str, str] | None = None) -> tuple[list[str],
                                                                               list[str]]:
    warnings: list[str] = []
    ids = [c.session_id for c in iter_conversations(query, _Identity(), env=env,
                                                     on_warning=warnings.append)]
    return ids, warnings


# --- symlink loops ----------------------------------------------------------------------

def test_symlink_loops_in_source_are_warnings_naming_them(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    source = tmp_path / "src"
    _claude_session(source / "a.jsonl")
    (source / "sub").mkdir()
    (source / "sub" / "up").symlink_to("..")            # a folder linking to its parent
    (source / "self.jsonl").symlink_to("self.jsonl")    # a file linking to itself
    (source / "ping").symlink_to("pong")
    (source / "pong").symlink_to("ping")                # two links pointing at each other
    ids, warnings = _warnings(SessionQuery(source=source))
    assert ids == [SID]
    for name in ("sub/up", "self.jsonl", "ping", "pong"):
        assert f"could not read {source / name}: symlink loop" in warnings
    code, out, err = _run(["sessions", "--source", str(source)], capsys)
    assert code == 0 and SID in out and "self.jsonl: symlink loop" in err


def test_a_symlinked_folder_is_followed_once(tmp_path: Path) -> None:
    real = tmp_path / "real"
    _claude_session(real / "a.jsonl")
    source = tmp_path / "src"
    source.mkdir()
    (source / "link").symlink_to(real)
    (source / "again").symlink_to(real)
    ids, warnings = _warnings(SessionQuery(source=source))
    assert ids == [SID] and warnings == []


def test_source_naming_a_loop_is_exit_2(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    loop = tmp_path / "loop.jsonl"
    loop.symlink_to(loop.name)
    code, _, err = _run(["sessions", "--source", str(loop)], capsys)
    assert code == 2 and str(loop) in err and "symlink loop" in err


def test_loops_in_default_agent_folders_are_warnings(tmp_path: Path, isolated_env: Path) -> None:
    projects = isolated_env / ".claude" / "projects"
    _claude_session(projects / "p" / "s.jsonl")
    (projects / "p" / "back").symlink_to("..")
    (projects / "p" / "x.jsonl").symlink_to("x.jsonl")
    codex = isolated_env / ".codex"
    codex.mkdir()
    (codex / "sessions").symlink_to("sessions")         # the agent's root itself loops
    ids, warnings = _warnings(SessionQuery(), env=dict(os.environ))
    assert ids == [SID]
    assert f"could not read {projects / 'p' / 'back'}: symlink loop" in warnings
    assert f"could not read {projects / 'p' / 'x.jsonl'}: symlink loop" in warnings
    assert f"could not read {codex / 'sessions'}: symlink loop" in warnings


# --- permission denied --------------------------------------------------------------------

def test_unreadable_files_and_folders_in_source_are_warnings(
        tmp_path: Path, deny: Callable[[Path], None]) -> None:
    source = tmp_path / "src"
    _claude_session(source / "a.jsonl")
    locked_file = _claude_session(source / "b.jsonl", "cccccccc-0000-0000-0000-000000000000")
    locked_dir = source / "locked"
    _claude_session(locked_dir / "c.jsonl", "dddddddd-0000-0000-0000-000000000000")
    deny(locked_file)
    deny(locked_dir)
    ids, warnings = _warnings(SessionQuery(source=source))
    assert ids == [SID]
    assert f"could not read {locked_file}: permission denied" in warnings
    assert any(w.startswith(f"could not read {locked_dir}: cannot list folder") for w in warnings)
    assert len(warnings) == 2  # each problem once, though every adapter looked


def test_unreadable_files_in_default_agent_folders_are_warnings(
        isolated_env: Path, deny: Callable[[Path], None]) -> None:
    projects = isolated_env / ".claude" / "projects"
    _claude_session(projects / "p" / "ok.jsonl")
    locked = _claude_session(projects / "p" / "locked.jsonl", "eeeeeeee-0000-0000-0000-0")
    gemini_dir = isolated_env / ".gemini" / "tmp" / "hash"
    gemini_dir.mkdir(parents=True)
    deny(locked)
    deny(gemini_dir)
    ids, warnings = _warnings(SessionQuery(), env=dict(os.environ))
    assert ids == [SID]
    assert f"could not read {locked}: permission denied" in warnings
    assert any(w.startswith(f"could not read {gemini_dir}: cannot list folder")
               for w in warnings)


def test_source_naming_an_unreadable_file_is_exit_2(tmp_path: Path, deny: Callable[[Path], None],
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = _claude_session(tmp_path / "a.jsonl")
    deny(path)
    code, _, err = _run(["sessions", "--source", str(path)], capsys)
    assert code == 2 and str(path) in err and "permission denied" in err


def test_a_file_that_becomes_unreadable_while_parsing_is_a_warning(
        tmp_path: Path, deny: Callable[[Path], None],
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = _claude_session(tmp_path / "src" / "a.jsonl")
    from skillgit.transcripts import discover

    real = discover.session_files

    def then_lock(*args: Any, **kwargs: Any) -> Iterator[tuple[str, Path]]:
        for found in real(*args, **kwargs):
            deny(found[1])  # found readable, gone unreadable before it is parsed
            yield found

    monkeypatch.setattr(discover, "session_files", then_lock)
    ids, warnings = _warnings(SessionQuery(source=tmp_path / "src"))
    assert ids == [] and warnings == [f"could not read {path}: permission denied"]


# --- corrupt or unreadable databases ----------------------------------------------------------

def _corrupt(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"SQLite format 3\x00" + b"\x07" * 4000)
    return path


def _cursor_db(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE cursorDiskKV (key TEXT, value BLOB)")
    connection.commit()
    connection.close()
    return path


def test_corrupt_databases_in_default_folders_are_warnings(isolated_env: Path) -> None:
    opencode_db = _corrupt(isolated_env / "xdg_data_home" / "opencode" / "opencode.db")
    cursor_db = _corrupt(isolated_env / "xdg_config_home" / "Cursor" / "User" / "globalStorage"
                         / "state.vscdb")
    _, warnings = _warnings(SessionQuery(), env=dict(os.environ))
    assert any(w.startswith(f"could not read {opencode_db}: ") and "not a database" in w
               for w in warnings), warnings
    assert any(w.startswith(f"could not read {cursor_db}: ") for w in warnings), warnings


def test_an_unreadable_database_is_a_warning(isolated_env: Path,
                                             deny: Callable[[Path], None]) -> None:
    cursor_db = _cursor_db(isolated_env / "xdg_config_home" / "Cursor" / "User"
                           / "globalStorage" / "state.vscdb")
    deny(cursor_db)
    _, warnings = _warnings(SessionQuery(agents=("cursor",)), env=dict(os.environ))
    assert warnings == [f"could not read {cursor_db}: permission denied"]


@pytest.mark.parametrize("name", ["opencode.db", "state.vscdb", "anything.sqlite"])
def test_source_naming_a_corrupt_database_is_exit_2(tmp_path: Path, name: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = _corrupt(tmp_path / name)
    code, _, err = _run(["sessions", "--source", str(path)], capsys)
    assert code == 2 and str(path) in err and "not a database" in err


def test_a_corrupt_database_in_a_source_folder_is_a_warning(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "src"
    _claude_session(source / "a.jsonl")
    database = _corrupt(source / "opencode.db")
    code, out, err = _run(["sessions", "--source", str(source)], capsys)
    assert code == 0 and SID in out
    assert err.count(f"could not read {database}") == 1


def test_distill_and_mine_report_unreadable_inputs_too(tmp_path: Path,
                                                       deny: Callable[[Path], None],
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    source = tmp_path / "src"
    _claude_session(source / "a.jsonl")
    locked = _claude_session(source / "b.jsonl", "cccccccc-0000-0000-0000-000000000000")
    (source / "loop.jsonl").symlink_to("loop.jsonl")
    deny(locked)
    code, _, err = _run(["distill", "--source", str(source), "--llm", "heuristic"], capsys)
    assert code == 0
    assert f"could not read {locked}: permission denied" in err
    assert f"could not read {source / 'loop.jsonl'}: symlink loop" in err


def test_an_unreadable_opencode_message_folder_is_a_warning(
        tmp_path: Path, deny: Callable[[Path], None]) -> None:
    from test_opencode import storage_session

    storage = tmp_path / "opencode" / "storage"
    storage_session(storage, "ses_ok", "run the tests")
    storage_session(storage, "ses_locked", "build it")
    locked = storage / "message" / "ses_locked"
    deny(locked)
    ids, warnings = _warnings(SessionQuery(source=tmp_path / "opencode"))
    session = storage / "session" / "proj1" / "ses_locked.json"
    assert ids == ["ses_ok"]
    assert sorted(warnings) == [f"could not read {locked}: cannot list folder (permission denied)",
                                f"could not read {session} ({locked}): permission denied"]
