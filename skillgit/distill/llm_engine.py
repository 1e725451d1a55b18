"""`LLMEngine`: distillation by any structured-output `Backend` (HTTP API or agent CLI).

The distill side of every model backend (the backends themselves live in `skillgit.llm`).
One call per conversation: the compact, redacted rendering from
`skillgit.distill.render` (session delimited as untrusted data, within the token budget)
goes to `backend.complete(system, user, DigestAnswer)`; the parsed answer then passes
`skillgit.distill.verify`, which drops every item whose quote does not occur in the cited
turn (the prompt-injection and hallucination guard), before the `Digest` is built.
`InvalidAnswer` and `EngineUnavailable` from the backend propagate to the caller.
"""

from __future__ import annotations

import threading

from skillgit.digest import Digest, DigestAnswer
from skillgit.distill.facts import build_digest
from skillgit.distill.render import DEFAULT_TOKEN_BUDGET, PROMPT_VERSION, render_prompt
from skillgit.distill.verify import verify_answer
from skillgit.llm.base import Backend, Usage
from skillgit.transcripts.model import Conversation

DEFAULT_MAX_OUTPUT_TOKENS = 2048


class LLMEngine:
    """An engine that asks `backend` for a `DigestAnswer` and keeps only verified items."""

    def __init__(self, backend: Backend, *, token_budget: int = DEFAULT_TOKEN_BUDGET,
                 max_output_tokens: int = DEFAULT_MAX_OUTPUT_TOKENS) -> None:
        if token_budget < 500:
            raise ValueError("token_budget must be at least 500 tokens")
        self.backend = backend
        self.token_budget = token_budget
        self.max_output_tokens = max_output_tokens
        self.dropped_items = 0  # answer items refused by the guard, over this engine's life
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return self.backend.name

    @property
    def model(self) -> str | None:
        return self.backend.model

    @property
    def prompt_version(self) -> str:
        """Identifies the prompt and its budget, so a change re-distills cached sessions."""
        return f"{PROMPT_VERSION}/budget-{self.token_budget}"

    def distill(self, conversation: Conversation) -> tuple[Digest, Usage]:
        prompt = render_prompt(conversation, token_budget=self.token_budget)
        completion = self.backend.complete(prompt.system, prompt.user, DigestAnswer,
                                           max_output_tokens=self.max_output_tokens)
        verified = verify_answer(completion.value, conversation)
        with self._lock:
            self.dropped_items += verified.dropped
        digest = build_digest(conversation, verified.answer, engine=self.name,
                              model=self.model, prompt_version=self.prompt_version)
        return digest, completion.usage
