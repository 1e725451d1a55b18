"""Fixtures for verify tests that publish: the git smart-HTTP remote, the GitHub REST stand-in
and the demo's skills repository on them (`soak`) are the publish tests' own fixtures
(tests/publish/conftest.py), loaded from there, not copied."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

_PUBLISH = Path(__file__).resolve().parents[1] / "publish"
if str(_PUBLISH) not in sys.path:
    sys.path.insert(0, str(_PUBLISH))
_spec = importlib.util.spec_from_file_location("publish_fixtures_for_verify",
                                               _PUBLISH / "conftest.py")
assert _spec is not None and _spec.loader is not None
_publish = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_publish)

token = _publish.token
git_server = _publish.git_server
stub = _publish.stub
soak = _publish.soak
