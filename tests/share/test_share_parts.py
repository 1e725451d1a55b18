"""The parts of `share`: allow-list matching, the rewrite and privacy gate, the on-ref format
(untrusted input), merging, contributor ids and the config key."""

from __future__ import annotations

import os
from datetime import datetime, timezone
from pathlib import Path

import pytest

from skillgit.config import parse_config
from skillgit.digest import Digest, Evidence, FeedbackItem, TaskItem
from skillgit.errors import UsageError
from skillgit.redact import Redactor
from skillgit.share.collect import ShareSet, add
from skillgit.share.contributor import hashed_id
from skillgit.share.format import FormatError, decode, digest_path, encode
from skillgit.share.gate import for_sharing, gate_findings
from skillgit.share.projects import AllowList, Project
from skillgit.share.shared import SharedRead, merge

HOME = "/home/alice"


def allow(*entries: str, base: str = "/repo") -> AllowList:
    return AllowList(list(entries), Path(base), HOME)


@pytest.mark.parametrize("entry, cwd, root", [
    ("~/src/webapp", "~/src/webapp", "/home/alice/src/webapp"),
    ("~/src/webapp/", "~/src/webapp/pkg/ui", "/home/alice/src/webapp"),
    ("/home/alice/src/webapp", "~/src/webapp", "/home/alice/src/webapp"),
    ("~/work/api-*", "~/work/api-billing/src", "/home/alice/work/api-billing"),
    ("../webapp", "/webapp/x", "/webapp"),
])
def test_a_session_in_an_allowed_project_matches(entry: str, cwd: str, root: str) -> None:
    project = allow(entry).match(cwd)
    assert project is not None and project.root == root


@pytest.mark.parametrize("entries, cwd", [
    ([], "~/src/webapp"),
    (["~/src/web"], "~/src/webapp"),            # whole components only
    (["~/src/webapp"], "~/src"),                # a parent is not inside
    (["~/work/api-*"], "~/work/web/api-x"),
    (["~/src/webapp"], None),
    (["~/src/webapp"], "src/webapp"),           # a relative cwd says nothing
])
def test_anything_else_does_not(entries: list[str], cwd: str | None) -> None:
    assert allow(*entries).match(cwd) is None


def test_symlinks_are_seen_through_on_both_sides(tmp_path: Path) -> None:
    real = tmp_path / "real" / "webapp"
    real.mkdir(parents=True)
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "real")
    by_link = AllowList([str(link / "webapp")], tmp_path, HOME)
    assert by_link.match(str(real / "src")) is not None
    by_real = AllowList([str(real)], tmp_path, HOME)
    project = by_real.match(str(link / "webapp" / "src"))
    assert project is not None and project.subdir == "src"
    assert str(link / "webapp") in project.spellings      # rewritten in quotes as recorded


def test_a_link_out_of_a_project_leads_out_of_the_allow_list(tmp_path: Path) -> None:
    project = tmp_path / "webapp"
    private = tmp_path / "private"
    project.mkdir()
    (private / "diary").mkdir(parents=True)
    (project / "notes").symlink_to(private)
    listed = AllowList([str(project)], tmp_path, HOME)
    assert listed.match(str(project / "notes" / "diary")) is None
    assert listed.match(str(project / "src" / ".." / ".." / "private")) is None


def digest(quote: str = "use pnpm", **fields: object) -> Digest:
    evidence = [Evidence(quote=quote, turn=1)]
    data: dict[str, object] = {
        "agent": "claude-code", "session_id": "11111111-2222-4333-8444-555555555555",
        "started_at": datetime(2026, 11, 2, tzinfo=timezone.utc), "main_dir": ".",
        "n_user_turns": 2, "engine": "heuristic", "prompt_version": "p1",
        "tasks": [TaskItem(summary="add a page", evidence=evidence)],
        "user_feedback": [FeedbackItem(kind="correction", summary=quote, evidence=evidence)]}
    data.update(fields)
    return Digest.model_validate(data)


PROJECT = Project(root="/home/alice/src/webapp",
                  spellings=("/home/alice/src/webapp", "~/src/webapp"), subdir="pkg")


def test_paths_become_project_relative_and_others_are_dropped() -> None:
    shared = for_sharing(digest("edit ~/src/webapp/src/app.py and /home/alice/src/webapp/x.py, "
                                "not ~/notes/diary.md or /etc/hosts; see https://a.example/b/c",
                                main_dir="src"), PROJECT)
    quote = shared.user_feedback[0].evidence[0].quote
    assert quote == ("edit src/app.py and x.py, not [path] or [path]; see "
                     "https://a.example/b/c")
    assert shared.main_dir == "pkg/src"
    assert for_sharing(digest(main_dir="/opt/elsewhere"), PROJECT).main_dir is None
    assert for_sharing(digest(main_dir="~/src/webapp/lib"), PROJECT).main_dir == "lib"


