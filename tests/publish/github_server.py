"""A GitHub REST stand-in on 127.0.0.1 for publish tests: real HTTP, GitHub's shapes.

    with GitHubStub() as github:            # or the `github` fixture (conftest.py)
        client = GitHubClient.connect(RepoRef("acme", "skills"), github.env)
        ...
        assert github.writes == []          # "zero write calls"
        github.fail_next("POST /repos/*/pulls", 502, times=2)
        github.rate_limit_next(reset_in=0)   # primary: 403, x-ratelimit-remaining: 0
        github.secondary_limit_next(retry_after=1)
        github.state.merge_pull(1)           # what a human does on the web

- Auth: `Authorization: Bearer <token>` (or `token <token>`) must carry `.token`, else 401
  "Bad credentials".
- Lists are paginated with `page_size` items per page (default 2, whatever `per_page` asks)
  and an RFC 8288 `Link` header with absolute `next`/`last` URLs, as GitHub sends them.
- Every response carries the `x-ratelimit-*` headers.
- `.log` records every request (method, path, query, JSON body, headers without
  `authorization`, the status answered), failed ones too.
"""

from __future__ import annotations

import fnmatch
import json
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from types import TracebackType
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

from github_state import DOCS, GitHubState
from quiet_http import QuietHTTPServer

WRITES = frozenset({"POST", "PATCH", "PUT", "DELETE"})
TOKEN = "ghp_stubTOKEN0123456789abcdefSECRET"


@dataclass(frozen=True)
class Logged:
    method: str
    path: str
    query: dict[str, str]
    body: Any
    headers: dict[str, str]
    status: int

    @property
    def is_write(self) -> bool:
        return self.method in WRITES

    def __str__(self) -> str:
        return f"{self.method} {self.path} → {self.status}"


@dataclass
class Fault:
    route: str                 # "METHOD /path/glob", e.g. "POST /repos/*/pulls", or "*"
    status: int
    times: int
    body: Any
    headers: dict[str, str] = field(default_factory=dict)
    # served first, then its answer rewritten (status, body) → (status, body): a write that
    # was done although the client hears an error, or an answer lacking a field
    after: Callable[[int, Any], tuple[int, Any]] | None = None

    def matches(self, method: str, path: str) -> bool:
        return self.route == "*" or fnmatch.fnmatchcase(f"{method} {path}", self.route)


_DEFAULT_MESSAGES = {401: "Bad credentials", 403: "Forbidden", 404: "Not Found",
                     422: "Validation Failed", 500: "Server Error", 502: "Bad Gateway",
                     503: "Service Unavailable"}


