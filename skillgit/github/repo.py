"""`OWNER/NAME`: parsed from `--repo` or from a remote URL, safe to put in an API path."""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import quote, urlsplit

from skillgit.errors import UsageError
from skillgit.hints import flag_hint

# GitHub's own rules: owners are alphanumerics and single hyphens; names add `.` and `_`.
_OWNER = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})")
_NAME = re.compile(r"[A-Za-z0-9._-]{1,100}")
_SCP = re.compile(r"(?:[^@/:]+@)?(?P<host>[^/:]+):(?P<path>[^/].*)")


@dataclass(frozen=True)
class RepoRef:
    owner: str
    name: str

    def __str__(self) -> str:
        return f"{self.owner}/{self.name}"

    @property
    def api_path(self) -> str:
        return f"/repos/{self.owner}/{self.name}"

    def compare_url(self, server_url: str, base: str, head: str) -> str:
        """The web page that offers "Create pull request" for `head` against `base`."""
        return (f"{server_url.rstrip('/')}/{self}/compare/"
                f"{quote(base, safe='/')}...{quote(head, safe='/')}?expand=1")

    @classmethod
    def parse(cls, text: str, source: str = "--repo") -> RepoRef:
        owner, sep, name = text.strip().partition("/")
        if name.endswith(".git"):
            name = name[:-4]
        if (not sep or not _OWNER.fullmatch(owner) or not _NAME.fullmatch(name)
                or name in (".", "..")):
            raise UsageError(f"{source}: expected OWNER/NAME, got {text!r}")
        return cls(owner, name)

    @classmethod
    def from_remote_url(cls, url: str) -> RepoRef:
        """`https://host/OWNER/NAME(.git)`, `ssh://git@host/OWNER/NAME`, `git@host:OWNER/NAME`."""
        parts = urlsplit(url)
        if parts.scheme in ("https", "http", "ssh", "git") and parts.hostname:
            path = parts.path
        elif (match := _SCP.fullmatch(url)) and "://" not in url:
            path = match.group("path")
        else:
            raise UsageError(f"cannot tell OWNER/NAME from the remote URL {_safe(url)!r}; "
                             + _repo_hint())
        segments = [s for s in path.split("/") if s]
        if len(segments) < 2:
            raise UsageError(f"cannot tell OWNER/NAME from the remote URL {_safe(url)!r}; "
                             + _repo_hint())
        return cls.parse("/".join(segments[-2:]), source=f"remote URL {_safe(url)!r}")


def _repo_hint() -> str:
    return flag_hint("--repo OWNER/NAME", "set GITHUB_REPOSITORY=OWNER/NAME")


def _safe(url: str) -> str:
    """A URL without any `user:password@` part (a token may be embedded there)."""
    parts = urlsplit(url)
    if parts.hostname and "@" in parts.netloc:
        host = parts.netloc.rsplit("@", 1)[1]
        return parts._replace(netloc=f"***@{host}").geturl()
    return url
