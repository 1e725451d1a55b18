"""User signals: asks, corrections, preferences, repeated asks; no false positives."""

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.digest import FeedbackItem
from skillgit.distill.evidence import quote_occurs
from skillgit.distill.user_signals import user_signals
from skillgit.transcripts.model import Conversation


def _feedback(conversation: Conversation) -> list[tuple[str, int]]:
    return [(f.kind, f.evidence[0].turn) for f in user_signals(conversation).feedback]


def _assert_verbatim(conversation: Conversation) -> None:
    signals = user_signals(conversation)
    by_index = {t.index: t for t in conversation.turns}
    items: list[FeedbackItem] = signals.feedback
    for evidence in [e for i in items for e in i.evidence] + [
            e for t in signals.tasks for e in t.evidence]:
        assert quote_occurs(evidence.quote, by_index[evidence.turn]), evidence


def test_first_prompt_is_an_ask_even_with_negative_words() -> None:
    talk = Talk().user("Don't stop until all tests pass. Never use print for logging.")
    signals = user_signals(talk.build())
    assert signals.feedback == []
    assert [t.evidence[0].turn for t in signals.tasks] == [0]
    # an ask's sentence under 40 characters is quoted together with the next one
    assert signals.tasks[0].evidence[0].quote == talk.turns[0].text


def test_a_correction_is_quoted_alone_and_a_bare_interjection_with_the_next_sentence(
        ) -> None:
    talk = (Talk().user("Set up the docs build.").tool("Bash", "sphinx-build docs out", "ok")
            .say("Built with sphinx.")
            .user("No, build docs with mkdocs. The wiki login is on the wiki."))
    assert user_signals(talk.build()).feedback[0].evidence[0].quote == (
        "No, build docs with mkdocs.")
    talk = (Talk().user("Set up the docs build.").tool("Bash", "sphinx-build docs out", "ok")
            .say("Built with sphinx.").user("No! Build the docs with mkdocs. Not sphinx."))
    assert user_signals(talk.build()).feedback[0].evidence[0].quote == (
        "No! Build the docs with mkdocs.")


def test_redirect_after_an_agent_action_is_a_correction() -> None:
    talk = (Talk().user("Refactor the config loader.")
            .tool("Edit", "/work/proj/config.py", "updated")
            .say("I rewrote the loader as a class.")
            .user("no, keep it a plain function and only split the parsing out"))
    conversation = talk.build()
    assert _feedback(conversation) == [("correction", 3)]
    item = user_signals(conversation).feedback[0]
    assert item.evidence[0].quote == "no, keep it a plain function and only split the parsing out"
    _assert_verbatim(conversation)


def test_approval_followed_by_an_objection_is_a_correction() -> None:
    talk = (Talk().user("Draft the migration plan.").say("Here is the plan: …")
            .user("Looks good, but the rollback step must run before the data copy."))
    assert _feedback(talk.build()) == [("correction", 2)]


def test_judgement_of_the_work_is_a_correction_wherever_it_stands() -> None:
    talk = (Talk().user("Speed up the sync job.").say("I added a cache layer.")
            .user("Reading every file again is a bad idea, since performance is crucial."))
    assert _feedback(talk.build()) == [("correction", 2)]


def test_new_task_with_a_negative_constraint_stays_an_ask() -> None:
    talk = (Talk().user("Fix the login bug.").tool("Edit", "/work/proj/auth.py", "ok")
            .say("Fixed.").user("Add a logout button to the header. Don't touch the tests."))
    signals = user_signals(talk.build())
    assert signals.feedback == []
    assert [t.evidence[0].turn for t in signals.tasks] == [0, 3]


def test_standing_rules_are_preferences() -> None:
    talk = (Talk().user("Install the dependencies.").tool("Bash", "npm install", "added 10")
            .user("Always use pnpm in this repo.")
            .say("Noted.")
            .user("Use ruff instead of flake8 for linting."))
    assert _feedback(talk.build()) == [("preference", 2), ("preference", 4)]
    _assert_verbatim(talk.build())


