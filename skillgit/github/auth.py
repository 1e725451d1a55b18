"""Where GitHub is and who we are there: API/server URLs from the environment, and the token.

Token resolution, first that is set wins:
    --token-env NAME  >  SKILLGIT_GITHUB_TOKEN  >  GITHUB_TOKEN  >  `gh auth token`
`gh` runs only when it is installed: no shell, a timeout, the token read from its stdout (it
never appears in any argv). A `Token` never shows its value in repr/str, so logging one by
mistake prints `Token(from GITHUB_TOKEN)`.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from skillgit.errors import UsageError
from skillgit.github.errors import NoToken
from skillgit.hints import flag_hint

DEFAULT_API_URL = "https://api.github.com"
DEFAULT_SERVER_URL = "https://github.com"
TOKEN_VARIABLES = ("SKILLGIT_GITHUB_TOKEN", "GITHUB_TOKEN")
GH_TIMEOUT = 10.0
_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# What an HTTP header value may hold: visible ASCII (a token with CR/LF could inject headers).
_TOKEN_TEXT = re.compile(r"[\x21-\x7e]+")
# Prefixes of GitHub's tokens (classic, OAuth, user-to-server, server-to-server, refresh,
# fine-grained) and of other well-known ones, as people paste them by mistake.
_TOKEN_PREFIXES = ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "glpat-", "xoxb-",
                   "xoxp-", "sk-")
_HEX = re.compile(r"[0-9a-fA-F]{32,}")


def looks_like_token(value: str) -> bool:
    """True for a value that is likely a secret rather than a variable's name: a known token
    prefix, 32+ hex digits, or 20+ characters mixing lower case, upper case and digits
    (variable names are words: `SKILLGIT_GITHUB_TOKEN`, `my_token`)."""
    text = value.strip()
    if text.lower().startswith(_TOKEN_PREFIXES) or _HEX.fullmatch(text):
        return True
    return len(text) >= 20 and any(c.islower() for c in text) and \
        any(c.isupper() for c in text) and any(c.isdigit() for c in text)


def _not_a_name(key: str) -> UsageError:
    return UsageError(f"{key}: expects the NAME of an environment variable that holds the "
                      "token (e.g. SKILLGIT_GITHUB_TOKEN), not the token itself; the value "
                      "given looks like a token and is not shown. If it is one, revoke it: it "
                      "may be in your shell history or a config file")


@dataclass(frozen=True)
class Token:
    """A secret and where it came from; the value never shows in repr or str."""

    value: str = field(repr=False)
    source: str

    def __str__(self) -> str:
        return f"Token(from {self.source})"

    __repr__ = __str__


@dataclass(frozen=True)
class GitHubSettings:
    """The REST base URL (GHES: https://HOST/api/v3) and the web URL (for compare links)."""

    api_url: str = DEFAULT_API_URL
    server_url: str = DEFAULT_SERVER_URL

    @classmethod
    def from_env(cls, environ: Mapping[str, str]) -> GitHubSettings:
        """GITHUB_API_URL / GITHUB_SERVER_URL as Actions sets them; with only a GHES
        GITHUB_SERVER_URL, the API is at `<server>/api/v3`."""
        server = _url("GITHUB_SERVER_URL", environ.get("GITHUB_SERVER_URL") or
                      DEFAULT_SERVER_URL)
        api = environ.get("GITHUB_API_URL") or (
            DEFAULT_API_URL if server == DEFAULT_SERVER_URL else f"{server}/api/v3")
        return cls(api_url=_url("GITHUB_API_URL", api), server_url=server)

    @property
    def server_host(self) -> str:
        return urlsplit(self.server_url).hostname or "github.com"


def _url(name: str, url: str) -> str:
    parts = urlsplit(url.strip())
    if parts.scheme not in ("https", "http") or not parts.hostname or " " in url.strip():
        raise UsageError(f"{name}: expected an http(s) URL, got {url!r}")
    return url.strip().rstrip("/")


Runner = Callable[[list[str], float], str | None]


def run_gh(argv: list[str], timeout: float) -> str | None:
    """stdout of `gh …` when it exits 0 within `timeout`, else None (never raises)."""
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout,
                              stdin=subprocess.DEVNULL, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 else None


def resolve_token(environ: Mapping[str, str], token_env: str | None = None,
                  settings: GitHubSettings | None = None,
                  which: Callable[[str], str | None] = shutil.which,
                  run: Runner = run_gh, key: str = "--token-env") -> Token:
    """The token to use, or `NoToken` / `UsageError` saying how to provide one. `key` names
    where `token_env` came from (`--token-env`, `publish.token_env`) in messages; a value
    there that looks like a token is never echoed."""
    if token_env is not None:
        value = environ.get(token_env, "").strip() if _ENV_NAME.fullmatch(token_env) else ""
        if not value and looks_like_token(token_env):
            raise _not_a_name(key)
        if not _ENV_NAME.fullmatch(token_env):
            raise UsageError(f"{key}: expected an environment variable name, "
                             f"got {token_env!r}")
        if not value:
            raise NoToken(f"{key} {token_env}: that environment variable is not set "
                          "or is empty")
        return _checked(value, token_env)
    for name in TOKEN_VARIABLES:
        value = environ.get(name, "").strip()
        if value:
            return _checked(value, name)
    gh = which("gh")
    if gh:
        host = (settings or GitHubSettings()).server_host
        argv = [gh, "auth", "token"] + ([] if host == "github.com" else ["--hostname", host])
        value = (run(argv, GH_TIMEOUT) or "").strip()
        if value:
            return _checked(value, "gh auth token")
    other = flag_hint("--token-env", verb="name another variable with ")
    raise NoToken("no GitHub token: set GITHUB_TOKEN (or SKILLGIT_GITHUB_TOKEN"
                  f"{', or ' + other if other else ''}), or log in with `gh auth login`")


def _checked(value: str, source: str) -> Token:
    if not _TOKEN_TEXT.fullmatch(value):
        raise NoToken(f"the token from {source} holds spaces, line breaks or non-ASCII "
                      "characters; it cannot be a GitHub token")
    return Token(value=value, source=source)
