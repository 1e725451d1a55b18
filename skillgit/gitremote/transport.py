"""The dulwich side of a remote: list refs, check object formats, fetch objects, send updates.

http(s) goes through dulwich's urllib3 client with the token as Basic auth attached per request
(only to the remote's origin); ssh runs `ssh` (never with the token); file:// and paths open the
repository directly. dulwich and network errors come out as `RemoteError`s with scrubbed text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import urllib3.exceptions
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

from skillgit.gitops import GitRepo
from skillgit.gitremote.target import (
    RemoteAuthError,
    RemoteError,
    RemoteTarget,
    RemoteUnreachable,
    UnsupportedRemote,
    scrub,
)
from skillgit.hints import has_flag

HTTP_TIMEOUT_SECONDS = 60.0


def client_for(target: RemoteTarget) -> tuple[GitClient, str]:
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
    return isinstance(cause, (urllib3.exceptions.MaxRetryError,
                              urllib3.exceptions.NewConnectionError,
                              urllib3.exceptions.TimeoutError,
                              urllib3.exceptions.SSLError, OSError))


def _auth_message(target: RemoteTarget, where: str, status: int, action: str) -> str:
    if not target.token:
        return (f"{where}: the remote asks for credentials (HTTP {status}) to {action} and no "
                "token was given (set SKILLGIT_GITHUB_TOKEN or GITHUB_TOKEN"
                f"{', or pass --token-env NAME' if has_flag('--token-env') else ''})")
    return (f"{where}: the remote refused the token (HTTP {status}) to {action}: it is wrong, "
            "expired, or lacks 'Contents: read and write' on this repository")


def _ref_bytes(ref: str) -> Ref:
    return Ref(ref.encode())


def ls_remote(target: RemoteTarget) -> tuple[dict[str, str], str]:
    """Every ref the remote advertises (peeled tags left out), and its object format."""
    client, path = client_for(target)
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
    client, path = client_for(target)

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
    client, path = client_for(target)
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