class GitHubStub:
    def __init__(self, owner: str = "acme", name: str = "skills", page_size: int = 2,
                 token: str = TOKEN) -> None:
        self.token = token
        self.page_size = page_size
        self.log: list[Logged] = []
        self.faults: deque[Fault] = deque()
        self.remaining = 5000
        self._lock = threading.Lock()
        self._httpd = QuietHTTPServer(("127.0.0.1", 0), self._handler())
        self._httpd.daemon_threads = True
        self._httpd.block_on_close = False
        self._thread = threading.Thread(target=self._httpd.serve_forever,
                                        kwargs={"poll_interval": 0.01}, daemon=True)
        self.state = GitHubState(owner=owner, name=name, server_url=self.url)

    @property
    def url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}"

    @property
    def env(self) -> dict[str, str]:
        """What a client needs to talk to this stub (as Actions would set it)."""
        return {"GITHUB_API_URL": self.url, "GITHUB_SERVER_URL": self.url,
                "GITHUB_TOKEN": self.token}

    @property
    def writes(self) -> list[Logged]:
        return [entry for entry in self.log if entry.is_write]

    def routes(self) -> list[str]:
        return [f"{entry.method} {entry.path}" for entry in self.log]

    def reset_log(self) -> None:
        with self._lock:
            self.log.clear()

    # -- fault injection --------------------------------------------------------------------

    def fail_next(self, route: str, status: int, times: int = 1, message: str | None = None,
                  headers: dict[str, str] | None = None, body: Any = None) -> None:
        """The next `times` requests matching `route` ("METHOD /glob" or "*") answer `status`
        with GitHub's error shape (`message`, `documentation_url`) instead of being served."""
        if body is None:
            body = {"message": message or _DEFAULT_MESSAGES.get(status, "Error"),
                    "documentation_url": DOCS, "status": str(status)}
        with self._lock:
            self.faults.append(Fault(route, status, times, body, dict(headers or {})))

    def answer_next(self, route: str, rewrite: Callable[[int, Any], tuple[int, Any]],
                    times: int = 1) -> None:
        """The next `times` requests matching `route` are served, then their answer is
        rewritten: `lambda status, body: (502, body)` is a write done but reported failed."""
        with self._lock:
            self.faults.append(Fault(route, 0, times, None, after=rewrite))

    def rate_limit_next(self, reset_in: float = 0.0, times: int = 1, route: str = "*",
                        status: int = 403) -> None:
        """Primary rate limit: 403 "API rate limit exceeded" with x-ratelimit-remaining: 0
        and x-ratelimit-reset `reset_in` seconds from now."""
        reset = str(int(time.time() + reset_in))
        self.fail_next(route, status, times, headers={
            "x-ratelimit-remaining": "0", "x-ratelimit-reset": reset},
            message="API rate limit exceeded for installation ID 1. If you reach out to "
                    "GitHub Support for help, please include the request ID.")

    def secondary_limit_next(self, retry_after: int = 1, times: int = 1, route: str = "*",
                             status: int = 403) -> None:
        self.fail_next(route, status, times, headers={"retry-after": str(retry_after)},
                       message="You have exceeded a secondary rate limit. Please wait a few "
                               "minutes before you try again.")

    def _take_fault(self, method: str, path: str) -> Fault | None:
        for fault in self.faults:
            if fault.matches(method, path):
                fault.times -= 1
                if fault.times <= 0:
                    self.faults.remove(fault)
                return fault
        return None

    # -- serving ----------------------------------------------------------------------------

    def _answer(self, method: str, target: str, headers: dict[str, str],
                raw: bytes) -> tuple[int, bytes, dict[str, str]]:
        parts = urlsplit(target)
        query = dict(parse_qsl(parts.query))
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            body = None
        extra: dict[str, str] = {}
        with self._lock:
            fault = self._take_fault(method, parts.path)
            auth = headers.get("authorization", "")
            if fault is not None and fault.after is not None:
                status, payload = fault.after(*self.state.handle(method, parts.path, query,
                                                                 body))
            elif fault is not None:
                status, payload, extra = fault.status, fault.body, fault.headers
            elif auth not in (f"Bearer {self.token}", f"token {self.token}"):
                status, payload = 401, {"message": "Bad credentials",
                                        "documentation_url": DOCS, "status": "401"}
            elif method == "POST" and body is None and raw:
                status, payload = 400, {"message": "Problems parsing JSON",
                                        "documentation_url": DOCS, "status": "400"}
            else:
                status, payload = self.state.handle(method, parts.path, query, body)
            if (fault is None or fault.after) and isinstance(payload, list) and status == 200:
                payload, extra = self._page(payload, parts.path, query)
            self.remaining = max(self.remaining - 1, 0)
            headers_out = {"x-ratelimit-limit": "5000", "x-ratelimit-used": "1",
                           "x-ratelimit-remaining": str(self.remaining),
                           "x-ratelimit-reset": str(int(time.time()) + 3600),
                           "x-ratelimit-resource": "core", **extra}
            self.log.append(Logged(method, parts.path, query, body,
                                   {k: v for k, v in headers.items()
                                    if k != "authorization"}, status))
        data = b"" if status == 204 else json.dumps(payload).encode()
        return status, data, headers_out

    def _page(self, items: list[Any], path: str,
              query: dict[str, str]) -> tuple[list[Any], dict[str, str]]:
        size = min(int(query.get("per_page", 30)), self.page_size, 100)
        page = max(int(query.get("page", 1)), 1)
        last = max((len(items) + size - 1) // size, 1)
        links = []
        if page < last:
            links.append(f'<{self._link(path, query, page + 1)}>; rel="next"')
            links.append(f'<{self._link(path, query, last)}>; rel="last"')
        if page > 1:
            links.append(f'<{self._link(path, query, 1)}>; rel="first"')
            links.append(f'<{self._link(path, query, page - 1)}>; rel="prev"')
        return items[(page - 1) * size: page * size], ({"link": ", ".join(links)}
                                                        if links else {})

    def _link(self, path: str, query: dict[str, str], page: int) -> str:
        return f"{self.url}{path}?{urlencode({**query, 'page': page})}"

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        stub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True

            def _handle(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(length) if length else b""
                headers = {k.lower(): v for k, v in self.headers.items()}
                status, data, extra = stub._answer(self.command, self.path, headers, raw)
                try:
                    self.send_response(status)
                    self.send_header("content-type", "application/json; charset=utf-8")
                    for name, value in extra.items():
                        self.send_header(name, value)
                    self.send_header("content-length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            do_GET = do_POST = do_PATCH = do_PUT = do_DELETE = _handle

            def log_message(self, format: str, *args: Any) -> None:
                pass

        return Handler

    def __enter__(self) -> GitHubStub:
        self._thread.start()
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
