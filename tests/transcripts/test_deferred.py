"""Turns redact their texts on first read: no work on text nothing reads, and no way to see
the raw text (attribute, dump, repr, copy, pickle, comparison)."""

from __future__ import annotations

import copy
import json
import pickle
import threading
from pathlib import Path

from skillgit.redact import Redactor
from skillgit.transcripts import claude_code, codex
from skillgit.transcripts.model import Conversation, Turn

SECRET = "ghp_" + "A1b2C3d4E5" * 4
PASSWORD = "hunter2-is-the-staging-pw"


class CountingRedactor:
    """A real redactor that counts the texts it is asked to redact or prime."""

    def __init__(self) -> None:
        self.inner = Redactor(home="/home/dev")
        self.calls = 0
        self.lock = threading.Lock()

    def redact(self, text: str) -> str:
        with self.lock:
            self.calls += 1
        return self.inner.redact(text)

    def prime(self, texts: list[str]) -> None:
        with self.lock:
            self.calls += 1
        self.inner.prime(texts)


def _session(tmp_path: Path) -> Path:
    lines = []
    base = {"sessionId": "s-1", "cwd": "/home/dev/app", "timestamp": "2026-01-02T10:00:00Z"}
    lines.append({**base, "type": "user", "uuid": "u1", "message": {
        "role": "user", "content": f"deploy with token {SECRET} please"}})
    lines.append({**base, "type": "assistant", "uuid": "a1", "message": {
        "id": "m1", "role": "assistant", "content": [
            {"type": "tool_use", "id": "t1", "name": "Bash",
             "input": {"command": f"mysql -u root -p{PASSWORD} app"}}]}})
    lines.append({**base, "type": "user", "uuid": "u2", "message": {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": "t1", "is_error": True,
         "content": f"Exit code 1\nexport GH_TOKEN={SECRET}\n/home/dev/app/x.py failed"}]}})
    path = tmp_path / "session.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    return path


def _parse(tmp_path: Path, redactor: CountingRedactor) -> Conversation:
    conversations = list(claude_code.parse(_session(tmp_path), redactor))
    assert len(conversations) == 1
    return conversations[0]


def _assert_clean(text: str) -> None:
    assert SECRET not in text and PASSWORD not in text and "/home/dev" not in text


def test_nothing_read_means_nothing_redacted(tmp_path: Path) -> None:
    redactor = CountingRedactor()
    conversation = _parse(tmp_path, redactor)
    before = redactor.calls  # the cwd and warnings are redacted while building
    tool = conversation.tool_calls[0]
    assert (len(conversation.turns), tool.tool_name, tool.kind.value) == (2, "Bash", "tool_call")
    assert tool.result is not None and tool.result.is_error and conversation.n_tool_errors == 1
    assert redactor.calls == before
    _assert_clean(tool.result.text)
    assert "[REDACTED:" in tool.result.text
    assert redactor.calls > before


def test_every_way_of_reading_is_redacted(tmp_path: Path) -> None:
    readers = [
        lambda c: c.turns[0].text, lambda c: c.turns[1].tool_input,
        lambda c: c.model_dump_json(), lambda c: json.dumps(c.model_dump(mode="json")),
        lambda c: repr(c), lambda c: str(c.turns[1]),
        lambda c: pickle.loads(pickle.dumps(c)).model_dump_json(),
        lambda c: copy.deepcopy(c).model_dump_json(), lambda c: copy.copy(c).model_dump_json(),
        lambda c: c.turns[1].model_copy(update={"index": 9}).model_dump_json(),
        lambda c: repr(c.turns[1].__getstate__()),
    ]
    for read in readers:
        conversation = _parse(tmp_path, CountingRedactor())
        _assert_clean(read(conversation))


def test_deferred_turns_compare_and_hash_as_redacted(tmp_path: Path) -> None:
    first = _parse(tmp_path, CountingRedactor())
    second = _parse(tmp_path, CountingRedactor())
    assert first == second
    assert hash(first.turns[1]) == hash(second.turns[1])
    assert first.turns[1] == first.turns[1].model_copy()
    again = Conversation.model_validate_json(first.model_dump_json())
    assert again == second


def test_concurrent_first_reads_agree(tmp_path: Path) -> None:
    conversation = _parse(tmp_path, CountingRedactor())
    seen: list[str] = []

    def read() -> None:
        result = conversation.turns[1].result
        assert result is not None
        seen.append(result.text + conversation.turns[1].text)

    threads = [threading.Thread(target=read) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(seen) == len(threads) and len(set(seen)) == 1  # a failed read appends nothing
    _assert_clean(seen[0])


class _AloneRedactor:
    """A real redactor without `prime`: every text is redacted on its own."""

    def __init__(self) -> None:
        self.inner = Redactor(home="/home/dev")

    def redact(self, text: str) -> str:
        return self.inner.redact(text)


class _PrimeRecorder(_AloneRedactor):
    def __init__(self) -> None:
        super().__init__()
        self.primed: list[list[str]] = []

    def prime(self, texts: list[str]) -> None:
        self.primed.append(list(texts))
        self.inner.prime(texts)


def test_the_first_result_read_primes_every_result_of_its_batch(tmp_path: Path) -> None:
    redactor = _PrimeRecorder()
    conversation = _parse(tmp_path, redactor)  # type: ignore[arg-type]
    result = conversation.turns[1].result
    assert result is not None and redactor.primed == []
    _assert_clean(result.text)
    assert len(redactor.primed) == 1 and any(SECRET in text for text in redactor.primed[0])
    assert conversation.turns[0].text and len(redactor.primed) == 2  # the turns' own texts
    assert conversation.turns[1].result is not None
    assert conversation.turns[1].result.text == result.text and len(redactor.primed) == 2


def test_primed_results_equal_results_redacted_alone_on_the_real_corpus(
        corpus_dir: Path) -> None:
    files = sorted((corpus_dir / "transcripts").rglob("*.jsonl"))
    assert len(files) >= 10
    results = 0
    for path in files:
        adapter = codex if "/codex/" in path.as_posix() else claude_code
        primed, alone = ([[(turn.result.text if turn.result is not None else None, turn.text)
                           for turn in conversation.turns]
                          for conversation in adapter.parse(path, redactor)]
                         for redactor in (_PrimeRecorder(), _AloneRedactor()))
        assert primed == alone, path
        results += sum(text is not None for turns in primed for text, _ in turns)
    assert results > 100


def test_deferred_dumps_equal_eager_ones_on_the_real_corpus(corpus_dir: Path) -> None:
    """Cache keys hash the dump: a deferred conversation dumps byte for byte like one built
    from the same values eagerly (field order included)."""
    files = sorted((corpus_dir / "transcripts").rglob("*.jsonl"))
    assert len(files) >= 10
    for path in files:
        adapter = codex if "/codex/" in path.as_posix() else claude_code
        for conversation in adapter.parse(path, Redactor(home="/home/dev")):
            dumped = conversation.model_dump_json()
            eager = conversation.model_copy(update={"turns": [
                Turn(**{name: getattr(turn, name) for name in Turn.model_fields})
                for turn in conversation.turns]})
            assert eager.model_dump_json() == dumped, path
