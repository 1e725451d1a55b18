"""An endpoint that accepts and never answers, or trickles bytes, fails within the timeout.

httpx's timeouts are per socket operation; a call used to take every retry's read timeout
(5 minutes), and a server sending one byte now and then kept it open forever.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from pydantic import SecretStr

from skillgit.cli import main
from skillgit.digest import DigestAnswer
from skillgit.llm.base import EngineSettings, EngineUnavailable
from skillgit.llm.openai import OpenAIBackend
from skillgit.retry import RetryPolicy

KEY = "sk-deadline-SECRET-abcdef0123456789"
TIMEOUT = 1.0
# Generous for a loaded 2-core CI (llm check's first run in a worker took 2.3 s under load),
# still below what the old code took: TIMEOUT x 5 attempts (silent), or forever (trickled).
# That no attempt starts once the budget is spent is checked by counting connections.
SLACK = 3.5
CONNECTIONS: dict[str, Callable[[], int]] = {}  # server URL -> stop it, count connections


def _silent(connection: socket.socket, stop: threading.Event) -> None:
    stop.wait(30)


def _trickle_headers(connection: socket.socket, stop: threading.Event) -> None:
    for byte in b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Slow: " + b"a" * 500:
        if stop.wait(0.1):
            return
        connection.sendall(bytes([byte]))


def _trickle_body(connection: socket.socket, stop: threading.Event) -> None:
    connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                       b"Content-Length: 10000\r\n\r\n{")
    while not stop.wait(0.1):
        connection.sendall(b" ")


Behaviour = Callable[[socket.socket, threading.Event], None]


@pytest.fixture
def stalling_server(request: pytest.FixtureRequest) -> Iterator[str]:
    """A server on 127.0.0.1 that accepts every connection and then behaves as asked."""
    behaviour: Behaviour = request.param
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    listener.settimeout(0.2)
    stop = threading.Event()
    open_connections: list[socket.socket] = []

    def serve() -> None:
        while not stop.is_set():
            try:
                connection, _ = listener.accept()
            except OSError:
                continue
            open_connections.append(connection)
            threading.Thread(target=_handle, args=(connection,), daemon=True).start()

    def _handle(connection: socket.socket) -> None:
        try:
            connection.recv(65536)
            behaviour(connection, stop)
        except OSError:
            pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    host, port = listener.getsockname()
    url = f"http://{host}:{port}"

    def stop_and_count() -> int:
        """Every connection made: accepted, or still waiting in the backlog (a loaded
        machine may not have run the accept loop yet)."""
        stop.set()
        thread.join(30)
        listener.setblocking(False)
        while True:
            try:
                open_connections.append(listener.accept()[0])
            except OSError:
                return len(open_connections)

    CONNECTIONS[url] = stop_and_count
    yield url
    CONNECTIONS.pop(url)
    stop.set()
    thread.join(30)
    for connection in open_connections:
        connection.close()
    listener.close()


BEHAVIOURS = [_silent, _trickle_headers, _trickle_body]


@pytest.mark.parametrize("stalling_server", BEHAVIOURS, indirect=True,
                         ids=["silent", "trickled-headers", "trickled-body"])
def test_the_http_client_gives_up_within_its_timeout(stalling_server: str) -> None:
    sleeps: list[float] = []
    settings = EngineSettings(base_url=stalling_server + "/v1", model="m",
                              api_key=SecretStr(KEY), timeout=TIMEOUT)
    backend = OpenAIBackend(settings, retry=RetryPolicy.for_models(sleep=sleeps.append))
    started = time.monotonic()
    with pytest.raises(EngineUnavailable) as caught:
        backend.complete("s", "u", DigestAnswer)
    elapsed = time.monotonic() - started
    assert elapsed < TIMEOUT + SLACK, elapsed
    assert CONNECTIONS[stalling_server]() == 1  # no retry once the budget is spent
    assert f"{stalling_server}/v1 did not answer within 1 s" in str(caught.value)


@pytest.mark.parametrize("stalling_server", BEHAVIOURS, indirect=True,
                         ids=["silent", "trickled-headers", "trickled-body"])
def test_llm_check_fails_within_the_configured_timeout(
        stalling_server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    work = tmp_path / "work"
    work.mkdir()
    (work / ".skillgit.yaml").write_text(f"llm: {{timeout: {TIMEOUT}}}\n")
    monkeypatch.chdir(work)
    # The endpoint carries credentials: they must not show.
    url = stalling_server.replace("http://", "http://alice:hunter2pass@") + "/v1"
    monkeypatch.setenv("OPENAI_BASE_URL", url)
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    started = time.monotonic()
    code = main(["llm", "check", "--llm", "openai", "--model", "m"])
    elapsed = time.monotonic() - started
    out, err = capsys.readouterr()
    assert code == 2 and elapsed < TIMEOUT + SLACK, elapsed
    assert CONNECTIONS[stalling_server]() == 1  # neither a retry nor a repair call after it
    assert "did not answer within 1 s" in out
    assert stalling_server.removeprefix("http://") in out
    assert "hunter2pass" not in out + err and KEY not in out + err


def test_an_agent_cli_whose_escaped_child_holds_the_pipes_still_ends_in_time(
        tmp_path: Path) -> None:
    # `setsid` puts the child in its own session: killing the program's group misses it,
    # and it keeps stdout open, which kept `communicate()` waiting until it exited.
    from skillgit.llm.agent_run import run_program

    started = time.monotonic()
    with pytest.raises(EngineUnavailable, match=r"did not finish within 0\.5 s"):
        run_program(["sh", "-c", "setsid sleep 8 & sleep 8"], stdin="",
                    env={"PATH": "/usr/bin:/bin"}, cwd=tmp_path, timeout=0.5,
                    service="stub-cli")
    assert time.monotonic() - started < 5


@pytest.mark.parametrize("stalling_server", [_silent], indirect=True, ids=["silent"])
def test_an_enclosing_deadline_bounds_every_call_inside_it(stalling_server: str) -> None:
    # `llm check` puts the whole probe (a repair retry included) under one deadline.
    from skillgit.llm.deadline import deadline

    settings = EngineSettings(base_url=stalling_server + "/v1", model="m",
                              api_key=SecretStr(KEY), timeout=30.0)
    backend = OpenAIBackend(settings, retry=RetryPolicy.for_models(sleep=lambda _s: None))
    started = time.monotonic()
    with deadline(0.5), pytest.raises(EngineUnavailable):
        backend.complete("s", "u", DigestAnswer)
    assert time.monotonic() - started < 0.5 + SLACK
