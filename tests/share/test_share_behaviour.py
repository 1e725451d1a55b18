"""What `skillgit share` would push, where a one-line slip would leak something (issue 29):
the session's opening text, a home path in a task, a home path the rewriting cannot see
(`backup:~/dumps/app.sql`), a session id that is a path. Each test builds the files `share`
pushes (`collect.add`) and looks at them, or at what was withheld and why."""

from __future__ import annotations

from datetime import datetime, timezone

from skillgit.digest import Digest, Evidence, FeedbackItem, TaskItem
from skillgit.redact import Redactor
from skillgit.share.collect import ShareSet, add
from skillgit.share.gate import for_sharing
from skillgit.share.projects import Project

HOME = "/home/alice"
PROJECT = Project(root="/home/alice/src/webapp",
                  spellings=("/home/alice/src/webapp", "~/src/webapp"), subdir="")
UUID = "11111111-2222-4333-8444-555555555555"


def digest(task: str = "add a page", quote: str = "use pnpm", **fields: object) -> Digest:
    evidence = [Evidence(quote=quote, turn=1)]
    data: dict[str, object] = {
        "agent": "claude-code", "session_id": UUID,
        "started_at": datetime(2026, 11, 2, tzinfo=timezone.utc), "main_dir": ".",
        "n_user_turns": 2, "engine": "heuristic", "prompt_version": "p1",
        "tasks": [TaskItem(summary=task, evidence=[Evidence(quote="ok", turn=1)])],
        "user_feedback": [FeedbackItem(kind="correction", summary=quote, evidence=evidence)]}
    data.update(fields)
    return Digest.model_validate(data)


def shared(*digests: Digest) -> ShareSet:
    out = ShareSet()
    for d in digests:
        add(out, d, PROJECT, "u-1", Redactor(home=HOME))
    return out


def pushed(out: ShareSet) -> bytes:
    return b"\n".join(out.files.values())


def test_the_opening_of_a_session_is_shared_only_as_a_hash() -> None:
    out = shared(digest(opening="deploy the billing service to prod for ACME"),
                 digest(opening="ab" * 16, session_id="other-session"))
    assert out.withheld == [] and len(out.files) == 2
    assert b"ACME" not in pushed(out)
    assert ("ab" * 16).encode() in pushed(out)


def test_a_task_is_made_project_relative_before_it_is_shared() -> None:
    out = shared(digest(task="fix ~/src/webapp/src/app.py and /home/alice/src/webapp/x.py"))
    assert out.withheld == []
    assert b"fix src/app.py and x.py" in pushed(out)
    assert b"alice" not in pushed(out)


def test_a_home_path_left_in_a_task_withholds_the_session() -> None:
    """`backup:~/…` is no path to the rewriting (a host name before it): the gate stops it."""
    out = shared(digest(task="restore backup:~/dumps/app.sql first"),
                 digest(session_id="clean-session"))
    assert [(w.session_id, w.findings) for w in out.withheld] == [(UUID, ["home-path"])]
    assert b"dumps" not in pushed(out) and len(out.files) == 1


def test_a_home_path_left_in_a_quote_withholds_the_session() -> None:
    out = shared(digest(quote="the dump is on backup:/home/<user>/dumps/app.sql"))
    assert [w.findings for w in out.withheld] == [["home-path"]]
    assert out.files == {}


def test_a_session_id_that_is_a_path_is_named_by_a_stable_hash() -> None:
    """The rewritten digest (what the gate then checks) names such a session by a hash: the
    same on every run, different per session, never the path."""
    path_like = "2026-11-02T10:00/home/alice/.codex/sessions/rollout.jsonl"
    named = for_sharing(digest(session_id=path_like), PROJECT).session_id
    assert "alice" not in named and "/" not in named and ".codex" not in named
    assert for_sharing(digest(session_id=path_like), PROJECT).session_id == named
    assert for_sharing(digest(session_id=path_like + "2"), PROJECT).session_id != named
    assert for_sharing(digest(session_id=UUID), PROJECT).session_id == UUID
    out = shared(digest(session_id=path_like))
    assert len(out.files) == 1 and not out.withheld  # shared, under its hash
    assert b"alice" not in pushed(out) and named.encode() in pushed(out)  # never as it was
