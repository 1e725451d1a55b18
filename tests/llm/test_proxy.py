"""LLM calls through a proxy from the environment keep the wall-clock deadline.

httpx mounts its own transports for `HTTP(S)_PROXY`/`ALL_PROXY` when it reads the
environment; a proxy that trickles bytes then held a call open for as long as it liked.
skillgit builds those transports itself (deadline-aware) and honours `NO_PROXY`.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Iterator

import pytest
from pydantic import SecretStr

from skillgit.digest import DigestAnswer
from skillgit.llm.base import EngineSettings, EngineUnavailable
from skillgit.llm.openai import OpenAIBackend
from skillgit.retry import RetryPolicy

KEY = "sk-proxy-SECRET-abcdef0123456789"
TIMEOUT = 1.0
SLACK = 3.5  # generous for a loaded 2-core CI; the trickle below lasts 30 s
_ANSWER = {"choices": [{"message": {"content": json.dumps(
    {"topics": [], "tasks": []})}, "finish_reason": "stop"}],
    "usage": {"prompt_tokens": 3, "completion_tokens": 2}}


def _answer(connection: socket.socket, stop: threading.Event) -> None:
    body = json.dumps(_ANSWER).encode()
    connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                       + f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode()
                       + body)


def _trickle(connection: socket.socket, stop: threading.Event) -> None:
    connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                       b"Content-Length: 10000\r\n\r\n{")
    for _ in range(300):
        if stop.wait(0.1):
            return
        connection.sendall(b" ")


Behaviour = Callable[[socket.socket, threading.Event], None]


class Server:
    """An HTTP endpoint on 127.0.0.1 that records each request's first line."""

    def __init__(self, behaviour: Behaviour) -> None:
        self.behaviour = behaviour
        self.request_lines: list[str] = []
        self.stop = threading.Event()
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(8)
        self.listener.settimeout(0.05)
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while not self.stop.is_set():
            try:
                connection, _ = self.listener.accept()
            except OSError:
                continue
            threading.Thread(target=self._handle, args=(connection,), daemon=True).start()

    def _handle(self, connection: socket.socket) -> None:
        with connection:
            try:
                head = connection.recv(65536).decode("latin-1")
                self.request_lines.append(head.split("\r\n", 1)[0])
                self.behaviour(connection, self.stop)
            except OSError:
                pass

    def close(self) -> None:
        self.stop.set()
        self.thread.join(10)
        self.listener.close()


@pytest.fixture
def servers() -> Iterator[Callable[[Behaviour], Server]]:
    started: list[Server] = []

    def start(behaviour: Behaviour) -> Server:
        started.append(Server(behaviour))
        return started[-1]

    yield start
    for server in started:
        server.close()


def _backend(base_url: str) -> OpenAIBackend:
    settings = EngineSettings(base_url=base_url, model="m", api_key=SecretStr(KEY),
                              timeout=TIMEOUT)
    return OpenAIBackend(settings, retry=RetryPolicy.for_models(sleep=lambda _: None,
                                                                max_retries=0))


@pytest.mark.parametrize("variable", ["HTTP_PROXY", "http_proxy", "ALL_PROXY"])
def test_calls_go_through_the_proxy_the_environment_names(
        variable: str, servers: Callable[[Behaviour], Server],
        monkeypatch: pytest.MonkeyPatch) -> None:
    proxy = servers(_answer)
    monkeypatch.setenv(variable, proxy.url)
    _backend("http://llm.example.invalid/v1").complete("s", "u", DigestAnswer)
    assert proxy.request_lines == ["POST http://llm.example.invalid/v1/chat/completions HTTP/1.1"]


def test_a_trickling_proxy_fails_the_call_within_the_timeout(
        servers: Callable[[Behaviour], Server], monkeypatch: pytest.MonkeyPatch) -> None:
    proxy = servers(_trickle)
    monkeypatch.setenv("HTTP_PROXY", proxy.url)
    started = time.monotonic()
    with pytest.raises(EngineUnavailable, match="did not answer within 1 s"):
        _backend("http://llm.example.invalid/v1").complete("s", "u", DigestAnswer)
    assert time.monotonic() - started < TIMEOUT + SLACK
    assert len(proxy.request_lines) == 1  # it did go through the proxy


@pytest.mark.parametrize("no_proxy", ["127.0.0.1", "localhost,127.0.0.1", "*"])
def test_no_proxy_hosts_are_reached_directly(
        no_proxy: str, servers: Callable[[Behaviour], Server],
        monkeypatch: pytest.MonkeyPatch) -> None:
    proxy, direct = servers(_answer), servers(_answer)
    monkeypatch.setenv("HTTP_PROXY", proxy.url)
    monkeypatch.setenv("NO_PROXY", no_proxy)
    _backend(direct.url + "/v1").complete("s", "u", DigestAnswer)
    assert proxy.request_lines == []
    assert direct.request_lines == ["POST /v1/chat/completions HTTP/1.1"]


def test_an_unusable_proxy_is_a_clear_error_without_its_credentials(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ALL_PROXY", "socks5://bob:proxy-pass-123@127.0.0.1:1080")
    with pytest.raises(EngineUnavailable) as caught:
        _backend("http://llm.example.invalid/v1")
    message = str(caught.value)
    assert "proxy" in message and "socks5://127.0.0.1" in message
    assert "proxy-pass-123" not in message and "bob" not in message
