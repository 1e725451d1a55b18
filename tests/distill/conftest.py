"""Distill tests: make `sessionkit` and the shared HTTP test servers importable."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
for folder in (HERE, HERE.parent / "llm"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
