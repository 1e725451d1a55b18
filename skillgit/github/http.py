"""The one place that builds the httpx client for GitHub's REST API.

- Headers: `Authorization: Bearer`, `Accept: application/vnd.github+json`, a pinned
  `X-GitHub-Api-Version`, `User-Agent: skillgit/<version>`.
- Retries: network errors and 5xx, with exponential backoff, at most `max_retries` times.
- Rate limits: a primary limit (403/429 with `x-ratelimit-remaining: 0`) is waited out when its
  reset is at most `max_server_wait` seconds away, else `RateLimited` names the reset time; a
  secondary limit (403/429 with `Retry-After`, or GitHub's "secondary rate limit" text) waits
  as asked, under the same cap.
- Pagination: `Link: <…>; rel="next"` is followed, on the API's own origin only (the token is
  never sent anywhere else).
- Errors: one exception type per thing to fix (see `errors.py`), every text scrubbed of the
  token. Waiting and time go through an injectable `sleep` and `clock`, so tests are instant.
"""

from __future__ import annotations

import base64
import logging
from collections.abc import Iterator, Mapping
from datetime import datetime, timezone
from typing import Any
from urllib.parse import urlsplit

import httpx

from skillgit import __version__
from skillgit.github import errors as e
from skillgit.github.auth import GitHubSettings, Token
from skillgit.hints import has_flag
from skillgit.redact.screen import screen_value
from skillgit.retry import RetryPolicy
from skillgit.tls import default_context
from skillgit.wording import sentence

log = logging.getLogger("skillgit.github")

API_VERSION = "2022-11-28"
MAX_DETAIL = 300
MAX_PAGES = 500
WRITE_METHODS = frozenset({"POST", "PATCH", "PUT", "DELETE"})
# Hosts whose secondary limits ask for about a second between writes (GHES: limits off).
_SPACED_HOSTS = ("api.github.com",)
Params = Mapping[str, str | int]


