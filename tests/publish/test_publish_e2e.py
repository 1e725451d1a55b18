"""`skillgit publish` end to end, through a real git smart-HTTP remote and the GitHub REST
stand-in (both on 127.0.0.1): the Renovate lifecycle of one PR per proposal."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from github_server import GitHubStub
from gitserver import GitHttpServer
from publish_world import World, git
from pushkit import REVIEWER

from skillgit.cli import main
from skillgit.demo.run import create_repo
from skillgit.demo.scenarios import write_sessions
from skillgit.gitops import FileChange, GitRepo
from skillgit.publish.body import parse_fingerprint
from skillgit.publish.dashboard import DASHBOARD_MARKER

FP1, FP2, FP3 = "1111aaaa2222bbbb", "3333cccc4444dddd", "5555eeee6666ffff"


def writes(world: World) -> list[str]:
    return [str(entry) for entry in world.github.writes]


def test_mine_then_publish_opens_one_pr_per_proposal_then_stays_quiet(
        tmp_path: Path, token: str, git_server: GitHttpServer, stub: GitHubStub,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    repo = tmp_path / "demo"
    create_repo(repo)
    write_sessions(tmp_path / "sessions")
    bare = git_server.create_repo("o/r.git")
    git(repo, "remote", "add", "origin", git_server.url("o/r.git"))
    git(repo, "push", "-q", str(bare), "main")
    stub.state.branch_sha = lambda b: git(bare, "rev-parse", "--verify", "-q",
                                          f"refs/heads/{b}", check=False).strip() or None
    for name, value in stub.env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.chdir(repo)
    assert main(["mine", "--source", str(tmp_path / "sessions"), "--llm", "heuristic"]) == 0
    world = World(repo, bare, stub, git_server, capsys, token)
    with GitRepo(repo) as g:
        proposals = {b: sha for b, sha in g.branches("skillgit/").items()
                     if b.startswith(("skillgit/new/", "skillgit/update/"))}
    assert len(proposals) >= 2

    run = world.publish("--reviewers", "alice", "--team-reviewers", "core",
                        "--labels", "skillgit,skills")
    assert run.code == 0, run.err
    assert world.lines(run) == {b: "opened" for b in proposals}
    pulls = world.pulls()
    assert sorted(p["head"]["ref"] for p in pulls) == sorted(proposals)  # type: ignore[index]
    for pull in pulls:
        branch = pull["head"]["ref"]  # type: ignore[index]
        assert world.remote(branch) == proposals[branch]
        assert {label["name"] for label in pull["labels"]} == {"skillgit", "skills"}  # type: ignore[attr-defined]
        assert pull["requested_reviewers"] == [{"login": "alice"}]
        assert pull["requested_teams"] == [{"slug": "core"}]
        with GitRepo(repo) as g:
            message = g.commit_info(proposals[branch]).message
        assert pull["title"] == message.splitlines()[0]
        assert f"fingerprint={parse_fingerprint(str(pull['body']))}" in str(pull["body"])
        assert parse_fingerprint(str(pull["body"])) in message
        assert "### Validation of the proposed skill" in str(pull["body"])
        assert "### Always-loaded context" in str(pull["body"])
        assert pull["html_url"] in run.out
    [dashboard] = world.github.state.issues.values()
    assert DASHBOARD_MARKER in dashboard["body"] and "deploy the app" in dashboard["body"]

    world.github.reset_log()
    pushes = len(git_server.writes())
    again = world.publish()
    assert again.code == 0, again.err
    assert set(world.lines(again).values()) == {"unchanged"}
    assert writes(world) == []                      # zero write calls
    assert len(git_server.writes()) == pushes       # nothing pushed


def test_new_evidence_updates_the_same_pull_request(world: World) -> None:
    world.propose("pnpm", FP1)
    assert world.lines(world.publish()) == {"skillgit/new/pnpm": "opened"}
    [pull] = world.pulls()
    tip = world.propose("pnpm", FP2, sessions=5)
    world.github.reset_log()
    run = world.publish()
    assert world.lines(run) == {"skillgit/new/pnpm": "updated"}
    assert [p["number"] for p in world.pulls()] == [pull["number"]]
    assert parse_fingerprint(str(world.pulls()[0]["body"])) == FP2
    assert world.remote("skillgit/new/pnpm") == tip
    assert writes(world) == [f"PATCH /repos/o/r/pulls/{pull['number']} → 200"]
    document = json.loads(world.publish("--json").out)
    assert [(o["branch"], o["status"], o["number"], o["fingerprint"])
            for o in document["outcomes"]] == [("skillgit/new/pnpm", "unchanged",
                                                pull["number"], FP2)]
    assert document["repo"] == "o/r" and document["base"] == "main"


def test_a_pull_request_closed_unmerged_is_a_rejection_never_reopened(world: World) -> None:
    world.propose("pnpm", FP1, sessions=3)
    world.publish()
    [pull] = world.pulls()
    world.github.state.close_pull(int(str(pull["number"])))
    world.github.reset_log()
    run = world.publish()
    assert world.lines(run) == {"skillgit/new/pnpm": "rejected"}
    assert world.local("skillgit/new/pnpm") is None       # as `proposals reject` does
    ledger = json.loads(git(world.repo, "show", "skillgit/ledger:rejected.json"))
    [entry] = ledger["rejected"]
    assert (entry["fingerprint"], entry["pr_url"], entry["sessions"]) == \
        (FP1, pull["html_url"], 3)
    assert world.remote("skillgit/ledger") == world.local("skillgit/ledger")  # pushed
    assert world.pulls() == [] and not any(e.method == "POST" and e.path.endswith("/pulls")
                                           for e in world.github.log)
    world.github.reset_log()
    assert world.publish().code == 0 and writes(world) == []

    world.propose("pnpm", FP2, sessions=4)                  # grown, but not materially
    assert world.lines(world.publish()) == {"skillgit/new/pnpm": "rejected"}
    assert world.pulls() == []
    world.propose("pnpm", FP3, sessions=6)                  # materially grown: a new PR
    assert world.lines(world.publish()) == {"skillgit/new/pnpm": "opened"}
    [new] = world.pulls()
    assert new["number"] != pull["number"] and str(pull["html_url"]) in str(new["body"])
    assert world.github.state.pulls[int(str(pull["number"]))]["state"] == "closed"


def test_a_merged_pull_request_deletes_its_branches(world: World) -> None:
    world.propose("pnpm", FP1)
    world.publish()
    [pull] = world.pulls()
    world.github.state.merge_pull(int(str(pull["number"])))
    run = world.publish()
    assert world.lines(run) == {"skillgit/new/pnpm": "merged"}
    assert world.remote("skillgit/new/pnpm") is None
    assert world.local("skillgit/new/pnpm") is None
    world.github.reset_log()
    assert world.publish().code == 0 and writes(world) == []


def test_max_open_holds_across_runs_and_the_dashboard_lists_the_rest(world: World) -> None:
    for skill, fp in (("aa", FP1), ("bb", FP2), ("cc", FP3)):
        world.propose(skill, fp, rejected=("flaky @ci #9 builds",))
    run = world.publish("--max-open", "1")
    statuses = world.lines(run)
    assert sorted(statuses.values()) == ["opened", "skipped-limit", "skipped-limit"]
    assert len(world.pulls()) == 1
    waiting = [b for b, s in statuses.items() if s == "skipped-limit"]
    assert all(world.remote(b) is None for b in waiting)    # not pushed either
    [issue] = world.github.state.issues.values()
    assert all(b in issue["body"] for b in waiting)
    assert "flaky" in issue["body"] and "repeatable" in issue["body"]
    assert "@ci" not in issue["body"] and "#9" not in issue["body"]  # inert

    world.github.reset_log()
    again = world.publish("--max-open", "1")
    assert world.lines(again) == {**statuses, **{b: "unchanged" for b, s in statuses.items()
                                                 if s == "opened"}}
    assert writes(world) == []
    [pull] = world.pulls()
    world.github.state.merge_pull(int(str(pull["number"])))
    third = world.publish("--max-open", "1")
    assert sorted(world.lines(third).values()) == ["merged", "opened", "skipped-limit"]
    assert len(world.pulls()) == 1
    assert issue["body"].count("<!-- skillgit:open=skillgit/new/") == 1   # updated in place
    assert "### Open skillgit pull requests (1)" in issue["body"]
    assert len(world.github.state.issues) == 1


def test_a_reviewers_commit_on_the_remote_branch_is_not_overwritten(world: World) -> None:
    first = world.propose("pnpm", FP1)
    world.publish()
    with GitRepo(world.repo) as g:
        theirs = g.write_commit(first, [FileChange("skills/pnpm/SKILL.md", b"---\nname: pnpm\n"
                                                   b"description: mine now\n---\n")],
                                "reviewer: tweak wording\n", REVIEWER)
    git(world.repo, "push", "-q", str(world.bare), f"{theirs}:refs/heads/skillgit/new/pnpm")
    world.propose("pnpm", FP2, sessions=6)
    world.github.reset_log()
    run = world.publish()
    assert world.lines(run) == {"skillgit/new/pnpm": "foreign"}
    assert world.remote("skillgit/new/pnpm") == theirs
    assert writes(world) == []
    assert parse_fingerprint(str(world.pulls()[0]["body"])) == FP1


def test_a_rate_limited_call_succeeds_after_the_reset(world: World) -> None:
    world.propose("pnpm", FP1)
    world.github.rate_limit_next(reset_in=1, route="POST /repos/o/r/pulls")
    run = world.publish()
    assert world.lines(run) == {"skillgit/new/pnpm": "opened"}, run.err
    posts = [e.status for e in world.github.log if e.method == "POST"
             and e.path == "/repos/o/r/pulls"]
    assert posts == [403, 201]


def test_dry_run_prints_every_write_and_makes_none(world: World) -> None:
    world.propose("aa", FP1)
    world.propose("bb", FP2, rejected=("one-off",))
    run = world.publish("--dry-run", "--reviewers", "alice")
    assert run.code == 0, run.err
    assert world.lines(run) == {"skillgit/new/aa": "would-open", "skillgit/new/bb": "would-open"}
    assert "push skillgit/new/aa" in run.out and "POST /repos/o/r/pulls" in run.out
    assert "requested_reviewers" in run.out and "POST /repos/o/r/issues" in run.out
    assert writes(world) == [] and world.git_server.writes() == []
    assert world.remote("skillgit/new/aa") is None


def test_actions_forbidden_to_open_prs_prints_a_compare_url(world: World) -> None:
    world.propose("pnpm", FP1)
    world.github.fail_next("POST /repos/o/r/pulls", 403, message="GitHub Actions is not "
                           "permitted to create or approve pull requests.")
    run = world.publish("--no-dashboard")
    assert world.lines(run) == {"skillgit/new/pnpm": "pushed"}, run.out + run.err
    assert f"{world.github.url}/o/r/compare/main...skillgit/new/pnpm" in run.out
    assert world.remote("skillgit/new/pnpm") is not None


@pytest.mark.parametrize(("env", "args", "needle"), [
    ({"GITHUB_TOKEN": "ghp_wrong"}, (), "token"),
    ({}, ("--repo", "o/missing"), "o/missing"),
    ({}, ("--remote", "nowhere"), "nowhere"),
])
def test_auth_config_and_network_errors_exit_2(world: World, monkeypatch: pytest.MonkeyPatch,
                                               env: dict[str, str], args: tuple[str, ...],
                                               needle: str) -> None:
    world.propose("pnpm", FP1)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    run = world.publish(*args)
    assert run.code == 2 and needle in run.err and "Traceback" not in run.err


def test_the_token_is_nowhere(world: World) -> None:
    world.propose("pnpm", FP1)
    world.propose("npm", FP2)
    world.publish("--reviewers", "alice")
    [pull, _] = world.pulls()
    world.github.state.close_pull(int(str(pull["number"])))
    world.publish("--json")
    world.publish("--dry-run")
    places = [r.out + r.err for r in world.runs]
    places += [repr(world.github.log), repr(world.git_server.requests)]
    places.append((world.repo / ".git" / "config").read_text())
    for folder in (world.repo / ".git", world.bare):
        objects = subprocess.run(["git", "cat-file", "--batch-all-objects", "--batch"],
                                 cwd=folder, check=True, capture_output=True).stdout
        places.append(objects.decode("latin-1"))
        places += [p.read_text(errors="replace") for p in folder.rglob("*")
                   if p.is_file() and "objects" not in p.parts]
    assert places and not any(world.token in text for text in places)


def test_publish_settings_come_from_skillgit_yaml(world: World) -> None:
    (world.repo / ".skillgit.yaml").write_text(
        "publish:\n  labels: [skill-proposal]\n  reviewers: [bob]\n  max_open: 1\n"
        "  draft: true\n  dashboard: false\n  repo: o/r\n")
    world.propose("aa", FP1)
    world.propose("bb", FP2)
    run = world.publish()
    assert sorted(world.lines(run).values()) == ["opened", "skipped-limit"], run.err
    [pull] = world.pulls()
    assert [label["name"] for label in pull["labels"]] == ["skill-proposal"]  # type: ignore[attr-defined]
    assert pull["requested_reviewers"] == [{"login": "bob"}] and pull["draft"] is True
    assert world.github.state.issues == {}                 # dashboard: false
    assert world.github.state.labels["skill-proposal"]["color"] != "ededed"  # created, coloured


@pytest.mark.parametrize(("text", "needle"), [
    ("publish:\n  max_opne: 3\n", "publish.max_opne: unknown key"),
    ("publish:\n  max_open: '3'\n", "publish.max_open: expected an integer"),
    ("publish:\n  token: ghp_x\n", "keys do not belong"),
])
def test_a_bad_publish_section_exits_2(world: World, text: str, needle: str) -> None:
    (world.repo / ".skillgit.yaml").write_text(text)
    run = world.publish()
    assert run.code == 2 and needle in run.err and world.github.log == []
