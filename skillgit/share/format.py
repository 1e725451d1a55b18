"""The on-ref format of shared digests, version 1 (README: `skillgit share`, "On-ref format").

Each contributor owns one ref, `refs/skillgit/digests/<contributor-id>`. Its tip commit's tree:

    FORMAT                                   "skillgit-digests 1\\n"
    v1/<aa>/<key>.json                       one file per digest

`<key>` is the SHA-256 (hex) of `<agent>\\0<session id>` and `<aa>` its first byte, so no tree
holds more than 256 entries, or about 80 digests at the 20,000-digest limit of a ref. A file
is ASCII JSON (sorted keys, one-space indent, so a dry run shows it quote by quote; other
characters as `\\uXXXX`, so no bidi or control character can hide text in it):
`{"format": 1, "contributor": "<id>", "digest": {<skillgit.digest.Digest>}}`.

Everything read from a ref is untrusted: `decode` checks the envelope, the digest schema, the
size limits and that the file sits at the path its own agent and session id give.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import PurePosixPath
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from skillgit.digest import Digest, DigestSchemaError, upgrade_schema

FORMAT_VERSION = 1
REF_PREFIX = "refs/skillgit/digests/"
FORMAT_FILE = "FORMAT"
FORMAT_TEXT = f"skillgit-digests {FORMAT_VERSION}\n".encode()
DIGEST_DIR = f"v{FORMAT_VERSION}"
CONTRIBUTOR_ID = re.compile(r"[a-z0-9][a-z0-9._-]{0,63}")
_PATH = re.compile(rf"{DIGEST_DIR}/([0-9a-f]{{2}})/([0-9a-f]{{64}})\.json")

# Design limits (README). A file above MAX_FILE_BYTES, a ref above MAX_DIGESTS_PER_REF files or
# MAX_REF_BYTES in all is refused when read, and `share` never writes one.
MAX_FILE_BYTES = 64 * 1024
MAX_DIGESTS_PER_REF = 20_000
MAX_REF_BYTES = 256 * 1024 * 1024
MAX_ITEMS = 200            # tasks, feedback items, topics or skills in one digest
MAX_EVIDENCE = 20          # quotes per item
MAX_FIELD_CHARS = 2_000    # any one string (quotes are capped at 240 by the model itself)


class FormatError(ValueError):
    """A shared digest file that is not valid version-1 content; the text says what."""


class Envelope(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    format: int
    contributor: str
    digest: dict[str, Any]


def contributor_ref(contributor: str) -> str:
    return REF_PREFIX + contributor


def valid_contributor(contributor: str) -> bool:
    return CONTRIBUTOR_ID.fullmatch(contributor) is not None


def digest_key(agent: str, session_id: str) -> str:
    return hashlib.sha256(f"{agent}\0{session_id}".encode("utf-8", "surrogatepass")).hexdigest()


def digest_path(agent: str, session_id: str) -> str:
    key = digest_key(agent, session_id)
    return f"{DIGEST_DIR}/{key[:2]}/{key}.json"


def is_digest_path(path: str) -> bool:
    return path_problem(path) is None


def path_problem(path: str) -> str | None:
    """Why a file's name is not a digest file's name (None: it is one)."""
    match = _PATH.fullmatch(path)
    if match is not None:
        if match.group(2).startswith(match.group(1)):
            return None
        return (f"its name starts with {match.group(2)[:2]} but it sits in folder "
                f"{match.group(1)}")
    if not path.startswith(f"{DIGEST_DIR}/"):
        return f"the name is outside {DIGEST_DIR}/"
    return (f"the name is not {DIGEST_DIR}/<aa>/<key>.json (<key>: 64 hex digits, <aa>: its "
            "first two)")


def encode(contributor: str, digest: Digest) -> bytes:
    """The file's bytes: deterministic, so an unchanged digest is an unchanged blob."""
    body = digest.model_dump(mode="json", exclude={"contributor"})
    envelope = {"format": FORMAT_VERSION, "contributor": contributor, "digest": body}
    return (json.dumps(envelope, sort_keys=True, indent=1, ensure_ascii=True) + "\n").encode()


def decode(data: bytes, path: str, contributor: str) -> Digest:
    """The digest in a file at `path` on `contributor`'s ref, or FormatError saying why not."""
    if len(data) > MAX_FILE_BYTES:
        raise FormatError(f"{len(data)} bytes, above the limit of {MAX_FILE_BYTES}")
    try:
        raw = json.loads(data.decode("utf-8"))
        envelope = Envelope.model_validate(raw)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise FormatError(f"not UTF-8 JSON ({type(exc).__name__})") from None
    except ValidationError as exc:
        raise FormatError(f"not a digest envelope: {_first(exc)}") from None
    if envelope.format != FORMAT_VERSION:
        raise FormatError(f"format {envelope.format}, this skillgit reads {FORMAT_VERSION}")
    if envelope.contributor != contributor:
        raise FormatError("names another contributor than its ref")
    body = envelope.digest
    try:
        body = upgrade_schema(body)
    except DigestSchemaError as exc:
        raise FormatError(str(exc)) from None
    if "contributor" in body:
        raise FormatError("the digest names a contributor itself")
    _check_sizes(body)
    try:
        digest = Digest.model_validate(body)
    except ValidationError as exc:
        raise FormatError(f"not a valid digest: {_first(exc)}") from None
    if digest_path(digest.agent, digest.session_id) != path:
        raise FormatError("its agent and session id do not give its path")
    if digest.main_dir is not None and not relative_inside(digest.main_dir):
        raise FormatError("main_dir is not a path inside the project")
    return digest.model_copy(update={"contributor": contributor})


def relative_inside(path: str) -> bool:
    """A relative path that stays inside its project (`.`, `src/app`), nothing else."""
    if not path or path.startswith(("/", "~", "\\")) or "\\" in path or ":" in path:
        return False
    return ".." not in PurePosixPath(path).parts


def _check_sizes(value: Any, depth: int = 0) -> None:
    if depth > 6:
        raise FormatError("nested too deeply")
    if isinstance(value, str) and len(value) > MAX_FIELD_CHARS:
        raise FormatError(f"a text of {len(value)} characters (limit {MAX_FIELD_CHARS})")
    if isinstance(value, list):
        if len(value) > MAX_ITEMS:
            raise FormatError(f"a list of {len(value)} items (limit {MAX_ITEMS})")
        for item in value:
            _check_sizes(item, depth + 1)
    if isinstance(value, dict):
        evidence = value.get("evidence")
        if isinstance(evidence, list) and len(evidence) > MAX_EVIDENCE:
            raise FormatError(f"{len(evidence)} quotes in one item (limit {MAX_EVIDENCE})")
        for item in value.values():
            _check_sizes(item, depth + 1)


def _first(exc: ValidationError) -> str:
    error = exc.errors(include_url=False)[0]
    where = ".".join(str(part) for part in error["loc"]) or "(top level)"
    return f"{where}: {error['msg']}"