@pytest.mark.parametrize("planted", [
    "token ghp_Z8k3Qw9Lm2Np4Rt6Vx8Bz1Cd3Fg5Hj7Kl9Mn",
    "AKIAIOSFODNN7EXAMPLE with key wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "postgres://admin:hunter2hunter2@db.internal/prod",
])
def test_the_gate_withholds_a_digest_with_any_finding_whole(planted: str) -> None:
    redactor = Redactor(home=HOME)
    assert gate_findings(for_sharing(digest(planted), PROJECT), redactor)
    out = ShareSet()
    add(out, digest(planted), PROJECT, "u-1", redactor)
    add(out, digest("use pnpm", session_id="other"), PROJECT, "u-1", redactor)
    assert [w.session_id for w in out.withheld] == ["11111111-2222-4333-8444-555555555555"]
    assert len(out.files) == 1 and planted.split()[-1].encode() not in b"".join(
        out.files.values())


def test_a_clean_digest_passes_the_gate() -> None:
    assert gate_findings(for_sharing(digest(), PROJECT), Redactor(home=HOME)) == []


def test_a_session_id_skillgit_hashed_is_no_finding() -> None:
    odd = digest(session_id="/home/alice/.codex/sessions/rollout 2026 #7")
    shared = for_sharing(odd, PROJECT)
    assert shared.session_id.startswith("s-") and "alice" not in shared.session_id
    assert gate_findings(shared, Redactor(home=HOME)) == []
    forged = digest(session_id="s-" + "7f3a9c" * 5 + "e1")  # not hashed by us: read as text
    assert forged.session_id == for_sharing(forged, PROJECT).session_id


def test_a_file_round_trips_and_names_its_contributor() -> None:
    d = digest()
    path = digest_path(d.agent, d.session_id)
    back = decode(encode("u-1", d), path, "u-1")
    assert back.contributor == "u-1" and back.model_dump(exclude={"contributor"}) == \
        d.model_dump(exclude={"contributor"})


def _file(**digest_fields: object) -> bytes:
    import json
    body = digest().model_dump(mode="json", exclude={"contributor"})
    body.update(digest_fields)
    return json.dumps({"format": 1, "contributor": "u-1", "digest": body}).encode()


PATH = digest_path("claude-code", "11111111-2222-4333-8444-555555555555")


@pytest.mark.parametrize("data, path, contributor, why", [
    (b"{not json", PATH, "u-1", "not UTF-8 JSON"),
    (b"\xff\xfe", PATH, "u-1", "not UTF-8 JSON"),
    (b"[1, 2]", PATH, "u-1", "envelope"),
    (_file(), PATH, "u-2", "another contributor"),
    (_file(), digest_path("codex", "x"), "u-1", "do not give its path"),
    (_file(main_dir="/etc"), PATH, "u-1", "main_dir"),
    (_file(main_dir="../../x"), PATH, "u-1", "main_dir"),
    (_file(schema_version=99), PATH, "u-1", "schema"),
    (_file(contributor="u-9"), PATH, "u-1", "names a contributor"),
    (_file(surprise=1), PATH, "u-1", "not a valid digest"),
    (_file(topics=["x"] * 1000), PATH, "u-1", "list of 1000"),
    (_file(topics=["x" * 5000]), PATH, "u-1", "5000 characters"),
    (b" " * 70_000, PATH, "u-1", "above the limit"),
    (b'{"format": true, "contributor": "u-1", "digest": {}}', PATH, "u-1", "envelope"),
])
def test_a_bad_file_is_refused_saying_why(data: bytes, path: str, contributor: str,
                                          why: str) -> None:
    with pytest.raises(FormatError, match=why):
        decode(data, path, contributor)


def test_merge_keeps_the_newest_version_of_a_session_whatever_the_order() -> None:
    short = digest().model_copy(update={"contributor": "u-a"})
    long = digest(n_user_turns=5).model_copy(update={"contributor": "u-b"})
    other = digest(session_id="other").model_copy(update={"contributor": "u-a"})
    for order in ([(short, (2, 10, "u-a")), (long, (5, 1, "u-b")), (other, (2, 10, "u-a"))],
                  [(other, (2, 10, "u-a")), (long, (5, 1, "u-b")), (short, (2, 10, "u-a"))]):
        read = merge(iter(order), SharedRead())
        kept = {d.session_id: d.n_user_turns for d in read.digests}
        assert kept == {short.session_id: 5, "other": 2}
        assert read.duplicates == 1 and read.contributors == ["u-a", "u-b"]


def test_the_contributor_id_is_a_salted_hash_never_the_email() -> None:
    one = hashed_id("Alice@Example.com", b"s" * 64)
    assert one == hashed_id(" alice@example.com", b"s" * 64)
    assert one != hashed_id("alice@example.com", b"t" * 64)
    assert "alice" not in one and one.startswith("u-")


def test_the_share_section_is_validated_naming_the_key() -> None:
    config = parse_config("share: {projects: [~/src/a, '~/w/api-*'], contributor: team-a}\n",
                          "x.yaml")
    assert config.share.projects == ["~/src/a", "~/w/api-*"]
    for bad in ("share: {contributor: Alice@x}", "share: {projects: ~/a}",
                "share: {project: [a]}", 'share: {projects: ["a\\nb"]}'):
        with pytest.raises(UsageError, match="share"):
            parse_config(bad + "\n", "x.yaml")


def test_salt_file_is_private(tmp_path: Path) -> None:
    from skillgit.share.contributor import salt
    env = {"XDG_CONFIG_HOME": str(tmp_path)}
    first = salt(env)
    assert salt(env) == first
    assert oct(os.stat(tmp_path / "skillgit" / "share-salt").st_mode & 0o777) == "0o600"
