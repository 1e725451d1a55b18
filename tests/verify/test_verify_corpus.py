"""Replay cases built from the real corpus's sessions carry no secret and no home path.

Every session of the shared corpus (written by others, real agent output) is parsed as `verify`
parses it; one evidence item is planted at each user turn after the first (where a correction
would be), and every text of the cases `build_cases` makes from them, and the replay prompt
sent for each, is checked: neither detector of the final screen finds anything, and no home
folder of any user is named. (The case file as one JSON text is not: escaping a cut tool
output inside JSON can make the detectors see a `"key": "value"` pair across two fragments;
the cache and the request screen each string, as every other cache write and request does.)
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path

from skillgit.proposal import Candidate, DimensionResult, Proposal, Signal, SkillChange, Verdict
from skillgit.redact import Redactor
from skillgit.redact.screen import secret_findings
from skillgit.transcripts.discover import SessionQuery, iter_conversations
from skillgit.transcripts.model import Conversation, TurnKind
from skillgit.verify.cases import build_cases
from skillgit.verify.lesson import expectation_of
from skillgit.verify.loading import user_prompt

HOME_PATH = re.compile(r"(?:/home/|/Users/|[A-Za-z]:\\\\?Users\\\\?)(?!\[)[A-Za-z0-9._-]+")
SKILL = b"---\nname: x\ndescription: Runs x. Use when x.\n---\n\n- Use `pnpm install`.\n"


def planted(conversations: list[Conversation]) -> Proposal:
    signals = []
    for c in conversations:
        for turn in c.turns[1:]:
            if turn.kind is TurnKind.USER:
                signals.append(Signal(kind="correction", summary="s", quote="q", turn=turn.index,
                                      agent=c.agent, session_id=c.session_id,
                                      started_at=c.started_at or datetime.now(timezone.utc)))
    none = DimensionResult(holds=True, reason="r")
    return Proposal(kind="new", skill="x", summary="s", engine="heuristic",
                    change=SkillChange(skill="x", directory="skills/x",
                                       files={"skills/x/SKILL.md": SKILL}),
                    verdict=Verdict(candidate=Candidate(key="k", title="t", terms=[],
                                                        signals=signals),
                                    repeatable=none, feedback=none, repeated_ask=none))


def test_corpus_replay_cases_carry_no_secret_and_no_home_path(corpus_dir: Path) -> None:
    source = corpus_dir / "transcripts"
    conversations = list(iter_conversations(SessionQuery(source=source),
                                             Redactor.from_environment()))
    assert len(conversations) >= 10
    proposal = planted(conversations)
    found = build_cases(proposal, "0123456789abcdef", [expectation_of("Use `pnpm install`.")],
                        conversations, 2000)
    assert len(found.cases) >= 20           # the check is not vacuous
    assert sum(len(c.context) for c in found.cases) >= 100
    for case in found.cases:
        for text in [*case.texts(), user_prompt(case)]:   # each text, and the request's
            assert not secret_findings(text), (case.session, case.turn)
            assert not HOME_PATH.search(text), (case.session, case.turn,
                                                HOME_PATH.search(text))
