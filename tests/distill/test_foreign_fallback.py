"""The fallback for corrections in any language, anchored on what the agent ran: a variant
of its command word, a code identifier beside a rule word, a demonstrative pointing at a
sensitive target, what a destroyed target held. Look-alikes in the same languages stay
ordinary."""

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.distill.user_signals import user_signals


def _kinds(command: str, text: str, output: str = "ok") -> list[str]:
    talk = Talk().user("go ahead").tool("Bash", command, output).say("Done.").user(text)
    return [f.kind for f in user_signals(talk.build()).feedback]


@pytest.mark.parametrize(("command", "text"), [
    ("npm run build:dev", "это dev-сборка, нужна build:prod"),              # ru, a variant
    ("./gradlew bundleDebug", "bu debug paketi, bundleRelease lazım"),  # noqa: RUF001  tr
    ("mvn -q verify", "aquí siempre borrado lógico con deleted_at"),          # es, snake_case
    ("psql -f add_index.sql", "per le tabelle grandi sempre CREATE INDEX CONCURRENTLY"),  # it
    ("bundle exec rails db:migrate", "Ese DATABASE_URL apunta a prod-eu."),   # es, demonstr.
    ("rm -rf dist/ tmp/ Builds/", "in Builds c'era la build firmata"),        # it, held
    ("rm -rf out/ cache/", "in cache/ lag das einzige Backup"),               # de, held
])
def test_anchored_corrections_in_any_language(command: str, text: str) -> None:
    assert _kinds(command, text) == ["correction"]


@pytest.mark.parametrize(("command", "text"), [
    ("npm run build:dev", "спасибо, build:dev работает"),                    # the same word
    ("npm run build:dev", "¿build:prod también existe?"),                    # a question
    ("mvn -q verify", "gracias, ahora añade la columna deleted_at"),          # a new task
    ("bundle exec rails db:migrate", "Ese error ya lo conocía, gracias."),    # no target
    ("ls dist/ Builds/", "in Builds c'era la build firmata, bene"),           # nothing destroyed
    ("rm -rf tmp/", "Danke, das war schnell."),                               # names no target
])
def test_look_alikes_in_any_language_stay_ordinary(command: str, text: str) -> None:
    assert _kinds(command, text) == []
