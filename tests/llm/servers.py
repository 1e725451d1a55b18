"""Real local HTTP servers for backend tests: scripted replies, recorded requests.

Usage:

    with ScriptedServer() as server:
        server.queue(Reply(429, headers={"retry-after": "2"}), openai_reply('{"ok": true}'))
        backend = OpenAIBackend(EngineSettings(base_url=server.url + "/v1", model="m"))
        ...
        assert server.received[0].path == "/v1/chat/completions"

The server listens on 127.0.0.1 on an ephemeral port (stdlib `http.server` in a thread), so
the production httpx code path is exercised end to end. When the script runs out, the server
answers 599 so a test fails loudly instead of hanging. Other test packages can import this
module after putting this directory on `sys.path`.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any


@dataclass(frozen=True)
class Reply:
    """One scripted answer. `body` may be a dict/list (sent as JSON), str or bytes."""

    status: int = 200
    body: Any = b""
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0

    def encoded(self) -> bytes:
        if isinstance(self.body, bytes):
            return self.body
        if isinstance(self.body, str):
            return self.body.encode()
        return json.dumps(self.body).encode()


@dataclass(frozen=True)
class Received:
    """One request as the server saw it (header names lower-cased)."""

    method: str
    path: str
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)

    @property
    def raw(self) -> str:
        """Everything the client sent, for "this secret never left" assertions."""
        lines = [f"{self.method} {self.path}"]
        lines += [f"{k}: {v}" for k, v in self.headers.items()]
        return "\n".join(lines) + "\n\n" + self.body.decode("utf-8", "replace")


class ScriptedServer:
    def __init__(self) -> None:
        self.replies: deque[Reply] = deque()
        self.received: list[Received] = []
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True  # no 40 ms delayed-ACK stalls between requests

            def _handle(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length) if length else b""
                with server._lock:
                    server.received.append(Received(
                        self.command, self.path,
                        {k.lower(): v for k, v in self.headers.items()}, body))
                    reply = server.replies.popleft() if server.replies else Reply(
                        599, {"error": {"message": "no scripted reply left"}})
                if reply.delay:
                    time.sleep(reply.delay)
                payload = reply.encoded()
                try:
                    self.send_response(reply.status)
                    headers = {"content-type": "application/json", **reply.headers}
                    for name, value in headers.items():
                        self.send_header(name, value)
                    self.send_header("content-length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            do_POST = _handle
            do_GET = _handle

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._httpd.block_on_close = False
        self._thread = threading.Thread(target=self._httpd.serve_forever,
                                        kwargs={"poll_interval": 0.01}, daemon=True)

    @property
    def url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}"

    def queue(self, *replies: Reply) -> None:
        with self._lock:
            self.replies.extend(replies)

    def __enter__(self) -> ScriptedServer:
        self._thread.start()
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()


def openai_reply(content: str | None, *, prompt_tokens: int = 120, completion_tokens: int = 30,
                 finish_reason: str = "stop", refusal: str | None = None) -> Reply:
    """A Chat Completions response carrying `content` and usage."""
    message: dict[str, Any] = {"role": "assistant", "content": content, "refusal": refusal}
    return Reply(200, {
        "id": "chatcmpl-test", "object": "chat.completion", "model": "test-model",
        "choices": [{"index": 0, "message": message, "finish_reason": finish_reason}],
        "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                  "total_tokens": prompt_tokens + completion_tokens,
                  "prompt_tokens_details": {"cached_tokens": 0}},
    })


def anthropic_reply(text: str, *, input_tokens: int = 100, output_tokens: int = 20,
                    cache_read: int = 0, cache_write: int = 0,
                    stop_reason: str = "end_turn") -> Reply:
    """A Messages response carrying `text` and usage."""
    return Reply(200, {
        "id": "msg_test", "type": "message", "role": "assistant", "model": "claude-test",
        "content": [{"type": "text", "text": text}], "stop_reason": stop_reason,
        "usage": {"input_tokens": input_tokens, "output_tokens": output_tokens,
                  "cache_read_input_tokens": cache_read,
                  "cache_creation_input_tokens": cache_write},
    }, headers={"request-id": "req_test"})


def gemini_reply(text: str, *, prompt_tokens: int = 90, candidates_tokens: int = 15,
                 thoughts_tokens: int | None = None, finish_reason: str = "STOP") -> Reply:
    """A generateContent response carrying `text` and usageMetadata."""
    usage: dict[str, Any] = {"promptTokenCount": prompt_tokens,
                             "candidatesTokenCount": candidates_tokens,
                             "totalTokenCount": prompt_tokens + candidates_tokens}
    if thoughts_tokens is not None:
        usage["thoughtsTokenCount"] = thoughts_tokens
    return Reply(200, {
        "candidates": [{"content": {"role": "model", "parts": [{"text": text}]},
                        "finishReason": finish_reason, "index": 0}],
        "usageMetadata": usage, "modelVersion": "gemini-test",
    })
