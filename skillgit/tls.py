"""The TLS context of skillgit's HTTPS clients (GitHub's REST API, the model APIs): httpx's
default, built once per process and shared by every client. Building one loads the CA bundle
(~40 ms of CPU), which each client would otherwise pay again."""

from __future__ import annotations

import functools
import ssl

import httpx


@functools.cache
def default_context() -> ssl.SSLContext:
    """httpx's default TLS context (certificates verified), built on first use."""
    return httpx.create_ssl_context()