def test_acknowledgements_are_neither_tasks_nor_feedback() -> None:
    talk = (Talk().user("Plan the release.").say("Plan ready. Proceed?").user("proceed")
            .say("Done.").user("ok").say("Anything else?").user("no"))
    signals = user_signals(talk.build())
    assert signals.feedback == []
    assert [t.evidence[0].turn for t in signals.tasks] == [0]


def test_a_prompt_after_the_user_stopped_the_agent_is_a_correction() -> None:
    talk = (Talk().user("Clean up the build folder.")
            .tool("Bash", "rm -rf build dist", "")
            .interrupt()
            .user("only remove build/, dist/ holds the signed release"))
    items = user_signals(talk.build()).feedback
    assert [(i.kind, i.evidence[0].turn) for i in items] == [("correction", 3)]
    assert items[0].summary.startswith("after the user stopped the agent")


def test_the_same_ask_twice_is_a_repeated_ask() -> None:
    talk = (Talk().user("Regenerate the API client from openapi.yaml")
            .tool("Bash", "make client", "done").say("Regenerated.")
            .user("Fix the typo in the README title.").say("Fixed.")
            .user("regenerate the API client from openapi.yaml again"))
    items = user_signals(talk.build()).feedback
    repeated = [i for i in items if i.kind == "repeated-ask"]
    assert len(repeated) == 1
    assert [e.turn for e in repeated[0].evidence] == [0, 5]
    _assert_verbatim(talk.build())


def test_typographic_apostrophes_are_understood() -> None:
    talk = (Talk().user("Write the changelog.").say("Done, I listed every commit.")
            .user("don\u2019t list merge commits"))
    assert _feedback(talk.build()) == [("correction", 2)]


def test_a_question_about_the_work_is_an_ask_not_a_correction() -> None:
    talk = (Talk().user("Design the retry policy.").say("Exponential backoff, 5 tries.")
            .user("what about jitter and the total time limit?"))
    signals = user_signals(talk.build())
    assert signals.feedback == []
    assert len(signals.tasks) == 2


def test_new_task_describing_a_broken_feature_is_an_ask() -> None:
    talk = (Talk().user("Update the changelog.").say("Updated.")
            .user("Fix the login form, it's not working on Safari.")
            .say("Fixed.")
            .user("Add a cache for the rates; no need for persistence."))
    signals = user_signals(talk.build())
    assert signals.feedback == []
    assert [t.evidence[0].turn for t in signals.tasks] == [0, 2, 4]


def test_descriptions_of_what_happens_are_not_preferences() -> None:
    talk = (Talk().user("Look at the startup code.").say("Done.")
            .user("Every time I run the app it hangs for ten seconds.").say("I see.")
            .user("Never mind, profile the import time instead."))
    kinds = [f.kind for f in user_signals(talk.build()).feedback]
    assert "preference" not in kinds


@pytest.mark.parametrize(("reply", "expected"), [
    ("that's wrong, the function should return None not raise", ["correction"]),
    ("hmm, the build still fails", ["correction"]),
    ("there are still 3 failing tests", ["correction"]),
    ("doesn't compile: error[E0308]: mismatched types", ["correction"]),
    ("use the existing helper in utils.py, don't write a new one", ["correction"]),
    ("isn't there a builtin for that?", ["correction"]),
    ("From now on, run black before every commit", ["preference"]),
    ("I prefer f-strings over format()", ["preference"]),
    ("looks good, commit it", []),
    ("can you also add a test for the empty list case?", []),
    ("Write docs for it, don't forget the examples", []),
    ("the tests pass locally but CI fails with a timeout", []),
    ("Yes, go with option 2", []),
])
def test_follow_up_replies(reply: str, expected: list[str]) -> None:
    talk = (Talk().user("Implement the feature.").tool("Edit", "/work/proj/a.py", "ok")
            .say("Done.").user(reply))
    assert [f.kind for f in user_signals(talk.build()).feedback] == expected


