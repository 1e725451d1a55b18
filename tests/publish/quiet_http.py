"""An HTTP server for the stand-ins whose threads stay quiet when a client hangs up.

`socketserver` prints a traceback to `sys.stderr` for any error while handling a request; a
client that closes a kept-alive connection under load makes the handler thread's next read
fail with a connection error, and that traceback lands in whatever test output is being
captured at the time (the soak test reads its runs' stderr for tracebacks). A hang-up is no
server error; anything else is still printed."""

from __future__ import annotations

from http.server import ThreadingHTTPServer
from typing import Any


class QuietHTTPServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        import sys
        error = sys.exc_info()[1]
        if isinstance(error, (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)
