"""Implicit facts about the target the agent used (issue 25): a version said after approval
("Only thing: …"), a version fused to its name in the agent's command ("net6.0"), a
rhetorical question in the negative ("isn't X the shared replica??"), and a hosting "plan"
that is no plan for later; with look-alikes that stay ordinary."""

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.distill.user_signals import user_signals


def _after_version(text: str) -> list[str]:
    talk = (Talk().user("rewrite the nightly rollup as one SQL statement")
            .tool("Edit", "jobs/rollup.sql")
            .tool("Bash", "docker compose exec db psql -U app -f /sql/rollup.sql", "INSERT 0 880")
            .say("Rewrote it with a window function and ran it on the local MySQL 8.4 container: "
                 "880 rows.")
            .user(text))
    return [f.kind for f in user_signals(talk.build()).feedback]


def _after_fused(text: str) -> list[str]:
    talk = (Talk().user("scaffold a worker for the billing queue")
            .tool("Bash", "dotnet new worker -n BillingWorker --framework net7.0",
                  "The template \"Worker Service\" was created successfully.")
            .say("Created BillingWorker on net7.0; it builds.")
            .user(text))
    return [f.kind for f in user_signals(talk.build()).feedback]


def _after_env_file(text: str) -> list[str]:
    talk = (Talk().user("purge the expired sessions")
            .tool("Read", "ops/.env")
            .tool("Bash", "psql \"$PG_URL\" -f ops/purge_sessions.sql", "DELETE 5120")
            .say("Ran ops/purge_sessions.sql with PG_URL from ops/.env; 5,120 rows deleted.")
            .user(text))
    return [f.kind for f in user_signals(talk.build()).feedback]


def test_a_version_after_approval_and_a_contrast_is_a_correction() -> None:
    assert _after_version("Nice, reads much better and the totals agree. One thing though: "
                          "the reporting hosts still run MySQL 5.7 until the migration. "
                          "Otherwise fine.") == ["correction"]


def test_a_version_fused_to_its_name_is_read() -> None:
    assert _after_fused("All our workers run on .NET 9 since the hosting plan was changed "
                        "in May.") == ["correction"]


def test_a_rhetorical_question_naming_the_shared_target_is_a_correction() -> None:
    assert _after_env_file("hold on. isnt ops/.env the shared staging database the QA team "
                           "tests on??") == ["correction"]


@pytest.mark.parametrize("run,text", [
    (_after_version, "Thanks, the totals agree, and the reporting hosts are on MySQL 8.4 "
                     "too. Good to go."),
    (_after_fused, "Great, net7.0 is what the other workers use as well."),
    (_after_fused, "Nice. We plan to move everything to .NET 9 next year, fine for now."),
    (_after_env_file, "wait, isn't 5k a lot more than last month?? interesting"),
    (_after_env_file, "doesn't it feel slow for 5k rows? just curious"),
])
def test_look_alikes_stay_ordinary(run: object, text: str) -> None:
    assert callable(run)
    assert run(text) == []
