"""The fourteenth round's classes (issue 25), each with new sentences and a look-alike that
must stay ordinary: approval, praise of what the agent did and the user's own uncertainty
are no correction; rules in other languages said impersonally, as "everything goes through
X" or as a polite request; facts that make the agent's target generated, shared, deleted or
another platform; a fact answering the agent's offer to go on; a setup step or an
env-prefixed command the user gives after a failure."""
# ruff: noqa: RUF001  (full-width punctuation is the point of the Chinese cases)

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.distill.env_signals import env_feedback
from skillgit.distill.user_fixes import given_command
from skillgit.distill.user_signals import user_signals


def _kinds(talk: Talk) -> list[str]:
    return [item.kind for item in user_signals(talk.build()).feedback]


def _after_edit(path: str, reply: str, follow_up: str, *, command: str = "",
                output: str = "") -> Talk:
    talk = Talk().user("make the change").tool("Edit", f"/work/proj/{path}")
    if command:
        talk = talk.tool("Bash", command, output)
    return talk.say(reply).user(follow_up)


POOL = ("src/db/client.ts", "I used the shared connection pool from src/db/pool.ts rather "
        "than opening a new client per request.")


@pytest.mark.parametrize(("path", "reply", "text"), [
    (*POOL, "Great, you picked the pool over a fresh client without me pointing at our "
            "guideline. Merge it."),
    (*POOL, "every query in client.ts goes through the pool now, just what I wanted. run the "
            "tests with --coverage too?"),
    (*POOL, "Is there actually a rule for where fixtures go? I've seen both tests/fixtures and "
            "tests/data here and I can't tell which one is current."),
])
def test_approval_praise_and_uncertainty_are_no_correction(path: str, reply: str,
                                                           text: str) -> None:
    assert _kinds(_after_edit(path, reply, text)) == []


@pytest.mark.parametrize("text", [
    "Great, but you picked a fresh client instead of the pool.",
    "You opened a fresh client instead of the pool; we always reuse the pool in src/db.",
    "not what I wanted: the 409 belongs in the conflict handler.",
])
def test_the_same_words_objecting_are_still_a_correction(text: str) -> None:
    assert _kinds(_after_edit("src/db/client.ts", "Opened a new client per request.",
                              text)) != []


@pytest.mark.parametrize("text", [
    "top. pourquoi le cache était froid alors ? aucun souci, juste curieux",
    "vale, ¿por qué tardó tanto la primera vez? tranqui, solo curiosidad",
])
def test_a_foreign_musing_is_no_correction(text: str) -> None:
    talk = (Talk().user("build it").tool("Bash", "docker build -t web .", "Successfully built")
            .say("Built the image.").user(text))
    assert _kinds(talk) == []


def test_a_foreign_narrowing_after_a_broad_run_is_still_a_correction() -> None:
    talk = (Talk().user("format it").tool("Bash", "prettier --write .", "142 files")
            .say("Formatted.").user("non, juste le dossier src/, pas tout le repo"))
    assert _kinds(talk) == ["correction"]


@pytest.mark.parametrize("text", [
    "Los archivos de config nunca se editan a mano; se regeneran con el script.",     # es
    "ojo, aca todo pasa por el pipeline de CI, nada se aplica desde local",            # es
    "qui tutto passa da terraform cloud, le modifiche vanno nel repo infra",          # it
    "このプロジェクトではブランチ名はfeature/チケット番号の形式でお願いします。",          # ja
])
def test_a_rule_said_impersonally_or_politely_is_read(text: str) -> None:
    assert _kinds(_after_edit("infra/main.tf", "Done.", text)) == ["preference"]


@pytest.mark.parametrize("text", [
    "nunca se me ocurrió usar ese flag, interesante",      # a story: "se me"
    "no se ha roto nunca el build en main, qué raro",       # a story: past auxiliary
    "このプロジェクトは面白いですね。",                          # praise, no rule
])
def test_the_same_words_telling_a_story_stay_ordinary(text: str) -> None:
    assert _kinds(_after_edit("infra/main.tf", "Done.", text)) == []


@pytest.mark.parametrize(("path", "reply", "text"), [
    ("sdk/v2/accounts.ts", "Added the avatar field to the accounts model.",
     "sdk/ is regenerated from the OpenAPI spec on every build"),
    ("src/handler.go", "Added the route to the handler.",
     "the handlers package was deleted last quarter, routes live in internal/api now."),
    ("infer.py", "Moved the model to `torch.device(\"mps\")` for the Apple GPU.",
     "The inference server is a DGX with 8 H100s."),
])
def test_a_fact_that_makes_the_target_wrong_is_a_correction(path: str, reply: str,
                                                            text: str) -> None:
    assert _kinds(_after_edit(path, reply, text)) == ["correction"]


@pytest.mark.parametrize(("path", "reply", "text"), [
    ("client/generated/users.ts", "Updated the spec and regenerated the client.",
     "client/ is regenerated from the spec on every build, good thing you changed the spec."),
    ("infer.py", "Targeted the 8 H100s of the DGX.", "The inference server is a DGX with 8 H100s."),
    ("infer.py", "Moved the model to mps.", "The inference server is a DGX with 8 H100s, "
     "so what should we use?"),
])
def test_the_same_fact_agreeing_or_asking_stays_ordinary(path: str, reply: str,
                                                         text: str) -> None:
    assert _kinds(_after_edit(path, reply, text)) == []


