"""A standing rule recalled inside an ask in another language ("como siempre …", "wie
gewohnt …", "zoals altijd …") is a preference beside the task, read like "as always": it needs
an anchor (`code`, a flag, a path, a call or a thing of the repository), and a marker in a
question or beside nothing of the repository stays part of a plain ask (issue 25)."""

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.distill.habits import HABIT_ELSEWHERE
from skillgit.distill.user_signals import user_signals


def _signals(ask: str) -> tuple[int, list[tuple[str, str]]]:
    found = user_signals(Talk().user(ask).say("On it.").build())
    return len(found.tasks), [(f.kind, f.summary) for f in found.feedback]


@pytest.mark.parametrize(("ask", "clause"), [
    ("Ajoute l'export CSV des factures. Comme toujours, les tests passent par `make check`.",
     "Comme toujours, les tests passent par `make check`"),
    ("Bau den Export für Rechnungen, wie gewohnt mit `ruff format` vor dem Commit.",
     "wie gewohnt mit `ruff format` vor dem Commit"),
    ("Agrega el filtro por fecha. Como de costumbre, las migraciones van con `alembic "
     "revision --autogenerate`.",
     "Como de costumbre, las migraciones van con `alembic revision --autogenerate`"),
    ("Adiciona o campo de e-mail no cadastro, como sempre com testes em tests/api.",
     "como sempre com testes em tests/api"),
    ("Aggiungi la colonna note alle fatture, come al solito con una migration in db/migrate.",
     "come al solito con una migration in db/migrate"),
    ("Voeg de kolom toe aan de facturen, zoals altijd via `make migrate`.",
     "zoals altijd via `make migrate`"),
    ("Añade la vista de turnos. Como siempre en los tests de vistas: $this->skipAssets(), "
     "que en CI no hay build.",
     "Como siempre en los tests de vistas: $this->skipAssets(), que en CI no hay build"),
])
def test_a_habit_in_another_language_is_a_preference(ask: str, clause: str) -> None:
    tasks, feedback = _signals(ask)
    assert tasks == 1
    assert feedback == [("preference", clause)]


@pytest.mark.parametrize("ask", [
    "Como siempre, llegué tarde hoy; añade el botón de exportar.",   # nothing of the repo
    "Merci comme toujours ! Ajoute le bouton de partage.",             # thanks
    "Lo hacemos como siempre con `make check`? Añade el botón.",        # a question
    "Füge den Knopf hinzu, wie immer danke dir!",                       # thanks
    "Zoals altijd was de koffie op; voeg de knop toe.",                 # a remark
])
def test_look_alikes_stay_a_plain_ask(ask: str) -> None:
    _tasks, feedback = _signals(ask)
    assert feedback == []


def test_every_language_with_correction_rows_has_a_habit_row() -> None:
    assert set(HABIT_ELSEWHERE) == {"fr", "de", "es", "pt", "it", "nl"}