# A follow-up naming the tool to use and the one to drop, after the agent ran a command.
@pytest.mark.parametrize(("ran", "reply", "expected"), [
    # the rejected side names what the agent just ran: a correction, whatever X's length
    ("npm install react-loading-skeleton", "we use pnpm here, not npm. delete package-lock.json",
     "correction"),
    ("npm run build-storybook", "pls use pnpm, npm messes up the lockfile", "correction"),
    ("python -m pytest tests/ -q", "use uv run pytest, not python -m pytest", "correction"),
    ("yarn add lodash", "can you use the pnpm workspace filter instead of yarn", "correction"),
    ("pip install requests", "I use poetry in this repo, not pip", "correction"),
    ("python -m pytest", "run it with uv run pytest rather than plain python", "correction"),
    ("npm install", "this repo uses pnpm, npm breaks the workspace", "correction"),
    ("python3 manage.py test", "no need for the shell, just use make test instead of python",
     "correction"),
    # "X, not Y" / "X instead of Y" alone, redirecting the work
    ("npm install", "use npm ci instead of npm install", "correction"),
    ("python -m pytest", "uv run pytest, not python -m pytest", "correction"),
    ("npm ci", "pnpm instead of npm pls", "correction"),
    # a contrast that does not name what the agent ran states a rule: a preference
    ("ls src", "please use the structured logger rather than print statements everywhere",
     "preference"),
    ("ls src", "we use tabs in this codebase, not spaces", "preference"),
])
def test_use_x_not_y_after_an_action(ran: str, reply: str, expected: str) -> None:
    talk = (Talk().user("Set up the project.").tool("Bash", ran, "ok").user(reply))
    signals = user_signals(talk.build())
    assert [(f.kind, f.evidence[0].turn) for f in signals.feedback] == [(expected, 2)]
    assert [t.evidence[0].turn for t in signals.tasks] == [0]
    _assert_verbatim(talk.build())


# "use X instead of Y" inside a new task describes the product, not how the agent works:
# the verb governing "use" is the task's ("add a flag to use …"), so the turn stays an ask.
@pytest.mark.parametrize("reply", [
    "add a flag to use json instead of yaml output",
    "make the exporter use gzip instead of zip",
    "write a helper so the CLI can use stdin rather than a temp file",
    "Add the retry option. Clients should use it instead of looping.",
    "Now implement the parser. Use regexes rather than a state machine.",
])
def test_instead_inside_a_new_task_stays_an_ask(reply: str) -> None:
    talk = (Talk().user("Set up the project.").tool("Bash", "npm install", "ok")
            .say("Done.").user(reply))
    signals = user_signals(talk.build())
    assert signals.feedback == []
    assert [t.evidence[0].turn for t in signals.tasks] == [0, 3]


@pytest.mark.parametrize("reply", [
    "thx", "perfect, thank you!", "great thanks", "ok thx", "got it, thanks",
    "awesome, thank you so much!!", "yes please", "nice work, cheers", "Thanks a lot \U0001f64f",
    "no, thanks", "sounds good - go ahead", "\U0001f44d",
])
def test_thanks_and_approval_only_turns_are_acknowledgements(reply: str) -> None:
    talk = (Talk().user("Fix the flaky test.").tool("Bash", "pytest -x", "1 passed")
            .say("Fixed.").user(reply))
    signals = user_signals(talk.build())
    assert signals.feedback == []
    assert [t.evidence[0].turn for t in signals.tasks] == [0]


