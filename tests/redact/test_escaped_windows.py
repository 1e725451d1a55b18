"""The escaped re-scan reads the lines written with escapes (and their context), not the whole
copy: every such line lies whole in a window, the rest of a long copy is skipped, and a secret
hidden by escapes is found anywhere in a long text. Fakes are built at run time."""

from __future__ import annotations

import itertools
import random
import string

from hypothesis import given
from hypothesis import strategies as st

from skillgit.redact import Redactor
from skillgit.redact.escapes import (
    NEIGHBOURHOOD,
    escaped_copy,
    escaped_findings,
    escaped_windows,
    on_escaped_line,
)
from skillgit.redact.scan import scan
from skillgit.redact.screen import screen_text

_RNG = random.Random(2027)


def _fake() -> str:
    value = "".join(_RNG.choice(string.ascii_letters + string.digits) for _ in range(14))
    return "Kx7" + value + "#q9"


_PIECES = st.sampled_from([
    "plain words here", "", "x", "  indented = 1", "a\\\\nb", "say \\\\\"hi\\\\\"", "tab\\there",
    "code \\u0022q\\u0022", "&quot;x&quot;", "\\\\\\\\", "end.", "key\\x3dvalue"])


@given(st.lists(_PIECES, min_size=1, max_size=60), st.integers(min_value=0, max_value=3))
def test_every_line_written_with_an_escape_lies_whole_in_a_window(
        pieces: list[str], filler: int) -> None:
    text = "\n".join(piece + " padding" * filler * 40 for piece in pieces)
    copy = escaped_copy(text)
    if copy is None:
        return
    read = copy.read
    windows = escaped_windows(copy)
    assert windows == sorted(windows)
    assert all(low < high and high <= len(read) for low, high in windows)
    assert all(a[1] < b[0] for a, b in itertools.pairwise(windows))
    start = 0
    for line in read.split("\n"):
        end = start + len(line)
        if line and on_escaped_line(read, copy.starts, copy.ends, start, end):
            assert any(low <= start and end <= high for low, high in windows), (start, end)
        start = end + 1


def test_a_long_copy_is_read_only_around_its_escapes() -> None:
    plain = "".join(f"line {n} of the build log, all fine\n" for n in range(3000))
    text = plain + 'config {\\\\"mode\\\\": \\\\"fast\\\\"}\n' + plain
    copy = escaped_copy(text)
    assert copy is not None
    windows = escaped_windows(copy)
    assert len(windows) == 1
    low, high = windows[0]
    assert 2 * NEIGHBOURHOOD <= high - low <= 2 * NEIGHBOURHOOD + 200
    assert low <= len(plain) <= high


def test_a_secret_hidden_by_escapes_is_found_far_into_a_long_text() -> None:
    secret = _fake()
    plain = "".join(f"step {n}: compiled module {n} without warnings\n" for n in range(2500))
    text = plain + '{\\\\"password\\\\": \\\\"' + secret + '\\\\"}\n' + plain
    copy = escaped_copy(text)
    assert copy is not None
    assert [kind for kind, _, _ in escaped_findings(copy, scan)] == [
        kind for kind, _, _ in escaped_findings(copy, scan, whole=True)]
    assert escaped_findings(copy, scan)
    for redacted in (Redactor(home="/home/nobody").redact(text), screen_text(text)):
        assert secret not in redacted
        assert redacted.count("\n") == text.count("\n")


def test_a_users_pattern_reads_the_whole_copy() -> None:
    # the pattern reaches from the text's start to the escaped line: no window holds both
    plain = "".join(f"row {n}\n" for n in range(600))
    text = "HEADER\n" + plain + "pw\\tsecret-plainvalue\n"
    pattern = r"(?s)\AHEADER.*?pw\t(?P<secret>secret-\w+)"
    assert "secret-plainvalue" in Redactor(home="/home/nobody").redact(text)
    redactor = Redactor(home="/home/nobody", extra_patterns=[pattern])
    assert "secret-plainvalue" not in redactor.redact(text)
