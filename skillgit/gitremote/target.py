"""Where to push or fetch, with the token held in memory only, and the errors of remotes.

`RemoteTarget.url` never carries credentials (credentials inside a configured http(s) URL are
moved into memory), so it is safe to print; `scrub` removes URL credentials and the token from
any text before it is shown.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal
from urllib.parse import quote, unquote, urlsplit, urlunsplit

from skillgit.errors import SkillgitError
from skillgit.gitops import GitRepo

Scheme = Literal["https", "http", "ssh", "file"]
TOKEN_USER = "x-access-token"


class RemoteError(SkillgitError):
    """The remote could not be reached, refused us, or is not a usable git repository."""


class RemoteAuthError(RemoteError):
    """The remote refused the credentials (HTTP 401/403)."""


class RemoteUnreachable(RemoteError):
    """The host could not be reached (DNS, refused connection, timeout, TLS)."""


class UnknownRemote(RemoteError):
    """No remote of that name is configured, and it is not a URL or a path."""


class UnsupportedRemote(RemoteError):
    """A transport or repository format skillgit cannot push with."""


_SCP_LIKE = re.compile(r"^(?:[^@/:\s]+@)?[^@/:\s]+:(?!//)")


@dataclass(frozen=True)
class RemoteTarget:
    """Where to push or fetch. `url` never carries credentials (it is safe to print)."""

    url: str
    token: str | None = field(default=None, repr=False, compare=False)
    name: str | None = None    # the remote's name in .git/config, when it came from there
    username: str = field(default=TOKEN_USER, repr=False, compare=False)

    @property
    def scheme(self) -> Scheme:
        lowered = self.url.lower()
        if lowered.startswith(("https://", "http://")):
            return "https" if lowered.startswith("https://") else "http"
        if lowered.startswith(("ssh://", "git+ssh://", "ssh+git://")) or _SCP_LIKE.match(
                self.url):
            return "ssh"
        return "file"

    @property
    def label(self) -> str:
        return self.name or self.url

    @classmethod
    def from_url(cls, url: str, token: str | None = None, name: str | None = None
                 ) -> RemoteTarget:
        """A target for `url`; credentials inside an http(s) URL are moved into memory."""
        url = url.strip()
        parts = urlsplit(url)
        if parts.scheme.lower() in ("http", "https") and "@" in parts.netloc:
            user, _, host = parts.netloc.rpartition("@")
            login, _, password = user.partition(":")
            clean = urlunsplit((parts.scheme, host, parts.path, parts.query, parts.fragment))
            if token is None and password:
                return cls(url=clean, token=password, name=name,
                           username=unquote(login) or TOKEN_USER)
            return cls(url=clean, token=token, name=name)
        if parts.scheme.lower() in ("git", "ftp", "ftps", "rsync"):
            raise UnsupportedRemote(f"{scrub(url)}: the {parts.scheme}:// transport is not "
                                    "supported; use https, ssh, file:// or a path")
        return cls(url=url, token=token, name=name)

    @classmethod
    def resolve(cls, repo: GitRepo, spec: str, token: str | None = None) -> RemoteTarget:
        """`spec` as a remote name from the repository's config, else a URL or a path.

        A configured remote wins over a same-named directory, as with git."""
        config = repo.repo.get_config()
        try:
            url = config.get((b"remote", spec.encode()), b"url").decode()
        except KeyError:
            url = None
        if url:
            return cls.from_url(url, token, name=spec)
        if "://" in spec or _SCP_LIKE.match(spec) or Path(spec).expanduser().is_dir():
            return cls.from_url(spec, token)
        names = sorted(section[1].decode("utf-8", "replace") for section in config.sections()
                       if len(section) == 2 and section[0] == b"remote")
        known = f"; configured remotes: {', '.join(names)}" if names else \
            "; this repository has no remote configured"
        raise UnknownRemote(f"no remote named {spec!r} and not a URL or a directory{known} "
                            "(see `git remote -v`)")

    def scrub(self, text: str) -> str:
        """`text` without this target's token (in any encoding dulwich might show)."""
        return scrub(text, self.token, self.username)


_URL_CREDENTIALS = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://)[^/\s@]*@")


def scrub(text: str, token: str | None = None, username: str = TOKEN_USER) -> str:
    """Remove URL credentials and the token (raw, %-quoted, and inside Basic auth) from text."""
    out = _URL_CREDENTIALS.sub(r"\1***@", text)
    if token:
        forms = {token, quote(token, safe=""), base64.b64encode(
            f"{username}:{token}".encode()).decode()}
        for form in sorted(forms, key=len, reverse=True):
            out = out.replace(form, "***")
    return out


