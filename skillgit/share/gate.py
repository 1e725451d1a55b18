"""What a digest may carry when it leaves the machine, and the privacy gate before the push.

`for_sharing` rewrites a local digest for its project: paths inside the project become
relative to its root (`~/src/webapp/src/app.py` → `src/app.py`), every other absolute or home
path becomes `[path]`, `main_dir` is made project-relative or dropped, a session id that looks
like a path is replaced by its hash. Evidence quotes keep their length cap (the model cuts them).

`gate_findings` then scans every text of the rewritten digest again, with the redactor (any
change it would make is a finding) and with both detectors of the final screen, and looks for
any home path left. A digest with a finding is withheld whole: nothing of it is pushed.
"""

from __future__ import annotations

import hashlib
import posixpath
import re
from collections.abc import Callable, Iterator
from typing import Any

from skillgit.digest import Digest, Replay
from skillgit.redact.screen import secret_findings
from skillgit.share.format import relative_inside
from skillgit.share.projects import Project
from skillgit.transcripts.model import Redacting

PATH_MARKER = "[path]"
_BEFORE = r"(?<![\w.~/\\:@%$-])"
_ABSOLUTE = re.compile(_BEFORE + r"(?:~(?=/)|/|[A-Za-z]:[\\/]|\\\\)[^\s'\"`,;()<>\[\]{}|]+")
_HOME_LEFT = re.compile(r"(?:^|[^\w.-])~/|/home/|/Users/|[A-Za-z]:[\\/]+Users[\\/]",
                        re.IGNORECASE)
_HEX = re.compile(r"[0-9a-f]{8,128}")
_SAFE_SESSION = re.compile(r"[A-Za-z0-9._:-]{1,128}")
_HASHED_SESSION = re.compile(r"s-[0-9a-f]{32}")


def _relative_text(text: str, project: Project) -> str:
    for spelling in project.spellings:
        pattern = re.compile(_BEFORE + re.escape(spelling) + r"(/|(?![\w.-]))")
        text = pattern.sub(lambda m: "" if m.group(1) == "/" else ".", text)
    return _ABSOLUTE.sub(PATH_MARKER, text)


def _rewrite(value: Any, project: Project) -> Any:
    if isinstance(value, str):
        return _relative_text(value, project)
    if isinstance(value, list):
        return [_rewrite(item, project) for item in value]
    if isinstance(value, dict):
        return {key: _rewrite(item, project) for key, item in value.items()}
    return value


def shared_main_dir(main_dir: str | None, project: Project) -> str | None:
    if main_dir is None:
        return None
    if main_dir.startswith(("/", "~")):
        text = _relative_text(main_dir, project)
        candidate = text or "."
    else:
        candidate = posixpath.normpath(posixpath.join(project.subdir, main_dir))
    return candidate if relative_inside(candidate) and PATH_MARKER not in candidate else None


def shared_session_id(session_id: str) -> str:
    if _SAFE_SESSION.fullmatch(session_id):
        return session_id
    return "s-" + hashlib.sha256(session_id.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def for_sharing(digest: Digest, project: Project) -> Digest:
    """`digest` as it may be shared from `project` (see the module docstring)."""
    data = digest.model_dump(mode="json", exclude={"contributor"})
    answer = {key: _rewrite(data[key], project)
              for key in ("topics", "tasks", "env_feedback", "user_feedback")}
    opening = digest.opening if digest.opening and _HEX.fullmatch(digest.opening) else None
    return Digest.model_validate({
        **data, **answer, "session_id": shared_session_id(digest.session_id),
        "main_dir": shared_main_dir(digest.main_dir, project), "opening": opening,
        "skills_used": [_relative_text(s, project) for s in digest.skills_used]})


def texts(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from texts(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from texts(item)


def gate_findings(digest: Digest, redactor: Redacting) -> list[str]:
    """The kinds of what the privacy gate finds in `digest` (empty: it may be shared)."""
    found: set[str] = set()
    # skillgit's own values are no transcript text: the opening's salted hash, the time, and a
    # session id hashed by `shared_session_id` (its hex reads as an opaque value to the net)
    own = {"opening", "started_at"} | ({"session_id"} if _HASHED_SESSION.fullmatch(
        digest.session_id) else set())
    data = digest.model_dump(mode="json", exclude=own)
    for text in texts(data):
        found |= _text_findings(text, redactor)
    return sorted(found)


def _text_findings(text: str, redactor: Redacting) -> set[str]:
    found = {match.kind for match in secret_findings(text)}
    if redactor.redact(text) != text:
        found.add("redactor")
    if _HOME_LEFT.search(text):
        found.add("home-path")
    return found


def _replay_passing(replay: Replay | None, redactor: Redacting) -> Replay | None:
    if replay is None or (replay.taken and _text_findings(replay.taken, redactor)):
        return None
    steps = [s for s in replay.context
             if not _text_findings(s.text, redactor)
             and not (s.tool and _text_findings(s.tool, redactor))]
    return replay.model_copy(update={"context": steps})


def _with_replays(digest: Digest, change: Callable[[Replay | None], Replay | None]) -> Digest:
    return digest.model_copy(update={
        field: [item.model_copy(update={"replay": change(item.replay)})
                for item in getattr(digest, field)]
        for field in ("user_feedback", "env_feedback")})


def shareable_replays(digest: Digest, redactor: Redacting) -> Digest:
    """`digest` with each replay step the gate would find something in dropped alone (a
    replay whose action has a finding is dropped whole): a replay's tool output never
    withholds the digest it came with (isolation)."""
    return _with_replays(digest, lambda replay: _replay_passing(replay, redactor))


def without_replays(digest: Digest) -> Digest:
    """`digest` with no replay (when the file with them is too large or fails the gate)."""
    return _with_replays(digest, lambda _replay: None)


def has_replays(digest: Digest) -> bool:
    return any(item.replay is not None for item in [*digest.user_feedback, *digest.env_feedback])
