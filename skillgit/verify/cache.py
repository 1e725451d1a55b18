"""The verdict cache and the case cache, under `$XDG_CACHE_HOME/skillgit/verify`.

A verdict is keyed by everything that decides the answer: the prompt version, the engine and
model, the exact system and user prompts and the sample's number; so an unchanged re-run
makes no request. Entries are written atomically (a temporary file renamed into place) and
pass the final screen first, like every cache write. A cache entry that does not parse is
ignored (asked again), never trusted.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from skillgit.atomicfile import write_atomic
from skillgit.proposal import Signal
from skillgit.redact.screen import screen_value
from skillgit.verify.case import CaseFile


def default_verify_dir(env: dict[str, str] | None = None) -> Path:
    environ = os.environ if env is None else env
    base = environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "skillgit" / "verify"


def verdict_key(*parts: object) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()


class VerifyCache:
    def __init__(self, root: Path) -> None:
        self.root = root

    def _path(self, kind: str, key: str) -> Path:
        return self.root / kind / key[:2] / f"{key}.json"

    def get(self, key: str) -> dict[str, Any] | None:
        try:
            value = json.loads(self._path("verdicts", key).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return value if isinstance(value, dict) else None

    def put(self, key: str, value: dict[str, Any]) -> None:
        _write(self._path("verdicts", key), json.dumps(screen_value(value), sort_keys=True))

    def cases(self, fingerprint: str, context: str = "") -> CaseFile | None:
        """The cases of a proposal built from the same `context` (sessions, patterns)."""
        try:
            text = self._path("cases", verdict_key(fingerprint, context)).read_text(
                encoding="utf-8")
            return CaseFile.model_validate_json(text)
        except (OSError, ValueError, ValidationError):
            return None

    def put_cases(self, found: CaseFile, context: str = "") -> None:
        value = screen_value(json.loads(found.model_dump_json()))
        _write(self._path("cases", verdict_key(found.fingerprint, context)),
               json.dumps(value, sort_keys=True, indent=1))

    def evidence(self, fingerprint: str) -> list[Signal] | None:
        """The evidence of a proposal with its sessions' full ids, as `mine`'s verify step
        recorded it (a commit message shows each id shortened to 8 characters)."""
        try:
            value = json.loads(self._path("evidence", verdict_key(fingerprint)).read_text(
                encoding="utf-8"))
            return [Signal.model_validate(item) for item in value] \
                if isinstance(value, list) else None
        except (OSError, ValueError, ValidationError):
            return None

    def put_evidence(self, fingerprint: str, signals: list[Signal]) -> None:
        value = screen_value([json.loads(s.model_dump_json()) for s in signals])
        _write(self._path("evidence", verdict_key(fingerprint)), json.dumps(value, indent=1))


def _write(path: Path, text: str) -> None:
    write_atomic(path, text.encode("utf-8"))
