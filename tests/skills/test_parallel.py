"""Worker processes, the repository-root memo and the folder memo change no result."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from skillgit.skills import validate as validate_module
from skillgit.skills.discover import RepoRoots, SkillDirFinder, find_repo_root, find_skill_dirs
from skillgit.skills.parallel import fork_map
from skillgit.skills.validate import validate_paths

needs_fork = pytest.mark.skipif(not hasattr(os, "fork") or sys.platform != "linux",
                                reason="worker processes are forked on Linux only")


def square(n: int) -> int:
    return n * n


@needs_fork
@pytest.mark.parametrize("workers", [1, 2, 3, 8])
def test_fork_map_keeps_the_order(workers: int) -> None:
    items = list(range(37))
    assert fork_map(square, items, workers) == [n * n for n in items]
    assert fork_map(square, [], workers) == []


@needs_fork
def test_a_dead_worker_share_is_done_by_the_parent() -> None:
    parent = os.getpid()

    def dies_in_child(n: int) -> int:
        if os.getpid() != parent:
            os._exit(3)
        return n + 1

    assert fork_map(dies_in_child, list(range(10)), 3) == list(range(1, 11))


@needs_fork
def test_an_error_is_raised_as_in_a_plain_loop() -> None:
    def fails_on_five(n: int) -> int:
        if n == 5:
            raise ValueError("five")
        return n

    with pytest.raises(ValueError, match="five"):
        fork_map(fails_on_five, list(range(10)), 2)  # 5 is in the child's share


def write_skill(folder: Path, name: str, body: str = "# Body\n") -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "SKILL.md").write_text(f"---\nname: {name}\ndescription: d\n---\n{body}")


def git_init(folder: Path) -> None:
    subprocess.run(["git", "init", "-q", str(folder)], check=True)


def test_repo_roots_match_find_repo_root_and_do_not_merge_repositories(tmp_path: Path) -> None:
    git_init(tmp_path / "one")
    git_init(tmp_path / "two")
    git_init(tmp_path / "one" / "vendor" / "inner")
    folders = [tmp_path / "one" / "a" / "b", tmp_path / "two" / "a" / "b",
               tmp_path / "one" / "vendor" / "inner" / "c", tmp_path / "one" / "vendor" / "d",
               tmp_path / "three" / "e", tmp_path / "one"]
    for folder in folders:
        folder.mkdir(parents=True, exist_ok=True)
    for order in (folders, folders[::-1]):
        roots = RepoRoots()
        assert [roots(f) for f in order] == [find_repo_root(f) for f in order]
    roots = RepoRoots()
    assert roots(tmp_path / "one" / "a" / "b") == tmp_path / "one"
    assert roots(tmp_path / "two" / "a" / "b") == tmp_path / "two"
    inner = tmp_path / "one" / "vendor" / "inner"
    assert roots(inner / "c") == inner


def test_duplicates_are_found_in_each_of_two_repositories(tmp_path: Path) -> None:
    for repo, name in (("one", "dup"), ("two", "twin")):
        git_init(tmp_path / repo)
        write_skill(tmp_path / repo / "a" / name, name)
        write_skill(tmp_path / repo / "b" / name, name)
    report = validate_paths([tmp_path / "one" / "a" / "dup", tmp_path / "two" / "a" / "twin"],
                            cwd=tmp_path)
    found = sorted((f.path, f.message) for f in report.findings if f.rule == "duplicate-name")
    assert found == [
        (os.path.join("one", "a", "dup", "SKILL.md"),
         f"skill name 'dup' is also used by {os.path.join('one', 'b', 'dup')}"),
        (os.path.join("two", "a", "twin", "SKILL.md"),
         f"skill name 'twin' is also used by {os.path.join('two', 'b', 'twin')}"),
    ]


def test_the_folder_memo_answers_like_a_fresh_search(tmp_path: Path) -> None:
    git_init(tmp_path)
    write_skill(tmp_path / "skills" / "a", "a")
    write_skill(tmp_path / "skills" / "b", "b")
    (tmp_path / "link").symlink_to(tmp_path / "skills")
    finder = SkillDirFinder()
    assert finder.find([tmp_path]) == find_skill_dirs([tmp_path])
    assert finder.find([tmp_path / "skills", tmp_path]) == find_skill_dirs(
        [tmp_path / "skills", tmp_path])
    assert finder.find([tmp_path / "link"]) == find_skill_dirs([tmp_path / "link"])


@needs_fork
def test_workers_give_the_serial_report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    git_init(tmp_path)
    for i in range(12):
        body = "See [x](references/x.md) and /home/alice/p.\n" if i % 3 else "# Body\n"
        write_skill(tmp_path / "skills" / f"s-{i}", f"s-{i % 10}" if i % 4 else "Bad_Name", body)
    (tmp_path / "skills" / "broken").mkdir()
    (tmp_path / "skills" / "broken" / "SKILL.md").write_bytes(b"no frontmatter\n")
    one = [tmp_path / "skills" / "s-1" / "SKILL.md"]  # its twin s-11 is found in the repo
    monkeypatch.setattr(validate_module, "PARALLEL_MIN_SKILLS", 10**9)
    serial = validate_paths([tmp_path], cwd=tmp_path)
    serial_one = validate_paths(one, cwd=tmp_path)
    monkeypatch.setattr(validate_module, "PARALLEL_MIN_SKILLS", 2)
    monkeypatch.setattr(validate_module, "PARALLEL_MIN_SHARE", 1)
    calls: list[int] = []

    def counted(func, items, workers):  # type: ignore[no-untyped-def]
        calls.append(workers)
        return fork_map(func, items, workers)

    monkeypatch.setattr(validate_module, "fork_map", counted)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1, 2}, raising=False)  # 3 cores
    parallel = validate_paths([tmp_path], cwd=tmp_path)
    assert calls == [3]  # the skills; none of the repository is left to load for names
    assert parallel == serial
    assert parallel.model_dump() == serial.model_dump()
    assert {f.rule for f in serial.findings} >= {"broken-link", "home-path", "duplicate-name",
                                                 "frontmatter-missing", "name-case"}
    parallel_one = validate_paths(one, cwd=tmp_path)
    assert calls == [3, 3]  # one skill alone; the other 12 names are loaded by workers
    assert parallel_one == serial_one
    assert [f.rule for f in parallel_one.findings].count("duplicate-name") == 1


def test_skills_of_two_repositories_may_share_a_name(tmp_path: Path) -> None:
    for repo in ("one", "two"):
        git_init(tmp_path / repo)
        write_skill(tmp_path / repo / "skills" / "deploy", "deploy")
    write_skill(tmp_path / "loose" / "deploy", "deploy")  # outside git: only this run counts
    report = validate_paths([tmp_path / "one", tmp_path / "two", tmp_path / "loose"],
                            cwd=tmp_path)
    assert [f for f in report.findings if f.rule == "duplicate-name"] == []
    write_skill(tmp_path / "loose2" / "deploy", "deploy")
    report = validate_paths([tmp_path / "one", tmp_path / "loose", tmp_path / "loose2"],
                            cwd=tmp_path)
    assert sorted(f.path for f in report.findings if f.rule == "duplicate-name") == [
        os.path.join("loose", "deploy", "SKILL.md"), os.path.join("loose2", "deploy", "SKILL.md")]


@needs_fork
def test_a_process_with_other_threads_is_never_forked(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    for n in range(4):
        write_skill(tmp_path / f"s-{n}", f"s-{n}")
    monkeypatch.setattr(validate_module, "PARALLEL_MIN_SKILLS", 2)
    monkeypatch.setattr(validate_module, "PARALLEL_MIN_SHARE", 1)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    calls: list[int] = []

    def counted(func, items, workers):  # type: ignore[no-untyped-def]
        calls.append(workers)
        return fork_map(func, items, workers)

    monkeypatch.setattr(validate_module, "fork_map", counted)
    forked = validate_paths([tmp_path], cwd=tmp_path)
    assert calls == [2]
    release = threading.Event()
    other = threading.Thread(target=release.wait)
    other.start()
    try:
        threaded = validate_paths([tmp_path], cwd=tmp_path)
    finally:
        release.set()
        other.join()
    assert calls == [2]  # a child of a threaded process could block on a lock held elsewhere
    assert threaded == forked
