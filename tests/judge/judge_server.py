"""A local judge server for tests: each request is answered by a Python function that reads
the candidates and evidence ids from the prompt, so tests script what the model decides."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "llm"))

from servers import Received, Reply, ScriptedServer, anthropic_reply, openai_reply

from skillgit.digest import Digest, Evidence, FeedbackItem, TaskItem

KILLS = ("one-off", "vague-helper", "one-time-setup", "overlap-without-extension",
         "generic-advice")
_CANDIDATE = re.compile(r"^(C\d+): (\d+) session")
_EVIDENCE = re.compile(r"^  (E\d+) \[[\w-]+\] (S\d+) turn \d+: (.*)$")


@dataclass
class Shown:
    """One candidate as the prompt showed it."""

    cid: str
    sessions: int
    evidence: list[tuple[str, str, str]] = field(default_factory=list)  # (eid, session, text)

    @property
    def eids(self) -> list[str]:
        return [e for e, _, _ in self.evidence]

    def says(self, word: str) -> bool:
        return any(word.lower() in text.lower() for _, _, text in self.evidence)


def prompt_of(request: Received) -> str:
    body = request.json()
    content = body["messages"][-1]["content"]
    return content if isinstance(content, str) else content[0]["text"]


def is_judge(request: Received) -> bool:
    return "candidate(s)" in prompt_of(request)


def candidates_in(prompt: str) -> list[Shown]:
    shown: list[Shown] = []
    for line in prompt.splitlines():
        m = _CANDIDATE.match(line)
        if m:
            shown.append(Shown(m.group(1), int(m.group(2))))
            continue
        e = _EVIDENCE.match(line)
        if e and shown:
            shown[-1].evidence.append((e.group(1), e.group(2), e.group(3)))
    return shown


def judgement(members: list[Shown], *, passes: bool = True, kind: str = "new",
              skill: str | None = None, rank: int = 1,
              cite: list[str] | None = None) -> dict[str, Any]:
    ids = cite if cite is not None else [e for m in members for e in m.eids][:3]

    def reason(holds: bool, text: str) -> dict[str, Any]:
        return {"holds": holds, "reason": text, "evidence": ids}

    return {"candidates": [m.cid for m in members],
            "repeatable": reason(passes, "The same lesson recurs across sessions."),
            "room_to_improve": reason(passes, "The user corrected the agent each time."),
            "repeated_ask": reason(False, "Nothing was asked twice."),
            "kill_switches": [{"switch": k, "fires": False, "reason": "It does not apply.",
                               "evidence": ids} for k in KILLS],
            "kind": kind, "skill": skill, "rank": rank}


Decide = Callable[[list[Shown]], list[dict[str, Any]]]


@dataclass(frozen=True)
class Computed(Reply):
    """A reply computed from the request it answers (the last one received)."""

    server: Any = None
    decide: Any = None
    flavour: str = "openai"

    def encoded(self) -> bytes:
        prompt = prompt_of(self.server.received[-1])
        text = json.dumps({"judgements": self.decide(candidates_in(prompt))})
        made = (openai_reply(text, prompt_tokens=len(prompt) // 4) if self.flavour == "openai"
                else anthropic_reply(text, input_tokens=len(prompt) // 4))
        return made.encoded()


class JudgeServer(ScriptedServer):
    def __init__(self, decide: Decide, flavour: str = "openai", replies: int = 20) -> None:
        super().__init__()
        headers = {} if flavour == "openai" else {"request-id": "req_test"}
        self.queue(*[Computed(headers=headers, server=self, decide=decide, flavour=flavour)
                     for _ in range(replies)])

    @property
    def prompts(self) -> list[str]:
        return [prompt_of(r) for r in self.received]


def digest(n: int, *, corrections: tuple[str, ...] = (), asks: tuple[str, ...] = (),
           skills: tuple[str, ...] = ()) -> Digest:
    def ev(text: str, turn: int) -> list[Evidence]:
        return [Evidence(quote=text, turn=turn)]
    return Digest(
        agent="claude-code", session_id=f"session-{n:04d}-abcdef",
        started_at=datetime(2026, 11, n, 9, 0, tzinfo=timezone.utc), main_dir="app",
        n_user_turns=4, opening=f"opening-{n:04d}", topics=["work"], skills_used=list(skills),
        tasks=[TaskItem(summary=a, evidence=ev(a, 0)) for a in asks],
        user_feedback=[FeedbackItem(kind="correction", summary=c, evidence=ev(c, 2 + i))
                       for i, c in enumerate(corrections)],
        engine="heuristic", prompt_version="test")
