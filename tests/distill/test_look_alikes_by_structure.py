"""Look-alikes fail by structure (issue 25, precision): a rule or a correction needs the
form that makes it one, so a remark the user takes back, a report of the past, the user's
own mind, a question told inside a statement, a step for the moment, praise of the agent's
choice, a hold for a step the agent has not taken, a quantifier over a state, a fact with a
verdict and a question about a failure stay ordinary. Each look-alike has a twin that keeps
the structure and stays a lesson."""

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.distill import norms, retractions
from skillgit.distill.env_signals import env_feedback
from skillgit.distill.user_signals import user_signals


def _kinds(text: str, *, ran: str = "ruff check src/", reply: str = "Fixed the lint errors.",
           ask: str = "Clean up the lint errors in the parser.") -> list[str]:
    talk = (Talk().user(ask).tool("Bash", ran, "All checks passed!")
            .tool("Edit", "/work/proj/src/parser.py", "ok").say(reply).user(text))
    return [item.kind for item in user_signals(talk.build()).feedback]


@pytest.mark.parametrize("text", [
    # a remark taken back, then approval
    "hmm the parser should raise on empty input... oh wait, it already does. nvm, looks good",
    "Hold on, the fallback got dropped? Ah no, my mistake, wrong file. Keep going.",
    "Typo in my message, I meant issue 912, not 921. Your fix closes both, so all good.",
    # a report of the past
    "We never got to writing a lint config for the scripts folder. Looks fine, open the PR.",
    # the user's own mind
    "Which rule is E741 again? I always forget which letters ruff bans. Explain it first.",
    # a question told inside a statement
    "interns often wonder whether ruff could replace pylint and not just flake8. add a faq line",
    # a step for the moment, with its purpose
    "mark the parser test xfail for the moment so I can check what else breaks",
    # praise of the agent's choice
    "Right, the vendored copy is regenerated nightly, so good call patching src/parser.py "
    "instead of vendor/parser.py.",
])
def test_look_alikes_stay_ordinary(text: str) -> None:
    assert _kinds(text) == []


@pytest.mark.parametrize("text", [
    "the parser should raise on empty input, not return None.",
    "We never run ruff with --fix on the vendored files.",
    "don't patch vendor/parser.py, it gets regenerated nightly, patch src/parser.py instead",
    "Remember that the parser suite runs on Python 3.9 too.",
])
def test_their_twins_stay_lessons(text: str) -> None:
    assert _kinds(text) != []


def test_a_hold_counts_only_for_what_the_agent_did() -> None:
    opened = "gh pr create --fill"
    hold = "Don't merge yet, Ana wants to read the parser change first. I'll tell you when."
    assert _kinds(hold, ran=opened, reply="Opened the PR. Merge when you're ready.") == []
    merged = "gh pr merge 77 --squash"
    assert _kinds(hold, ran=merged, reply="Merged PR 77.") == ["correction"]


@pytest.mark.parametrize(("text", "retracted"), [
    ("wait, that's the generated file. disregard that, lgtm", True),
    ("my bad, I misread the log. lgtm", True),
    ("never mind the docs, fix the failing import first", False),
    ("my bad, looks good, but rename the flag to --strict", False),
    ("looks good", False),
])
def test_retracted_needs_the_marker_and_a_last_approval(text: str, retracted: bool) -> None:
    assert retractions.retracted(text) is retracted


@pytest.mark.parametrize(("text", "is_norm"), [
    ("Every single lint rule satisfied in one pass. Impressive.", False),
    ("each build on the last run took a minute", False),
    ("Every single endpoint needs an auth check.", True),
    ("every job runs with a timeout in this pipeline", True),
])
def test_a_quantified_norm_needs_a_verb_not_a_noun(text: str, is_norm: bool) -> None:
    assert (norms.norm(text, new_task=False) is not None) is is_norm


@pytest.mark.parametrize("text", [
    "wow, twice as fast! never thought the port would pay off this quickly",
    "The sizing doc is on the wiki if you want it, but what you set matches it (4 GB, 2 cores). "
    "Merging.",
])
def test_a_fact_with_a_verdict_or_a_musing_is_no_correction(text: str) -> None:
    assert _kinds(text, ran="go test -bench . ./...", reply="The rust port is 2x faster.") == []


def _failure_then(text: str) -> list[str]:
    talk = (Talk().user("set up the backend").tool(
        "Bash", "terraform init", "Error: error configuring S3 Backend: no valid credential "
        "sources found", error=True, exit_code=1).say("terraform init cannot reach S3.")
        .user(text))
    return [item.kind for item in env_feedback(talk.build()) if item.kind == "failure-then-fix"]


@pytest.mark.parametrize(("text", "fixed"), [
    ("Odd. Why would terraform init talk to S3 before planning? I thought it only fetched "
     "modules.", False),
    ("how come terraform init -backend=false still needs creds?", False),
    ("Did you try terraform init -backend=false? That's what we do locally.", True),
    ("run terraform init -backend=false for now.", True),
])
def test_a_command_inside_a_question_about_the_failure_is_no_fix(text: str,
                                                                 fixed: bool) -> None:
    assert bool(_failure_then(text)) is fixed