# Corrections after an agent action that do not open with a redirect: the turn questions
# what the agent ran, refers back to an earlier instruction, carries a prohibition or an
# "X should be Y, not Z" in any sentence, or negates what the agent just ran. The quote is
# the sentence carrying the correction.
@pytest.mark.parametrize(("ran", "reply", "quote"), [
    # (a) questioning the agent's choice
    ("cargo check", "why cargo check? use cargo clippy --all-targets",
     "why cargo check? use cargo clippy --all-targets"),
    ("go build ./...", "hm, go build again? we run go vet before anything else",
     "hm, go build again? we run go vet before anything else"),
    ("pip install -U requests", "why pip install -U?? bump it in requirements.in instead",
     "why pip install -U?? bump it in requirements.in instead"),
    ("mvn --offline package", "why --offline? the mirror is reachable from here",
     "why --offline? the mirror is reachable from here"),
    ("ls src", "why didnt you run the linter", "why didnt you run the linter"),
    ("ls src", "The new module reads fine. Why didn't you add it to the index though?",
     "Why didn't you add it to the index though?"),
    ("make build", "ok. did you forget that the build needs the docker daemon up?",
     "did you forget that the build needs the docker daemon up?"),
    # (b) referring back to an earlier instruction
    ("ls src", "gofumpt pls, like i said", "gofumpt pls, like i said"),
    ("helm upgrade api ./chart", "helm upgrade --install --atomic please, as I told you twice",
     "helm upgrade --install --atomic please, as I told you twice"),
    ("ls", "The diff looks fine. I already said the fixtures stay generated, revert those edits.",
     "I already said the fixtures stay generated, revert those edits."),
    ("ls", "The migration itself reads fine. Again: every migration goes through alembic.",
     "Again: every migration goes through alembic."),
    # (c) a prohibition or "X should be Y, not Z" in any sentence of a turn opening no task
    ("pytest", "you need --settings=config.test for tests, the default module has no db",
     "you need --settings=config.test for tests, the default module has no db"),
    ("git diff", "the avatar should be a Link component not a raw anchor pls, as elsewhere.",
     "the avatar should be a Link component not a raw anchor pls, as elsewhere."),
    ("ls", "use the Money type for every amount, we never store floats. what's the diff size?",
     "use the Money type for every amount, we never store floats."),
    ("kubectl apply -f deploy.yaml",
     "Whoa, ok, that failed for a good reason. The manifests look right to me and the labels "
     "match what ops asked for. But please never deploy from a laptop, only the pipeline "
     "deploys after review; locally you only render with kustomize build. Can you also check "
     "the image tag?",
     "But please never deploy from a laptop, only the pipeline deploys after review;"),
    ("ls", "I appreciate the effort. That said, I've mentioned this before: we don't vendor "
     "dependencies, ever. Just pin them in go.mod.",
     # the next sentence names the file the rule moves to: it is part of the rule (issue 25)
     "That said, I've mentioned this before: we don't vendor dependencies, ever. Just pin "
     "them in go.mod."),
    ("ls", "plz dont commit straight to main", "plz dont commit straight to main"),
    # (d) negating what the agent just ran
    ("pip install django-filter", "sigh.. not pip install. requirements.in + pip-compile",
     "not pip install. requirements.in + pip-compile"),
])
def test_corrections_beyond_the_opening(ran: str, reply: str, quote: str) -> None:
    talk = (Talk().user("Set up the project.").tool("Bash", ran, "ok").say("Done.").user(reply))
    conversation = talk.build()
    items = user_signals(conversation).feedback
    assert [(i.kind, i.evidence[0].turn) for i in items] == [("correction", 3)]
    assert items[0].evidence[0].quote == quote
    assert [t.evidence[0].turn for t in user_signals(conversation).tasks] == [0]
    _assert_verbatim(conversation)


