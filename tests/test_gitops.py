from __future__ import annotations

import hashlib
import subprocess
import threading
from pathlib import Path

import pytest

from skillgit.gitops import FileChange, GitError, GitRepo
from skillgit.wire.lock import repo_lock

AUTHOR = "skillgit <skillgit@users.noreply.invalid>"


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True,
                          text=True).stdout


def snapshot(repo: Path) -> tuple[str, str, str, str]:
    """What must never change: status, index bytes, HEAD, the checked-out branch's tip."""
    index = hashlib.sha256((repo / ".git" / "index").read_bytes()).hexdigest()
    return (git(repo, "status", "--porcelain=v2", "--untracked-files=all"), index,
            (repo / ".git" / "HEAD").read_text(), git(repo, "rev-parse", "HEAD"))


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    git(root, "init", "-q", "-b", "main")
    (root / "skills" / "a").mkdir(parents=True)
    (root / "skills" / "a" / "SKILL.md").write_text("---\nname: a\ndescription: d\n---\n")
    (root / "README.md").write_text("readme\n")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "init")
    # Uncommitted work that must survive untouched: staged, unstaged and untracked.
    (root / "README.md").write_text("unstaged edit\n")
    (root / "staged.txt").write_text("staged\n")
    git(root, "add", "staged.txt")
    (root / "untracked.txt").write_text("untracked\n")
    return root


def test_commit_to_new_branch_leaves_worktree_index_head_alone(repo: Path) -> None:
    before = snapshot(repo)
    with GitRepo(repo) as g:
        base = g.resolve("main")
        sha = g.write_commit(base, [FileChange("skills/b/SKILL.md", b"---\nname: b\n---\n"),
                                    FileChange("skills/b/scripts/run.sh", b"echo\n", True)],
                             "skills(b): add b", AUTHOR, timestamp=1_700_000_000)
        g.set_ref("skillgit/new/b", sha, None, "propose b")
        assert g.branches("skillgit/") == {"skillgit/new/b": sha}
        assert g.read_file(sha, "skills/b/SKILL.md") == b"---\nname: b\n---\n"
        assert g.list_files(sha, "skills/b") == {"SKILL.md": b"---\nname: b\n---\n",
                                                 "scripts/run.sh": b"echo\n"}
        assert g.changed_paths(base, sha) == ["skills/b/SKILL.md", "skills/b/scripts/run.sh"]
        assert g.commit_info(sha).parents == (base,)
        assert g.current_branch() == "main"
    assert snapshot(repo) == before
    git(repo, "fsck", "--strict")
    log = git(repo, "log", "-1", "--format=%an|%s", "skillgit/new/b")
    assert log == "skillgit|skills(b): add b\n"
    assert git(repo, "ls-tree", "skillgit/new/b", "skills/b/scripts/run.sh").startswith("100755")


def test_same_content_gives_the_same_commit_and_no_new_objects(repo: Path) -> None:
    with GitRepo(repo) as g:
        base = g.resolve("main")
        change = [FileChange("skills/a/SKILL.md", b"changed\n")]
        first = g.write_commit(base, change, "m", AUTHOR, timestamp=1)
        objects = sorted(p.name for p in (repo / ".git" / "objects").rglob("*") if p.is_file())
        second = g.write_commit(base, change, "m", AUTHOR, timestamp=1)
        after = sorted(p.name for p in (repo / ".git" / "objects").rglob("*") if p.is_file())
    assert first == second and objects == after


def test_deleting_a_file(repo: Path) -> None:
    with GitRepo(repo) as g:
        sha = g.write_commit(g.resolve("main"), [FileChange("skills/a/SKILL.md", None)], "rm",
                             AUTHOR)
        assert g.read_file(sha, "skills/a/SKILL.md") is None
        assert g.list_files(sha, "skills/a") == {}


def test_ref_updates_are_compare_and_swap(repo: Path) -> None:
    with GitRepo(repo) as g:
        base = g.resolve("main")
        one = g.write_commit(base, [FileChange("x", b"1")], "one", AUTHOR)
        two = g.write_commit(base, [FileChange("x", b"2")], "two", AUTHOR)
        g.set_ref("skillgit/new/x", one, None, "create")
        with pytest.raises(GitError, match="changed while"):
            g.set_ref("skillgit/new/x", two, None, "create again")
        with pytest.raises(GitError, match="changed while"):
            g.set_ref("skillgit/new/x", two, two, "wrong old value")
        g.set_ref("skillgit/new/x", two, one, "update")
        assert g.ref_sha("skillgit/new/x") == two
        g.delete_ref("skillgit/new/x", two)
        assert g.ref_sha("skillgit/new/x") is None


