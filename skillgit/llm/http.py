"""The one place that builds an httpx client for LLM APIs: JSON POSTs with bounded retries.

Retry policy (like the official SDKs): timeouts, connection errors, 408, 409, 429 and every
5xx (including Anthropic's 529) are retried with exponential backoff and jitter, honouring
`x-should-retry`, `retry-after-ms`, `Retry-After` (seconds or an HTTP date) and Gemini's
`retryDelay`. 400/401/403/404 and quota or spend-limit errors are never retried. Total
waiting is capped. Waits go through an injectable `sleep`, so tests run without waiting.

`timeout` is the time one call may spend waiting for the server, all attempts together,
enforced on the wall clock (`skillgit.llm.deadline`): a server that accepts the connection
and never answers, or trickles bytes, fails the call after `timeout` seconds, not after
every retry's read timeout (that took 5 minutes). Waits between retries are extra.

Keys travel only in request headers. Every message built here is scrubbed of the secrets
the client was given, so an error, a log line or a repr never contains a key.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Mapping, Sequence
from typing import Any

import httpx

from skillgit import __version__
from skillgit.llm.base import EngineUnavailable
from skillgit.llm.deadline import (
    ProxyUnsupported,
    deadline,
    deadline_transport,
    proxy_mounts,
    time_left,
)
from skillgit.redact.screen import screen_value
from skillgit.retry import RetryPolicy
from skillgit.tls import default_context

log = logging.getLogger("skillgit.llm")

NEVER_RETRY = frozenset({400, 401, 403, 404, 413, 422})
QUOTA_MARKERS = (
    "insufficient_quota",
    "credit_balance_exhausted",
    "billing_hard_limit_reached",
    "enforced_spend_limit_reached",
    "limit: 0",
)
MAX_DETAIL_CHARS = 300
_HEADER_VALUE = re.compile(r"[\x20-\x7e]*")
_GEMINI_DELAY = re.compile(r'"retryDelay"\s*:\s*"(\d+(?:\.\d+)?)s"')


def scrub(text: str, secrets: Sequence[str]) -> str:
    """`text` with every secret (of 4+ characters) replaced by `***`."""
    for secret in secrets:
        if secret and len(secret) >= 4:
            text = text.replace(secret, "***")
    return text


def _printable_url(url: str) -> str:
    """`url` without `user:password@` and without a query (where some APIs put keys)."""
    try:
        parsed = httpx.URL(url)
    except (httpx.InvalidURL, TypeError, ValueError):
        return url.rsplit("@", 1)[-1]
    port = f":{parsed.port}" if parsed.port else ""
    return f"{parsed.scheme}://{parsed.host}{port}{parsed.path}".rstrip("/")


def error_detail(response: httpx.Response) -> str:
    """The server's own error message, short and on one line."""
    try:
        payload: Any = response.json()
    except (ValueError, UnicodeDecodeError):
        payload = None
    message: Any = None
    if isinstance(payload, list) and payload:
        payload = payload[0]
    if isinstance(payload, dict):
        error = payload.get("error", payload)
        if isinstance(error, dict):
            message = error.get("message") or error.get("code") or error.get("type")
        elif isinstance(error, str):
            message = error
    text = str(message) if message else response.text
    text = " ".join(text.split())
    return text[:MAX_DETAIL_CHARS] + ("…" if len(text) > MAX_DETAIL_CHARS else "")


def is_quota_error(response: httpx.Response) -> bool:
    body = response.text[:20000].lower()
    return any(marker in body for marker in QUOTA_MARKERS)


_HINTS = {
    401: " (check the API key)",
    403: " (the key has no access to this model or endpoint)",
    404: " (check the model name and the base URL)",
}


