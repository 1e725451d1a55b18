"""Corrections in other languages against their look-alikes: a verdict word the clause
negates ("not wrong"), a verdict with its cause ("went wrong because …"), "never" about the
user's own past, "wrong" said of the user themself or of a class of things; and a team rule
stated with the language's word for "rule"."""

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.distill import languages
from skillgit.distill.user_signals import user_signals


def _kinds(command: str, text: str) -> list[str]:
    talk = Talk().user("go ahead").tool("Bash", command, "ok").say("Done.").user(text)
    return [f.kind for f in user_signals(talk.build()).feedback]


@pytest.mark.parametrize("text", [
    "Das ist nicht falsch, mich interessiert nur der Grund.",            # de, negated verdict
    "Keine einzige Warnung, schön. Jetzt bitte die Doku.",                # de
    "Geen enkele fout meer, top. Nu de changelog graag.",                 # nl
    "C'est pas faux, je voulais juste comprendre.",                       # fr
    "Non è sbagliato, volevo solo capire il motivo.",                     # it
    "O pedido deu errado porque o cliente cancelou, não tem nada a ver.",  # pt, with a cause
    "El job salió mal porque el runner se cayó, ya lo reinicié yo.",      # es
    "Nunca he visto ese aviso, ¿de dónde sale?",                          # es, own past
    "Jamais j'ai vu ça, c'est nouveau pour moi.",                         # fr
    "Nie habe ich so eine Meldung gesehen, spannend.",                    # de
    "Mai visto un errore così, interessante.",                            # it
])
def test_look_alikes_in_other_languages_stay_ordinary(text: str) -> None:
    assert _kinds("npm test", text) == []


@pytest.mark.parametrize("text", [
    "Well, I was wrong about the cache. Let's profile the serializer then.",
    "I'm wrong on that one, the timeout is fine. Next: the retry logic.",
    "Wrong ones went down by half, nice. Can you plot them per class?",
])
def test_wrong_about_the_user_or_a_class_of_things_is_no_verdict(text: str) -> None:
    assert _kinds("pytest tests/ -q", text) == []


@pytest.mark.parametrize("text", [
    "les migrations passent par alembic, c'est la règle de l'équipe",
    "Migrationen nur über alembic, das ist die Regel im Team",
    "migraciones solo con alembic, es la regla del equipo",
    "migrações só com alembic, é a regra do time",
    "migrazioni solo con alembic, è regola del gruppo",
    "migraties alleen via alembic, dat is de regel van het team",
])
def test_a_team_rule_in_other_languages_is_a_lesson(text: str) -> None:
    assert _kinds("psql -f migrate.sql", text) in (["preference"], ["correction"])


def test_the_best_read_language_alone_is_used() -> None:
    found, _other = languages.languages_of("Non me lo aspettavo, pensavo fosse la cache.")
    assert [lang.code for lang in found] == ["it"]
