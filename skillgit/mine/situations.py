"""When a rule without commands is needed: the kinds of work its sessions were doing.

A skill's "Use when …" must name the situations that should load it. For a rule taught by
commands, those come from the commands (`describe.task`). For a rule told in words ("don't
make the php tests depend on built assets … put $this->withoutVite() in the test"), they come
from the things of the repository its sessions' words name — tests, migrations, queued jobs,
views, deploys — read across every session of the lesson (one message's stray word never
decides), one row of `SITUATIONS` per kind of work. Words in other languages count too
(`tests`, `vistas`, `migración`), so a rule taught in Spanish and in English names the same
situation.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

# (words that name the thing, in any of the supported languages; the work, as a gerund phrase)
SITUATIONS: tuple[tuple[str, str], ...] = (
    ("test tests spec specs suite testing pest phpunit pytest rspec jest vitest prueba pruebas "
     "teste testes", "writing or running tests"),
    ("migration migrations migración migraciones schema index indexes indices column columns "
     "table tables ddl", "writing database migrations"),
    ("job jobs queue queues worker workers horizon sidekiq celery oban", "changing queued jobs "
     "or their workers"),
    ("view views template templates blade vista vistas asset assets vite css layout layouts "
     "component components page pages", "changing views or front-end assets"),
    ("deploy deploys deployment deployments release releases staging production",
     "deploying"),
    ("commit commits format formatting formatter lint linter style unformatted imports",
     "formatting or committing code"),
    ("controller controllers endpoint endpoints route routes api request requests response "
     "responses validation form forms", "changing endpoints and request handling"),
    ("dependency dependencies package packages deps lockfile gem gems crate crates module "
     "modules", "adding or updating dependencies"),
    ("data backfill backfills records rows task tasks", "changing or backfilling data"),
    ("config configuration settings env environment variable variables", "changing "
     "configuration"),
    ("model models class classes type types service services function functions method "
     "methods", "writing application code"),
)
_ROWS = tuple((frozenset(words.split()), phrase) for words, phrase in SITUATIONS)
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
MAX_SITUATIONS = 2


def situations(texts_by_session: Iterable[tuple[str, str]]) -> str:
    """The work the sessions' words name most, by session: "writing or running tests" or two
    joined by "or"; "" when their words name no thing of `SITUATIONS`. `texts_by_session`:
    (session id, text) pairs."""
    seen: dict[str, set[str]] = {}
    for session, text in texts_by_session:
        words = {w.lower() for w in _WORD.findall(text)}
        for vocabulary, phrase in _ROWS:
            if vocabulary & words:
                seen.setdefault(phrase, set()).add(session)
    if not seen:
        return ""
    order = {phrase: n for n, (_words, phrase) in enumerate(SITUATIONS)}
    counts = Counter({phrase: len(sessions) for phrase, sessions in seen.items()})
    top = sorted(counts, key=lambda p: (-counts[p], order[p]))
    best = counts[top[0]]
    chosen = [p for p in top if counts[p] == best][:MAX_SITUATIONS]
    return " or ".join(chosen)