class JsonHttpClient:
    """POST JSON, get JSON, with the retry policy above. One per backend; thread-safe."""

    def __init__(self, *, service: str, base_url: str, headers: Mapping[str, str],
                 secrets: Sequence[str] = (), timeout: float = 60.0,
                 transport: httpx.BaseTransport | None = None,
                 retry: RetryPolicy | None = None) -> None:
        self.service = service
        self.base_url = base_url.rstrip("/")
        self.host = httpx.URL(self.base_url).host or self.base_url
        self.endpoint = _printable_url(self.base_url)
        self.timeout = timeout
        self.retry = retry or RetryPolicy.for_models()
        self._secrets = tuple(s for s in secrets if s)
        all_headers = {"user-agent": f"skillgit/{__version__}", "accept": "application/json"}
        all_headers.update(headers)
        for name, value in all_headers.items():  # httpx's own error would quote the value
            if _HEADER_VALUE.fullmatch(value) is None:
                raise self._fail(f"the {name} header (a key?) holds a line break, a control "
                                 "or a non-ASCII character; it is not sent")
        try:  # proxies built here, not by httpx, so that they keep the deadline
            mounts = None if transport else proxy_mounts(default_context())
        except ProxyUnsupported as exc:
            raise self._fail(f"cannot use the proxy from the environment: {exc}") from None
        self._client = httpx.Client(
            headers=all_headers,
            timeout=httpx.Timeout(timeout, connect=min(timeout, 10.0)),
            transport=transport or deadline_transport(default_context()),
            mounts=mounts,
            trust_env=False,
            verify=default_context(),
            follow_redirects=False,
        )

    def __repr__(self) -> str:
        return f"JsonHttpClient(service={self.service!r}, base_url={self.endpoint!r})"

    def close(self) -> None:
        self._client.close()

    def _fail(self, message: str) -> EngineUnavailable:
        return EngineUnavailable(scrub(f"{self.service}: {message}", self._secrets))

    def post_json(self, path: str, body: Mapping[str, Any]) -> dict[str, Any]:
        """POST `body` to `base_url + path` and return the decoded JSON object."""
        url = self.base_url + path
        body = screen_value(body)  # the final secret screen: nothing leaves unscreened
        content = json.dumps(body, ensure_ascii=False).encode()
        waited = 0.0
        attempt = 0
        budget = allowed = time_left(self.timeout)  # all attempts; waits between are extra
        while True:
            started = time.monotonic()
            with deadline(budget):
                problem, delay = self._attempt(url, content, attempt)
            budget -= time.monotonic() - started
            if isinstance(problem, dict):
                return problem
            if delay is not None and budget <= 0:
                shown = self.timeout if allowed > self.timeout - 0.05 else allowed
                raise self._fail(f"{self.endpoint} did not answer within {shown:.3g} s"
                                 + ("" if problem.endswith(" s") else f" ({problem})"))
            if delay is None or attempt >= self.retry.max_retries:
                raise self._fail(problem if delay is None else
                                 f"{problem}; gave up after {attempt + 1} attempts")
            if self.retry.max_total_wait is not None and \
                    waited + delay > self.retry.max_total_wait:
                raise self._fail(f"{problem}; gave up (would wait {delay:.0f} s more)")
            log.warning("%s", scrub(f"{self.service}: {problem}; retrying in {delay:.1f} s "
                                    f"(retry {attempt + 1}/{self.retry.max_retries})",
                                    self._secrets))
            self.retry.sleep(delay)
            waited += delay
            attempt += 1

    def _attempt(self, url: str, content: bytes,
                 attempt: int) -> tuple[dict[str, Any] | str, float | None]:
        """One request: (decoded JSON, None) or (problem, delay before retry or None)."""
        try:
            response = self._client.post(url, content=content,
                                         headers={"content-type": "application/json"})
        except httpx.TimeoutException:
            return f"{self.endpoint} did not answer within {self.timeout:g} s", \
                self.retry.backoff(attempt)
        except httpx.LocalProtocolError:  # its text quotes the request, headers and all
            return f"could not send a valid request to {self.endpoint}", None
        except httpx.TransportError as exc:
            return f"cannot reach {self.host}: {type(exc).__name__}: {exc}", \
                self.retry.backoff(attempt)
        status = response.status_code
        if status < 300:
            try:
                payload: Any = response.json()
            except (ValueError, UnicodeDecodeError):
                return f"{self.host} answered HTTP {status} with a body that is not JSON", None
            if not isinstance(payload, dict):
                return f"{self.host} answered HTTP {status} with JSON that is not an object", None
            return payload, None
        problem = (f"{self.host} answered HTTP {status} {response.reason_phrase}: "
                   f"{error_detail(response)}")
        return problem + _HINTS.get(status, ""), self._retry_delay(response, attempt)

    def _retry_delay(self, response: httpx.Response, attempt: int) -> float | None:
        status = response.status_code
        should = response.headers.get("x-should-retry", "").lower()
        if should == "false" or status in NEVER_RETRY:
            return None
        if status == 429 and is_quota_error(response):
            return None
        if should != "true" and status not in (408, 409, 429) and status < 500:
            return None
        asked = self.retry.server_delay(response.headers)
        if asked is None:
            match = _GEMINI_DELAY.search(response.text[:20000])
            asked = float(match.group(1)) if match else None
        if asked is not None:
            return asked if asked <= self.retry.max_server_wait else None
        return self.retry.backoff(attempt)
