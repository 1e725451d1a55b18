"""A team's rule in any language (a scope, a rule word and a thing of the work) and an undo
are read from data tables, never from sample sentences (issue 25); look-alikes in the same
languages — questions, praise, plans, musings, rules without a thing — stay ordinary."""
# ruff: noqa: RUF001  (Turkish, Cyrillic and full-width letters are the point here)

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.distill import languages, scoped_rules
from skillgit.distill.action_context import ActionContext
from skillgit.distill.contradictions import confirmations
from skillgit.distill.user_signals import user_signals

AGENT = ActionContext(wrote="I used any in two places; npx tsc --noEmit passes", shell=True)


@pytest.mark.parametrize("text", [
    "Tutaj nie używamy enumów w src/domain, tylko unii literałów.",              # pl
    "U nás se vždy používá `ruff format`, ne black.",                            # cs
    "Bu depoda her zaman `pnpm` kullanıyoruz.",                                  # tr
    "Här använder vi aldrig print i src/, bara loggern.",                         # sv
    "У нас все миграции идут через `alembic`, руками не пишем.",                  # ru
    "このプロジェクトでは必ず `uv run` でテストしてください。",                     # ja
    "我们这边所有接口都必须返回 JSON。",                                             # zh
    "저희는 항상 `make lint` 먼저 돌려요.",                                         # ko
    "en este proyecto todos los endpoints van bajo /api/v3",                      # es
    "qui non si usa mai print, sempre il logger",                                 # it
    "Nie używamy tutaj any, typujemy przez zod.",  # "any": a word of the agent's own reply
])
def test_a_scoped_rule_with_a_thing_is_a_rule(text: str) -> None:
    assert scoped_rules.rule(text, AGENT) is not None


@pytest.mark.parametrize("text", [
    "Tutaj nie ma błędów, dzięki!",                        # pl: no thing
    "U nás to vždy trvá déle, nevadí.",                    # cs: a musing, no thing
    "Bu projede hiç sorun yok, teşekkürler.",              # tr: praise
    "У нас всегда так по пятницам, ничего страшного.",     # ru: a story
    "我们这边都好了，谢谢！",                                 # zh: thanks
    "저희는 내일 다시 볼게요.",                                # ko: a plan
    "aquí no hay errores, todo bien",                      # es
    "en este repo usamos /api/v3?",                        # a question
    "Funcionou! Os pedidos já estão entrando sem erro.",   # pt: no scope
])
def test_look_alikes_in_the_same_languages_are_no_rule(text: str) -> None:
    assert scoped_rules.rule(text, AGENT) is None


@pytest.mark.parametrize(("text", "undo"), [
    ("Верни настройку и переформатируй заново.", True),
    ("H2로 바꾼 거 되돌려 주세요.", True),
    ("Cofnij zmianę w pom.xml.", True),
    ("元に戻してください。", True),
    ("改回原来的端口。", True),
    ("Verni mi to zítra?", False),
    ("можешь вернуть это завтра?", False),   # a question
    ("Спасибо, всё работает.", False),
])
def test_an_undo_is_a_correction_outside_questions(text: str, undo: bool) -> None:
    assert (scoped_rules.undo(text) is not None) is undo


def test_another_language_with_one_shared_word_in_eight_is_read_as_other() -> None:
    _found, other = languages.languages_of(
        "Nie używamy tutaj any i zawsze typujemy payloady przez zod oraz z.infer w kodzie")
    assert other
    _found, english = languages.languages_of("we use zod for every payload in this repository")
    assert not english


def test_a_follow_up_stating_a_team_rule_in_polish_is_a_preference() -> None:
    talk = (Talk().user("Dodaj typy do modułu koszyka.").tool("Bash", "npx tsc --noEmit")
            .say("Dodałem typy; tam gdzie payload jest niejasny, użyłem any.")
            .user("Nie używamy tutaj any. Mamy zasadę, że payloady z API typujemy przez zod.")
            .build())
    [item] = user_signals(talk).feedback
    assert item.kind == "preference" and item.summary.startswith("Nie używamy tutaj any")


@pytest.mark.parametrize(("said", "agrees"), [
    ("python:3.12 is right", True),
    ("python:3.12-slim-bookworm en todos los servicios", False),   # another image variant
    ("Java 17 değil 21 kullanıyoruz", False),                       # two versions weighed
])
def test_agreeing_with_the_agents_version_needs_the_same_variant(said: str,
                                                                 agrees: bool) -> None:
    context = ActionContext(wrote="FROM python:3.12-alpine\nset Java 17 in the toolchain",
                            shell=True)
    assert bool(confirmations(said, context)) is agrees


@pytest.mark.parametrize("text", [
    "Bu serviste her PR açıklamasında ticket numarası olmak zorunda.",            # tr
    "Neste repo o changelog tem de ser atualizado em cada release.",              # pt
    "Hier muss jede Migration ein `down` haben.",                                 # de
    "Ici les tests d'intégration doivent tourner contre docker compose.",          # fr
    "In dit project moeten alle endpoints een OpenAPI-beschrijving hebben.",      # nl
    "Aquí hay que firmar los commits con `-S`.",                                  # es
    "Qui bisogna passare `black` prima di ogni commit.",                         # it
    "Här måste varje migration ha en down-metod.",                                # sv
])
def test_an_obligation_with_a_scope_and_a_thing_is_a_rule(text: str) -> None:
    assert scoped_rules.rule(text, AGENT) is not None


@pytest.mark.parametrize("text", [
    "Bu projede bir şey yapmak zorunda değiliz, teşekkürler.",   # tr: no thing
    "Aqui tem de ser hoje, desculpa a pressa.",                   # pt: no thing
    "Hier muss ich kurz weg, bis gleich.",                        # de: no thing
])
def test_an_obligation_without_a_thing_is_no_rule(text: str) -> None:
    assert scoped_rules.rule(text, AGENT) is None
