"""A lesson is what a correction changes, not its words (issue 25), and finding it costs a
hash look-up per signal, not a comparison with every lesson found so far (issue 27)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from skillgit.mine import lessons as lessons_module
from skillgit.mine.describe import description
from skillgit.mine.generate import new_skill_body, new_skill_text, summary_for
from skillgit.mine.identity import identities, move, said
from skillgit.mine.lessons import _clusters, computed, lessons, statement
from skillgit.mine.naming import skill_name, title
from skillgit.proposal import Candidate, DimensionResult, Signal, Verdict


def _candidate(*signals: Signal) -> Candidate:
    return Candidate(key="k", title="t", terms=["x"], signals=list(signals))


def correction(n: int, said_: str, corrected: str | None = None,
               succeeded: str | None = None) -> Signal:
    return Signal(kind="correction", summary=said_, quote=said_, turn=2, agent="codex",
                  session_id=f"s{n}", corrected_command=corrected, succeeded_command=succeeded)


def test_a_move_is_keyed_by_what_changes() -> None:
    assert move("npm install", "pnpm install") == {("switch", "npm", "pnpm")}
    assert move("npm add left-pad", "pnpm add right-pad") == {("switch", "npm", "pnpm")}
    assert move("pnpm add x", "pnpm add x --save-exact") == {("flag", "pnpm", "save-exact")}
    assert move("pytest tests/", "PYTHONPATH=src pytest tests/") == {  # the setting itself
        ("env", "", "PYTHONPATH=src")}
    assert move(None, None) == frozenset()
    assert said("don't use npm here, always use pnpm") == {("switch", "npm", "pnpm")}
    assert said("`pnpm install --frozen-lockfile` please") == {("flag", "", "frozen-lockfile")}
    assert said("no, the other one") == frozenset()


def test_the_full_command_and_only_its_flag_are_one_lesson() -> None:
    """Issue 25: the full quoted command in one session, only its flag in another."""
    full = correction(1, "run `pnpm install --frozen-lockfile` in CI", "pnpm install",
                      "pnpm install --frozen-lockfile")
    flag_only = correction(2, "--frozen-lockfile, always")
    for order in ((full, flag_only), (flag_only, full)):
        found = lessons(_candidate(*order))
        assert len(found) == 1, [statement(x) for x in found]
        assert found[0].sessions == 2
        assert statement(found[0]) == ("Run `pnpm install --frozen-lockfile` instead of "
                                       "`pnpm install`.")


def test_one_switch_in_many_words_and_arguments_is_one_lesson() -> None:
    found = lessons(_candidate(
        correction(1, "no, use pnpm", "npm install", "pnpm install"),
        correction(2, "again", "npm add lodash", "pnpm add lodash"),
        correction(3, "we use pnpm in this repository, never npm"),
        correction(4, "no, use pnpm", "npm install", "pnpm install")))
    assert [(statement(x), x.sessions) for x in found] == [
        ("Use `pnpm install`, not `npm install`.", 4)]


def test_different_changes_in_the_same_words_stay_apart() -> None:
    """A distractor: the same words, another change of the same program."""
    found = lessons(_candidate(
        correction(1, "no, run the tests with the flag", "pytest tests", "pytest -x tests"),
        correction(2, "no, run the tests with the flag", "pytest tests", "pytest --lf tests"),
        correction(3, "no, run the tests with the flag", "pytest tests", "pytest -x tests")))
    assert [(statement(x), x.sessions) for x in found] == [
        ("Run `pytest -x tests` instead of `pytest tests`.", 2),
        ("Run `pytest --lf tests` instead of `pytest tests`.", 1)]


def test_a_flag_named_alone_does_not_join_another_programs_lesson() -> None:
    git = correction(1, "not like that", "git push", "git push --force-with-lease")
    npm = correction(2, "always --force-with-lease", "npm publish", "npm publish --dry-run")
    assert len(_clusters([git, npm])) == 2
    assert identities(npm).programs == {"npm"}


def test_clustering_costs_a_few_lookups_per_signal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hundreds of lessons already open, then thousands of sessions teaching one template
    with their own arguments: each signal is looked up, never compared with every lesson
    (the quadratic version called `program()` millions of times here)."""
    calls = [0]
    real = lessons_module.program

    def counted(command: str | None) -> str | None:
        calls[0] += 1
        return real(command)

    monkeypatch.setattr(lessons_module, "program", counted)
    noise = [correction(n, f"rename widget{n} to gadget{n}", f"tool{n} a", f"tool{n} b")
             for n in range(390)]
    taught = [correction(1000 + n, f"no, use pnpm not npm for pkg{n}", f"npm add pkg{n}",
                         f"pnpm add pkg{n}") for n in range(3000)]
    groups = _clusters(noise + taught)
    assert len(groups) == len(noise) + 1 and len(groups[-1]) == len(taught)
    assert calls[0] <= 4 * (len(noise) + len(taught))


