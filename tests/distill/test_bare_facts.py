"""Implicit corrections told as bare facts (issue 25): who still runs an old platform, what
the hardware lacks, which target or pinned version is real, how big a table is in
production — stated after the agent's change, with nothing asked, approved or planned.
The same facts with a verdict, a question, a plan or a request stay ordinary."""

from __future__ import annotations

import pytest

from skillgit.distill import statements
from skillgit.distill.action_context import ActionContext
from skillgit.distill.bare_facts import stated_constraint


def _changed(*commands: str, said: str, edited: tuple[str, ...] = (),
             words: frozenset[str] = frozenset()) -> ActionContext:
    names = frozenset(p.rsplit("/", 1)[-1] for p in edited)
    return ActionContext(wrote="\n".join([*commands, said]), shell=bool(commands),
                         files=names, words=words,
                         changed=names | frozenset({"changed"}))


IOS = _changed(said="Raised the deployment target to iOS 17 so we can use the Observation "
               "framework.", edited=("App.xcodeproj/project.pbxproj",))
FP16 = _changed("python train.py --precision fp8", said="Switched training to fp8 autocast.",
                edited=("train.py",))
RAILS = _changed("bin/rails db:migrate", said="Added a NOT NULL column with a default to "
                 "invoices and rebuilt its index.", edited=("db/migrate/20260101_add_state.rb",),
                 words=frozenset({"invoices"}))
MYSQL = _changed(said="Used a window function with GROUPS framing in the report query.",
                 edited=("reports/monthly.sql",))
ANSIBLE = _changed("ansible-playbook site.yml -l web", said="Rolled the nginx change out to the "
                   "web group.", edited=("roles/nginx/tasks/main.yml",),
                   words=frozenset({"web"}))
GRADLE = _changed("./gradlew build", said="Enabled the JVM toolchain 21 in gradle.properties "
                  "and used record patterns.", edited=("core/src/Parser.java",))


@pytest.mark.parametrize(("text", "context"), [
    ("Roughly 12% of our customers are still on iOS 15.", IOS),             # a population
    ("the render boxes are all T4s", FP16),                                 # hardware
    ("invoices is ~90M rows in production and gets written every second", RAILS),  # size
    ("the reporting replica still runs MySQL 5.7", MYSQL),                  # version in prod
    ("web is the live group, the canary hosts are in web-canary", ANSIBLE),  # the live target
    ("The release pipeline pins every module to JDK 17.", GRADLE),          # a pin
])
def test_a_bare_fact_the_change_meets_is_a_correction(text: str,
                                                      context: ActionContext) -> None:
    assert stated_constraint(text, context) is not None
    found = statements.feedback(text, context, new_task=False)
    assert found is not None and found[0] == "correction"


@pytest.mark.parametrize(("text", "context"), [
    ("Roughly 12% still on iOS 15, good call keeping the old target.", IOS),   # a verdict
    ("the render boxes are all T4s, so fp8 is out? what would you use", FP16),  # a question
    ("invoices is ~90M rows. how long will the index rebuild take?", RAILS),   # a question
    ("the replica still runs MySQL 5.7. I'll upgrade it this weekend", MYSQL),  # own plan
    ("web is the live group. now do the same for the workers", ANSIBLE),       # a request
    ("Deploy it to the remaining hosts next.", ANSIBLE),                       # imperative
    ("The release pipeline pins JDK 21 too, so that lines up.", GRADLE),       # agreement
    ("Never mind, my laptop still had JDK 17 active. Carry on.", GRADLE),      # own story
    ("the render boxes are all T4s. next, the eval script", FP16),            # a next step
    ("all the SQL for it is in one file. split it per report", MYSQL),         # imperative
])
def test_bare_fact_look_alikes_stay_ordinary(text: str, context: ActionContext) -> None:
    assert stated_constraint(text, context) is None


def test_a_fact_needs_a_change_and_a_link_to_it() -> None:
    looked = ActionContext(wrote="kubectl get pods\nAll pods are running.", shell=True)
    assert stated_constraint("the cluster is all arm64 nodes", looked) is None  # no change
    assert stated_constraint("the office printer still has no duplex unit", GRADLE) is None
    # a part of a name the agent wrote links the fact to the change
    env = _changed(said="Put VITE_MAPS_TOKEN in .env and read it in Map.tsx.",
                   edited=(".env",))
    assert stated_constraint("VITE_ vars end up public in the bundle", env) is not None
    assert stated_constraint("VITE_ vars end up public in the bundle", env) == 0


def test_a_new_task_is_not_read_as_a_bare_fact() -> None:
    text = "the render boxes are all T4s"
    assert statements.feedback(text, FP16, new_task=False) == ("correction", 0)
    assert statements.feedback(text, FP16, new_task=True) is None


def test_a_floor_a_dependency_or_the_command_inflected_links_the_fact() -> None:
    # a floor the change must meet, named without a version the agent wrote
    assert stated_constraint("minimum supported node is 18, it's in package.json engines",
                             _changed(said="Used Array.prototype.toSorted in the parser.",
                                      edited=("src/parse.ts",))) is not None
    # something depends on what the agent removed
    removed = ActionContext(wrote="git rm -r docs/_static\nRemoved docs/_static.",
                            used=frozenset({"git", "git rm"}), shell=True,
                            changed=frozenset({"_static"}), folders=frozenset({"docs"}))
    assert stated_constraint("The sphinx theme references the logo in docs/_static.", removed) \
        is not None
    # the subcommand it ran, inflected ("deploys" after `fly deploy`)
    deployed = ActionContext(wrote="fly deploy --remote-only\nDeployed.", shell=True,
                             used=frozenset({"fly", "fly deploy", "--remote-only"}),
                             changed=frozenset({"remote-only"}))
    assert stated_constraint("deploys only go out from the release workflow", deployed) \
        is not None
    assert stated_constraint("parties only go out on fridays", deployed) is None


def test_a_search_that_deletes_what_it_finds_is_a_change() -> None:
    from skillgit.distill.env_signals import is_inspection
    assert is_inspection("find . -name '*.orig'")
    assert not is_inspection("find . -name '*.orig' -delete")
    assert not is_inspection("find build -type f -exec rm {} +")


def test_a_version_the_agent_used_said_back_agrees() -> None:
    bumped = _changed(said="Moved the client to the httpx 0.27 API.", edited=("src/api.py",))
    assert stated_constraint("The lockfile pins httpx 0.27.2.", bumped) is None
    assert stated_constraint("The lockfile still pins httpx 0.23.", bumped) is not None


def test_a_fact_answering_the_agents_question_is_an_answer() -> None:
    asked = ActionContext(wrote="Raised minSdk to 26. Should I also drop the legacy shim?",
                          changed=frozenset({"build.gradle"}), asked=True)
    assert stated_constraint("Around 5% of users are still on API 24.", asked) is None
    told = ActionContext(wrote="Raised minSdk to 26.", changed=frozenset({"build.gradle"}))
    assert stated_constraint("Around 5% of users are still on API 24.", told) is not None
