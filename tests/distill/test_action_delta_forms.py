"""One lesson in the forms a session gives it, each tied to what the agent then ran (issue 25):
a flag or dashed word named alone, flags given alone after a failure, a rule stated up front
in the ask and then followed. Look-alikes stay ordinary: a flag nobody ran, a one-off, a
question, flags asked for to look closer."""

from __future__ import annotations

from sessionkit import Talk

from skillgit.digest import FeedbackItem
from skillgit.distill.commands_around import refers_to
from skillgit.distill.followed_rules import followed_rule
from skillgit.distill.heuristic import HeuristicEngine
from skillgit.distill.user_fixes import given_command


def _feedback(talk: Talk) -> list[FeedbackItem]:
    digest, _usage = HeuristicEngine().distill(talk.build())
    return [*digest.user_feedback, *digest.env_feedback]


# -- a flag, a dashed word or a path named alone refers to the command holding it


def test_a_long_flag_written_with_its_dashes_names_the_command_holding_it() -> None:
    assert refers_to("and from now on keep --frozen-lockfile on it",
                     "yarn install --frozen-lockfile")
    assert refers_to("the step is seed-demo-tenants, after the migration",
                     "php artisan db:seed && bin/tool seed-demo-tenants")
    assert refers_to("the entry point is src/entry_admin.tsx", "vite build src/entry_admin.tsx")


def test_a_flag_the_command_does_not_hold_names_nothing() -> None:
    assert not refers_to("and keep --frozen-lockfile on it", "yarn install --check-files")
    assert not refers_to("we talked about --frozen-lockfile", "git status")


def test_a_correction_naming_only_the_flag_gets_the_commands_around_it() -> None:
    talk = (Talk().user("bump the lockfile after adding dayjs")
            .tool("Bash", "yarn install", "done", exit_code=0)
            .user("no, with --frozen-lockfile on the CI box, every time")
            .tool("Bash", "yarn install --frozen-lockfile", "done", exit_code=0)
            .say("ran it with the flag"))
    [item] = [f for f in _feedback(talk) if f.kind in ("correction", "preference")]
    assert (item.corrected_command, item.succeeded_command) == (
        "yarn install", "yarn install --frozen-lockfile")


# -- flags given alone after a failure: the fix is the command the agent then ran with them


def test_flags_given_alone_then_run_by_the_agent_are_the_users_fix() -> None:
    found = given_command("--buildDrafts --port 1414", "hugo server", "hugo",
                          ["hugo server --buildDrafts --port 1414 && curl -sI localhost:1414"])
    assert found == ("hugo server --buildDrafts --port 1414", 0)


def test_flags_the_agent_never_ran_or_asked_to_look_closer_are_no_fix() -> None:
    assert given_command("--buildDrafts --port 1414", "hugo server", "hugo",
                         ["hugo version"]) is None
    assert given_command("rerun it with --debug so we can see what breaks", "hugo server",
                         "hugo", ["hugo server --debug"]) is None
    assert given_command("would --buildDrafts help here?", "hugo server", "hugo",
                         ["hugo server --buildDrafts"]) is None


def test_a_failure_then_flags_alone_becomes_a_failure_with_the_users_fix() -> None:
    talk = (Talk().user("preview the blog locally")
            .tool("Bash", "hugo server", "Error: no drafts to render", error=True, exit_code=1)
            .say("It failed; shall I look at the config?")
            .user("--buildDrafts --port 1414")
            .tool("Bash", "hugo server --buildDrafts --port 1414", "Web Server is available",
                  exit_code=0))
    fixed = [f for f in _feedback(talk) if f.kind == "failure-then-fix"]
    assert [(f.command, f.fix) for f in fixed] == [
        ("hugo server", "hugo server --buildDrafts --port 1414")]


def test_a_pasted_command_with_a_runner_in_front_is_the_fix_with_its_runner() -> None:
    pinned = "not the global one, this checkout pins it:\n\npdm run alembic upgrade head"
    assert given_command(pinned, "alembic upgrade head", "alembic") == (
        "pdm run alembic upgrade head", pinned.index("pdm run"))
    bundled = "try it as bundle exec rspec spec/models -fd instead"
    assert given_command(bundled, "rspec spec/models", "rspec") == (
        "bundle exec rspec spec/models -fd", bundled.index("bundle"))


def test_a_runner_word_in_prose_or_a_question_gives_no_fix() -> None:
    assert given_command("why would alembic need pdm at all?", "alembic upgrade head",
                         "alembic") is None
    assert given_command("the pdm docs are open in the other tab", "alembic upgrade head",
                         "alembic") is None


# -- a rule stated up front in the ask, then followed


def _rule(ask: str, *ran: str) -> str | None:
    talk = Talk().user(ask)
    for command in ran:
        talk.tool("Bash", command, "ok", exit_code=0)
    turns = talk.say("done").build().turns
    found = followed_rule(turns, 0)
    return None if found is None else ask[found[0]:found[1]]


def test_a_rule_stated_in_the_ask_and_then_followed_is_found() -> None:
    ask = ("add a /healthz route to the web chart. helm upgrades here always need --atomic, "
           "a half-applied release took prod down once.")
    assert _rule(ask, "helm upgrade web ./chart --atomic") == (
        "helm upgrades here always need --atomic, a half-applied release took prod down once.")


def test_a_rule_in_another_language_is_found_by_what_the_agent_ran() -> None:
    ask = ("Ajoute la page de profil. On lance toujours les tests avec --runInBand sur "
           "cette machine.")
    assert _rule(ask, "npx jest --runInBand") == (
        "On lance toujours les tests avec --runInBand sur cette machine.")


def test_one_offs_questions_and_rules_nobody_followed_are_no_rule() -> None:
    assert _rule("upgrade the chart, and for this run pass --atomic", "helm upgrade web "
                 "./chart --atomic") is None
    assert _rule("a friend says we should always use --atomic. what does it do?",
                 "helm upgrade web ./chart --atomic") is None
    assert _rule("helm upgrades here always need --atomic", "helm status web") is None
    assert _rule("upgrade the chart with --atomic", "helm upgrade web ./chart --atomic") is None


def test_a_followed_rule_becomes_a_preference_with_its_command() -> None:
    talk = (Talk().user("add a /healthz route. helm upgrades here always need --atomic.")
            .tool("Bash", "helm upgrade web ./chart --atomic", "deployed", exit_code=0)
            .say("deployed with --atomic"))
    [item] = [f for f in _feedback(talk) if f.kind == "preference"]
    assert item.evidence[0].quote == "helm upgrades here always need --atomic."
    assert item.succeeded_command == "helm upgrade web ./chart --atomic"
