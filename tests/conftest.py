"""Test isolation: no test sees the developer's real HOME, XDG dirs, git config or agent data."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

# Property tests are deterministic: the same examples on every run and machine (a suite that
# passes or fails by chance lands nothing), and no example database written into the clone.
# `HYPOTHESIS_PROFILE=explore` draws fresh examples when hunting for new counterexamples.
settings.register_profile("ci", derandomize=True, database=None)
settings.register_profile("explore", database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# Child interpreters (the CLI, the Action, hooks run as subprocesses) compile skillgit once per
# run, not once each: where the environment forbids bytecode files next to the sources
# (`PYTHONDONTWRITEBYTECODE=1`), they are written to a cache outside the clone instead. Only a
# cache: a stale file is recompiled (its source's size and time are checked), and no test reads
# it. The test process itself keeps the setting it was started with.
if os.environ.pop("PYTHONDONTWRITEBYTECODE", None):
    os.environ.setdefault("PYTHONPYCACHEPREFIX", os.path.join(
        tempfile.gettempdir(), f"skillgit-tests-pycache-{os.getuid()}"))

# Where the read-only real-world corpus lives (see ../shared/corpus/README.md): next to the
# clone, or wherever SKILLGIT_TEST_CORPUS points. Missing, the corpus tests fail; never skip.
CORPUS = (Path(os.environ["SKILLGIT_TEST_CORPUS"]).expanduser().resolve()
          if os.environ.get("SKILLGIT_TEST_CORPUS")
          else Path(__file__).resolve().parents[1].parent / "shared" / "corpus")

_AGENT_VARS = (
    "CLAUDE_CONFIG_DIR",
    "CODEX_HOME",
    "GEMINI_CLI_HOME",
    "OPENCODE_DATA_DIR",
    "SKILLGIT_LLM",
    "SKILLGIT_MODEL",
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "ANTHROPIC_API_KEY",
    "GEMINI_API_KEY",
    "GOOGLE_API_KEY",
    "GITHUB_TOKEN",
    "SKILLGIT_GITHUB_TOKEN",
    "SKILLGIT_IDENTITY",
    "GITHUB_API_URL",
    "GITHUB_SERVER_URL",
    "GITHUB_REPOSITORY",
    "GITHUB_ACTIONS",
    "GITHUB_EVENT_PATH",
    "GITHUB_REF",
    "GITHUB_HEAD_REF",
    "GITHUB_BASE_REF",
    "GH_TOKEN",
    "GH_HOST",
    "GH_ENTERPRISE_TOKEN",
    "GITHUB_ENTERPRISE_TOKEN",
    "GH_CONFIG_DIR",
)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """`-n auto` (pyproject.toml): one worker more than the cores this process may run on.
    About a quarter of the suite's time is waiting, not computing (timeouts run out, local
    servers answer, git and skillgit subprocesses start); with one worker per core, a core
    idles while its worker waits, and the extra worker computes meanwhile.
    PYTEST_XDIST_AUTO_NUM_WORKERS still decides when set (pytest-xdist reads it)."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return (cores or 1) + 1


