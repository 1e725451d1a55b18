"""Talk to a git remote with dulwich only: list its refs, fetch objects, send ref updates.

A `RemoteTarget` is where to go (a URL or a local path; parsed from a remote name in
`.git/config` or given directly) and, for http(s), the token, which lives only in memory: it is
sent as HTTP Basic auth (`x-access-token:<token>`) by dulwich's urllib3 client, scoped to the
remote's origin, and never written into a URL, `.git/config`, a log, an exception message or a
child process's argv. ssh and local remotes never get it.

Failures become `RemoteError`s (exit 2) whose text is scrubbed of the token and of any
credentials a URL carried. Nothing here moves a local ref: fetched objects land in the object
store only, and the caller decides what to do with them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal
from urllib.parse import quote, urlsplit, urlunsplit

from dulwich.client import (
    GitClient,
    HttpGitClient,
    HTTPProxyUnauthorized,
    HTTPUnauthorized,
    LocalGitClient,
    SSHGitClient,
    get_transport_and_path,
)
from dulwich.errors import GitProtocolError, HangupException, NotGitRepository, SendPackError
from dulwich.objects import ObjectID
from dulwich.pack import UnpackedObject
from dulwich.refs import Ref

from skillgit.errors import SkillgitError
from skillgit.gitops import GitRepo

Scheme = Literal["https", "http", "ssh", "file"]
TOKEN_USER = "x-access-token"
HTTP_TIMEOUT_SECONDS = 60.0


class RemoteError(SkillgitError):
    """The remote could not be reached, refused us, or is not a usable git repository."""


class RemoteAuthError(RemoteError):
    """The remote refused the credentials (HTTP 401/403)."""


class RemoteUnreachable(RemoteError):
    """The host could not be reached (DNS, refused connection, timeout, TLS)."""


class UnknownRemote(RemoteError):
    """No remote of that name is configured, and it is not a URL or a path."""


class UnsupportedRemote(RemoteError):
    """A transport or repository format skillgit cannot push with."""


_SCP_LIKE = re.compile(r"^(?:[^@/:\s]+@)?[^@/:\s]+:(?!//)")


@dataclass(frozen=True)
class RemoteTarget:
    """Where to push or fetch. `url` never carries credentials (it is safe to print)."""

    url: str
    token: str | None = field(default=None, repr=False, compare=False)
    name: str | None = None    # the remote's name in .git/config, when it came from there
    username: str = field(default=TOKEN_USER, repr=False, compare=False)

    @property
    def scheme(self) -> Scheme:
        lowered = self.url.lower()
        if lowered.startswith(("https://", "http://")):
            return "https" if lowered.startswith("https://") else "http"
        if lowered.startswith(("ssh://", "git+ssh://", "ssh+git://")) or _SCP_LIKE.match(
                self.url):
            return "ssh"
        return "file"

    @property
    def label(self) -> str:
        return self.name or self.url

    @classmethod
    def from_url(cls, url: str, token: str | None = None, name: str | None = None
                 ) -> RemoteTarget:
        """A target for `url`; credentials inside an http(s) URL are moved into memory."""
        url = url.strip()
        parts = urlsplit(url)
        if parts.scheme.lower() in ("http", "https") and "@" in parts.netloc:
            user, _, host = parts.netloc.rpartition("@")
            login, _, password = user.partition(":")
            clean = urlunsplit((parts.scheme, host, parts.path, parts.query, parts.fragment))
            if token is None and password:
                return cls(url=clean, token=password, name=name,
                           username=_unquote(login) or TOKEN_USER)
            return cls(url=clean, token=token, name=name)
        if parts.scheme.lower() in ("git", "ftp", "ftps", "rsync"):
            raise UnsupportedRemote(f"{scrub(url)}: the {parts.scheme}:// transport is not "
                                    "supported; use https, ssh, file:// or a path")
        return cls(url=url, token=token, name=name)

    @classmethod
    def resolve(cls, repo: GitRepo, spec: str, token: str | None = None) -> RemoteTarget:
        """`spec` as a remote name from the repository's config, else a URL or a path.

        A configured remote wins over a same-named directory, as with git."""
        config = repo.repo.get_config()
        try:
            url = config.get((b"remote", spec.encode()), b"url").decode()
        except KeyError:
            url = None
        if url:
            return cls.from_url(url, token, name=spec)
        if "://" in spec or _SCP_LIKE.match(spec) or Path(spec).expanduser().is_dir():
            return cls.from_url(spec, token)
        names = sorted(section[1].decode("utf-8", "replace") for section in config.sections()
                       if len(section) == 2 and section[0] == b"remote")
        known = f"; configured remotes: {', '.join(names)}" if names else \
            "; this repository has no remote configured"
        raise UnknownRemote(f"no remote named {spec!r} and not a URL or a directory{known} "
                            "(see `git remote -v`)")

    def scrub(self, text: str) -> str:
        """`text` without this target's token (in any encoding dulwich might show)."""
        return scrub(text, self.token)