class GitHubHttp:
    """Authenticated JSON requests to one GitHub API; thread-unsafe, one per run."""

    def __init__(self, settings: GitHubSettings, token: Token, *,
                 transport: httpx.BaseTransport | None = None,
                 policy: RetryPolicy | None = None, timeout: float = 30.0) -> None:
        self.settings = settings
        self.token_source = token.source
        self.policy = policy or RetryPolicy()
        self._origin = _origin(settings.api_url)
        self._secrets = _secret_forms(token.value)
        host = urlsplit(settings.api_url).hostname or ""
        interval = self.policy.write_interval
        self._write_interval = (1.0 if host in _SPACED_HOSTS else 0.0) if interval is None \
            else interval
        self._last_write: float | None = None
        self.calls: list[tuple[str, str]] = []  # (method, path) of every request sent
        self._client = httpx.Client(
            base_url=settings.api_url.rstrip("/"),
            headers={"Authorization": f"Bearer {token.value}",
                     "Accept": "application/vnd.github+json",
                     "X-GitHub-Api-Version": API_VERSION,
                     "User-Agent": f"skillgit/{__version__}"},
            timeout=httpx.Timeout(timeout, connect=min(timeout, 10.0)),
            transport=transport,
            verify=default_context(),  # built once, not per client (loading the CA bundle)
            follow_redirects=True,  # httpx drops Authorization on a redirect to another origin
        )

    def __repr__(self) -> str:
        return f"GitHubHttp(api_url={self.settings.api_url!r}, token={self.token_source})"

    def close(self) -> None:
        self._client.close()

    def scrub(self, text: str) -> str:
        for secret in self._secrets:
            text = text.replace(secret, "***")
        return text

    # -- requests ---------------------------------------------------------------------------

    def request(self, method: str, path: str, *, params: Params | None = None,
                json: Any = None, needs: str = "", retry: bool | None = None
                ) -> httpx.Response:
        """One call (retried as the policy allows); a 2xx response or a typed `GitHubError`.

        `needs` names the token permission the call needs, for the 403 message. A body (PR
        text, comment, dashboard) passes the final secret screen on its way out, like every
        other text skillgit writes or sends. `retry`: whether a 5xx or a lost connection may
        be retried blindly; by default yes except for POST, which may have been done already
        (the caller looks for what it created, by its marker, before trying again). A
        request that never left (no connection) and a rate limit are always retried."""
        json = screen_value(json) if json is not None else None
        blind = method != "POST" if retry is None else retry
        attempt = rate_waits = 0
        while True:
            self._space_writes(method)
            self.calls.append((method, urlsplit(path).path))
            try:
                response = self._client.request(method, path, params=params, json=json)
            except httpx.TransportError as exc:
                unsent = isinstance(exc, (httpx.ConnectError, httpx.ConnectTimeout))
                if not blind and not unsent:
                    raise e.MaybeDone(self.scrub(
                        f"{method} {_path(path)}: the connection to GitHub was lost "
                        f"({type(exc).__name__}: {exc}); it may or may not have been done"),
                        None) from None
                if attempt >= self.policy.max_retries:
                    raise e.NetworkError(self.scrub(
                        f"cannot reach GitHub at {self.settings.api_url} ({method} "
                        f"{_path(path)}): {type(exc).__name__}: {exc}; gave up after "
                        f"{attempt + 1} attempts")) from None
                self._wait(self.policy.backoff(attempt), f"{type(exc).__name__} on {method} "
                           f"{_path(path)}")
                attempt += 1
                continue
            status = response.status_code
            if status < 400:
                return response
            wait = self._rate_limit_wait(response, rate_waits)
            if wait is not None:
                self._wait(wait, f"rate limited on {method} {_path(path)}")
                rate_waits += 1
                continue
            if status >= 500 and not blind:
                message, _ = _error_text(response)
                raise e.MaybeDone(self.scrub(
                    f"{method} {_path(path)}: HTTP {status}: {message}; it may or may not "
                    "have been done"), status)
            if status >= 500 and attempt < self.policy.max_retries:
                self._wait(self.policy.backoff(attempt), f"HTTP {status} on {method} "
                           f"{_path(path)}")
                attempt += 1
                continue
            raise self._error(response, method, path, needs)

    def get_object(self, path: str, params: Params | None = None,
                   needs: str = "") -> dict[str, Any]:
        return self.json_object(self.request("GET", path, params=params, needs=needs))

    def paginate(self, path: str, params: Params | None = None,
                 needs: str = "") -> Iterator[dict[str, Any]]:
        """Every item of a list endpoint, following `Link: rel="next"` page by page."""
        url: str | None = path
        query: Params | None = {"per_page": 100, **(params or {})}
        for _ in range(MAX_PAGES):
            if url is None:
                return
            response = self.request("GET", url, params=query, needs=needs)
            payload = self._json(response)
            if not isinstance(payload, list):
                raise e.GitHubError(f"GET {_path(path)}: expected a JSON list from GitHub")
            yield from (item for item in payload if isinstance(item, dict))
            url = response.links.get("next", {}).get("url")
            query = None  # the next link carries its own query
            if url is not None and _origin(url) != self._origin:
                raise e.GitHubError(f"GET {_path(path)}: GitHub's pagination link points to "
                                    f"another host ({_origin(url)}); refusing to follow it")
        raise e.GitHubError(f"GET {_path(path)}: more than {MAX_PAGES} pages; giving up")

    def json_object(self, response: httpx.Response) -> dict[str, Any]:
        payload = self._json(response)
        if not isinstance(payload, dict):
            raise e.GitHubError(f"{response.request.method} {response.request.url.path}: "
                                "expected a JSON object from GitHub")
        return payload

    def _json(self, response: httpx.Response) -> Any:
        try:
            return response.json()
        except ValueError:
            raise e.GitHubError(f"{response.request.method} {response.request.url.path}: "
                                f"GitHub answered HTTP {response.status_code} with a body "
                                "that is not JSON") from None

    # -- waiting ----------------------------------------------------------------------------

    def _wait(self, seconds: float, why: str) -> None:
        log.warning("%s", self.scrub(f"GitHub: {why}; waiting {seconds:.1f} s"))
        self.policy.sleep(max(seconds, 0.0))

    def _space_writes(self, method: str) -> None:
        if method not in WRITE_METHODS:
            return
        now = self.policy.clock()
        if self._last_write is not None and self._write_interval > 0:
            gap = self._write_interval - (now - self._last_write)
            if gap > 0:
                self.policy.sleep(gap)
                now += gap
        self._last_write = now

    def _rate_limit_wait(self, response: httpx.Response, waits: int) -> float | None:
        """Seconds to wait before retrying a rate-limited call; None when not rate-limited;
        `RateLimited` when the wait is too long or already waited too often."""
        if response.status_code not in (403, 429):
            return None
        headers = response.headers
        request = f"{response.request.method} {response.request.url.path}"
        reset_at = None
        if headers.get("x-ratelimit-remaining") == "0" and headers.get("x-ratelimit-reset"):
            try:
                reset_at = float(headers["x-ratelimit-reset"])
            except ValueError:
                reset_at = None
        if reset_at is not None:
            wait = max(reset_at - self.policy.clock(), 0.0) + 1.0
            what = (f"GitHub's API rate limit for this token is used up ({request}) until "
                    f"{e.utc_text(reset_at)}; run again after that")
        elif headers.get("retry-after"):
            try:
                wait = max(float(headers["retry-after"]), 0.0)
            except ValueError:
                wait = 60.0
            what = (f"GitHub's secondary rate limit ({request}) asks to wait {wait:.0f} s; "
                    "run again later")
        elif "secondary rate limit" in response.text.lower() or "abuse" in \
                response.text.lower():
            wait = 60.0 * 2**waits
            what = f"GitHub's secondary rate limit ({request}); run again in a few minutes"
        else:
            return None
        if wait > self.policy.max_server_wait or waits >= self.policy.max_server_waits:
            when = reset_at if reset_at is not None else self.policy.clock() + wait
            raise e.RateLimited(self.scrub(what), response.status_code,
                                datetime.fromtimestamp(when, timezone.utc))
        return wait

    # -- errors -----------------------------------------------------------------------------

    def _error(self, response: httpx.Response, method: str, path: str,
               needs: str) -> e.GitHubError:
        status = response.status_code
        message, details = _error_text(response)
        said = self.scrub(f"{method} {_path(path)}: HTTP {status}: {message}"
                          + (f" ({'; '.join(details)})" if details else ""))
        everything = " ".join([message, *details]).lower()
        told = sentence(said)  # what GitHub said, ending in one period (it may end in one)
        if "not permitted to create or approve pull requests" in everything:
            return e.ActionsCannotCreatePullRequests(
                f"{told} Allow it in the repository's Settings → Actions → General → "
                "Workflow permissions → \"Allow GitHub Actions to create and approve pull "
                "requests\" (and in the organisation's settings if it is greyed out)", status)
        if status == 401:
            return e.BadCredentials(
                f"{told} GitHub rejected the token from {self.token_source}: check that it "
                f"is valid, not expired, and issued for {self.settings.server_url}", status)
        if status == 403 and "resource not accessible" in everything:
            need = needs or "Contents, Pull requests and Issues: read and write"
            return e.PermissionDenied(
                f"{told} The token from {self.token_source} lacks a permission this call "
                f"needs: {need} (Actions: `permissions:` in the workflow; fine-grained "
                "tokens: the repository's permissions)", status)
        if status == 403:
            return e.PermissionDenied(f"{told} The token from {self.token_source} may not do "
                                      f"this{f' (it needs {needs})' if needs else ''}", status)
        if status == 404:
            return e.NotFound(
                f"{told} Check the repository name"
                f"{' (--repo OWNER/NAME)' if has_flag('--repo') else ''} and that the token "
                f"from {self.token_source} can see it (fine-grained tokens: the repository is "
                "selected; classic tokens: the `repo` scope for private repositories)", status)
        if status == 422 and "a pull request already exists" in everything:
            return e.PullRequestExists(said, status)
        if status == 422:
            return e.ValidationFailed(said, status, tuple(self.scrub(d) for d in details))
        if status == 410:
            return e.GitHubError(f"{told} Is this feature (e.g. issues) turned off in the "
                                 "repository's settings?", status)
        if status >= 500:
            return e.NetworkError(f"{said}; GitHub kept failing after "
                                  f"{self.policy.max_retries + 1} attempts, try again later",
                                  status)
        return e.GitHubError(said, status)


