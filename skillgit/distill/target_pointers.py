"""Ways a sentence points at the agent's target without naming its file (`contradictions`),
and whether it names production when the agent changed something there.

- **by its kind**, anywhere in the sentence: "that header", "this migration", "those
  files" — the one the agent just edited ("the header tool writes that header again on
  every build");
- **by the environment a changing command took it from**: ".env", "your shell", an env
  setting such as `DATABASE_URL` or `KUBECONFIG` ("your shell's DATABASE_URL is the shared
  QA database"): said to be shared or live, the command's target was.
"""

from __future__ import annotations

import re

from skillgit.distill.action_context import ActionContext
from skillgit.distill.user_phrases import rx

THAT_KIND = rx(r"""\b(?:that|this|those|these)\s+(?:[\w.-]+\s+)?(?:file|header|module|class
    |client|migration|script|config|template|page|folder|directory|table|schema|stub|code
    |function|lockfile|bundle|binary)s?\b""")
ENV_HOLDER = re.compile(r"(?<![\w/])\.env(?:\.[\w-]+)?\b|(?i:\byour\s+(?:shell|env|environment"
                        r"|session|kubeconfig|context))\b|\b[A-Z][A-Z0-9]*_(?:URL|URI|DSN|HOST"
                        r"|CONTEXT|PROFILE|PROJECT|ACCOUNT|ENV)\b|\bKUBECONFIG\b")


# The production environment in any language, and how commands and files name it.
_PRODUCTION = rx(r"""\b(?:prod|production|produktion\w*|produktiv\w*|producción|produção
    |producao|produzione|productie|productieomgeving|live)\b|продакшн|прод\b|本番|生产|운영""")
_PRODUCTION_NAMES = frozenset({"prod", "production", "prd", "live"})


def names_production_target(text: str, context: ActionContext) -> bool:
    """Whether `text` names production (in any language) and the agent's change targeted
    it (a command or file naming prod, production or live)."""
    parts = {p for name in context.changed for p in re.split(r"[_\-./:=]+", name)}
    return bool(parts & _PRODUCTION_NAMES) and _PRODUCTION.search(text) is not None


def points_at_target(sentence: str, rest: str, *, shell: bool) -> bool:
    """Whether `sentence` points at the agent's target by its kind, or `rest` (the sentence
    without its property word) by the environment a shell command ran in."""
    return THAT_KIND.search(sentence) is not None or (
        shell and ENV_HOLDER.search(rest) is not None)
