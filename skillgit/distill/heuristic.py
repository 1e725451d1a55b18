"""The `heuristic` engine: offline, free, deterministic; the default when no LLM is set up.

It reads one conversation with the distill rules beside it (`user_signals` and
`env_signals`): asks become tasks, redirects after an agent action become
corrections, standing rules become preferences, the same ask twice becomes a repeated ask,
and failing tool calls become environment feedback (with the fix when one followed).
Every item quotes its turn verbatim. It is the baseline every LLM engine must beat.
Registered like any engine, under the `skillgit.engines` entry point `heuristic`.
"""

from __future__ import annotations

from skillgit.digest import Digest, DigestAnswer
from skillgit.distill.env_signals import env_feedback
from skillgit.distill.facts import build_digest
from skillgit.distill.user_signals import user_signals
from skillgit.llm.base import EngineSettings, Usage
from skillgit.transcripts.model import Conversation

NAME = "heuristic"
# Bump when the rules change, so cached digests are recomputed.
PROMPT_VERSION = "heuristic-26"
MAX_TOPIC_CHARS = 160


class HeuristicEngine:
    """Rule-based distillation; makes no network calls and costs no tokens."""

    name = NAME
    model: str | None = None
    prompt_version = PROMPT_VERSION

    def distill(self, conversation: Conversation) -> tuple[Digest, Usage]:
        answer = self.answer(conversation)
        digest = build_digest(conversation, answer, engine=self.name, model=self.model,
                              prompt_version=self.prompt_version)
        return digest, Usage()

    def answer(self, conversation: Conversation) -> DigestAnswer:
        """The engine's answer alone, without the session facts."""
        users = user_signals(conversation)
        topics = [_topic(users.tasks[0].summary)] if users.tasks else []
        return DigestAnswer(topics=topics, tasks=users.tasks,
                            env_feedback=env_feedback(conversation),
                            user_feedback=users.feedback)


def create(settings: EngineSettings) -> HeuristicEngine:
    """Entry-point factory (`skillgit.engines`: `heuristic`); settings are not needed."""
    del settings
    return HeuristicEngine()


def _topic(summary: str) -> str:
    if len(summary) <= MAX_TOPIC_CHARS:
        return summary
    cut = summary.rfind(" ", 0, MAX_TOPIC_CHARS)
    return summary[: cut if cut > 40 else MAX_TOPIC_CHARS].rstrip(" ,;:") + "…"
