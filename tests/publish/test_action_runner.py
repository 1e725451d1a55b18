"""The composite action (action.yml + action/) run step by step the way the runner does, against
the local git smart-HTTP server and the GitHub REST stand-in (see `composite_runner`).

The setup-python step (`uses:`) is skipped, and the install step is replaced by the skillgit
this test runs with (its output `python` = this interpreter): installing from the checkout
would need the network for the dependencies."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from composite_runner import ActionRun, run_composite, runner_env
from github_server import GitHubStub
from gitserver import GitHttpServer
from publish_world import git

from skillgit.cli import main
from skillgit.demo.run import create_repo
from skillgit.demo.scenarios import write_sessions
from skillgit.gitops import GitRepo
from skillgit.publish.dashboard import DASHBOARD_MARKER

PROJECT = Path(__file__).resolve().parents[2]
INSTALLED = {"install": {"python": sys.executable}}
COUNTS = ("proposals", "opened", "updated", "findings")


def counts(run: ActionRun) -> dict[str, str]:
    return {name: run.outputs[name] for name in COUNTS}


@pytest.fixture
def stub(token: str) -> Iterator[GitHubStub]:
    with GitHubStub(owner="o", name="r", token=token) as github:
        yield github


def demo_repo(tmp_path: Path, git_server: GitHttpServer, stub: GitHubStub) -> Path:
    repo = tmp_path / "workspace"
    create_repo(repo)
    bare = git_server.create_repo("o/r.git")
    git(repo, "remote", "add", "origin", git_server.url("o/r.git"))
    git(repo, "push", "-q", str(bare), "main")
    stub.state.branch_sha = lambda b: git(bare, "rev-parse", "--verify", "-q",
                                          f"refs/heads/{b}", check=False).strip() or None
    return repo


def run_action(tmp_path: Path, repo: Path, stub: GitHubStub, token: str, name: str,
               **inputs: str) -> ActionRun:
    (tmp_path / "runner-temp").mkdir(exist_ok=True)
    env = runner_env(GITHUB_API_URL=stub.url, GITHUB_SERVER_URL=stub.url,
                     GITHUB_REPOSITORY="o/r", GITHUB_WORKSPACE=str(repo),
                     RUNNER_TEMP=str(tmp_path / "runner-temp"))
    return run_composite(PROJECT, repo, inputs, token=token, env=env,
                         scratch=tmp_path / name, replace=INSTALLED)


def dashboard_body(stub: GitHubStub) -> str:
    [issue] = [i for i in stub.state.issues.values() if DASHBOARD_MARKER in i["body"]]
    return str(issue["body"])


def assert_token_only_masked(run: ActionRun, token: str) -> None:
    """The token appears once, in the `::add-mask::` command, and nowhere else."""
    lines = [line for line in (run.stdout + run.stderr).splitlines() if token in line]
    assert lines == [f"::add-mask::{token}"]


def test_mine_and_publish_opens_one_pr_per_proposal_and_sets_the_outputs(
        tmp_path: Path, token: str, git_server: GitHttpServer, stub: GitHubStub) -> None:
    repo = demo_repo(tmp_path, git_server, stub)
    write_sessions(tmp_path / "sessions")
    run = run_action(tmp_path, repo, stub, token, "first", mode="mine-and-publish",
                     llm="heuristic", labels="skillgit,skills",
                     args=f"--source '{tmp_path / 'sessions'}'")
    assert run.code == 0, run.stdout + run.stderr
    assert run.ran == ["run"]
    with GitRepo(repo) as g:
        branches = sorted(b for b in g.branches("skillgit/")
                          if b.startswith(("skillgit/new/", "skillgit/update/")))
    pulls = [p for p in stub.state.pulls.values() if p["state"] == "open"]
    assert len(branches) >= 2
    assert sorted(p["head"]["ref"] for p in pulls) == branches
    assert all({label["name"] for label in p["labels"]} == {"skillgit", "skills"}
               for p in pulls)
    assert counts(run) == {"proposals": str(len(branches)), "opened": str(len(branches)),
                           "updated": "0", "findings": "0"}
    numbers = sorted(int(p["number"]) for p in pulls)
    assert sorted(map(int, run.outputs["pull-requests"].split(","))) == numbers
    assert len(run.outputs["pull-request-urls"].split(",")) == len(numbers)
    result = json.loads(run.outputs["result"])
    assert result["mode"] == "mine-and-publish" and result["exit_code"] == 0
    assert result["counts"]["proposals"] == len(branches)
    assert result["counts"]["opened"] == len(branches)
    assert result["counts"]["sessions"] >= result["counts"]["proposals"]
    assert sorted(p["pull_request"]["number"] for p in result["proposals"]) == numbers
    assert all(p["context_tokens"]["always_loaded"] > 0 for p in result["proposals"])
    # The job summary: the funnel, one row per proposal with its PR link, what was not
    # proposed, and the usage chart from `stats` over the same sessions.
    assert "## skillgit mine and publish" in run.summary
    assert "```mermaid\nflowchart LR" in run.summary
    assert all(f"[#{n}](" in run.summary for n in numbers)
    assert "### Not proposed" in run.summary
    assert "### Skill use by version" in run.summary and "xychart-beta" in run.summary
    # publish got the same `stats` document (`--usage`, a file under RUNNER_TEMP, removed
    # after): the dashboard charts the use too.
    board = dashboard_body(stub)
    assert "### Skill use by version" in board and "```mermaid\nxychart-beta" in board
    assert list((tmp_path / "runner-temp").iterdir()) == []
    assert_token_only_masked(run, token)
    # Untrusted text (transcript quotes, commit messages) is printed with commands stopped.
    assert "::stop-commands::" in run.stdout

    stub.reset_log()
    again = run_action(tmp_path, repo, stub, token, "second", mode="mine-and-publish",
                       llm="heuristic", args=f"--source '{tmp_path / 'sessions'}'")
    assert again.code == 0, again.stdout + again.stderr
    assert again.outputs["opened"] == "0" and again.outputs["updated"] == "0"
    assert again.outputs["pull-requests"] == ""                  # nothing opened or updated
    assert json.loads(again.outputs["result"])["counts"]["unchanged"] == len(pulls)
    assert len([p for p in stub.state.pulls.values() if p["state"] == "open"]) == len(pulls)
    assert not [w for w in stub.writes if "/issues" in w.path]   # the same use: no edit
    assert dashboard_body(stub) == board


def test_the_verify_model_inputs_put_the_measured_effect_on_each_pull_request(
        tmp_path: Path, token: str, git_server: GitHttpServer, stub: GitHubStub) -> None:
    sys.path.insert(0, str(PROJECT / "tests" / "verify"))
    from agent_server import AgentServer

    repo = demo_repo(tmp_path, git_server, stub)
    write_sessions(tmp_path / "sessions")
    with AgentServer("follows") as server:
        (tmp_path / "runner-temp").mkdir(exist_ok=True)
        env = runner_env(GITHUB_API_URL=stub.url, GITHUB_SERVER_URL=stub.url,
                         GITHUB_REPOSITORY="o/r", GITHUB_WORKSPACE=str(repo),
                         RUNNER_TEMP=str(tmp_path / "runner-temp"), OPENAI_BASE_URL=server.url)
        run = run_composite(PROJECT, repo, {
            "mode": "mine-and-publish", "llm": "heuristic", "verify-llm": "openai",
            "verify-model": "agent-test", "args": f"--source '{tmp_path / 'sessions'}'"},
            token=token, env=env, scratch=tmp_path / "verify", replace=INSTALLED)
        assert run.code == 0, run.stdout + run.stderr
        assert server.received               # the model was asked, through mine
    pulls = [p for p in stub.state.pulls.values() if p["state"] == "open"]
    assert len(pulls) == 3
    for pull in pulls:
        assert "<!-- skillgit:effect=without 0/" in str(pull["body"]), pull["head"]["ref"]
        assert "### Measured effect" in str(pull["body"])
    assert_token_only_masked(run, token)


def test_publish_mode_counts_what_it_published(tmp_path: Path, token: str,
                                               git_server: GitHttpServer, stub: GitHubStub,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    repo = demo_repo(tmp_path, git_server, stub)
    write_sessions(tmp_path / "sessions")
    with monkeypatch.context() as m:
        m.chdir(repo)
        assert main(["mine", "--source", str(tmp_path / "sessions"), "--llm", "heuristic",
                     "--max", "2"]) == 0
    run = run_action(tmp_path, repo, stub, token, "publish", mode="publish", **{"max-open": "1"})
    assert run.code == 0, run.stdout + run.stderr
    assert run.outputs["opened"] == "1"
    assert run.outputs["proposals"] == "2"            # one opened, one held back by max-open
    assert "skipped-limit" in run.stdout
    result = json.loads(run.outputs["result"])
    opened = [p for p in result["pull_requests"] if p["status"] == "opened"]
    assert run.outputs["pull-requests"] == str(opened[0]["number"])
    assert result["counts"]["skipped-limit"] == 1
    assert "## skillgit publish" in run.summary and "skipped-limit" in run.summary
    assert "use by version" not in dashboard_body(stub)     # no stats: nothing about use
    assert_token_only_masked(run, token)


def test_without_digests_or_source_mine_and_publish_says_what_to_pass(
        tmp_path: Path, token: str, git_server: GitHttpServer, stub: GitHubStub) -> None:
    repo = demo_repo(tmp_path, git_server, stub)
    run = run_action(tmp_path, repo, stub, token, "nosource", mode="mine-and-publish")
    assert run.code == 2
    assert "::error title=skillgit::mode 'mine-and-publish'" in run.stdout
    assert "--source" in run.stdout
    assert counts(run) == {"proposals": "0", "opened": "0", "updated": "0", "findings": "0"}
    assert run.outputs["pull-requests"] == ""
    assert json.loads(run.outputs["result"])["exit_code"] == 2
    assert "--source" in run.summary                      # the error, in the summary too
    assert stub.writes == []


def test_publish_gets_the_stats_document_only_when_it_would_take_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = importlib.util.spec_from_file_location("action_run", PROJECT / "action" / "run.py")
    assert spec is not None and spec.loader is not None
    runner = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "action_run", runner)   # its dataclasses look it up
    spec.loader.exec_module(runner)
    environ = {"RUNNER_TEMP": str(tmp_path)}
    assert runner.usage_file(runner.Outputs(), environ) is None           # no stats ran
    odd = runner.Outputs(documents={"stats": {"skills": "many"}})
    assert runner.usage_file(odd, environ) is None                       # publish goes on
    assert odd.notes == ["`skillgit stats` printed an odd document (skills: expected an "
                         "array, got a string): no usage chart on the dashboard."]
    document = {"sessions": 2, "skills": [{"skill": "a", "invocations": 1, "versions": [
        {"version": "v1", "since": None, "invocations": 1, "corrected_invocations": 0}]}]}
    path = Path(runner.usage_file(runner.Outputs(documents={"stats": document}), environ))
    assert path.parent == tmp_path and json.loads(path.read_text("utf-8")) == document


@pytest.mark.parametrize("mode", ["", "mine", "review; rm -rf /", "publish\n::warning::x"])
def test_an_unknown_mode_is_a_usage_error_naming_the_input(tmp_path: Path, token: str,
                                                           mode: str) -> None:
    run = run_composite(PROJECT, tmp_path, {"mode": mode}, token=token, env=runner_env(),
                        scratch=tmp_path / "s", replace=INSTALLED)
    assert run.code == 2
    errors = [line for line in run.stdout.splitlines() if line.startswith("::")]
    assert errors[0] == f"::add-mask::{token}"
    assert errors[1].startswith("::error title=skillgit::input 'mode': expected one of")
    assert len(errors) == 2        # the bad value cannot start a workflow command of its own


def test_validate_mode_annotates_and_counts_findings(tmp_path: Path, token: str) -> None:
    skill = tmp_path / "skills" / "broken"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: other\ndescription: Does things. Use when "
                                    "needed.\n---\n# Broken\n", encoding="utf-8")
    run = run_composite(PROJECT, tmp_path, {"mode": "validate", "token": ""}, token=token,
                        env=runner_env(), scratch=tmp_path / "s", replace=INSTALLED)
    assert run.code == 1
    assert "::error file=skills/broken/SKILL.md,line=2," in run.stdout
    assert int(run.outputs["findings"]) >= 1
    assert token not in run.stdout + run.stderr       # an empty token input: nothing to mask
    result = json.loads(run.outputs["result"])
    assert result["findings"] and result["findings"][0]["path"] == "skills/broken/SKILL.md"
    assert "## skillgit validate" in run.summary and "skills/broken/SKILL.md" in run.summary


def skill_md(name: str, description: str) -> str:
    return f"---\nname: {name}\ndescription: {description}\n---\n# {name}\n\nDo it.\n"


def review_repo(tmp_path: Path) -> Path:
    """main: two good skills and one already broken; the branch `change` breaks `git-bisect`'s
    name (line 2) and adds a line to `pdf-forms` (still valid)."""
    repo = tmp_path / "workspace"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    files = {"skills/pdf-forms/SKILL.md": skill_md("pdf-forms", "Fill PDF forms from JSON."),
             "skills/git-bisect/SKILL.md": skill_md("git-bisect", "Find a bad commit."),
             "skills/old-mess/SKILL.md": skill_md("Old_Mess", "Broken before this change.")}
    for rel, text in files.items():
        (repo / rel).parent.mkdir(parents=True)
        (repo / rel).write_text(text, encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "init")
    git(repo, "checkout", "-q", "-b", "change")
    (repo / "skills/git-bisect/SKILL.md").write_text(
        skill_md("Git_Bisect", "Find a bad commit."), encoding="utf-8")
    with (repo / "skills/pdf-forms/SKILL.md").open("a", encoding="utf-8") as out:
        out.write("\nCheck every field.\n")
    git(repo, "commit", "-qam", "change")
    return repo


def pr_event(tmp_path: Path, repo: Path, number: int, head_repo: str) -> Path:
    event = tmp_path / "event.json"
    event.write_text(json.dumps({"number": number, "pull_request": {
        "number": number,
        "base": {"sha": git(repo, "rev-parse", "main").strip(), "ref": "main",
                 "repo": {"full_name": "o/r"}},
        "head": {"sha": git(repo, "rev-parse", "HEAD").strip(), "ref": "change",
                 "repo": {"full_name": head_repo}}}}), encoding="utf-8")
    return event


def test_review_annotates_the_changed_line_writes_the_summary_and_fails(
        tmp_path: Path, token: str, stub: GitHubStub) -> None:
    repo = review_repo(tmp_path)
    number = int(stub.state.add_pull("change", "Change skills")["number"])
    env = runner_env(GITHUB_API_URL=stub.url, GITHUB_SERVER_URL=stub.url,
                     GITHUB_REPOSITORY="o/r", GITHUB_EVENT_NAME="pull_request",
                     GITHUB_EVENT_PATH=str(pr_event(tmp_path, repo, number, "o/r")),
                     GITHUB_BASE_REF="main")
    run = run_composite(PROJECT, repo, {"mode": "review", "args": "--base main"}, token=token,
                        env=env, scratch=tmp_path / "review", replace=INSTALLED)
    assert run.code == 1, run.stdout + run.stderr
    annotations = [line for line in run.stdout.splitlines()
                   if line.startswith(("::error", "::warning"))]
    assert annotations and all("file=skills/git-bisect/SKILL.md,line=2," in line
                               for line in annotations)
    assert "old-mess" not in run.stdout                       # untouched: not reported
    assert "## skillgit review" in run.summary and "git-bisect" in run.summary
    assert run.summary.count("## skillgit") == 1      # review's own summary, not a second one
    assert json.loads(run.outputs["result"])["counts"]["errors"] >= 1
    assert int(run.outputs["findings"]) >= len(annotations)
    comments = list(stub.state.comments.values())
    assert len(comments) == 1 and "git-bisect" in comments[0]["body"]
    assert_token_only_masked(run, token)


def test_review_of_a_fork_pull_request_posts_no_comment(tmp_path: Path, token: str,
                                                        stub: GitHubStub) -> None:
    repo = review_repo(tmp_path)
    number = int(stub.state.add_pull("change", "From a fork")["number"])
    env = runner_env(GITHUB_API_URL=stub.url, GITHUB_SERVER_URL=stub.url,
                     GITHUB_REPOSITORY="o/r", GITHUB_EVENT_NAME="pull_request",
                     GITHUB_EVENT_PATH=str(pr_event(tmp_path, repo, number, "fork/r")))
    run = run_composite(PROJECT, repo, {"mode": "review", "args": "--base main"}, token=token,
                        env=env, scratch=tmp_path / "fork", replace=INSTALLED)
    assert run.code == 1, run.stdout + run.stderr
    assert "::error file=skills/git-bisect/SKILL.md,line=2," in run.stdout
    assert stub.writes == [] and not stub.state.comments