def _unquote(text: str) -> str:
    from urllib.parse import unquote
    return unquote(text)


_URL_CREDENTIALS = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://)[^/\s@]*@")


def scrub(text: str, token: str | None = None) -> str:
    """Remove URL credentials and the token (raw, %-quoted, and inside Basic auth) from text."""
    out = _URL_CREDENTIALS.sub(r"\1***@", text)
    if token:
        import base64
        forms = {token, quote(token, safe=""), base64.b64encode(
            f"{TOKEN_USER}:{token}".encode()).decode()}
        for form in sorted(forms, key=len, reverse=True):
            out = out.replace(form, "***")
    return out


# --- the transport ----------------------------------------------------------------------------
def _client(target: RemoteTarget) -> tuple[GitClient, str]:
    if target.scheme in ("http", "https"):
        parts = urlsplit(target.url)
        base = urlunsplit((parts.scheme, parts.netloc, "/", "", ""))
        username = target.username if target.token else None
        client: GitClient = HttpGitClient(base, username=username, password=target.token,
                               timeout=HTTP_TIMEOUT_SECONDS, config=None)
        return client, parts.path or "/"
    if target.scheme == "file":
        path = target.url[len("file://"):] if target.url.lower().startswith("file://") \
            else target.url
        return LocalGitClient(), str(Path(path).expanduser())
    client, path = get_transport_and_path(target.url)  # ssh: runs `ssh`, no token involved
    if not isinstance(client, SSHGitClient):
        raise UnsupportedRemote(f"{scrub(target.url)}: unsupported remote")
    return client, path


@contextmanager
def transport_errors(target: RemoteTarget, action: str) -> Iterator[None]:
    """dulwich and network failures as RemoteErrors whose text names no secret."""
    where = scrub(target.url)
    try:
        yield
    except (HTTPUnauthorized, HTTPProxyUnauthorized):
        raise RemoteAuthError(_auth_message(target, where, 401, action)) from None
    except NotGitRepository:
        raise RemoteError(f"{where}: no git repository there (check the remote URL, and that "
                          "the token can read the repository)") from None
    except SendPackError as exc:
        raise RemoteError(f"{where}: the remote refused the push: "
                          f"{target.scrub(_text(exc))}") from None
    except HangupException as exc:
        raise RemoteUnreachable(f"{where}: the remote hung up while trying to {action}: "
                                f"{target.scrub(_text(exc))}") from None
    except GitProtocolError as exc:
        text = target.scrub(_text(exc))
        status = re.search(r"unexpected http resp (\d{3})", text)
        if status and status.group(1) in ("401", "403"):
            raise RemoteAuthError(_auth_message(target, where, int(status.group(1)),
                                                action)) from None
        if _looks_unreachable(exc):
            raise RemoteUnreachable(f"{where}: cannot reach the host to {action}: "
                                    f"{scrub(text)}") from None
        raise RemoteError(f"{where}: git protocol error while trying to {action}: "
                          f"{scrub(text)}") from None
    except OSError as exc:
        raise RemoteUnreachable(f"{where}: cannot {action}: "
                                f"{target.scrub(_text(exc))}") from None


def _text(exc: BaseException) -> str:
    parts = [a.decode("utf-8", "replace") if isinstance(a, bytes) else str(a)
             for a in exc.args]
    return " ".join(p for p in parts if p) or type(exc).__name__


def _looks_unreachable(exc: BaseException) -> bool:
    cause = exc.__cause__ or exc.__context__
    import urllib3.exceptions
    return isinstance(cause, (urllib3.exceptions.MaxRetryError,
                              urllib3.exceptions.NewConnectionError,
                              urllib3.exceptions.TimeoutError,
                              urllib3.exceptions.SSLError, OSError))


def _auth_message(target: RemoteTarget, where: str, status: int, action: str) -> str:
    if not target.token:
        return (f"{where}: the remote asks for credentials (HTTP {status}) to {action} and no "
                "token was given (set SKILLGIT_GITHUB_TOKEN or GITHUB_TOKEN, or --token-env)")
    return (f"{where}: the remote refused the token (HTTP {status}) to {action}: it is wrong, "
            "expired, or lacks 'Contents: read and write' on this repository")


def _ref_bytes(ref: str) -> Ref:
    return Ref(ref.encode())