# Not corrections: genuine questions about the code or a tool, requests to re-run, new tasks
# with constraints, descriptions that only mention what the agent ran, acknowledgements.
@pytest.mark.parametrize(("ran", "reply"), [
    ("pytest", "why does parse_config return None for an empty file?"),
    ("cargo check", "why is cargo check so slow on this machine?"),
    ("uv sync --frozen", "what does --frozen do exactly?"),
    ("npm test", "can you run npm test again?"),
    ("make test", "run the tests again"),
    ("ls", "Add a login page, and don't log the password anywhere."),
    ("ls", "Add a retry option; it should use exponential backoff, not a fixed delay."),
    ("ls", "the docs say we never store tokens, can you check the login flow does that?"),
    ("ls", "what did you change in the parser?"),
    ("pytest", "there are no pytest failures left, nice"),
    ("cargo build", "the release notes should mention the new cargo build flags"),
    ("ls", "how many times does the retry loop run before giving up?"),
])
def test_not_corrections_after_an_action(ran: str, reply: str) -> None:
    talk = (Talk().user("Set up the project.").tool("Bash", ran, "ok").say("Done.").user(reply))
    signals = user_signals(talk.build())
    assert signals.feedback == []
    assert [t.evidence[0].turn for t in signals.tasks] == [0, 3]


@pytest.mark.parametrize("reply", ["thanks again", "ok, cool", "great, thank you again!"])
def test_acknowledgements_after_a_command_stay_acknowledgements(reply: str) -> None:
    talk = (Talk().user("Build it.").tool("Bash", "cargo build", "ok").say("Built.").user(reply))
    signals = user_signals(talk.build())
    assert signals.feedback == []
    assert [t.evidence[0].turn for t in signals.tasks] == [0]


# Issue 18: what the turn says about the agent's actions decides, not how it opens.
@pytest.mark.parametrize(("ran", "output", "reply"), [
    # a cheaper or narrower run than the one the agent chose
    ("cargo build --release", "Finished `release` profile in 2m 58s",
     "a dev build is plenty until we profile"),
    ("npm test", "Tests: 1201 passed\nTime: 240 s",
     "for a one-line fix the auth tests alone are enough"),
    ("pytest", "1880 passed in 512.3s", "eight minutes for this? the api tests cover it"),
    ("terraform apply", "Apply complete! Resources: 2 added.",
     "I apply by hand after reading the plan, leave apply to me next time"),
    # another tool of the same family
    ("yarn add zod", "success Saved 1 new dependency.", "bun add zod please"),
    ("gofmt -w internal", "", "goimports on internal, it orders the imports as well"),
    # negating what the agent used
    ("pip install black", "Successfully installed black-24.1.0", "no black, ruff format"),
])
def test_structural_corrections(ran: str, output: str, reply: str) -> None:
    talk = (Talk().user("Set up the project.").tool("Bash", ran, output).say("Done.")
            .user(reply))
    assert [(f.kind, f.evidence[0].turn) for f in user_signals(talk.build()).feedback] == [
        ("correction", 3)]


@pytest.mark.parametrize("reply", [
    "No rush, but could you also write the upgrade notes?",
    "Still on the exporter: add an option for tab separators.",
    "Again, thanks a lot. Next, the README badge.",
    "Stop the watcher and rebuild the docs site.",
    "Never touched Kotlin before, how does the build script find the plugin?",
    "Never mind the logo, wire the footer links instead.",
    "No problem. Now bump the chart version.",
])
def test_openers_alone_are_not_corrections(reply: str) -> None:
    talk = (Talk().user("Set up the project.").tool("Bash", "npm run build", "built in 41.2s")
            .say("Built.").user(reply))
    kinds = [f.kind for f in user_signals(talk.build()).feedback]
    assert "correction" not in kinds and "preference" not in kinds


def test_a_no_that_answers_the_agents_question_is_no_correction() -> None:
    talk = (Talk().user("Add the export.").tool("Edit", "/work/proj/export.py", "ok")
            .say("Done. Should I also add a CSV header row?")
            .user("no, not needed. Next, hook the export into the menu."))
    assert user_signals(talk.build()).feedback == []
