"""Shared machinery for adapters: collect turns while reading, redact once, freeze.

Adapters append draft turns holding *raw* text cut to a bounded size; `build()` then
returns the frozen `Conversation`, whose turns redact their texts on first read (see
`model.Deferred`): each kept text is redacted exactly once, and only if something reads it.
The raw texts stay inside the turns' closures, so nothing unredacted leaves the adapter.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime

from skillgit.redact.blocks import prints_secrets
from skillgit.transcripts.jsonl import LineStats
from skillgit.transcripts.model import (
    MAX_INPUT_CHARS,
    MAX_RESULT_CHARS,
    MAX_TEXT_CHARS,
    Conversation,
    Redacting,
    ToolResult,
    Turn,
    TurnKind,
)
from skillgit.transcripts.refusal import refused_by_user
from skillgit.transcripts.skill_text import shown_skill_sha

# Extra raw characters kept around a cut so a secret straddling it is still recognised
# together with its context (`password=`). A cut inside a long token moves to the token's
# end, and a PEM block crossing a cut widens the window to its END line.
_REDACT_MARGIN = 256
_TOKEN_MAX = 8192
_PEM_MAX = 16384
_PRIMED_TURNS = 256
"""Turns whose texts are handed to `Redactor.prime` together (its cache holds them all)."""
_SURROGATE = re.compile("[\ud800-\udfff]")
# Terminal control: escape sequences (CSI, OSC, …) and other C0/C1 controls except tab and
# newlines. Untrusted text (a fetched page, colored tool output) must not reach a terminal
# with them: OSC 52 writes the clipboard, CSI rewrites the screen.
_UNSAFE = re.compile("[\ud800-\udfff\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_SAFE_ASCII = bytes(code for code in range(128) if not _UNSAFE.match(chr(code)))
_SAFE_UTF8 = bytes(code for code in range(256)
                   if (code >= 0x80 and code not in (0xC2, 0xED)) or code in _SAFE_ASCII)
"""UTF-8 bytes that start or continue no unsafe character: a C1 control (U+0080-U+009F)
is `\\xc2` + one byte, a surrogate (`surrogatepass`) `\\xed` + two."""
_CONTROL = re.compile(
    # OSC, DCS, SOS, PM, APC strings with their terminator (the body stops at the next
    # introducer, so hostile input stays linear)
    "(?:\x1b[\\]P^_X]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x90\x98\x9c-\x9f]*(?:\x07|\x1b\\\\|\x9c)"
    "|(?:\x1b\\[|\x9b)[0-?]*[ -/]*[@-~]?"  # CSI: colors, cursor moves, clearing
    "|\x1b[ -/]*[0-~]?"  # other ESC sequences (and an unterminated string's introducer)
    "|[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")  # any other control character
_SPACE = re.compile(r"\s")
# A command that reads one concrete SKILL.md: `<verb> … /path/<skill>/SKILL.md`.
_READ_VERBS = r"(?:cat|sed|head|tail|less|more|bat|nl|awk|type|Get-Content)"
_SKILL_READ = re.compile(
    r"(?:^|[\s;&|(])" + _READ_VERBS + r"\b[^;&|\n]*?([^\s'\"/*?]+)/SKILL\.md\b")
_SKILL_PATH = re.compile(r"(?:^|/)([^/\\\s*?]+)/SKILL\.md$")


def head(text: str, size: int) -> str:
    """The first `size` characters, widened so a PEM block crossing the cut stays whole."""
    if len(text) <= size:
        return text
    if text.rfind("-----BEGIN", 0, size) > text.rfind("-----END", 0, size):
        end = text.find("-----END", size, size + _PEM_MAX)
        if end >= 0:
            close = text.find("-----", end + 8, end + 80)
            size = close + 5 if close >= 0 else end + 80
    if size < len(text) and not text[size - 1].isspace():
        space = _SPACE.search(text, size, size + _TOKEN_MAX)
        size = space.start() if space else size + _TOKEN_MAX
    return text[:size]


def tail(text: str, size: int) -> str:
    """The last `size` characters, widened so a PEM block crossing the cut stays whole."""
    if len(text) <= size:
        return text
    start = len(text) - size
    end = text.find("-----END", start)
    begin = text.find("-----BEGIN", start)
    if end >= 0 and (begin < 0 or end < begin):
        opened = text.rfind("-----BEGIN", max(0, start - _PEM_MAX), start)
        if opened >= 0:
            start = opened
    if start > 0 and not text[start].isspace():
        low = max(0, start - _TOKEN_MAX)
        start = max(text.rfind(" ", low, start), text.rfind("\n", low, start), low - 1) + 1
    return text[start:]


def cut(text: str, limit: int) -> str:
    """`text` cut to `limit` + a redaction margin: cheap, before redaction."""
    return head(text, limit + _REDACT_MARGIN)


def scrub(text: str) -> str:
    """Replace lone surrogates (valid in JSON escapes, unencodable in UTF-8); drop terminal
    escape sequences and control characters other than tab and newlines."""
    if text.isascii():
        # C speed: delete every safe byte; anything left is a control character
        if not text.encode("ascii").translate(None, _SAFE_ASCII):
            return text
    elif (not text.encode("utf-8", "surrogatepass").translate(None, _SAFE_UTF8)
          or _UNSAFE.search(text) is None):
        return text
    if _SURROGATE.search(text) is not None:
        text = text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return _CONTROL.sub("", text)


def _pieces(text: str, limit: int) -> tuple[str, ...]:
    """What `finish` redacts: the scrubbed text, or its head and tail when it is too long."""
    return _cut_pieces(scrub(text), limit)


def _cut_pieces(text: str, limit: int) -> tuple[str, ...]:
    """`_pieces` of an already scrubbed text."""
    if len(text) <= limit:
        return (text,)
    head_len = limit * 2 // 3
    tail_len = limit - head_len - 40
    return head(text, head_len + _REDACT_MARGIN), tail(text, tail_len + _REDACT_MARGIN)


def finish(text: str, limit: int, redactor: Redacting) -> str:
    """Redact `text` and bound it to `limit` characters, keeping head and tail."""
    if not text:
        return text
    text = scrub(text)
    pieces = _cut_pieces(text, limit)
    if len(pieces) == 1:
        return redactor.redact(pieces[0])
    head_len = limit * 2 // 3
    tail_len = limit - head_len - 40
    first = redactor.redact(pieces[0])[:head_len]
    last = redactor.redact(pieces[1])[-tail_len:]
    return f"{first}\n…[{len(text) - head_len - tail_len} chars omitted]…\n{last}"


def _draft_pieces(draft: DraftTurn) -> Iterator[str]:
    """The texts `_deferred_turn` redacts for `draft` when the turn is read (its result is
    redacted on its own, when it is read: most results never are)."""
    for text, limit in ((draft.text, MAX_TEXT_CHARS), (draft.tool_input, MAX_INPUT_CHARS)):
        if text:
            yield from _pieces(text, limit)


def skills_read_in_command(command: str) -> list[str]:
    """Skill names of every concrete `<name>/SKILL.md` a shell command reads (cat, sed …)."""
    if "SKILL.md" not in command:
        return []
    return [match.group(1) for match in _SKILL_READ.finditer(command)]


def skill_read_in_path(path: str) -> str | None:
    """The skill name when a file-read tool opens `<name>/SKILL.md`."""
    match = _SKILL_PATH.search(path.strip())
    return match.group(1) if match else None


@dataclass
class DraftTurn:
    kind: TurnKind
    text: str = ""
    timestamp: datetime | None = None
    tool_name: str | None = None
    tool_input: str | None = None
    skill_name: str | None = None
    shown: str | None = None  # raw skill text the agent was shown (hashed, never kept)
    invoked_by: str | None = None
    command: str | None = None
    merge_key: str | None = None
    has_result: bool = False
    result_text: str = ""
    is_error: bool = False
    exit_code: int | None = None


@dataclass
class ConversationBuilder:
    """Mutable collector for one conversation; `build()` freezes and redacts it."""

    agent: str
    source_path: str
    session_id: str = ""
    cwd: str | None = None
    git_branch: str | None = None
    model: str | None = None
    agent_version: str | None = None
    started_at: datetime | None = None
    ended_at: datetime | None = None
    is_sidechain: bool = False
    parent_session_id: str | None = None
    injected_dropped: int = 0
    turns: list[DraftTurn] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def seen_time(self, when: datetime | None) -> None:
        if when is None:
            return
        if self.started_at is None or when < self.started_at:
            self.started_at = when
        if self.ended_at is None or when > self.ended_at:
            self.ended_at = when

    def add(self, kind: TurnKind, text: str = "", when: datetime | None = None,
            **fields: str | None) -> DraftTurn:
        limit = MAX_TEXT_CHARS
        turn = DraftTurn(kind=kind, text=cut(text, limit), timestamp=when)
        for name, value in fields.items():
            setattr(turn, name, cut(value, MAX_INPUT_CHARS) if name == "tool_input"
                    and value is not None else value)
        self.turns.append(turn)
        self.seen_time(when)
        return turn

    def add_assistant_text(self, text: str, when: datetime | None, merge_key: str | None) -> None:
        """Assistant text; consecutive pieces of one streamed message become one turn."""
        last = self.turns[-1] if self.turns else None
        if (merge_key is not None and last is not None and last.kind is TurnKind.ASSISTANT
                and last.merge_key == merge_key):
            last.text = cut(f"{last.text}\n\n{text}", MAX_TEXT_CHARS)
            return
        self.add(TurnKind.ASSISTANT, text, when).merge_key = merge_key

    def add_marker(self, kind: TurnKind, when: datetime | None, text: str = "") -> None:
        """An interrupt or compaction point; a repeat right after the same marker is merged."""
        if self.turns and self.turns[-1].kind is kind:
            return
        self.add(kind, text, when)

    @staticmethod
    def set_result(turn: DraftTurn, text: str, *, is_error: bool = False,
                   exit_code: int | None = None, append: bool = False) -> None:
        if append and turn.has_result:
            text = "\n".join(part for part in (turn.result_text, text) if part)
        if len(text) > MAX_RESULT_CHARS + 2 * _REDACT_MARGIN:
            keep = MAX_RESULT_CHARS + _REDACT_MARGIN
            text = head(text, keep) + "\n…\n" + tail(text, keep)
        turn.has_result = True
        turn.result_text = text
        turn.is_error = turn.is_error or is_error
        if exit_code is not None:
            turn.exit_code = exit_code
            turn.is_error = turn.is_error or exit_code != 0

    def build(self, redactor: Redacting, stats: LineStats, path_size: int) -> Conversation:
        turns: list[Turn] = []
        for low in range(0, len(self.turns), _PRIMED_TURNS):
            drafts = self.turns[low:low + _PRIMED_TURNS]
            batch = _Batch(drafts, redactor)
            turns.extend(_deferred_turn(low + i, t, batch) for i, t in enumerate(drafts))
        warnings = list(self.warnings)
        if not turns and path_size > 0:
            version = self.agent_version or "unknown"
            warnings.append(f"zero turns in {self.source_path} (agent version {version})")
        if stats.bad_lines:
            reasons = ", ".join(f"{n} {why}" for why, n in sorted(stats.reasons.items()))
            warnings.append(f"skipped {stats.bad_lines} bad line(s) in {self.source_path}: "
                            f"{reasons}")
        meta = {name: redactor.redact(scrub(value)) if value else None
                for name, value in (("cwd", self.cwd), ("git_branch", self.git_branch))}
        return Conversation(
            agent=self.agent, session_id=scrub(self.session_id), source_path=self.source_path,
            cwd=meta["cwd"], git_branch=meta["git_branch"], model=_scrubbed(self.model),
            agent_version=_scrubbed(self.agent_version), started_at=self.started_at,
            ended_at=self.ended_at, is_sidechain=self.is_sidechain,
            parent_session_id=_scrubbed(self.parent_session_id), turns=turns,
            parse_warnings=stats.bad_lines, injected_dropped=self.injected_dropped,
            warnings=[redactor.redact(w) for w in warnings])



class _AfterCommand:
    """Redacts a tool's output as the output of its command: `$ <command>` heads the text
    while it is redacted (so `redact.blocks` reads what printed it) and is cut off after."""

    def __init__(self, command: str, redactor: Redacting) -> None:
        self.head = "$ " + " ".join(command.split()) + "\n"
        self.redactor = redactor

    def redact(self, text: str) -> str:
        done = self.redactor.redact(self.head + text)
        return done[done.find("\n") + 1:]


class _Batch:
    """Turns redacted together: the first read of any of them primes the redactor with all
    their texts (one batched scan, see `Redactor.prime`), so reading them all costs what
    redacting them at once did, and reading none costs nothing."""

    def __init__(self, drafts: list[DraftTurn], redactor: Redacting) -> None:
        self.drafts: list[DraftTurn] | None = drafts
        self.results: list[DraftTurn] | None = drafts
        self.redactor = redactor

    def prime(self) -> None:
        drafts, self.drafts = self.drafts, None
        prime = getattr(self.redactor, "prime", None)
        if drafts is not None and prime is not None:
            prime([piece for draft in drafts for piece in _draft_pieces(draft)])

    def prime_results(self) -> None:
        """The same for the turns' results, on the first read of any of them: a consumer
        that reads one result reads most (`distill`), and most results read alone cost a
        scan each. A result read as its command's output (`_AfterCommand`) is not primed."""
        drafts, self.results = self.results, None
        prime = getattr(self.redactor, "prime", None)
        if drafts is not None and prime is not None:
            prime([piece for draft in drafts if draft.has_result and draft.result_text
                   and not (draft.tool_input and prints_secrets(draft.tool_input))
                   for piece in _pieces(draft.result_text, MAX_RESULT_CHARS)])