def test_bare_repository(repo: Path, tmp_path: Path) -> None:
    bare = tmp_path / "bare.git"
    subprocess.run(["git", "clone", "-q", "--bare", str(repo), str(bare)], check=True)
    with GitRepo(bare) as g:
        assert g.work_tree is None
        sha = g.write_commit(g.resolve("main"), [FileChange("skills/c/SKILL.md", b"c")], "c",
                             AUTHOR)
        g.set_ref("skillgit/new/c", sha, None, "c")
    git(bare, "fsck", "--strict")


def test_not_a_repository(tmp_path: Path) -> None:
    with pytest.raises(GitError, match="not a git repository"):
        GitRepo(tmp_path)


def test_lock_serializes_runs(repo: Path) -> None:
    control = repo / ".git"
    with (repo_lock(control), pytest.raises(GitError, match="another skillgit run"),
          repo_lock(control, wait_seconds=0.1)):
        pass
    order: list[str] = []
    with repo_lock(control):
        waiter = threading.Thread(target=lambda: _take(control, order))
        waiter.start()
        order.append("first")
    waiter.join(120)
    assert order == ["first", "second"]
    assert not (control / "skillgit.lock").exists()


def _take(control: Path, order: list[str]) -> None:
    with repo_lock(control, wait_seconds=120):  # generous for a loaded CI
        order.append("second")


def test_stale_lock_is_broken(repo: Path) -> None:
    (repo / ".git" / "skillgit.lock").write_text("999999999")
    with repo_lock(repo / ".git", wait_seconds=0.1):
        pass


@pytest.mark.parametrize("path", ["../x/SKILL.md", "/etc/x", "a/../../b", ".git/hooks/x",
                                  "skills/.Git/config", "a//b", "./a", ""])
def test_a_path_outside_the_tree_is_refused(repo: Path, path: str) -> None:
    git_repo = GitRepo(repo)
    base = git(repo, "rev-parse", "HEAD").strip()
    with pytest.raises(GitError, match="path"):
        git_repo.write_commit(base, [FileChange(path, b"x")], "m\n", AUTHOR)


@pytest.mark.parametrize(("existing", "wanted"), [
    ("skillgit", "skillgit/new/x"), ("skillgit/new", "skillgit/new/x"),
    ("skillgit/new/x/y", "skillgit/new/x")])
def test_a_branch_in_the_way_is_named_not_a_traceback(repo: Path, existing: str,
                                                      wanted: str) -> None:
    git(repo, "branch", existing)
    git_repo = GitRepo(repo)
    head = git(repo, "rev-parse", "HEAD").strip()
    with pytest.raises(GitError, match=f"branch '{existing}' is in the way"):
        git_repo.set_ref(f"refs/heads/{wanted}", head, None, "m")
    git(repo, "pack-refs", "--all")
    with pytest.raises(GitError, match=f"branch '{existing}' is in the way"):
        GitRepo(repo).set_ref(f"refs/heads/{wanted}", head, None, "m")


@pytest.mark.parametrize("identity", ["x", "x <>", "<a@b>", "a <b> c", "a\n <b@c>", "a <b c>"])
def test_an_identity_git_would_reject_is_refused(repo: Path, identity: str) -> None:
    # `git fsck` (and GitHub on push) rejects a commit whose author has no `<email>`.
    head = git(repo, "rev-parse", "HEAD").strip()
    with pytest.raises(GitError, match="identity"):
        GitRepo(repo).write_commit(head, [FileChange("a.txt", b"x")], "m\n", identity)


def test_branches_leaves_out_a_branch_deleted_while_listing(repo: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """A concurrent `proposals reject` deletes a branch between listing and reading refs."""
    with GitRepo(repo) as g:
        base = g.resolve("main")
        for name in ("skillgit/new/a", "skillgit/new/b"):
            g.set_ref(name, base, None, "propose")
        refs = g.repo.refs
        listed = refs.keys

        def list_then_lose_one(base: bytes | None = None) -> set[bytes]:
            keys = listed(base=base)
            git(repo, "branch", "-D", "skillgit/new/a")
            return keys

        monkeypatch.setattr(refs, "keys", list_then_lose_one)
        assert g.branches("skillgit/") == {"skillgit/new/b": base}
