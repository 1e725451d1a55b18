"""Writing proposals as branches, and their lifecycle, on real git repositories."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import textwrap
from datetime import datetime, timezone
from pathlib import Path

import pytest
from test_propose import DEPLOY_SKILL, digest

from skillgit.cli import main
from skillgit.gitops import GitRepo
from skillgit.mine import lifecycle
from skillgit.mine.run import MineOptions, mine_digests
from skillgit.proposal import Signal
from skillgit.redact import Redactor
from skillgit.skills.findings import Level
from skillgit.skills.validate import validate_skill
from skillgit.wire.commit import DEFAULT_IDENTITY, parse_trailers

PNPM = [digest(i, corrections=("no, use pnpm not npm",)) for i in (1, 2, 3)]
DEPLOY = [digest(i, skills=("deploy-app",), corrections=("use make deploy-staging instead",))
          for i in (4, 5)]


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True,
                          text=True).stdout


def objects(repo: Path) -> list[str]:
    return sorted(str(p.relative_to(repo)) for p in (repo / ".git" / "objects").rglob("*")
                  if p.is_file())


def snapshot(repo: Path) -> tuple[str, ...]:
    files = sorted((str(p.relative_to(repo)), hashlib.sha256(p.read_bytes()).hexdigest())
                   for p in repo.rglob("*") if p.is_file() and ".git" not in p.parts)
    return (git(repo, "status", "--porcelain=v2", "--untracked-files=all"),
            hashlib.sha256((repo / ".git" / "index").read_bytes()).hexdigest(),
            (repo / ".git" / "HEAD").read_text(), git(repo, "rev-parse", "HEAD"), str(files))


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "skills-repo"
    (root / "skills" / "deploy-app").mkdir(parents=True)
    (root / "skills" / "deploy-app" / "SKILL.md").write_text(DEPLOY_SKILL)
    git(tmp_path, "init", "-q", "-b", "main", str(root))
    git(root, "add", "-A")
    git(root, "commit", "-qm", "init")
    (root / "skills" / "deploy-app" / "SKILL.md").write_text(DEPLOY_SKILL + "local edit\n")
    (root / "notes.txt").write_text("untracked\n")
    (root / "staged.txt").write_text("staged\n")
    git(root, "add", "staged.txt")
    return root


def mine(repo: Path, digests, **options: object):
    return mine_digests(repo, digests, MineOptions(**options),
                        redactor=Redactor(home="/home/tester"))


def test_branches_are_one_commit_ahead_and_nothing_else_changes(repo: Path, tmp_path) -> None:
    before = snapshot(repo)
    result = mine(repo, PNPM + DEPLOY)
    assert snapshot(repo) == before
    assert sorted(o.status for o in result.outcomes) == ["written", "written"]
    git(repo, "fsck", "--strict")
    base = git(repo, "rev-parse", "main").strip()
    for outcome in result.outcomes:
        assert git(repo, "rev-list", "--count", f"main..{outcome.branch}").strip() == "1"
        assert git(repo, "rev-parse", f"{outcome.branch}^").strip() == base
        changed = git(repo, "diff", "--name-only", f"main..{outcome.branch}").split()
        assert len({str(Path(p).parent) for p in changed}) == 1
        skill_dir = Path(changed[0]).parent
        out = tmp_path / "check" / outcome.branch / skill_dir.name
        out.mkdir(parents=True)
        (out / "SKILL.md").write_text(git(repo, "show", f"{outcome.branch}:{changed[0]}"))
        report = validate_skill(out)
        assert [f for f in report.findings if f.level is Level.ERROR] == []
    assert {o.branch for o in result.outcomes} == {"skillgit/update/deploy-app",
                                                   f"skillgit/new/{result.found.proposals[0].skill}"
                                                   if result.found.proposals[0].kind == "new" else
                                                   f"skillgit/new/{result.found.proposals[1].skill}"}


def test_update_diff_only_adds_lines(repo: Path) -> None:
    mine(repo, DEPLOY)
    diff = git(repo, "diff", "main..skillgit/update/deploy-app")
    changed = [ln for ln in diff.splitlines() if ln.startswith(("+", "-"))
               and not ln.startswith(("+++", "---"))]
    assert changed and all(line.startswith("+") for line in changed)


def test_commit_message_carries_rationale_and_trailers(repo: Path) -> None:
    [outcome] = mine(repo, PNPM).outcomes
    message = git(repo, "log", "-1", "--format=%B", outcome.branch)
    assert message.startswith("skills(")
    assert "Repeatable: yes, seen in 3 sessions" in message
    assert "claude-code 2026-11-01 session-0001-abcdef, turn 2 (correction)" in message
    trailers = parse_trailers(message)
    assert trailers["Skillgit-Kind"] == "new"
    assert trailers["Skillgit-Evidence"] == "3 sessions"
    assert trailers["Skillgit-Engine"] == "heuristic"
    assert len(trailers["Skillgit-Proposal"]) == 16
    assert git(repo, "log", "-1", "--format=%an <%ae>", outcome.branch).strip() == \
        DEFAULT_IDENTITY


def test_second_run_creates_no_objects(repo: Path) -> None:
    mine(repo, PNPM + DEPLOY)
    refs, objs = git(repo, "for-each-ref"), objects(repo)
    again = mine(repo, PNPM + DEPLOY)
    assert [o.status for o in again.outcomes] == ["unchanged", "unchanged"]
    assert git(repo, "for-each-ref") == refs and objects(repo) == objs


def test_more_evidence_rewrites_on_the_current_base(repo: Path) -> None:
    [first] = mine(repo, PNPM).outcomes
    (repo / "other.txt").write_text("x")
    git(repo, "add", "other.txt")
    git(repo, "commit", "-qm", "base moves on")
    more = [*PNPM, digest(9, corrections=("pnpm please, not npm",))]
    [second] = mine(repo, more).outcomes
    assert (second.status, second.branch) == ("updated", first.branch)
    assert git(repo, "rev-parse", f"{second.branch}^").strip() == git(repo, "rev-parse",
                                                                       "main").strip()
    assert git(repo, "rev-list", "--count", f"main..{second.branch}").strip() == "1"


def test_branch_with_someone_elses_commit_is_left_alone(repo: Path) -> None:
    [first] = mine(repo, PNPM).outcomes
    git(repo, "branch", "-f", "scratch", first.branch)
    worktree = repo.parent / "wt"
    git(repo, "worktree", "add", "-q", str(worktree), first.branch)
    (worktree / "review.txt").write_text("reviewer's fix\n")
    git(worktree, "add", "review.txt")
    git(worktree, "commit", "-qm", "reviewer edit")
    tip = git(repo, "rev-parse", first.branch)
    [again] = mine(repo, [*PNPM, digest(9, corrections=("pnpm, not npm",))]).outcomes
    assert again.status == "foreign"
    assert git(repo, "rev-parse", first.branch) == tip


def test_dry_run_writes_nothing(repo: Path) -> None:
    refs, objs = git(repo, "for-each-ref"), objects(repo)
    result = mine(repo, PNPM, dry_run=True)
    assert [o.status for o in result.outcomes] == ["would-write"]
    assert git(repo, "for-each-ref") == refs and objects(repo) == objs


def test_no_secret_or_home_path_reaches_any_object(repo: Path) -> None:
    token = "ghp_" + "Zx9" * 12
    leaky = [digest(i, corrections=(f"use pnpm not npm, token {token} from /home/tester/src",))
             for i in (1, 2)]
    mine(repo, leaky)
    dump = subprocess.run(["git", "cat-file", "--batch-all-objects", "--batch"], cwd=repo,
                          capture_output=True, check=True).stdout
    assert token.encode() not in dump and b"/home/tester" not in dump


def test_two_runs_at_once_do_not_corrupt_refs(repo: Path) -> None:
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(Path(__file__).parent)!r})
        from pathlib import Path
        from test_propose import digest
        from skillgit.errors import SkillgitError
        from skillgit.mine.run import MineOptions, mine_digests
        ds = [digest(i, corrections=("no, use pnpm not npm",)) for i in (1, 2, 3)]
        try:
            r = mine_digests(Path({str(repo)!r}), ds, MineOptions(lock_wait_seconds=240))
            print(",".join(o.status for o in r.outcomes))
        except SkillgitError as exc:
            print("failed cleanly:", exc)
    """)
    procs = [subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                              text=True) for _ in range(2)]
    outs = sorted(p.communicate(timeout=300)[0].strip() for p in procs)
    assert all(p.returncode == 0 for p in procs)
    # The lock serializes them: one writes, the other waits and finds the same proposal there.
    assert outs == ["unchanged", "written"]
    git(repo, "fsck", "--strict")
    assert len(git(repo, "branch", "--list", "skillgit/new/*").split()) == 1


