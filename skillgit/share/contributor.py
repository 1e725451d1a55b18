"""Who shares: a contributor id that names no one.

`share.contributor` in `.skillgit.yaml` when set; else `u-` and 16 hex digits of
SHA-256(salt, `git config user.email`). The salt is random, made once per user and kept in
`$XDG_CONFIG_HOME/skillgit/share-salt` (mode 0600), so the id cannot be recomputed from a
colleague's known email by anyone else, and it stays the same on every run of this user.
The email itself is never written anywhere.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import secrets
import tempfile
from collections.abc import Mapping
from pathlib import Path

from skillgit.errors import UsageError
from skillgit.gitops import GitRepo
from skillgit.share.format import valid_contributor

SALT_FILE = "share-salt"


def config_dir(env: Mapping[str, str]) -> Path:
    base = env.get("XDG_CONFIG_HOME") or ""
    if base and os.path.isabs(base):
        return Path(base) / "skillgit"
    return Path(env.get("HOME") or Path.home()) / ".config" / "skillgit"


def user_email(repo: GitRepo) -> str | None:
    """`git config user.email` as git resolves it (repository, then global config)."""
    stack = repo.repo.get_config_stack()
    try:
        value = stack.get((b"user",), b"email")
    except KeyError:
        return None
    text = value.decode("utf-8", "replace").strip()
    return text or None


def salt(env: Mapping[str, str]) -> bytes:
    """This user's salt, created on first use (readable by the user only).

    Two first runs at once agree on one salt: each writes its own into a temporary file and
    links it into place only if no salt is there yet, then both read the one that is."""
    path = config_dir(env) / SALT_FILE
    kept = _read_salt(path)
    if kept is not None:
        return kept
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{SALT_FILE}-")  # 0600
        try:
            with os.fdopen(fd, "w", encoding="ascii") as out:
                out.write(secrets.token_hex(32) + "\n")
            _put_in_place(temporary, path)
        finally:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        kept = _read_salt(path)
    except OSError as exc:
        raise UsageError(f"cannot keep the contributor salt in {path}: {exc}; set "
                         "share.contributor in .skillgit.yaml instead") from None
    if kept is None:
        raise UsageError(f"cannot keep the contributor salt in {path}: it is not a salt after "
                         "writing it; remove it, or set share.contributor in .skillgit.yaml")
    return kept


def _read_salt(path: Path) -> bytes | None:
    try:
        text = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return text.encode() if len(text) >= 32 else None


def _put_in_place(temporary: str, path: Path) -> None:
    """The complete file at `path`, unless a usable salt is already there (it stays)."""
    try:
        os.link(temporary, path)  # never replaces: the first salt written wins
    except FileExistsError:
        if _read_salt(path) is None:  # an empty or damaged file: replace it
            os.replace(temporary, path)
    except OSError:  # a file system without hard links
        os.replace(temporary, path)


def hashed_id(email: str, salt_bytes: bytes) -> str:
    material = salt_bytes + b"\0" + email.strip().lower().encode("utf-8", "surrogatepass")
    return "u-" + hashlib.sha256(material).hexdigest()[:16]


def contributor_id(repo: GitRepo, configured: str | None, env: Mapping[str, str]) -> str:
    if configured:
        if not valid_contributor(configured):
            raise UsageError(f"share.contributor: {configured!r} is not an id (lower-case "
                             "letters, digits, '.', '_', '-'; at most 64)")
        return configured
    email = user_email(repo)
    if email is None:
        raise UsageError("no contributor id: set share.contributor in .skillgit.yaml, or "
                         "`git config user.email` (only a salted hash of it is used)")
    return hashed_id(email, salt(env))
