"""GitHub as the forge of a repository: the client and the git remote, sharing one token.

The CLI builds the forge here and hands it to `publish`, `review` and `mine` (which learns
the pull requests closed since the last publish); they speak only to `forge.Forge`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from urllib.parse import urlsplit

import httpx

from skillgit.errors import SkillgitError
from skillgit.github.auth import GitHubSettings, resolve_token
from skillgit.github.client import GitHubClient
from skillgit.github.errors import NoToken
from skillgit.github.http import GitHubHttp
from skillgit.github.repo import RepoRef
from skillgit.gitops import GitRepo
from skillgit.gitremote import RemoteTarget
from skillgit.retry import RetryPolicy


def connect(repo: GitRepo, remote: str, environ: Mapping[str, str], *,
            repo_name: str | None = None, token_env: str | None = None,
            token_env_key: str = "--token-env", transport: httpx.BaseTransport | None = None,
            policy: RetryPolicy | None = None) -> tuple[GitHubClient, RemoteTarget]:
    """The GitHub client and the git remote, sharing one token (the remote gets it only
    when it is on the GitHub server's host, and only in memory)."""
    settings = GitHubSettings.from_env(environ)
    token = resolve_token(environ, token_env, settings, key=token_env_key)
    target = RemoteTarget.resolve(repo, remote)
    if target.scheme in ("http", "https") and target.token is None and \
            urlsplit(target.url).hostname == settings.server_host:
        target = replace(target, token=token.value)
    repo_ref = RepoRef.parse(repo_name) if repo_name else RepoRef.from_remote_url(target.url)
    return GitHubClient(GitHubHttp(settings, token,
                                   transport=transport, policy=policy), repo_ref), target


def for_remote(target: RemoteTarget, environ: Mapping[str, str]
               ) -> tuple[GitHubClient, RemoteTarget] | None:
    """The client for the repository `target` is on, with the token for the remote too;
    None when the remote is not on the GitHub server's host or there is no token."""
    settings = GitHubSettings.from_env(environ)
    if target.scheme not in ("http", "https") or \
            urlsplit(target.url).hostname != settings.server_host:
        return None
    try:
        token = resolve_token(environ, None, settings)
    except NoToken:
        return None
    if target.token is None:
        target = replace(target, token=token.value)
    return GitHubClient(GitHubHttp(settings, token), RepoRef.from_remote_url(target.url)), target


def server_host(environ: Mapping[str, str]) -> str:
    return GitHubSettings.from_env(environ).server_host


def repository(environ: Mapping[str, str], remote_url: str | None) -> RepoRef:
    """OWNER/NAME from `$GITHUB_REPOSITORY`, else from the remote's URL."""
    named = environ.get("GITHUB_REPOSITORY")
    if named:
        return RepoRef.parse(named, source="GITHUB_REPOSITORY")
    if remote_url is None:
        raise SkillgitError("cannot tell the GitHub repository: set GITHUB_REPOSITORY or add "
                            "an `origin` remote")
    return RepoRef.from_remote_url(remote_url)


def for_pull_request(environ: Mapping[str, str], remote_url: str | None,
                     token_env: str | None = None,
                     transport: httpx.BaseTransport | None = None) -> GitHubClient:
    """The client for the repository of the pull request `review` comments on."""
    return GitHubClient.connect(repository(environ, remote_url), environ, token_env=token_env,
                                transport=transport)