def ls_remote(target: RemoteTarget) -> tuple[dict[str, str], str]:
    """Every ref the remote advertises (peeled tags left out), and its object format."""
    client, path = _client(target)
    with transport_errors(target, "list its branches"):
        result = client.get_refs(path.encode())
    refs = {ref.decode(): sha.decode() for ref, sha in result.refs.items()
            if sha is not None and not ref.endswith(b"^{}")}
    return refs, result.object_format or "sha1"


def list_refs(target: RemoteTarget) -> dict[str, str]:
    return ls_remote(target)[0]


def check_formats(repo: GitRepo, target: RemoteTarget) -> dict[str, str]:
    """The remote's refs, after checking it uses the repository's object format (SHA-1 or
    SHA-256) and that this transport can carry it. Nothing is sent before this passes."""
    mine = repo.object_format
    if mine != "sha1" and target.scheme != "file":
        raise UnsupportedRemote(
            f"{target.label}: this repository uses {mine} object names, which skillgit "
            f"cannot push over {target.scheme} yet (dulwich sends SHA-1 packs); push the "
            "skillgit/* branches with git instead, or use a file:// remote")
    refs, theirs = ls_remote(target)
    widths = {len(sha) for sha in refs.values()}
    if theirs != mine or widths - {64 if mine == "sha256" else 40}:
        raise UnsupportedRemote(
            f"{target.label}: the remote repository uses {theirs} object names and this one "
            f"{mine}; they cannot exchange commits")
    return refs


def fetch_commits(repo: GitRepo, target: RemoteTarget, wanted: Mapping[str, str]
                  ) -> dict[str, str]:
    """Bring the objects of `wanted` (ref → sha the caller saw) into the local object store;
    returns the part of `wanted` now available locally (a ref that moved meanwhile is not).

    No ref, index, HEAD or work-tree file changes; objects already present are not fetched."""
    store = repo.repo.object_store
    shas = sorted({sha for sha in wanted.values() if ObjectID(sha.encode()) not in store})
    if shas:
        _fetch(repo, target, shas)
    return {ref: sha for ref, sha in sorted(wanted.items()) if ObjectID(sha.encode()) in store}


def _fetch(repo: GitRepo, target: RemoteTarget, shas: list[str]) -> None:
    client, path = _client(target)

    def determine_wants(refs: Mapping[Ref, ObjectID | None], depth: int | None = None
                        ) -> list[ObjectID]:
        advertised = {sha for sha in refs.values() if sha is not None}
        return [ObjectID(sha.encode()) for sha in shas if sha.encode() in advertised]

    with transport_errors(target, "fetch"):
        client.fetch(path.encode(), repo.repo, determine_wants=determine_wants)


UpdateRefs = Callable[[dict[str, str]], dict[str, str | None]]


def send_updates(repo: GitRepo, target: RemoteTarget, decide: UpdateRefs
                 ) -> tuple[dict[str, str], dict[str, str | None], dict[str, str | None]]:
    """One receive-pack exchange. `decide(advertised refs)` returns ref → new sha (None to
    delete), computed against the refs the server advertises in this very connection: the
    server applies each update only if the ref still has the advertised value (its own
    compare-and-swap). Returns (advertised refs, what was sent, ref → error or None)."""
    client, path = _client(target)
    seen: dict[str, str] = {}
    sent: dict[str, str | None] = {}
    zero = b"0" * 40

    def update_refs(refs: dict[Ref, ObjectID]) -> dict[Ref, ObjectID]:
        seen.update({r.decode(): s.decode() for r, s in refs.items() if not r.endswith(b"^{}")})
        sent.update(decide(dict(seen)))
        return {_ref_bytes(ref): ObjectID(zero if sha is None else sha.encode())
                for ref, sha in sent.items()}

    def generate_pack_data(have: AbstractSet[ObjectID], want: AbstractSet[ObjectID], *,
                           ofs_delta: bool = False, progress: Callable[..., None] | None = None
                           ) -> tuple[int, Iterator[UnpackedObject]]:
        store = repo.repo.object_store
        return repo.repo.generate_pack_data({h for h in have if h in store}, set(want),
                                            progress=progress, ofs_delta=ofs_delta)

    with transport_errors(target, "push"):
        result = client.send_pack(path.encode(), update_refs, generate_pack_data)
    status = {ref.decode(): (None if err is None else target.scrub(err))
              for ref, err in (result.ref_status or {}).items()}
    return seen, sent, {ref: status.get(ref) for ref in sent}


__all__ = ["RemoteAuthError", "RemoteError", "RemoteTarget", "RemoteUnreachable",
           "UnknownRemote", "UnsupportedRemote", "check_formats", "fetch_commits", "list_refs",
           "ls_remote", "scrub", "send_updates", "transport_errors"]
