"""Paths whose names are not valid UTF-8, read back from the object store.

The git layer shows such a name with U+FFFD in place of each invalid byte, so the path it
gives cannot be looked up again. These helpers match each part of a path by its exact bytes,
else by that lossy decoding, so a skill in such a folder is read (and validated) like any
other, and name it safely: the bytes as `\\xNN` escapes, never raw.
"""

from __future__ import annotations

from dulwich.objects import Blob, Commit, ObjectID, ShaFile, Tree

from skillgit.gitops import GitRepo

LOSSY = "\ufffd"


def _child(tree: Tree, part: str) -> tuple[bytes, bytes] | None:
    """(raw name, object id) of the entry of `tree` that `part` names."""
    exact = part.encode("utf-8", "surrogateescape")
    found = None
    for name, _, oid in tree.iteritems():
        if name == exact:
            return name, oid
        if found is None and name.decode("utf-8", "replace") == part:
            found = (name, oid)
    return found


def _walk(repo: GitRepo, commit: str, path: str) -> tuple[bytes, ShaFile] | None:
    """(the raw path, its object) of `path` (as the git layer shows it) at `commit`."""
    obj: ShaFile = repo.repo[ObjectID(commit.encode())]
    if not isinstance(obj, Commit):
        return None
    obj = repo.repo[obj.tree]
    raw: list[bytes] = []
    for part in [p for p in path.strip("/").split("/") if p]:
        entry = _child(obj, part) if isinstance(obj, Tree) else None
        if entry is None:
            return None
        raw.append(entry[0])
        obj = repo.repo[ObjectID(entry[1])]
    return b"/".join(raw), obj


def list_files(repo: GitRepo, commit: str, directory: str) -> dict[str, bytes]:
    """`GitRepo.list_files`, for a `directory` whose name may not be valid UTF-8."""
    if LOSSY not in directory:
        return repo.list_files(commit, directory)
    found = _walk(repo, commit, directory)
    if found is None or not isinstance(found[1], Tree):
        return {}
    out: dict[str, bytes] = {}
    for item in repo.repo.object_store.iter_tree_contents(found[1].id):
        blob = repo.repo[item.sha]
        if isinstance(blob, Blob):
            out[item.path.decode("utf-8", "replace")] = blob.data
    return out


def read_file(repo: GitRepo, commit: str, path: str) -> bytes | None:
    """`GitRepo.read_file`, for a `path` whose folder names may not be valid UTF-8."""
    if LOSSY not in path:
        return repo.read_file(commit, path)
    folder, _, name = path.rpartition("/")
    return list_files(repo, commit, folder).get(name)


def invalid_name(repo: GitRepo, commit: str, directory: str) -> str | None:
    """The folder's name with its invalid bytes as `\\xNN` escapes, when it is not valid
    UTF-8; else None."""
    if LOSSY not in directory:
        return None
    found = _walk(repo, commit, directory)
    if found is None:
        return None
    raw = found[0]
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("utf-8", "backslashreplace")
    return None
