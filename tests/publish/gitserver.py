"""A real git smart-HTTP remote for tests: `git http-backend` behind a small CGI shim.

`GitHttpServer` serves the bare repositories below `root` on 127.0.0.1 (an ephemeral port) and
requires HTTP Basic auth with `user`/`token` on every request: anything else gets 401 with a
`WWW-Authenticate` header, as GitHub does (`read_only=True`: pushes get 403 even so). Each
request is logged (`requests`): method, path, query, whether an Authorization header came,
whether it was accepted, and the status sent.

    with GitHttpServer(tmp_path / "remotes", token="t0k") as server:
        server.create_repo("o/r.git")            # a bare repo at remotes/o/r.git
        url = server.url("o/r.git")              # http://127.0.0.1:PORT/o/r.git

The shim forwards the request body (also chunked uploads) to `git http-backend`, sets
REMOTE_USER so receive-pack is enabled, and relays the CGI status and headers.
"""

from __future__ import annotations

import base64
import os
import subprocess
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import TracebackType
from urllib.parse import urlsplit

from quiet_http import QuietHTTPServer


def http_backend() -> str:
    """The path of `git-http-backend` (from `git --exec-path`)."""
    exec_path = subprocess.run(["git", "--exec-path"], check=True, capture_output=True,
                               text=True).stdout.strip()
    backend = Path(exec_path) / "git-http-backend"
    if not backend.is_file():
        raise RuntimeError(f"git-http-backend not found in {exec_path}")
    return str(backend)


@dataclass(frozen=True)
class LoggedRequest:
    method: str
    path: str
    query: str
    has_authorization: bool
    authorized: bool
    status: int


@dataclass
class GitHttpServer:
    root: Path
    token: str
    user: str = "x-access-token"
    read_only: bool = False        # True: pushes get 403, as GitHub does for a read-only token
    requests: list[LoggedRequest] = field(default_factory=list)
    _server: ThreadingHTTPServer | None = None
    _thread: threading.Thread | None = None

    # --- lifecycle ------------------------------------------------------------------------
    def start(self) -> GitHttpServer:
        self.root.mkdir(parents=True, exist_ok=True)
        backend, owner = http_backend(), self

        class Handler(_CgiHandler):
            server_owner = owner
            backend_path = backend

        self._server = QuietHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        # shutdown() waits for the loop's next poll: the default 0.5 s cost every test that much.
        self._thread = threading.Thread(target=self._server.serve_forever,
                                        kwargs={"poll_interval": 0.01}, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> GitHttpServer:
        return self.start()

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()

    # --- helpers for tests ----------------------------------------------------------------
    @property
    def base_url(self) -> str:
        assert self._server is not None, "start the server first"
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def url(self, name: str) -> str:
        return f"{self.base_url}/{name}"

    def create_repo(self, name: str, object_format: str = "sha1") -> Path:
        path = self.root / name
        subprocess.run(["git", "init", "-q", "--bare", f"--object-format={object_format}",
                        str(path)], check=True)
        return path

    def authorization_ok(self, header: str | None) -> bool:
        expected = base64.b64encode(f"{self.user}:{self.token}".encode()).decode()
        return header is not None and header.strip() == f"Basic {expected}"

    def writes(self) -> list[LoggedRequest]:
        """Accepted receive-pack POSTs (each is one push)."""
        return [r for r in self.requests if r.method == "POST"
                and r.path.endswith("/git-receive-pack") and r.status == 200]


class _CgiHandler(BaseHTTPRequestHandler):
    server_owner: GitHttpServer
    backend_path: str
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: object) -> None:  # quiet test output
        pass

    def do_GET(self) -> None:
        self._quietly()

    def do_POST(self) -> None:
        self._quietly()

    def _quietly(self) -> None:
        """A client that hung up (a killed or timed-out test run) is no server error: its
        traceback would land in whatever test's stderr is being captured at the time."""
        try:
            self._handle()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def _body(self) -> bytes:
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            chunks = []
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip(), 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return b"".join(chunks)
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def _handle(self) -> None:
        owner = self.server_owner
        parts = urlsplit(self.path)
        auth = self.headers.get("Authorization")
        ok = owner.authorization_ok(auth)
        body = self._body() if self.command == "POST" else b""
        if not ok:
            self._log(parts.path, parts.query, auth, ok, 401)
            self.send_response(401)
            self.send_header("WWW-Authenticate", 'Basic realm="git"')
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if owner.read_only and "git-receive-pack" in parts.path + parts.query:
            self._log(parts.path, parts.query, auth, ok, 403)
            message = b"remote: Permission to o/r.git denied to x-access-token.\n"
            self.send_response(403)
            self.send_header("Content-Length", str(len(message)))
            self.end_headers()
            self.wfile.write(message)
            return
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(owner.root),
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_PROJECT_ROOT": str(owner.root),
            "GIT_HTTP_EXPORT_ALL": "1",
            "REMOTE_USER": owner.user,
            "REMOTE_ADDR": "127.0.0.1",
            "REQUEST_METHOD": self.command,
            "PATH_INFO": parts.path,
            "QUERY_STRING": parts.query,
            "CONTENT_TYPE": self.headers.get("Content-Type", ""),
            "CONTENT_LENGTH": str(len(body)),
            "GATEWAY_INTERFACE": "CGI/1.1",
            "SERVER_PROTOCOL": "HTTP/1.1",
        }
        for header, var in (("Git-Protocol", "GIT_PROTOCOL"),
                            ("Content-Encoding", "HTTP_CONTENT_ENCODING")):
            if self.headers.get(header):
                env[var] = self.headers[header]
        done = subprocess.run([self.backend_path], input=body, env=env, capture_output=True,
                              check=False)
        head, _, payload = done.stdout.partition(b"\r\n\r\n")
        if not _:
            head, _, payload = done.stdout.partition(b"\n\n")
        status, headers = 200, []
        for line in head.decode("latin-1").splitlines():
            name, _, value = line.partition(":")
            if name.lower() == "status":
                status = int(value.split()[0])
            elif name:
                headers.append((name, value.strip()))
        self._log(parts.path, parts.query, auth, ok, status)
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def _log(self, path: str, query: str, auth: str | None, ok: bool, status: int) -> None:
        self.server_owner.requests.append(LoggedRequest(
            method=self.command, path=path, query=query, has_authorization=auth is not None,
            authorized=ok, status=status))
