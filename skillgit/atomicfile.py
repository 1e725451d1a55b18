"""Write a file whole or not at all: a temporary file in the same folder, then a rename.

A full disk or Ctrl-C never leaves a half-written cache entry behind (the temporary file is
removed); readers see the old file or the new one."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """`data` at `path` (its folder created), whole or not at all."""
    folder = Path(path).parent
    folder.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".json")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