def _error_text(response: httpx.Response) -> tuple[str, list[str]]:
    """GitHub's `message` and each `errors[]` entry, short and on one line each."""
    try:
        payload: Any = response.json()
    except ValueError:
        payload = None
    if not isinstance(payload, dict):
        return _short(response.text or response.reason_phrase), []
    message = _short(str(payload.get("message") or response.reason_phrase))
    details = []
    for item in payload.get("errors") or []:
        if isinstance(item, dict):
            text = item.get("message") or " ".join(
                str(item[k]) for k in ("resource", "field", "code") if item.get(k))
            details.append(_short(str(text)))
        elif isinstance(item, str):
            details.append(_short(item))
    return message, details[:5]


def _short(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= MAX_DETAIL else flat[:MAX_DETAIL - 1] + "…"


def _path(url: str) -> str:
    return urlsplit(url).path or url


def _origin(url: str) -> tuple[str, str, int | None]:
    parts = urlsplit(url)
    return parts.scheme, (parts.hostname or "").lower(), parts.port


def _secret_forms(token: str) -> tuple[str, ...]:
    """The token and the encodings it travels in (Basic auth for git over HTTPS)."""
    forms = {token}
    for raw in (token, f"x-access-token:{token}"):
        forms.add(base64.b64encode(raw.encode()).decode())
    return tuple(sorted(forms, key=len, reverse=True))

