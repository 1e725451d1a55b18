"""Who shares: a contributor id that names no one.

`share.contributor` in `.skillgit.yaml` when set; else `u-` and 16 hex digits of
SHA-256(salt, `git config user.email`). The salt is random, made once per user and kept in
`$XDG_CONFIG_HOME/skillgit/share-salt` (mode 0600), so the id cannot be recomputed from a
colleague's known email by anyone else, and it stays the same on every run of this user.
The email itself is never written anywhere.
"""

from __future__ import annotations

import hashlib
import os
import secrets
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
    """This user's salt, created on first use (readable by the user only)."""
    path = config_dir(env) / SALT_FILE
    try:
        text = path.read_text(encoding="ascii").strip()
        if len(text) >= 32:
            return text.encode()
    except (OSError, UnicodeDecodeError):
        pass
    value = secrets.token_hex(32)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as out:
            out.write(value + "\n")
    except OSError as exc:
        raise UsageError(f"cannot keep the contributor salt in {path}: {exc}; set "
                         "share.contributor in .skillgit.yaml instead") from None
    return value.encode()


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
