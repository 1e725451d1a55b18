"""Run the whole pipeline on a labelled set, in a throwaway repository, and score it."""

from __future__ import annotations

import difflib
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from skillgit.distill.cache import DigestCache
from skillgit.eval.labelled import LabelledSet
from skillgit.eval.score import Proposed, Score, Turned, score
from skillgit.gitobjects.new_repo import create_repository
from skillgit.gitops import GitRepo
from skillgit.judge.model_judge import ModelJudge
from skillgit.judge.prices import estimated_cost
from skillgit.llm.base import Engine, Usage
from skillgit.mine.run import MineOptions, engine_label, run_mine
from skillgit.mine.write import commit_message
from skillgit.redact import Redactor
from skillgit.transcripts.discover import SessionQuery, iter_conversations
from skillgit.verify.cache import VerifyCache
from skillgit.verify.effect import trailer_value
from skillgit.verify.run import Verifier
from skillgit.wire.commit import DEFAULT_IDENTITY

MAX_PROPOSALS = 50
JudgeFactory = Callable[[Path], ModelJudge | None]   # verdict cache dir → the judge


def _throwaway_repo(path: Path, skills: Path) -> None:
    """A repository with the set's skills (if any) in one commit on `main`."""
    path.mkdir(parents=True)
    (path / "README.md").write_text("Throwaway repository of `skillgit eval`.\n",
                                    encoding="utf-8")
    if skills.is_dir():
        shutil.copytree(skills, path / "skills", symlinks=False)
    files = [p for p in sorted(path.rglob("*")) if p.is_file() and ".git" not in
             p.relative_to(path).parts]
    create_repository(path, files, "Labelled set\n", DEFAULT_IDENTITY)


def added_lines(before: str, after: str) -> str:
    """What a proposal adds to a file: the lines of `after` that are not `before`'s, in
    order (an update may amend a step in place, not only append)."""
    old, new = before.splitlines(), after.splitlines()
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    return "\n".join(line for tag, _i1, _i2, j1, j2 in matcher.get_opcodes()
                     if tag in ("replace", "insert") for line in new[j1:j2])


def _cache_texts(root: Path) -> dict[str, str]:
    return {f"cache file {p.relative_to(root)}": p.read_text("utf-8", "replace")
            for p in sorted(root.rglob("*")) if p.is_file()}


def run_eval(labelled: LabelledSet, engine: Engine, make_judge: JudgeFactory,
             redactor: Redactor, verifier: Verifier | None = None) -> Score:
    with tempfile.TemporaryDirectory(prefix="skillgit-eval-") as tmp:
        work = Path(tmp)
        repo = work / "repo"
        _throwaway_repo(repo, labelled.skills)
        judge = make_judge(work / "cache" / "verdicts")
        distilled, result = run_mine(
            repo, SessionQuery(source=labelled.sessions),
            MineOptions(max_proposals=MAX_PROPOSALS), engine,
            cache=DigestCache(work / "cache" / "digests"), redactor=redactor,
            model_judge=judge)
        proposed: list[Proposed] = []
        outputs: dict[str, str] = {}
        with GitRepo(repo) as git:
            for p in result.found.proposals:
                added = []
                for path, data in sorted(p.change.files.items()):
                    before = (git.read_file(result.base_sha, path) or b"").decode(
                        "utf-8", "replace")
                    text = data.decode("utf-8", "replace")
                    added.append(added_lines(before, text))
                    outputs[f"{p.branch}:{path}"] = text
                outputs[f"commit message of {p.branch}"] = commit_message(p)
                proposed.append(Proposed(branch=p.branch, kind=p.kind, skill=p.skill,
                                         text="\n".join(added)))
        outputs["rejected candidates"] = "\n".join(r.model_dump_json()
                                                   for r in result.found.rejected)
        outputs.update(_cache_texts(work / "cache"))
        turned = [Turned(texts="\n".join(r.sources or [r.title]), reason=r.missed)
                  for r in result.found.rejected]
        found = score(labelled.expected, proposed, outputs, turned, result.found.not_listed,
                      result.found.withheld)
        if verifier is not None:   # the measured effect of each expected skill found
            with GitRepo(repo) as git:
                measured = verifier.measure(
                    git, sorted(set(found.matched.values())), VerifyCache(work / "verify"),
                    lambda: list(iter_conversations(SessionQuery(source=labelled.sessions),
                                                    redactor)),
                    {p.fingerprint: p.verdict.candidate.signals
                     for p in result.found.proposals})
            found.effects = {lesson: trailer_value(measured[branch])
                             for lesson, branch in found.matched.items() if branch in measured}
    usage = distilled.usage + result.found.usage
    report = result.found.judge
    judge_usage = report.usage if report is not None else Usage()
    distill_cost = 0.0 if usage.calls == 0 else estimated_cost(usage, engine_label(engine))
    judge_cost = report.cost_usd if report is not None else 0.0
    found.usage, found.judge_usage = usage, judge_usage
    found.judge_calls = report.calls if report is not None else 0
    found.engine = engine_label(engine)
    found.judge = report.engine if report is not None else "heuristic"
    found.estimated_cost_usd = (None if distill_cost is None or judge_cost is None
                                else distill_cost + judge_cost)
    return found
