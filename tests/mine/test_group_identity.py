"""Grouping by identity first (issue 25): one normalised move is one lesson however it was
worded, and in whichever family it was seen (a failure fixed with the command, a correction
to it); signals whose moves differ stay apart even in the same words."""

from __future__ import annotations

from signalkit import holding as _holding
from signalkit import signal

from skillgit.mine.group import group
from skillgit.mine.shell_command import parse
from skillgit.proposal import Signal


def _signal(n: int, kind: str, text: str, *, dont: str | None = None, do: str | None = None,
            command: str | None = None, fix: str | None = None) -> Signal:
    return signal(n, kind, text, command=command, fix=fix, corrected_command=dont,
                  succeeded_command=do)


def test_one_move_in_different_words_and_families_is_one_candidate() -> None:
    signals = [
        _signal(1, "correction", "the fixtures want their own process each, pytest alone "
                "shares one", dont="pytest -q tests/db", do="tox -e db"),
        _signal(2, "preference", "always go through tox for anything touching the database",
                dont="pytest tests/db/test_pool.py", do="tox -e db"),
        _signal(3, "env-fix", "`pytest tests/db` failed (fixture 'pg' not found); the user "
                "gave `tox -e db`", command="pytest tests/db", fix="tox -e db"),
    ]
    candidates = group(signals)
    assert _holding(candidates, 1) is _holding(candidates, 2) is _holding(candidates, 3)


def test_other_moves_in_the_same_words_stay_apart() -> None:
    signals = [
        _signal(1, "correction", "use the db env for the database tests, not plain pytest",
                dont="pytest tests/db", do="tox -e db"),
        _signal(2, "correction", "use the db env for the database tests, not plain pytest",
                dont="pytest tests/db", do="nox -s db"),
        _signal(3, "env-fix", "`cargo build` failed (linker not found); the user gave "
                "`apt-get install -y clang`", command="cargo build",
                fix="apt-get install -y clang"),
    ]
    candidates = group(signals)
    assert [s.turn for s in _holding(candidates, 3).signals] == [3]


def test_a_timeout_prefix_is_no_program() -> None:
    command = parse("timeout 90 npm test -- formatPrice")
    assert command is not None and (command.program, command.words[:1]) == ("npm", ("test",))
