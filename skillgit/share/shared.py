"""Read the team's shared digests: fetch every `refs/skillgit/digests/*`, validate, merge.

One fetch brings every contributor's tip (objects only: no local ref, index or work tree
changes). Each ref's tree is then walked lazily, file by file, and each file is decoded and
checked as untrusted input (`format.decode`); a bad ref name, a missing or foreign FORMAT, a
file at an unexpected path, too many or too large files, or a file that is no valid digest is
reported by ref and path, and skipped. Merging keeps one digest per agent + session id, the
newest: the longest version of the session (most user turns), then the ref pushed last, then
the contributor id, so the result never depends on the order refs are read in. Time and memory
are linear in the number of digests.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from skillgit.digest import Digest
from skillgit.gitobjects.trees import blob_bytes, commit_time, tree_files
from skillgit.gitops import GitRepo
from skillgit.gitremote import RemoteTarget, check_formats
from skillgit.gitremote.lease import fetch
from skillgit.printable import printable
from skillgit.share.format import (
    FORMAT_FILE,
    FORMAT_TEXT,
    MAX_DIGESTS_PER_REF,
    MAX_FILE_BYTES,
    MAX_REF_BYTES,
    REF_PREFIX,
    FormatError,
    decode,
    path_problem,
    valid_contributor,
)

Rank = tuple[int, int, str]


@dataclass
class SharedRead:
    digests: list[Digest] = field(default_factory=list)
    contributors: list[str] = field(default_factory=list)
    files: int = 0
    duplicates: int = 0
    problems: list[str] = field(default_factory=list)


def ref_files(repo: GitRepo, ref: str, sha: str, problem: Callable[[str], None]
              ) -> Iterator[tuple[str, bytes]]:
    """(path, bytes) of each digest file on one ref, within the limits; problems reported."""
    entries = tree_files(repo, sha)
    if entries is None:
        problem(f"{ref}: the tip is not a commit; skipped")
        return
    count = size = 0
    format_seen = False
    for entry in entries:
        path = entry.path
        if path == FORMAT_FILE:
            format_seen = blob_bytes(repo, entry.sha) == FORMAT_TEXT
            if not format_seen:
                problem(f"{ref}: {FORMAT_FILE} names another format; the ref is skipped")
                return
            continue
        why = path_problem(path) or (None if entry.mode == 0o100644 else
                                     f"not a regular file (mode {entry.mode:o})")
        if why is not None:
            problem(f"{ref}:{printable(path[:120])}: not a digest file ({why}); skipped")
            continue
        count += 1
        if count > MAX_DIGESTS_PER_REF:
            problem(f"{ref}: more than {MAX_DIGESTS_PER_REF} digests; the rest is skipped")
            return
        data = blob_bytes(repo, entry.sha)
        if data is None:
            problem(f"{ref}:{path}: not a file; skipped")
            continue
        size += len(data)
        if size > MAX_REF_BYTES:
            problem(f"{ref}: more than {MAX_REF_BYTES} bytes of digests; the rest is skipped")
            return
        if len(data) > MAX_FILE_BYTES:
            problem(f"{ref}:{path}: {len(data)} bytes, above the limit of {MAX_FILE_BYTES}; "
                    "skipped")
            continue
        yield path, data
    if not format_seen and count:
        problem(f"{ref}: no {FORMAT_FILE} file (not written by `skillgit share`?)")


def read_refs(repo: GitRepo, target: RemoteTarget, problem: Callable[[str], None]
              ) -> Iterator[tuple[Digest, Rank]]:
    """Every valid digest on every contributor ref of `target`, with its merge rank."""
    wanted: dict[str, str] = {}
    for ref, sha in check_formats(repo, target).items():
        if not ref.startswith(REF_PREFIX):
            continue
        contributor = ref[len(REF_PREFIX):]
        if not valid_contributor(contributor):
            problem(f"{printable(ref[:120])}: not a contributor id; skipped")
            continue
        wanted[ref] = sha
    available = fetch(repo, target, wanted) if wanted else {}
    for ref in sorted(set(wanted) - set(available)):
        problem(f"{ref}: moved while skillgit fetched it; skipped this time")
    for ref, sha in sorted(available.items()):
        contributor = ref[len(REF_PREFIX):]
        pushed_at = commit_time(repo, sha) or 0
        for path, data in ref_files(repo, ref, sha, problem):
            try:
                digest = decode(data, path, contributor)
            except FormatError as exc:
                problem(f"{ref}:{path}: {printable(str(exc))}; skipped")
                continue
            yield digest, (digest.n_user_turns, pushed_at, contributor)


def merge(ranked: Iterable[tuple[Digest, Rank]], read: SharedRead) -> SharedRead:
    """Keep the newest digest per agent + session id (see the module docstring)."""
    best: dict[tuple[str, str], tuple[Rank, Digest]] = {}
    contributors: set[str] = set()
    for digest, rank in ranked:
        read.files += 1
        if digest.contributor:
            contributors.add(digest.contributor)
        key = (digest.agent, digest.session_id)
        held = best.get(key)
        if held is None:
            best[key] = (rank, digest)
            continue
        read.duplicates += 1
        if rank > held[0]:
            best[key] = (rank, digest)
    read.digests = [digest for _, digest in best.values()]
    read.contributors = sorted(contributors)
    return read


def read_shared(repo: GitRepo, target: RemoteTarget,
                local: Iterable[Digest] = ()) -> SharedRead:
    """The merged shared digests of `target`, plus `local` ones (ranked newest of all)."""
    read = SharedRead()
    own = ((digest, (digest.n_user_turns, 2**62, "")) for digest in local)

    def chained() -> Iterator[tuple[Digest, Rank]]:
        yield from read_refs(repo, target, read.problems.append)
        yield from own

    return merge(chained(), read)
