"""Team norms, implicit corrections and corrections in other languages, read in place: each
follow-up comes after the agent's actions, through `user_signals` like any turn."""

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.distill import languages
from skillgit.distill.contradictions import versions
from skillgit.distill.norms import norm
from skillgit.distill.user_signals import user_signals


def _kinds(talk: Talk) -> list[str]:
    return [f.kind for f in user_signals(talk.build()).feedback]


def _after_edit(path: str, reply: str, follow_up: str) -> Talk:
    return (Talk().user("make the change").tool("Edit", f"/work/proj/{path}")
            .say(reply).user(follow_up))


def _after_shell(command: str, output: str, follow_up: str, reply: str = "Done.") -> Talk:
    return Talk().user("go ahead").tool("Bash", command, output).say(reply).user(follow_up)


@pytest.mark.parametrize("text", [
    "No raw SQL strings inside the repository layer.",
    "Every lambda handler declares its own timeout.",
    "Controllers must stay thin; business logic belongs in services/.",
    "reminder: feature flags go through the flags client, never env vars",
    "Nothing in migrations/ gets rewritten after it merged.",
    "Fixtures always live next to the test that uses them.",
    "we need a seed update as well, every time the schema moves",
])
def test_a_rule_about_the_repository_is_a_lesson(text: str) -> None:
    assert _kinds(_after_edit("app/orders.py", "Done.", text)) in (["preference"],
                                                                     ["correction"])


@pytest.mark.parametrize("text", [
    "All pods healthy. Next, wire the exporter into main.go.",
    "Each of those warnings should become a ticket, list them for me.",
    "Nobody opens those reports anymore; delete the module.",
    "The banner should fade after a while. Can you do that?",
    "Quotes must be cached for an hour. Add that to the pricing client.",
    "Every time I open the app it takes ten seconds.",
    "no idea why the build is slow, can you profile it?",
    "fyi, the handler is what the cron calls",
])
def test_statements_about_now_or_a_feature_are_no_norm(text: str) -> None:
    assert "preference" not in _kinds(_after_edit("app/orders.py", "Done.", text))


def test_in_a_new_task_only_a_universal_rule_counts() -> None:
    assert norm("Add the export. Every endpoint needs an integration test.", new_task=True) == 16
    assert norm("Add the export. Services must log through structlog.", new_task=True) is None
    assert norm("Services must log through structlog.", new_task=False) == 0


@pytest.mark.parametrize(("path", "reply", "text"), [
    ("api/openapi_client.py", "Added the field.", "that module is generated from the spec"),
    ("deploy/values-prod.yaml", "Raised the replicas.",
     "values-prod.yaml is what production reads"),
    ("Dockerfile", "The base is ruby:3.4 now.", "Our servers run Ruby 3.2."),
    ("pom.xml", "Set the release to 21.", "the build farm is on JDK 17"),
    ("db/migrate/0007_users.rb", "Edited 0007 in place.", "0007 already ran in production"),
])
def test_a_fact_contradicting_the_last_change_is_a_correction(
        path: str, reply: str, text: str) -> None:
    assert _kinds(_after_edit(path, reply, text)) == ["correction"]


@pytest.mark.parametrize(("command", "text"), [
    ("psql -h orders-primary -c 'TRUNCATE carts'", "orders-primary is the live database!"),
    ("git push --force origin release/3.1", "release/3.1 is a shared branch"),
    ("rm spec/fixtures/golden.json", "you removed the golden file??"),
    ("terraform apply -auto-approve -var env=prod", "prod?!"),
    ("aws s3 rm s3://acme-db-snapshots --recursive", "acme-db-snapshots held our only backup"),
])
def test_a_fact_about_the_commands_target_is_a_correction(command: str, text: str) -> None:
    assert _kinds(_after_shell(command, "", text)) == ["correction"]


