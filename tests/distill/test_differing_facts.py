"""Implicit corrections by comparison (`differing_facts`): the user states a fact about a
thing the agent just used (a version, a file, a listed entry, a count) with another value.
Each class has look-alikes that must stay ordinary: the same value, a question, a plan for
later, agreement, an instruction about another file."""

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.distill.action_context import ActionContext
from skillgit.distill.differing_facts import agent_versions, differing_fact
from skillgit.distill.user_signals import user_signals


def _kinds(talk: Talk) -> list[str]:
    return [f.kind for f in user_signals(talk.build()).feedback]


def _after(actions: list[tuple[str, str, str]], reply: str, follow_up: str) -> Talk:
    talk = Talk().user("go ahead")
    for tool, what, output in actions:
        talk = talk.tool(tool, what, output)
    return talk.say(reply).user(follow_up)


@pytest.mark.parametrize(("actions", "reply", "text"), [
    # a version of a code name from the reply, the agent assumed another
    ([("Edit", "/work/proj/src/client.py", "")],
     "Switched to the pydantic 1.10 validator API.", "pyproject pins pydantic 2.7.1."),
    # a version file the agent changed: its versions are that runtime's
    ([("Edit", "/work/proj/.python-version", "")],
     "Wrote .python-version with 3.11.9.", "the lambda runtime is python3.12"),
    # a platform setting named by its key, "is" between
    ([("Bash", "xcodebuild -scheme App build", "** BUILD SUCCEEDED **")],
     "Used the Observation framework; it builds for macOS 14.",
     "MACOSX_DEPLOYMENT_TARGET is 12.0."),
    # a sibling of the edited file: same folder and extension
    ([("Edit", "/work/proj/config/environments/development.rb", "")],
     "Enabled verbose logging in development.rb.",
     "the failing job boots config/environments/test.rb"),
    # the same name with another suffix
    ([("Edit", "/work/proj/tsconfig.json", "")], "Set strict to true in tsconfig.json.",
     "the build reads tsconfig.build.json"),
    # another entry of a listing the agent read, not the one it used
    ([("Bash", "kubectl config get-contexts -o name", "dev-west\nqa-east\nlive-east"),
      ("Bash", "kubectl --context dev-west delete pod worker-0", "pod \"worker-0\" deleted")],
     "Deleted worker-0.", "The stuck worker is in qa-east."),
    # a count the tools reported and the reply left out
    ([("Bash", "npm update lodash", "updated 57 packages in 9s")], "lodash is now 4.17.21.",
     "that's 57 packages changed in the lockfile"),
    # a fact that makes the change wrong, about the thing changed
    ([("Edit", "/work/proj/src/generated/api_client.ts", "")],
     "Renamed the fetchOrders method in generated/api_client.ts.",
     "that file is regenerated from the OpenAPI spec on every build"),
    ([("Edit", "/work/proj/copybooks/ORDREC.cpy", "")],
     "Widened ORD-AMOUNT in ORDREC.cpy to PIC 9(9).",
     "ORDREC is included by 30 batch jobs with fixed record lengths"),
])
def test_a_fact_with_another_value_is_a_correction(
        actions: list[tuple[str, str, str]], reply: str, text: str) -> None:
    assert _kinds(_after(actions, reply, text)) == ["correction"]


@pytest.mark.parametrize(("actions", "reply", "text"), [
    # the same version, said back
    ([("Edit", "/work/proj/src/client.py", "")],
     "Switched to the pydantic 2.7 validator API.", "pyproject pins pydantic 2.7.1."),
    # a version for later, and a question
    ([("Edit", "/work/proj/.python-version", "")], "Wrote .python-version with 3.11.9.",
     "We move to Python 3.13 next quarter."),
    ([("Edit", "/work/proj/.python-version", "")], "Wrote .python-version with 3.11.9.",
     "Does the lambda runtime support Python 3.12 yet?"),
    # a number that is no version of the thing: a line, a count of tests
    ([("Edit", "/work/proj/src/client.py", "")], "Fixed the bug on line 41 of client.py.",
     "The other report pointed at line 88."),
    # a sibling file in a plan for later, in agreement, or as the next instruction
    ([("Edit", "/work/proj/config/environments/development.rb", "")],
     "Enabled verbose logging in development.rb.",
     "config/environments/staging.rb has the same block."),
    ([("Edit", "/work/proj/config/environments/development.rb", "")],
     "Enabled verbose logging in development.rb.",
     "Once that works, config/environments/staging.rb needs it too."),
    ([("Edit", "/work/proj/config/environments/development.rb", "")],
     "Enabled verbose logging in development.rb.",
     "Now do config/environments/staging.rb."),
    # the entry the agent used, said back
    ([("Bash", "kubectl config get-contexts -o name", "dev-west\nqa-east\nlive-east"),
      ("Bash", "kubectl --context dev-west delete pod worker-0", "pod \"worker-0\" deleted")],
     "Deleted worker-0.", "dev-west is where it was stuck, thanks."),
    # a count the reply itself gave
    ([("Bash", "npm update", "updated 57 packages in 9s")], "Updated 57 packages.",
     "that's 57 packages, let's review the lockfile diff"),
    # a property of something the agent did not change
    ([("Edit", "/work/proj/src/orders.ts", "")],
     "Added the retry to orders.ts.", "the api client is generated, so I never read it"),
    # the changed thing, praised
    ([("Edit", "/work/proj/src/orders.ts", "")],
     "Added the retry to orders.ts.", "orders.ts looks much cleaner now, thanks"),
])
def test_facts_that_agree_ask_or_plan_are_ordinary(
        actions: list[tuple[str, str, str]], reply: str, text: str) -> None:
    assert "correction" not in _kinds(_after(actions, reply, text))


def test_agent_versions_read_names_and_version_files() -> None:
    turns = (Talk().user("go").tool("Edit", "/work/proj/.nvmrc")
             .say("Added .nvmrc pinned to 18.19.0; the tokio 0.2 docs say so.").build().turns)
    context = ActionContext.collect(turns[1:], "/work/proj")
    found = agent_versions(context)
    assert ("node", "18.19.0") in found
    stated = "every Dockerfile here is node:22"
    assert differing_fact(stated, context) == stated.index("node")
    assert differing_fact("every Dockerfile here is node:18", context) is None
