"""Lessons found by their structure (issue 25, recall without losing precision): a turn that
names another value of the kind the agent's command left at its default, norms with a
quantifier or "always" over more verbs, a fact whose first word looks like a verb, a
setting or flags the failure names, rules in other languages with a placement verb or an
acronym. Each has a look-alike that stays ordinary."""

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.distill import bare_facts, norms, scoped_rules, value_kinds
from skillgit.distill.action_context import ActionContext
from skillgit.distill.env_signals import env_feedback
from skillgit.distill.user_signals import user_signals


def _context(command: str) -> ActionContext:
    talk = Talk().user("go").tool("Bash", command, "ok").say("Done.").build()
    return ActionContext.collect(list(talk.turns[1:]), "/work/proj")


@pytest.mark.parametrize(("text", "found"), [
    ("That used my default gcloud project, the billing sandbox. Our data lives in the "
     "analytics-eu-2 project.", True),
    ("That used my default gcloud project, which is the right one for this.", False),
    ("The default project is fine; analytics-eu-2 project is for prod only?", False),
])
def test_another_value_than_the_default(text: str, found: bool) -> None:
    context = _context("gcloud builds submit --tag gcr.io/x/app")
    assert (value_kinds.other_than_the_default(text, context) is not None) is found


def test_the_default_is_compared_only_when_the_agent_named_none() -> None:
    text = "my default project is scratch-1. the real one is the analytics-eu-2 project."
    named = _context("gcloud builds submit --project analytics-eu-2")
    assert value_kinds.other_than_the_default(text, named) is None


@pytest.mark.parametrize(("text", "is_norm"), [
    ("Nobody copies binaries into the release folder by hand here.", True),
    ("Helm releases always set an explicit namespace= value in this repo.", True),
    ("Nobody cares about the old folder.", False),
    ("Every service would need a probe if we ever moved to k8s.", False),
    ("All modules pin their versions in the lock file. I'll add it to the template later.",
     True),
    ("All endpoints must be rate limited. Add that to the gateway.", False),
])
def test_norms_over_more_verbs_and_their_look_alikes(text: str, is_norm: bool) -> None:
    assert (norms.norm(text, new_task=False) is not None) is is_norm


def test_a_noun_phrase_opening_with_a_verb_is_a_fact_not_a_request() -> None:
    context = _context("dbt run --select orders_daily --target prod")
    stated = "orders_daily is what the billing export reads from. build jobs go to the dev target"
    assert bare_facts.stated_constraint(stated, context) is not None
    asked = "orders_daily is what the billing export reads from. build it against dev"
    assert bare_facts.stated_constraint(asked, context) is None


def test_a_one_letter_name_with_a_digit_is_no_version() -> None:
    context = _context("aws s3 cp out.parquet s3://lake/events_final/")
    text = "events_final is what the reports read from. scratch output goes to s3://lake-tmp/"
    assert bare_facts.stated_constraint(text, context) is not None


def _fix(error: str, failed: str, text: str) -> list[str | None]:
    talk = (Talk().user("build it").tool("Bash", failed, error, error=True, exit_code=1)
            .say("It failed.").user(text))
    return [item.fix for item in env_feedback(talk.build()) if item.kind == "failure-then-fix"]


@pytest.mark.parametrize(("error", "failed", "text", "fix"), [
    ("error: could not find native static library `ssl`, perhaps an -L flag is missing?",
     "cargo build", "OPENSSL_STATIC=1 — we link it statically on the build boxes",
     "OPENSSL_STATIC=1 cargo build"),
    ("Error: port 3000 is already in use (EADDRINUSE)", "npm run dev",
     "something else has 3000. --port 3100", "npm run dev --port 3100"),
    ("ERROR: QUEUE=batch not permitted for this account", "qsub job.sh",
     "our account only has QUEUE=short on this cluster", "QUEUE=short"),
])
def test_a_setting_or_flags_the_error_names_are_the_fix(error: str, failed: str, text: str,
                                                         fix: str) -> None:
    assert _fix(error, failed, text) == [fix]


