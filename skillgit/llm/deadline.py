"""A wall-clock deadline for HTTP requests, which httpx's own timeouts do not give.

httpx times each socket operation: a server that accepts the connection and then sends one
byte every few seconds (or a proxy that trickles a keep-alive) never trips a read timeout,
and a call can last forever. Here every connect, read, write and TLS handshake of the
requests made inside `deadline(...)` gets at most the time left until the deadline, and
none at all once it has passed (httpcore's `ReadTimeout`, which httpx raises as
`httpx.ReadTimeout`). The deadline is a context variable: each thread has its own.

Proxies from the environment (`HTTPS_PROXY`, `HTTP_PROXY`, `ALL_PROXY`, `NO_PROXY`, as httpx
and curl read them) get deadline-aware transports too (`proxy_mounts`): httpx would otherwise
mount its own transports for them, and a trickling proxy would hold a call forever.
"""

from __future__ import annotations

import contextvars
import ipaddress
import ssl
import time
import typing
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager

import httpcore
import httpx

_DEADLINE: contextvars.ContextVar[float | None] = contextvars.ContextVar(
    "skillgit_http_deadline", default=None)


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Requests made inside this block end within `seconds` (monotonic clock), or sooner
    when an enclosing block's deadline comes first."""
    end = time.monotonic() + seconds
    outer = _DEADLINE.get()
    token = _DEADLINE.set(end if outer is None else min(end, outer))
    try:
        yield
    finally:
        _DEADLINE.reset(token)


def time_left(limit: float) -> float:
    """`limit`, or the time left before the enclosing deadline when that is shorter."""
    end = _DEADLINE.get()
    return limit if end is None else min(limit, end - time.monotonic())


def _clip(timeout: float | None) -> float | None:
    """`timeout`, shortened to the time left before the deadline; raise once it passed."""
    end = _DEADLINE.get()
    if end is None:
        return timeout
    left = end - time.monotonic()
    if left <= 0:
        raise httpcore.ReadTimeout("the request's deadline passed")
    return left if timeout is None else min(timeout, left)


class _Stream(httpcore.NetworkStream):
    def __init__(self, stream: httpcore.NetworkStream) -> None:
        self._stream = stream

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._stream.read(max_bytes, _clip(timeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._stream.write(buffer, _clip(timeout))

    def close(self) -> None:
        self._stream.close()

    def start_tls(self, ssl_context: ssl.SSLContext, server_hostname: str | None = None,
                  timeout: float | None = None) -> httpcore.NetworkStream:
        return _Stream(self._stream.start_tls(ssl_context, server_hostname, _clip(timeout)))

    def get_extra_info(self, info: str) -> typing.Any:
        return self._stream.get_extra_info(info)


class _Backend(httpcore.NetworkBackend):
    def __init__(self) -> None:
        self._backend = httpcore.SyncBackend()

    def connect_tcp(self, host: str, port: int, timeout: float | None = None,
                    local_address: str | None = None,
                    socket_options: typing.Iterable[httpcore.SOCKET_OPTION] | None = None,
                    ) -> httpcore.NetworkStream:
        return _Stream(self._backend.connect_tcp(host, port, _clip(timeout), local_address,
                                                 socket_options))

    def connect_unix_socket(self, path: str, timeout: float | None = None,
                            socket_options: typing.Iterable[httpcore.SOCKET_OPTION] | None = None,
                            ) -> httpcore.NetworkStream:
        return _Stream(self._backend.connect_unix_socket(path, _clip(timeout), socket_options))

    def sleep(self, seconds: float) -> None:
        self._backend.sleep(seconds)


class ProxyUnsupported(ValueError):
    """A proxy from the environment that skillgit cannot use (the message names it)."""


def deadline_transport(verify: ssl.SSLContext, proxy: str | None = None) -> httpx.HTTPTransport:
    """httpx's default transport (through `proxy` when given), its connection pool using
    deadline-aware sockets."""
    transport = httpx.HTTPTransport(verify=verify)
    # httpx has no public hook for the network backend; its pools take one. Rebuilt with
    # httpx's defaults (http/1.1, 100 connections, 20 kept alive for 5 s).
    if proxy is None:
        transport._pool = httpcore.ConnectionPool(
            ssl_context=verify, max_connections=100, max_keepalive_connections=20,
            keepalive_expiry=5.0, http1=True, http2=False, network_backend=_Backend())
        return transport
    try:
        url = httpx.Proxy(proxy)
    except (httpx.InvalidURL, TypeError, ValueError):
        raise ProxyUnsupported("a proxy URL is not valid") from None
    if url.url.scheme not in ("http", "https"):
        raise ProxyUnsupported(f"the proxy {url.url.scheme}://{url.url.host} is not supported "
                               "(only http:// and https:// proxies are)")
    transport._pool = httpcore.HTTPProxy(
        proxy_url=httpcore.URL(scheme=url.url.raw_scheme, host=url.url.raw_host,
                               port=url.url.port, target=url.url.raw_path),
        proxy_auth=url.raw_auth, proxy_headers=url.headers.raw, ssl_context=verify,
        max_connections=100, max_keepalive_connections=20, keepalive_expiry=5.0,
        http1=True, http2=False, network_backend=_Backend())
    return transport


def proxy_mounts(verify: ssl.SSLContext) -> dict[str, httpx.BaseTransport | None]:
    """httpx mounts for the environment's proxies, each a deadline-aware transport; a host
    `NO_PROXY` names maps to None (the client's own transport). Same rules as httpx's
    `trust_env`: `NO_PROXY=*` turns proxies off, `.example.com` covers subdomains only."""
    found = urllib.request.getproxies_environment()
    mounts: dict[str, httpx.BaseTransport | None] = {}
    for scheme in ("http", "https", "all"):
        if found.get(scheme):
            url = found[scheme] if "://" in found[scheme] else f"http://{found[scheme]}"
            mounts[f"{scheme}://"] = deadline_transport(verify, url)
    for host in (part.strip() for part in found.get("no", "").split(",")):
        if host == "*":
            return {}
        if "://" in host:
            mounts[host] = None
        elif host.lower() == "localhost" or _is_address(host, 4):
            mounts[f"all://{host}"] = None
        elif _is_address(host.strip("[]"), 6):
            mounts[f"all://[{host.strip('[]')}]"] = None
        elif host:
            mounts[f"all://*{host}"] = None
    return mounts


def _is_address(host: str, version: int) -> bool:
    try:
        return ipaddress.ip_address(host.split("/")[0]).version == version
    except ValueError:
        return False