@pytest.mark.parametrize(("talk", "why"), [
    (_after_shell("kubectl config current-context", "staging", "that is the staging cluster, "
                  "good. roll out there"), "approves"),
    (_after_shell("grep -rn Client src/api", "src/api/gen/client.ts:3", "that file is "
                  "generated, regenerate it from the spec"), "the agent only searched"),
    (_after_edit("Dockerfile", "It uses node:20 now.", "Node 20 is also what prod runs. Add a "
                 "healthcheck."), "the same version"),
    (_after_shell("terraform plan -out tfplan", "Plan: 1 to add", "looks right, apply it"),
     "the next step after a plan"),
    (_after_shell("pytest -q", "2 failed", "You didn't break anything, those were red before. "
                  "Carry on."), "reassurance"),
    (_after_shell("python eval.py", "errors: 31", "Wrong predictions are expected on the rare "
                  "classes. Plot them next."), "a statement about a class of things"),
    (_after_shell("cargo bench", "41 ms", "why would it be slower than yesterday? compare with "
                  "main"), "a question about the code"),
])
def test_look_alikes_are_no_correction(talk: Talk, why: str) -> None:
    assert _kinds(talk) == [], why


def test_versions_the_agent_set_are_read_with_their_runtime() -> None:
    found = versions("Based on node:22-alpine; set python-version to 3.12 and the release "
                     "to 21. Deleted 214 rows.")
    assert found == {("node", "22"), ("python", "3.12"), ("", "21")}


@pytest.mark.parametrize(("command", "text"), [
    ("npm install zod", "non, ici on utilise pnpm, pas npm"),                    # fr
    ("git push --force", "bitte nie --force auf geteilten Branches verwenden"),  # de
    ("pytest", "solo los tests de api/, no toda la suite"),                      # es
    ("yarn add dayjs", "em vez de yarn, usa o npm aqui"),                        # pt
    ("cargo build --release", "non serve --release per lo sviluppo"),            # it
    ("npm test", "gebruik pnpm test in plaats van npm test"),                    # nl
    ("npm install zod", "je te l'ai déjà dit, on reste sur pnpm"),               # fr reminder
    ("git push --force", "hör auf mit dem Force-Push"),                         # de reminder
    ("psql -h pg-main -c 'DELETE FROM carts'", "c'est la base de production !"),  # fr target
    ("psql -h pg-main -c 'DELETE FROM carts'", "pg-main ist das Produktivsystem"),  # de target
    ("npm install zod", "pourquoi as-tu utilisé npm ?"),                        # fr challenge
    ("rm -rf tests/e2e", "Warum hast du die Tests gelöscht?"),                   # de challenge
    ("git reset --hard", "deshazlo, por favor"),                                 # es undo
    ("pip install httpx", "нет, используй uv add вместо pip"),                   # other
    ("npm run build", "npm ではなく pnpm build を使って"),                        # other
])
def test_corrections_in_other_languages(command: str, text: str) -> None:
    assert _kinds(_after_shell(command, "ok", text)) in (["correction"], ["preference"])


@pytest.mark.parametrize("text", [
    "merci, maintenant ajoute la pagination",
    "Danke! Kannst du jetzt die Doku schreiben?",
    "perfecto, ahora añade los tests de la API",
    "valeu, agora cria o endpoint de exportação",
    "grazie, ora aggiungi il logging",
    "top, voeg nu een healthcheck toe",
    "спасибо, теперь добавь документацию",
    "ありがとう、次はREADMEを書いてください",
    "pourquoi est-ce que le build est si lent ?",
    "Warum ist der Build so langsam?",
])
def test_ordinary_follow_ups_in_other_languages_are_no_correction(text: str) -> None:
    assert _kinds(_after_shell("npm test", "ok", text)) == []


def test_languages_are_told_apart_from_english() -> None:
    assert languages.languages_of("no, use pnpm here, not npm") == ([], False)
    found, other = languages.languages_of("nee, gebruik pnpm in plaats van npm")
    assert [lang.code for lang in found] == ["nl"] and not other
    assert languages.languages_of("нет, используй uv вместо pip") == ([], True)