@pytest.mark.parametrize(("error", "failed", "text"), [
    # a setting the error does not name
    ("cc: not found", "cargo build", "RUST_LOG=debug is set anyway"),
    # flags inside a question about the failure
    ("Error: port 3000 is already in use (EADDRINUSE)", "npm run dev",
     "why is the port taken, does --port even exist for this script?"),
])
def test_settings_and_flags_the_error_does_not_name_are_no_fix(error: str, failed: str,
                                                               text: str) -> None:
    assert _fix(error, failed, text) == []


@pytest.mark.parametrize(("text", "rule"), [
    ("Ojo, en este proyecto las plantillas van en templates/ y no en src.", True),
    ("Bei uns gehört jede Konfiguration in config/, nicht ins Image.", True),
    ("Bizde tüm servisler JSON loglamak zorunda.", True),
    ("Ojo, aquí hace calor hoy.", False),
])
def test_rules_in_other_languages_with_a_placement_verb_or_an_acronym(text: str,
                                                                       rule: bool) -> None:
    assert (scoped_rules.rule(text, None) is not None) is rule


@pytest.mark.parametrize(("text", "is_norm"), [
    ("Queues in this service are always declared durable.", True),
    ("Snapshots here get only written by the nightly job.", True),
    ("The queue is always declared durable by the library, nice.", False),
    ("no raw SQL anywhere in the handlers, nice.", False),
])
def test_a_passive_habit_is_a_norm_and_a_praised_state_is_none(text: str,
                                                               is_norm: bool) -> None:
    assert (norms.norm(text, new_task=False) is not None) is is_norm


@pytest.mark.parametrize(("text", "found"), [
    ("The payments pool has a cap of 50 connections and each worker holds 4.", True),
    ("the cluster only offers up to k8s 1.29 right now", True),
    ("the cluster is on k8s 1.29, right. thanks", False),
])
def test_a_bound_the_change_meets_is_a_constraint(text: str, found: bool) -> None:
    context = _context("kubectl scale deploy/payments-worker --replicas 20 --context k8s-1.30")
    assert (bare_facts.stated_constraint(text, context) is not None) is found


def test_a_flag_whose_value_the_error_names_is_the_fix() -> None:
    error = "ERROR: No matching distribution found for jaxlib==0.4.30+cuda12"
    fix = _fix(error, "pip install -r requirements.txt",
               "--find-links https://storage.example.org/jax/cuda12 as usual")
    assert fix == ["pip install -r requirements.txt --find-links "
                   "https://storage.example.org/jax/cuda12"]
    assert _fix(error, "pip install -r requirements.txt",
                "--find-links https://storage.example.org/jax/cpu as usual") == []


@pytest.mark.parametrize(("text", "kinds"), [
    ("Patching the generated file gets lost on the next build; edit the template instead.",
     ["correction"]),
    ("Patching the generated file gets lost on the next build; use the template instead.",
     ["correction"]),
    ("should I use the template instead?", []),
])
def test_use_x_instead_after_an_action_redirects(text: str, kinds: list[str]) -> None:
    talk = (Talk().user("fix the header").tool("Edit", "/work/proj/gen/header.h", "ok")
            .say("Patched the include guard in gen/header.h.").user(text))
    assert [item.kind for item in user_signals(talk.build()).feedback] == kinds


def _scheduled(text: str) -> list[str]:
    talk = (Talk().user("schedule the export").tool("Edit", "/work/proj/cron/export.yaml", "ok")
            .say("The export now runs every day at 03:30 UTC.").user(text))
    return [item.kind for item in user_signals(talk.build()).feedback]


@pytest.mark.parametrize(("text", "kinds"), [
    ("03:30 UTC is when the vacuum job locks the events table", ["correction"]),
    ("03:30 UTC is right after the vacuum job ends, so that works", []),
])
def test_the_agents_own_value_with_what_makes_it_wrong(text: str, kinds: list[str]) -> None:
    assert _scheduled(text) == kinds


