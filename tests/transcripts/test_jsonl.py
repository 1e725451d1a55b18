"""The robust JSONL reader: every kind of bad line is counted and skipped, never fatal."""

from __future__ import annotations

from pathlib import Path

import pytest

from skillgit.transcripts.jsonl import LineStats, first_records, iter_lines, iter_records


def _write(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "t.jsonl"
    path.write_bytes(data)
    return path


def test_good_lines_and_missing_final_newline(tmp_path: Path) -> None:
    path = _write(tmp_path, b'{"a": 1}\n\n{"b": 2}')
    stats = LineStats()
    assert list(iter_records(path, stats)) == [{"a": 1}, {"b": 2}]
    assert stats.bad_lines == 0


def test_splits_only_on_newline_not_unicode_separators(tmp_path: Path) -> None:
    # Raw U+2028 and U+0085 inside a string must not split the record; CRLF is tolerated.
    text = '{"t": "one\u2028two\u0085three"}\r\n{"u": 1}\n'
    path = _write(tmp_path, text.encode("utf-8"))
    stats = LineStats()
    records = list(iter_records(path, stats))
    assert records == [{"t": "one\u2028two\u0085three"}, {"u": 1}]
    assert stats.lines == 2


def test_torn_tail_is_counted_and_skipped(tmp_path: Path) -> None:
    path = _write(tmp_path, b'{"a": 1}\n{"b": 2}\n{"c": "unfinis')
    stats = LineStats()
    assert list(iter_records(path, stats)) == [{"a": 1}, {"b": 2}]
    assert stats.bad_lines == 1


def test_two_records_on_one_line(tmp_path: Path) -> None:
    torn_then_glued = b'{"type":"pr-link","prNu{"parentUuid":"x"}'
    path = _write(tmp_path, b'{"a": 1}\n' + torn_then_glued + b'\n{"a": 1}{"b": 2}\n{"c": 3}\n')
    stats = LineStats()
    assert list(iter_records(path, stats)) == [{"a": 1}, {"c": 3}]
    assert stats.bad_lines == 2
    assert stats.reasons.get("two records on one line") == 1


def test_nul_block_is_counted_and_following_record_kept(tmp_path: Path) -> None:
    path = _write(tmp_path, b'{"a": 1}\n' + b"\x00" * 4096 + b'{"b": 2}\n' + b"\x00" * 100 + b"\n")
    stats = LineStats()
    assert list(iter_records(path, stats)) == [{"a": 1}, {"b": 2}]
    assert stats.bad_lines == 2
    assert stats.reasons == {"NUL bytes": 2}


def test_invalid_utf8_is_counted(tmp_path: Path) -> None:
    path = _write(tmp_path, b'{"a": "\xff\xfe"}\n{"b": 2}\n')
    stats = LineStats()
    assert list(iter_records(path, stats)) == [{"b": 2}]
    assert stats.reasons == {"invalid UTF-8": 1}


def test_non_object_lines_are_bad(tmp_path: Path) -> None:
    path = _write(tmp_path, b'[1, 2]\n"str"\n42\n{"ok": true}\n')
    stats = LineStats()
    assert list(iter_records(path, stats)) == [{"ok": True}]
    assert stats.bad_lines == 3


def test_oversized_line_is_skipped_without_losing_neighbours(tmp_path: Path) -> None:
    big = b'{"blob": "' + b"x" * 3_000_000 + b'"}'
    path = _write(tmp_path, b'{"a": 1}\n' + big + b'\n{"b": 2}\n')
    stats = LineStats()
    records = list(iter_records(path, stats, max_line_bytes=1_000_000))
    assert records == [{"a": 1}, {"b": 2}]
    assert stats.bad_lines == 1
    assert stats.lines == 3


def test_ten_megabyte_line_is_skipped_by_default(tmp_path: Path) -> None:
    big = b'{"image": "' + b"A" * (11 * 1024 * 1024) + b'"}'
    path = _write(tmp_path, big + b'\n{"b": 2}\n')
    stats = LineStats()
    assert list(iter_records(path, stats)) == [{"b": 2}]
    assert stats.bad_lines == 1


def test_lines_spanning_read_chunks_are_reassembled(tmp_path: Path) -> None:
    # Lines of ~700 KB straddle the 1 MiB read chunk boundary.
    lines = [b'{"i": %d, "pad": "%s"}' % (i, b"y" * 700_000) for i in range(4)]
    path = _write(tmp_path, b"\n".join(lines) + b"\n")
    stats = LineStats()
    assert [r["i"] for r in iter_records(path, stats)] == [0, 1, 2, 3]
    assert stats.bad_lines == 0


def test_file_growing_while_read_is_read_to_its_size_at_open(tmp_path: Path) -> None:
    path = _write(tmp_path, b'{"a": 1}\n{"b": 2}\n')
    stats = LineStats()
    lines = iter_lines(path, stats)
    assert next(lines) == b'{"a": 1}'
    with path.open("ab") as handle:  # the agent appends while we read
        handle.write(b'{"c": 3}\n{"d": ')
    assert list(lines) == [b'{"b": 2}']
    assert stats.bad_lines == 0


def test_prefilter_drops_lines_before_decoding(tmp_path: Path) -> None:
    path = _write(tmp_path, b'{"type": "noise", "x": 1}\n{"type": "keep"}\n')
    stats = LineStats()
    records = list(iter_records(path, stats, prefilter=lambda line: b'"noise"' in line))
    assert records == [{"type": "keep"}]
    assert stats.skipped_by_prefilter == 1


def test_a_file_that_cannot_be_opened_raises_for_the_caller_to_name(tmp_path: Path) -> None:
    # Not a "bad line": discovery turns the OSError into a warning naming the file.
    stats = LineStats()
    with pytest.raises(FileNotFoundError):
        list(iter_records(tmp_path / "gone.jsonl", stats))
    assert stats.bad_lines == 0


def test_first_records_reads_only_the_head(tmp_path: Path) -> None:
    huge = b'{"c": "' + b"z" * 100_000 + b'"}\n'
    path = _write(tmp_path, b'{"a": 1}\nnot json\n{"b": 2}\n' + huge)
    assert first_records(path) == [{"a": 1}, {"b": 2}]