def _deferred_turn(index: int, draft: DraftTurn, batch: _Batch) -> Turn:
    """The frozen turn of `draft`; its text, tool input and result text are redacted on
    first read."""
    redactor = batch.redactor

    def texts() -> dict[str, object]:
        batch.prime()
        return {"text": finish(draft.text, MAX_TEXT_CHARS, redactor),
                "tool_input": (finish(draft.tool_input, MAX_INPUT_CHARS, redactor)
                               if draft.tool_input is not None else None)}

    result = None
    if draft.has_result:
        raw = draft.result_text

        command = draft.tool_input

        def result_text() -> dict[str, object]:
            batch.prime_results()
            if command and prints_secrets(command):  # its output is read as that command's
                return {"text": finish(raw, MAX_RESULT_CHARS, _AfterCommand(command, redactor))}
            return {"text": finish(raw, MAX_RESULT_CHARS, redactor)}

        result = ToolResult.deferred(result_text, is_error=draft.is_error,
                                     exit_code=draft.exit_code,
                                     rejected=refused_by_user(raw))
    turn: Turn = Turn.deferred(
        texts, index=index, kind=draft.kind, timestamp=draft.timestamp,
        tool_name=_scrubbed(draft.tool_name), result=result,
        skill_name=_scrubbed(draft.skill_name), invoked_by=draft.invoked_by,
        skill_sha=(shown_skill_sha(draft.shown or draft.result_text)
                   if draft.kind is TurnKind.SKILL else None),
        command=_scrubbed(draft.command))
    return turn


def _scrubbed(value: str | None) -> str | None:
    return scrub(value) if value else value


_INPUT_KEYS = ("command", "cmd", "file_path", "filePath", "path", "pattern", "url", "query",
               "skill", "description", "prompt")


def summarize_input(value: object) -> str:
    """A short, human-readable summary of a tool's input (the command, the path, …)."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        for key in _INPUT_KEYS:
            found = value.get(key)
            if isinstance(found, str) and found:
                return found
            if isinstance(found, list) and found and all(isinstance(x, str) for x in found):
                return " ".join(found)
    try:
        return cut(json.dumps(value, ensure_ascii=False, default=str), MAX_INPUT_CHARS)
    except (TypeError, ValueError):
        return ""
