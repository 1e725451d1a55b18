"""Proposals a person closed unmerged on GitHub since the last `publish`, learnt before `mine`.

A pull request closed without merging is a "no" (the ledger's rule), but only `publish` used
to see it, and the scheduled Action runs `mine` first: the week after someone closed a PR,
`mine` proposed the closed lesson again and it took one of the run's `--max` slots (a new
lesson was turned away). `learn_closed` asks GitHub first and records each such close in the
local ledger (as `publish` would: fingerprint, evidence, PR URL), on top of the remote ledger,
so `mine` honours it and `publish` pushes the ledger as usual.

Reads only, and only what can be new: one listing of open PRs, then one lookup per remote
proposal branch that has no open PR and whose fingerprint the ledger does not hold yet.
Nothing is asked when the remote has no proposal branch, is not on the GitHub server's host,
or there is no token; a failed read is a note, never an error (`mine` goes on as before).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

from skillgit.errors import SkillgitError
from skillgit.forge.protocol import Forge
from skillgit.gitops import GitError, GitRepo
from skillgit.gitremote import RemoteTarget, check_formats, fetch_commits
from skillgit.publish.closed import ClosedPull, record_closed
from skillgit.wire.branches import PROPOSAL_PREFIXES as PREFIXES
from skillgit.wire.commit import made_by_skillgit, parse_trailers
from skillgit.wire.ledger import LEDGER_BRANCH, load_ledger, read_ledger
from skillgit.wire.lock import writing

LEDGER_REF = f"refs/heads/{LEDGER_BRANCH}"
# The forge a remote is on, with the remote given its token; None: not on a forge skillgit
# can ask (another host, or no token). GitHub: `github.connect.for_remote`.
ForgeFor = Callable[[RemoteTarget], "tuple[Forge, RemoteTarget] | None"]


def learn_closed(repo_path: Path, remote: str | None, forge_for: ForgeFor,
                 identity: str, wait_seconds: float = 30.0) -> list[str]:
    """Record in the local ledger the proposals closed unmerged on GitHub at their remote
    tip and not recorded yet. Returns notes for the user (what was learnt, or why not)."""
    with GitRepo(repo_path) as repo:
        try:
            target = RemoteTarget.resolve(repo, remote or "origin")
        except SkillgitError:
            return []
        host = urlsplit(target.url).hostname
        try:
            found = forge_for(target)
            if found is None:
                return []
            client, target = found
            try:
                closed, remote_ledger = _closed(repo, target, client, identity)
            finally:
                client.close()
        except (SkillgitError, GitError, KeyError, OSError) as exc:
            return [f"cannot ask {host} which proposals were closed "
                    f"({target.scrub(str(exc)) or type(exc).__name__}); a proposal closed "
                    "there since the last publish may be proposed again"]
        if not closed:
            return []
        _adopt(repo, remote_ledger, wait_seconds)
        record_closed(repo, closed, identity, wait_seconds)
    return [f"{c.branch}: its pull request was closed without merging ({c.pr_url}); "
            "recorded as rejected" for c in closed]


def _closed(repo: GitRepo, target: RemoteTarget, client: Forge,
            identity: str) -> tuple[list[ClosedPull], str | None]:
    refs = check_formats(repo, target)
    tips = {ref.removeprefix("refs/heads/"): sha for ref, sha in refs.items()
            if ref.removeprefix("refs/heads/").startswith(PREFIXES)}
    if not tips:
        return [], None
    ledger_tip = refs.get(LEDGER_REF)
    wanted = {f"refs/heads/{b}": sha for b, sha in tips.items()}
    here = fetch_commits(repo, target, {**wanted, **({LEDGER_REF: ledger_tip}
                                                      if ledger_tip else {})})
    known = {r.fingerprint for r in load_ledger(repo)[0].rejected}
    if ledger_tip is not None and LEDGER_REF in here:
        known |= {r.fingerprint for r in read_ledger(repo, ledger_tip).rejected}
    ask: dict[str, tuple[str, dict[str, str]]] = {}
    for branch, sha in sorted(tips.items()):
        if f"refs/heads/{branch}" not in here or not made_by_skillgit(repo, sha, identity):
            continue
        trailers = parse_trailers(repo.commit_info(sha).message)
        if trailers.get("Skillgit-Proposal", "") not in known:
            ask[branch] = (sha, trailers)
    if not ask:
        return [], ledger_tip
    busy = {p.head.ref for p in client.open_pulls(head_prefix="skillgit/")}
    out = []
    for branch, (sha, trailers) in ask.items():
        if branch in busy:
            continue
        pulls = client.pulls_for_branch(branch, "closed")
        if not pulls or pulls[0].outcome != "closed" or pulls[0].head.sha != sha:
            continue
        evidence = trailers.get("Skillgit-Evidence", "0").split()[0]
        out.append(ClosedPull(branch, trailers.get("Skillgit-Kind", branch.split("/")[1]),
                              trailers.get("Skillgit-Skill", branch.rsplit("/", 1)[-1]),
                              trailers["Skillgit-Proposal"],
                              int(evidence) if evidence.isdigit() else 0,
                              pulls[0].html_url, None))
    return out, ledger_tip


def _adopt(repo: GitRepo, remote_tip: str | None, wait_seconds: float) -> None:
    """Move the local ledger to the remote's when it is missing or behind, so the closes are
    recorded on top of it (a diverged local ledger is left as is: publish merges the two)."""
    if remote_tip is None:
        return
    with writing(repo, [LEDGER_BRANCH], wait_seconds):
        local = repo.ref_sha(LEDGER_BRANCH)
        if local == remote_tip or (local is not None
                                   and not repo.is_ancestor(local, remote_tip)):
            return
        repo.set_ref(LEDGER_BRANCH, remote_tip, local, "ledger: fast-forward to the remote")