def test_reject_and_unreject(repo: Path, capsys, monkeypatch) -> None:
    [outcome] = mine(repo, PNPM).outcomes
    skill = outcome.branch.rsplit("/", 1)[-1]
    monkeypatch.chdir(repo)
    assert main(["proposals", "--json"]) == 0
    assert f'"branch": "{outcome.branch}"' in capsys.readouterr().out
    assert main(["proposals", "show", skill]) == 0
    shown = capsys.readouterr().out
    assert "Skillgit-Proposal:" in shown and f"+++ b/skills/{skill}/SKILL.md" in shown
    assert main(["proposals", "reject", skill]) == 0
    assert git(repo, "branch", "--list", outcome.branch) == ""
    assert "rejected.json" in git(repo, "ls-tree", "--name-only", "skillgit/ledger")
    again = mine(repo, PNPM)
    assert again.outcomes == [] and any("ledger" in r.missed for r in again.found.rejected)
    assert main(["proposals", "unreject", skill]) == 0
    assert [o.status for o in mine(repo, PNPM).outcomes] == ["written"]
    with GitRepo(repo) as g:
        assert [p.status for p in lifecycle.list_proposals(g, g.resolve("main"),
                                                          DEFAULT_IDENTITY)] == ["current"]
    assert main(["proposals", "show", "nope"]) == 2