@pytest.fixture(autouse=True)
def isolated_env(tmp_path_factory: pytest.TempPathFactory,
                 monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Point HOME and XDG_* at a fresh temp dir and drop GIT_*, proxy and agent variables.
    (`mkdtemp` under the run's base directory: `tmp_path_factory.mktemp` lists that directory,
    which holds every earlier test's folders, and relinks a `-current` symlink on each call.)"""
    home = Path(tempfile.mkdtemp(prefix="home", dir=tmp_path_factory.getbasetemp()))
    monkeypatch.setenv("HOME", str(home))
    for name in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        path = home / name.lower()
        path.mkdir()
        monkeypatch.setenv(name, str(path))
    for name in list(os.environ):
        if name.startswith("GIT_") or name in _AGENT_VARS or name.lower().endswith("_proxy"):
            monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.setenv("GIT_AUTHOR_NAME", "Test Author")
    monkeypatch.setenv("GIT_AUTHOR_EMAIL", "author@example.invalid")
    monkeypatch.setenv("GIT_COMMITTER_NAME", "Test Committer")
    monkeypatch.setenv("GIT_COMMITTER_EMAIL", "committer@example.invalid")
    yield home


def corpus_transcript_files() -> list[str]:
    """Every file below the corpus's `transcripts/`, relative, largest first: a test per file
    costs as long as its file, so the longest ones start first and none ends the run alone."""
    root = CORPUS / "transcripts"
    files = [p for p in root.rglob("*") if p.is_file()] if root.is_dir() else []
    files.sort(key=lambda p: (-p.stat().st_size, p.as_posix()))
    return [p.relative_to(root).as_posix() for p in files]


PART_CHARACTERS = 256 * 1024
"""About how much of a JSON Lines transcript one `corpus_transcript_part` holds: a test of the
largest file whole took ~13 s on a quiet machine, and on two workers one long test bounds the
suite's wall time; a part takes about a second."""


def corpus_transcript_parts() -> list[tuple[str, int, int]]:
    """`(file, index, count)` for every file of `corpus_transcript_files`, in the same order: a
    `.jsonl` file in `count` parts of whole records (one per PART_CHARACTERS of its size,
    rounded up), any other file (one JSON document) as one part."""
    root = CORPUS / "transcripts"
    parts: list[tuple[str, int, int]] = []
    for name in corpus_transcript_files():
        size = (root / name).stat().st_size
        count = max(1, -(-size // PART_CHARACTERS)) if name.endswith(".jsonl") else 1
        parts += [(name, index, count) for index in range(count)]
    return parts


@pytest.fixture(scope="session")
def corpus_transcript_part_list() -> list[tuple[str, int, int]]:
    """Every `corpus_transcript_part` (`corpus_transcript_parts`), for a test of them all."""
    return corpus_transcript_parts()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """`corpus_skill`: each corpus skill as `<collection>/<skill>`; `corpus_transcript`: each
    file below `transcripts/` (`corpus_transcript_files`); `corpus_transcript_part`: each part
    of those files (`corpus_transcript_parts`), its id `<file>[<index+1>of<count>]`. With no
    corpus, one stand-in case that fails through `corpus_dir` (an empty parameter set would
    only skip)."""
    if "corpus_skill" in metafunc.fixturenames:
        root = CORPUS / "skills"
        skills = sorted(p.parent.relative_to(root).as_posix() for p in root.glob("*/*/SKILL.md"))
        metafunc.parametrize("corpus_skill", skills or ["<corpus missing>"])
    if "corpus_transcript" in metafunc.fixturenames:
        metafunc.parametrize("corpus_transcript", corpus_transcript_files() or ["<corpus missing>"])
    if "corpus_transcript_part" in metafunc.fixturenames:
        parts = corpus_transcript_parts() or [("<corpus missing>", 0, 1)]
        metafunc.parametrize("corpus_transcript_part", parts,
                             ids=[f"{name}[{index + 1}of{count}]" for name, index, count in parts])


@pytest.fixture
def corpus_dir() -> Path:
    """The shared real-world corpus; read-only, never copied into the project."""
    if not CORPUS.is_dir():
        pytest.fail(f"shared corpus not found at {CORPUS}: this test reads the real-world "
                    "corpus (public skills and agent transcripts written by others, not shipped "
                    "with skillgit; README, 'The real-world corpus', says where each part comes "
                    "from). Put it at ../shared/corpus next to the clone, or set "
                    "SKILLGIT_TEST_CORPUS to its folder; or leave these tests out with "
                    "-m 'not corpus'")
    return CORPUS


# The slowest files (real tools, processes killed mid-write, end-to-end runs of the action),
# those with the longest single tests first (mypy ~11 s, the pre-commit hook ~9 s). They start
# first, so no worker is left with a long test while the other idles at the end of the run
# (`--dist worksteal` in pyproject.toml hands the first third of the run to one worker and
# lets the others take the tail of its queue when theirs runs out).
SLOW_FIRST = (
    "tests/test_quality.py",
    "tests/test_precommit_hook.py",
    "tests/publish/test_action_runner.py",
    "tests/redact/test_redact_false_positives.py",
    "tests/mine/test_fault_writes.py",
    "tests/action/test_action_lint.py",
    "tests/publish/test_publish_e2e.py",
    "tests/publish/test_soak.py",
    "tests/mine/test_odd_repos.py",
    "tests/redact/test_redact_behaviour.py",
    "tests/redact/test_sieve.py",
    "tests/share/test_action_digests.py",
    "tests/mine/test_secret_leaks.py",
    "tests/publish/test_push.py",
    "tests/publish/test_push_ledger.py",
    "tests/llm/test_deadline.py",
)


CORPUS_FIXTURES = {"corpus_dir", "corpus_skill", "corpus_transcript", "corpus_transcript_part"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run SLOW_FIRST's files first (a stable sort: the same order on every xdist worker)."""
    rank = {path: index for index, path in enumerate(SLOW_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(SLOW_FIRST)))
    for item in items:   # `-m "not corpus"` deselects them where the corpus is not at hand
        if CORPUS_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.corpus)