@pytest.mark.parametrize(("path", "reply", "text", "kind"), [
    ("ui/CheckoutView.swift", "CheckoutView builds cleanly.",
     "Repo convention: every new view ships with an accessibilityLabel on each button.",
     "preference"),
    ("train/pretrain.py", "The dry run works.",
     "Group policy: any job on the shared nodes sets torch.use_deterministic_algorithms.",
     "preference"),
    ("build/gen/Widget.generated.h", "Fixed the declaration in Widget.generated.h.",
     "The header tool writes that header out again on every build.", "correction"),
    ("tools/run.jl", "Added the package to your default environment.",
     "tools/ has its own Project.toml", "correction"),
])
def test_a_labelled_rule_or_a_fact_about_the_target_is_read(path: str, reply: str, text: str,
                                                            kind: str) -> None:
    assert _kinds(_after_edit(path, reply, text)) == [kind]


def test_doing_it_like_every_other_one_here_is_a_correction() -> None:
    talk = _after_edit("internal/queue/worker_test.go", "Added a sleep so the subscriber is "
                       "ready.", "Wait on the ready signal like every other test in this "
                       "package does.", command="go test ./internal/queue/", output="ok")
    assert _kinds(talk) == ["correction"]


@pytest.mark.parametrize("text", [
    "the eslint rule is failing on every file in src/, weird",   # a rule named, no label
    "Repo convention: I keep forgetting what it says, remind me later.",  # no rule, no thing
    "tools/ holds the release scripts.",                          # a fact without "its own"
])
def test_the_same_words_without_the_form_stay_ordinary(text: str) -> None:
    assert _kinds(_after_edit("tools/run.jl", "Done.", text)) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("错了，线上还是 Redis 6，没有这个命令", ["correction"]),
    ("違います。本番は PostgreSQL 12 です。", ["correction"]),
    ("没问题，线上是 Redis 6。", []),
])
def test_a_verdict_opening_a_turn_in_another_language(text: str, expected: list[str]) -> None:
    talk = (Talk().user("use the new command").tool("Edit", "/work/proj/cache/store.py")
            .say("Switched the cache to GETEX.").user(text))
    assert _kinds(talk) == expected


def test_a_shared_target_named_by_the_environment_is_a_correction() -> None:
    talk = _after_edit("fixtures/demo.json", "Loaded 40 demo users.",
                       "your shell's DATABASE_URL is the shared QA database the testers use.",
                       command="python manage.py loaddata fixtures/demo.json",
                       output="Installed 40 object(s)")
    assert _kinds(talk) == ["correction"]


def test_the_environment_named_with_approval_stays_ordinary() -> None:
    talk = _after_edit("fixtures/demo.json", "Loaded 40 demo users.",
                       "DATABASE_URL points at the shared QA database, that's fine for this.",
                       command="python manage.py loaddata fixtures/demo.json",
                       output="Installed 40 object(s)")
    assert _kinds(talk) == []


def _offered(question: str, text: str) -> Talk:
    return _after_edit("jobs/archive.py", f"The job reads orders_archive into memory. {question}",
                       text)


def test_a_fact_answering_the_agents_offer_is_a_correction() -> None:
    talk = _offered("Want me to run it against the full table?",
                    "orders_archive is about 2 TB and the worker has 8 GB.")
    assert _kinds(talk) == ["correction"]


def test_a_fact_answering_the_agents_question_of_fact_stays_ordinary() -> None:
    talk = _offered("How big is orders_archive in production?",
                    "orders_archive is about 2 TB and the worker has 8 GB.")
    assert _kinds(talk) == []


MIGRATE = "python manage.py migrate"
REFUSED = ("django.db.utils.OperationalError: connection to server at \"localhost\", port 5432 "
           "failed: Connection refused")


@pytest.mark.parametrize(("text", "command"), [
    ("postgres lives in a container here. podman compose up -d postgres, then migrate again",
     "podman compose up -d postgres"),
    ("the db is in compose: docker compose up -d db, then python manage.py migrate works",
     "docker compose up -d db"),
])
def test_a_setup_step_told_as_a_clause_is_the_fix(text: str, command: str) -> None:
    assert given_command(text, MIGRATE, "python", error=REFUSED) == (command, text.index(command))


@pytest.mark.parametrize("text", [
    "ok forget the db for now. git stash -u and let's move on to the API",
    "docker ps -a shows nothing running, weird. why would compose not start it?",
])
def test_an_unrelated_command_or_a_question_is_no_fix(text: str) -> None:
    assert given_command(text, MIGRATE, "python", error=REFUSED) is None


def test_an_env_prefixed_command_before_an_unrelated_question_is_the_fix() -> None:
    text = ("the state bucket needs the audit role: AWS_PROFILE=audit terraform init, and the "
            "same for plan. Also, is there a way to cache the providers?")
    talk = (Talk().user("init the new stack")
            .tool("Bash", "terraform init",
                  "Error: Failed to get existing workspaces: S3: ListObjectsV2, AccessDenied",
                  error=True, exit_code=1)
            .say("Access is denied on the state bucket.").user(text))
    fixes = [i for i in env_feedback(talk.build()) if i.kind == "failure-then-fix"]
    assert [i.fix for i in fixes] == ["AWS_PROFILE=audit terraform init"]
