"""Collecting conversations across adapters: claiming files, filters, and failure isolation."""

from __future__ import annotations

import shutil
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from skillgit.errors import UsageError
from skillgit.transcripts import ADAPTERS
from skillgit.transcripts.discover import (
    SessionQuery,
    iter_conversations,
    select_adapters,
    session_files,
)
from skillgit.transcripts.model import Adapter, Conversation, Redacting


class _Identity:
    def redact(self, text: str) -> str:
        return text


class _ExplodingAdapter:
    """An adapter with a bug: it claims `.boom` files and raises while parsing them."""

    AGENT = "boom"

    def default_roots(self, env: Mapping[str, str]) -> list[Path]:
        return []

    def discover(self, root: Path) -> Iterator[Path]:
        return iter(sorted(root.rglob("*.boom")))

    def sniff(self, path: Path) -> bool:
        if path.name == "sniff-raises.boom":
            raise OSError("unreadable")
        return path.suffix == ".boom"

    def parse(self, path: Path, redactor: Redacting) -> Iterator[Conversation]:
        raise KeyError("unexpected field")


def test_select_adapters() -> None:
    assert list(select_adapters(())) == list(ADAPTERS)
    assert list(select_adapters(("codex",))) == ["codex"]
    with pytest.raises(UsageError, match="unknown agent 'nope'"):
        select_adapters(("codex", "nope"))


def test_source_files_are_claimed_by_sniffing_any_name(corpus_dir: Path, tmp_path: Path) -> None:
    # Copy two real files under names no adapter's discover() would expect.
    shutil.copy(corpus_dir / "transcripts/codex/codemie/turn-spawn-skill.jsonl",
                tmp_path / "a.jsonl")
    shutil.copy(corpus_dir / "transcripts/claude-code/codemie/session-9eda1058.jsonl",
                tmp_path / "b.log")
    (tmp_path / "c.jsonl").write_text('{"hello": "world"}\n')
    adapters = select_adapters(("claude-code", "codex"))
    found = [(agent, path.name) for agent, path in session_files(adapters, source=tmp_path)]
    # b.log is not *.jsonl, so Claude's sniff (suffix check) rejects it.
    assert found == [("codex", "a.jsonl")]
    claude_named = tmp_path / "b.jsonl"
    (tmp_path / "b.log").rename(claude_named)
    found = [(agent, path.name) for agent, path in session_files(adapters, source=tmp_path)]
    assert sorted(found) == [("claude-code", "b.jsonl"), ("codex", "a.jsonl")]


def test_a_single_file_source(corpus_dir: Path) -> None:
    path = corpus_dir / "transcripts/codex/codemie/turn-spawn-skill.jsonl"
    conversations = list(iter_conversations(SessionQuery(source=path), _Identity()))
    assert [c.session_id for c in conversations] == ["spawn-test-uuid"]


def test_an_adapter_bug_is_a_warning_not_a_crash(corpus_dir: Path, tmp_path: Path) -> None:
    (tmp_path / "x.boom").write_text("{}")
    (tmp_path / "sniff-raises.boom").write_text("{}")
    shutil.copy(corpus_dir / "transcripts/codex/codemie/turn-spawn-skill.jsonl",
                tmp_path / "rollout-1.jsonl")
    registry: dict[str, Adapter] = {"boom": _ExplodingAdapter(), "codex": ADAPTERS["codex"]}
    warnings: list[str] = []
    conversations = list(iter_conversations(SessionQuery(source=tmp_path), _Identity(),
                                            registry=registry, on_warning=warnings.append))
    assert [c.agent for c in conversations] == ["codex"]
    # A sniff that fails is reported too: never passed over in silence.
    assert sorted(warnings) == [f"could not read {tmp_path / 'sniff-raises.boom'}: unreadable",
                                f"could not read {tmp_path / 'x.boom'} as boom: KeyError: "
                                "'unexpected field'"]


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="needs named pipes")
def test_fifos_are_never_opened(tmp_path: Path) -> None:
    # Opening a FIFO for reading waits for a writer: discovery must skip it, not hang.
    import os

    home = tmp_path / "home"
    pipes = [home / ".claude/projects/p/s.jsonl", home / ".codex/sessions/2025/rollout-1.jsonl",
             home / ".gemini/tmp/h/chats/session-1.json", home / "data/opencode/opencode.db",
             tmp_path / "src/a.jsonl", tmp_path / "src/opencode.db"]
    for pipe in pipes:
        pipe.parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(pipe)
    env = {"HOME": str(home), "XDG_DATA_HOME": str(home / "data")}
    adapters = select_adapters(())
    assert list(session_files(adapters, env=env)) == []
    assert list(session_files(adapters, source=tmp_path / "src")) == []
    assert list(session_files(adapters, source=tmp_path / "src" / "a.jsonl")) == []
