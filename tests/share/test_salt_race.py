"""Two first runs of `skillgit share` at once make one salt, so one contributor id."""

from __future__ import annotations

from pathlib import Path

import pytest

from skillgit.share import contributor
from skillgit.share.contributor import SALT_FILE, salt


def test_a_salt_made_meanwhile_by_another_run_is_the_one_both_use(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    env = {"XDG_CONFIG_HOME": str(tmp_path)}
    real_token = contributor.secrets.token_hex
    rival: list[bytes] = []

    def another_run_first(n: int) -> str:
        if not rival:  # this run found no salt; another run makes one before it writes
            rival.append(b"")
            rival[0] = salt(env)
        return real_token(n)

    monkeypatch.setattr(contributor.secrets, "token_hex", another_run_first)
    ours = salt(env)
    assert ours == rival[0] == salt(env)
    path = tmp_path / "skillgit" / SALT_FILE
    assert path.read_text().strip().encode() == ours
    assert sorted(p.name for p in path.parent.iterdir()) == [SALT_FILE]  # no temporary left


@pytest.mark.parametrize("content", ["", "short\n", "\xff\xfe"], ids=["empty", "short", "binary"])
def test_a_damaged_salt_file_is_replaced(tmp_path: Path, content: str) -> None:
    env = {"XDG_CONFIG_HOME": str(tmp_path)}
    path = tmp_path / "skillgit" / SALT_FILE
    path.parent.mkdir()
    path.write_text(content, encoding="latin-1")
    made = salt(env)
    assert len(made) == 64 and salt(env) == made
    assert path.read_text().strip().encode() == made