IDENTITY = "Skills Bot <bot@example.com>"


@pytest.mark.parametrize("source", ["env", "config", "flag"])
def test_proposals_use_the_identity_mine_commits_as(repo: Path, capsys, monkeypatch,
                                                      source: str) -> None:
    [outcome] = mine(repo, PNPM, identity=IDENTITY).outcomes
    assert IDENTITY in git(repo, "log", "-1", "--format=%an <%ae>", outcome.branch)
    monkeypatch.chdir(repo)
    args = ["proposals", "--json"]
    if source == "env":
        monkeypatch.setenv("SKILLGIT_IDENTITY", IDENTITY)
    elif source == "config":
        (repo / ".skillgit.yaml").write_text(f'mine:\n  identity: "{IDENTITY}"\n')
    else:
        args.append(f"--identity={IDENTITY}")
    assert main(args) == 0
    assert '"status": "current"' in capsys.readouterr().out
    monkeypatch.delenv("SKILLGIT_IDENTITY", raising=False)
    (repo / ".skillgit.yaml").unlink(missing_ok=True)
    assert main(["proposals", "--json"]) == 0      # the default identity did not make it
    assert '"status": "foreign"' in capsys.readouterr().out


def test_reject_commits_the_ledger_as_the_configured_identity(repo: Path, monkeypatch) -> None:
    [outcome] = mine(repo, PNPM, identity=IDENTITY).outcomes
    (repo / ".skillgit.yaml").write_text(f'mine:\n  identity: "{IDENTITY}"\n')
    monkeypatch.chdir(repo)
    assert main(["proposals", "reject", outcome.branch]) == 0
    assert git(repo, "log", "-1", "--format=%an <%ae>|%cn <%ce>",
               "skillgit/ledger").strip() == f"{IDENTITY}|{IDENTITY}"


@pytest.mark.parametrize(("session_id", "shown"), [
    ("3f2a9c4e-1b7d-4e8a-9c1f-0a2b3c4d5e6f", "3f2a9c4e"),          # a UUID: git-style short
    ("ses_5d3b3a1b8ffeYb2kQvR7nLmT0w", "ses_5d3b3a1b8ffeYb2kQvR7nLmT0w"),  # time-ordered: whole
])
def test_evidence_names_a_session_unambiguously(session_id: str, shown: str) -> None:
    signal = Signal(kind="correction", summary="s", quote="q", turn=1, agent="opencode",
                    session_id=session_id, started_at=datetime(2026, 11, 2, tzinfo=timezone.utc))
    assert signal.session_ref == f"opencode 2026-11-02 {shown}"


def test_proposals_compare_against_the_configured_base(repo: Path, capsys, monkeypatch) -> None:
    git(repo, "branch", "dev", "main")
    git(repo, "commit", "-qm", "main moves on", "--allow-empty")
    [outcome] = mine(repo, PNPM, base="dev").outcomes
    monkeypatch.chdir(repo)
    (repo / ".skillgit.yaml").write_text("mine:\n  base: dev\n")
    assert main(["proposals", "--json"]) == 0
    assert '"status": "current"' in capsys.readouterr().out
    assert main(["proposals", "--json", "--base", "main"]) == 0      # the flag still wins
    assert '"status": "behind-base"' in capsys.readouterr().out
    assert outcome.branch


@pytest.mark.parametrize(("where", "shown"), [("flag", "--identity"), ("env", "SKILLGIT_IDENTITY"),
                                              ("config", "mine.identity")])
def test_a_malformed_identity_is_a_usage_error_naming_its_source(
        repo: Path, capsys, monkeypatch, where: str, shown: str) -> None:
    monkeypatch.chdir(repo)
    args = ["proposals"]
    if where == "flag":
        args.append("--identity=bob")
    elif where == "env":
        monkeypatch.setenv("SKILLGIT_IDENTITY", "bob")
    else:
        (repo / ".skillgit.yaml").write_text("mine:\n  identity: bob\n")
    assert main(args) == 2
    err = capsys.readouterr().err
    assert shown in err and "'Name <email>'" in err and "bob" in err and "pattern" not in err