def test_a_candidates_lessons_are_computed_once() -> None:
    """Naming, title, description, body and summary all read the same lessons."""
    candidate = _candidate(correction(1, "no, use pnpm", "npm install", "pnpm install"),
                           correction(2, "use pnpm", "npm install", "pnpm install"))
    before = computed()
    name = skill_name(candidate, ())
    title(candidate, name)
    description(candidate)
    new_skill_body(name, candidate)
    no = DimensionResult(holds=False, reason="")
    summary_for("update", Verdict(candidate=candidate, repeatable=no, feedback=no,
                                  repeated_ask=no))
    assert computed() == before + 1
    changed = candidate.model_copy(update={"signals": candidate.signals[:1]})
    assert lessons(changed)[0].sessions == 1 and computed() == before + 2


def test_a_new_skill_states_its_lessons_not_a_distractor_and_says_when_on_one_line() -> None:
    """Issue 25's shape: the one-off grouped with a lesson by its words is not a rule of the
    skill; "Use when" names each situation the sessions needed it in; the description is
    one line of the frontmatter however long it is."""
    candidate = _candidate(
        correction(1, "no, use pnpm not npm", "npm install", "pnpm install"),
        correction(2, "use pnpm, not npm", "npm install", "pnpm install"),
        correction(3, "lint with ruff please, not flake8", "flake8 src", "ruff check src"),
        correction(4, "ruff not flake8", "flake8 src", "ruff check src"),
        correction(5, "rename the npm script to build:web", "npm run build", "npm run web"))
    name = skill_name(candidate, ())
    text = new_skill_text(name, candidate)
    assert "build:web" not in text and "npm run web" not in text
    assert "`ruff check src`" in text
    [line] = [x for x in text.splitlines() if x.startswith("description:")]
    assert line.endswith("Use when installing dependencies or checking code with pnpm or npm "
                         "here."), line


def test_a_lesson_told_only_in_words_is_named_from_its_identity() -> None:
    candidate = _candidate(correction(1, "we use pnpm in this repository, never npm!!"),
                           correction(2, "don't use npm here, always use pnpm"))
    [lesson] = lessons(candidate)
    assert lesson.switch == ("npm", "pnpm") and lesson.sessions == 2
    assert skill_name(candidate, ()) == "use-pnpm-not-npm"
    assert title(candidate, "use-pnpm-not-npm") == "Use pnpm, not npm"


STEPS_SKILL = ("---\nname: deploy-app\ndescription: Deploy the app. Use when deploying.\n---\n"
               "# Deploy\n\n1. Build with `make build`.\n2. Deploy with `make deploy`.\n"
               "3. Check the dashboard.\n")


def test_a_skill_committed_after_the_sessions_is_the_one_updated_at_its_step(
        tmp_path: Path) -> None:
    """A team adopting skillgit today mines last month: the skill the sessions used was
    committed after them, and the correction still updates it, at the step it changes."""
    from test_propose import digest, run

    root = tmp_path / "skills-repo"
    (root / "skills" / "deploy-app").mkdir(parents=True)
    (root / "skills" / "deploy-app" / "SKILL.md").write_text(STEPS_SKILL)
    later = {**os.environ, "GIT_AUTHOR_DATE": "2026-12-20T09:00:00Z",
             "GIT_COMMITTER_DATE": "2026-12-20T09:00:00Z"}
    for args in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-qm", "skills"]):
        subprocess.run(["git", "-C", str(root), *args], check=True, env=later)
    found = run(root, [digest(n, skills=("deploy-app",), corrections=(said,),
                              commands=("make deploy", "make deploy-staging"))
                       for n, said in ((1, "no, deploy with make deploy-staging"),
                                       (2, "use make deploy-staging to deploy"))])
    [p] = found.proposals
    assert (p.kind, p.skill) == ("update", "deploy-app")
    lines = p.change.files["skills/deploy-app/SKILL.md"].decode().splitlines()
    at = lines.index("2. Deploy with `make deploy-staging` (not `make deploy`).")
    assert lines[at + 1] == "3. Check the dashboard."
    assert not any("make deploy" in line for line in lines[:at] + lines[at + 1:])


def test_a_switch_taught_with_other_arguments_each_time_is_stated_from_its_identity() -> None:
    """Hundreds of sessions, each its own package: the rule names no one session's package."""
    found = lessons(_candidate(*(correction(n, "no, use pnpm not npm", f"npm add pkg{n % 5}",
                                            f"pnpm add pkg{n % 5}") for n in range(12))))
    assert [(statement(x), x.sessions) for x in found] == [("Use `pnpm add`, not `npm add`.", 12)]
    agreed = lessons(_candidate(*(correction(n, "no, use pnpm not npm", "npm add left-pad",
                                             "pnpm add left-pad") for n in range(3)),
                                correction(9, "no, use pnpm not npm", "npm add x", "pnpm add x")))
    assert statement(agreed[0]) == "Use `pnpm add left-pad`, not `npm add left-pad`."


def test_among_equally_taught_lessons_the_one_naming_its_command_leads() -> None:
    """Two sessions, each its own wording: the main lesson is the one that names the
    command (its identity), not the first one seen in words alone."""
    found = lessons(_candidate(
        correction(1, "we keep schema changes reviewable, a hand-written file breaks that"),
        correction(2, "new schema change via the generator as usual", None,
                   "sqitch add add_paused_at -n 'add paused_at'")))
    assert [x.sessions for x in found] == [1, 1]
    assert found[0].do == "sqitch add add_paused_at -n 'add paused_at'"