def test_terse_english_with_few_function_words_is_read_as_english() -> None:
    context = _context("psql -f migrations/0007_orders_idx.sql")
    assert bare_facts.stated_constraint("orders takes ~5k writes a minute all week",
                                        context) is not None
    assert bare_facts.stated_constraint("orders recibe ~5k escrituras por segundo, todas",
                                        context) is None


@pytest.mark.parametrize(("command", "found"), [
    ("./notify --all --template overdue", True),
    ("./notify --user ana@example.com --template overdue", False),
])
def test_only_some_where_the_command_acted_on_all(command: str, found: bool) -> None:
    text = "the push gateway is still in test mode, it only reaches registered devices"
    assert (bare_facts.stated_constraint(text, _context(command)) is not None) is found


@pytest.mark.parametrize(("text", "found"), [
    ("Sessions expire after 30 minutes of inactivity at the gateway.", True),
    ("The gateway keeps sessions for 12 hours as well.", False),
])
def test_another_duration_than_the_agents(text: str, found: bool) -> None:
    talk = Talk().user("go").tool("Edit", "/work/proj/auth/tokens.py", "ok").say(
        "Tokens now live for 12 hours.").build()
    context = ActionContext.collect(list(talk.turns[1:]), "/work/proj")
    assert (bare_facts.stated_constraint(text, context) is not None) is found


def _fixed_test(text: str) -> list[str]:
    talk = (Talk().user("fix the flaky test").tool("Edit", "/work/proj/tests/test_sync.py", "ok")
            .say("Added a sleep(2) before the assertion; it passes now.").user(text))
    return [item.kind for item in user_signals(talk.build()).feedback]


@pytest.mark.parametrize(("text", "kinds"), [
    ("Sleeping before the check only masks the ordering bug. Make sync() return when done.",
     ["correction"]),
    ("So the bug was in the sync, not in the test. Nice find.", []),
])
def test_a_fix_that_only_hides_it_and_a_realization(text: str, kinds: list[str]) -> None:
    assert _fixed_test(text) == kinds


def _german(text: str) -> list[str]:
    talk = (Talk().user("lies die csv-dateien ein").tool("Edit", "/work/proj/io/reader.py", "ok")
            .say("Der Reader liest die Dateien mit latin-1.").user(text))
    return [item.kind for item in user_signals(talk.build()).feedback]


@pytest.mark.parametrize(("text", "kinds"), [
    ("prima, danke. die Dateien kommen immer nachts, morgen schaue ich rein", []),
    ("danke, aber bei uns sind die Dateien immer utf-8, nicht latin-1", ["correction"]),
])
def test_thanks_and_a_remark_in_another_language(text: str, kinds: list[str]) -> None:
    assert _german(text) == kinds


def test_the_users_own_past_before_the_rule_word() -> None:
    talk = (Talk().user("ajoute la migration").tool("Edit", "/work/proj/db/V7__index.sql", "ok")
            .say("J'ai ajouté la migration V7 avec un index.").user(
                "Je n'avais jamais vu un index partiel en V7, merci."))
    assert [item.kind for item in user_signals(talk.build()).feedback] == []


def _release(text: str) -> list[str]:
    talk = (Talk().user("prepare the release").tool("Edit", "/work/proj/pyproject.toml", "ok")
            .say("Bumped the version to 5.0.0.").user(text))
    return [item.kind for item in user_signals(talk.build()).feedback]


@pytest.mark.parametrize(("text", "kinds"), [
    ("never mind the readme, the version is wrong, it's 4.1.0 not 5.0.0", ["correction"]),
    ("4.1.0 not 5.0.0: this is a minor release", ["correction"]),
    # the denied value is none the agent wrote or said
    ("the notes mention 4.1.0 not 4.0.9, looks right to me", []),
    ("is it 4.1.0 not 5.0.0?", []),
])
def test_a_value_in_place_of_the_agents_own(text: str, kinds: list[str]) -> None:
    assert _release(text) == kinds
