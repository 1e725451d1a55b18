from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

MakeSkill = Callable[..., Path]

DEFAULT_FRONTMATTER = "name: {name}\ndescription: A test skill. Use it when testing.\n"


@pytest.fixture
def make_skill(tmp_path: Path) -> MakeSkill:
    """Create `tmp_path/<dirname>/SKILL.md` from frontmatter + body, or from raw bytes/text."""

    def make(dirname: str = "my-skill", frontmatter: str | None = None,
             body: str = "# My Skill\n\nDo the thing.\n", raw: str | bytes | None = None,
             root: Path | None = None) -> Path:
        folder = (root or tmp_path) / dirname
        folder.mkdir(parents=True, exist_ok=True)
        if raw is None:
            fm = frontmatter if frontmatter is not None else DEFAULT_FRONTMATTER.format(
                name=Path(dirname).name)
            raw = f"---\n{fm}---\n{body}"
        data = raw.encode("utf-8") if isinstance(raw, str) else raw
        (folder / "SKILL.md").write_bytes(data)
        return folder

    return make
