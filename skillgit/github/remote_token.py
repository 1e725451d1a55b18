"""The one rule for a git remote's credentials: the GitHub token, held in memory, goes to a
remote on the GitHub server's host (as `publish` pushes); any other remote gets none."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from urllib.parse import urlsplit

from skillgit.github.auth import GitHubSettings, resolve_token
from skillgit.github.errors import NoToken
from skillgit.gitremote import RemoteTarget


def with_github_token(target: RemoteTarget, environ: Mapping[str, str]) -> RemoteTarget:
    """`target` with the token when it is an http(s) remote on the GitHub server's host and
    has none yet; unchanged otherwise, or when no token is available (it may need none)."""
    if target.scheme not in ("http", "https") or target.token is not None:
        return target
    settings = GitHubSettings.from_env(environ)
    if urlsplit(target.url).hostname != settings.server_host:
        return target
    try:
        token = resolve_token(environ, None, settings)
    except NoToken:
        return target
    return replace(target, token=token.value)
