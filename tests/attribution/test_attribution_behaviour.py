"""Which version a session used and what happened after it, where a one-line slip would give
`skillgit stats` the wrong answer (issue 29): a session at the very second a version landed,
a copy of a skill kept under two names, a window that meets another skill's invocation, the
time before a skill existed and after it was removed."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

from attrib_sessions import commit, init_repo

from skillgit.attribution.attribute import attribute_digest
from skillgit.attribution.history import SkillHistory, build_history
from skillgit.digest import Digest, Evidence, FeedbackItem, SkillUse
from skillgit.gitops import GitRepo
from skillgit.transcripts.skill_text import file_sha

T0 = datetime(2026, 3, 1, 12, tzinfo=timezone.utc)


def md(name: str, text: str) -> str:
    return f"---\nname: {name}\ndescription: {name}. Use when needed.\n---\n# {name}\n\n{text}\n"


def history_of(repo: Path) -> SkillHistory:
    with GitRepo(repo) as g:
        return build_history(g, g.resolve("main"))


def session(*uses: SkillUse, feedback_turns: tuple[int, ...] = (),
            started: datetime | None = T0) -> Digest:
    return Digest.model_validate({
        "agent": "claude-code", "session_id": "11111111-2222-4333-8444-555555555555",
        "started_at": started, "main_dir": ".", "n_user_turns": 8, "engine": "heuristic",
        "prompt_version": "p1", "skill_uses": list(uses),
        "user_feedback": [FeedbackItem(kind="correction", summary="no, use staging",
                                       evidence=[Evidence(quote="no, use staging", turn=t)])
                          for t in feedback_turns]})


def test_a_session_at_the_second_a_version_landed_used_that_version(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "r")
    commit(repo, T0, {"skills/deploy/SKILL.md": md("deploy", "one")}, "v1")
    second = commit(repo, T0 + timedelta(days=3), {"skills/deploy/SKILL.md": md("deploy", "two")},
                    "v2")
    history = history_of(repo)
    [at_merge] = attribute_digest(history, session(SkillUse(
        skill="deploy", turn=1, at=T0 + timedelta(days=3))), 3)
    assert at_merge.version is not None and at_merge.version.commit == second
    [before] = attribute_digest(history, session(SkillUse(
        skill="deploy", turn=1, at=T0 + timedelta(days=3, seconds=-1))), 3)
    assert before.version is not None and before.version.commit != second


def test_no_version_before_the_skill_existed_or_after_it_was_removed(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "r")
    commit(repo, T0, {"skills/deploy/SKILL.md": md("deploy", "one")}, "v1")
    commit(repo, T0 + timedelta(days=5), {"skills/deploy/SKILL.md": None}, "remove")
    history = history_of(repo)
    for when, expected in ((T0 - timedelta(days=1), False), (T0 + timedelta(days=1), True),
                           (T0 + timedelta(days=6), False)):
        [item] = attribute_digest(history, session(SkillUse(skill="deploy", turn=1, at=when)), 3)
        assert (item.version is not None) is expected, when


def test_a_copy_kept_under_two_names_counts_for_the_name_invoked(tmp_path: Path) -> None:
    """`deploy` and `ship` hold the same text: an agent that ran `ship` (and was shown that
    text) used `ship`, not whichever name came first."""
    repo = init_repo(tmp_path / "r")
    text = "Run the pipeline, then check the dashboard."
    commit(repo, T0, {"skills/deploy/SKILL.md": md("same", text),
                      "skills/ship/SKILL.md": md("same", text)}, "two names")
    history = history_of(repo)
    key = file_sha(md("same", text).encode())
    for invoked in ("ship", "deploy"):
        [item] = attribute_digest(history, session(SkillUse(
            skill=invoked, turn=1, at=T0 + timedelta(days=1), content_sha=key)), 3)
        assert (item.skill, item.matched_by, item.in_repo) == (invoked, "content", True)
    [elsewhere] = attribute_digest(history, session(SkillUse(skill="not-ours", turn=1)), 3)
    assert (elsewhere.version, elsewhere.matched_by, elsewhere.in_repo) == (None, "none", False)


def test_an_invocation_of_unknown_time_used_the_newest_version(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "r")
    commit(repo, T0, {"skills/deploy/SKILL.md": md("deploy", "one")}, "v1")
    newest = commit(repo, T0 + timedelta(days=2),
                    {"skills/deploy/SKILL.md": md("deploy", "two")}, "v2")
    [item] = attribute_digest(history_of(repo), session(SkillUse(skill="deploy", turn=1),
                                                        started=None), 3)
    assert item.version is not None and item.version.commit == newest


def test_a_window_runs_past_another_skills_invocation_but_not_its_own(tmp_path: Path) -> None:
    """deploy runs at turn 1, lint at turn 2, the user corrects at turn 3: that correction is
    in deploy's window (and lint's). When deploy runs again at turn 2 instead, the correction
    belongs to the second run only."""
    history = SkillHistory()
    deploy = SkillUse(skill="deploy", turn=1, next_user_turns=[3, 5, 7])
    lint = SkillUse(skill="lint", turn=2, next_user_turns=[3, 5, 7])
    first, second = attribute_digest(history, session(deploy, lint, feedback_turns=(3,)), 3)
    assert [e.turn for e in first.outcome.of("correction")] == [3]
    assert [e.turn for e in second.outcome.of("correction")] == [3]
    again = SkillUse(skill="deploy", turn=2, next_user_turns=[3, 5, 7])
    first, second = attribute_digest(history, session(deploy, again, feedback_turns=(3,)), 3)
    assert first.outcome.of("correction") == []
    assert [e.turn for e in second.outcome.of("correction")] == [3]
