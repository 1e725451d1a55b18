"""Edges of the gate the mutation run's gate area found untested (benchmarks/mutation_scores.md):
a new candidate attaches to the *most* similar known skill, at an overlap of 0.6 and above; a
candidate with one specific term is not vague."""

from __future__ import annotations

from skillgit.mine import judge as judging
from skillgit.mine.judge import KnownSkill, attach_to_known
from skillgit.proposal import Candidate, Signal

DEPLOY = KnownSkill(name="deploy-app", directory="skills/deploy-app",
                    description="Deploy the app to staging with make deploy.",
                    body="Run `make deploy`.")
LINT = KnownSkill(name="lint-python", directory="skills/lint-python",
                  description="Lint the Python sources with ruff check and mypy strict.",
                  body="Run `ruff check`.")


def _candidate(terms: list[str], signals: list[Signal] | None = None) -> Candidate:
    return Candidate(key=" ".join(sorted(terms)), title=" ".join(terms), terms=terms,
                     signals=signals or [])


def test_a_new_candidate_attaches_to_the_most_similar_known_skill() -> None:
    for known in ([DEPLOY, LINT], [LINT, DEPLOY]):
        assert attach_to_known(_candidate(["ruff", "mypy", "lint"]), known).skill == "lint-python"


def test_an_overlap_of_three_fifths_attaches_and_two_fifths_does_not() -> None:
    # overlap coefficient: shared terms over the smaller set (here the candidate's five)
    assert attach_to_known(_candidate(["ruff", "mypy", "lint", "pytest", "coverage"]),
                           [DEPLOY, LINT]).skill == "lint-python"
    assert attach_to_known(_candidate(["ruff", "lint", "pytest", "coverage", "tox"]),
                           [DEPLOY, LINT]).skill is None


def test_a_candidate_is_checked_for_overlap_against_its_own_skill() -> None:
    # every term of the evidence is already in lint-python (its whole set, not a part of it)
    said = [Signal(kind="correction", turn=2, agent="codex", session_id=f"s{n}",
                   summary="lint the python sources with ruff check and mypy strict",
                   quote="run ruff check") for n in range(3)]
    candidate = _candidate(["ruff", "mypy", "lint"], said).model_copy(
        update={"skill": "lint-python"})
    assert judging._kill(candidate, [DEPLOY, LINT], lambda c: False) == (
        "overlaps skill 'lint-python' without extending it")
    extends = [*said, said[0].model_copy(update={"quote": "run ruff format before ruff check"})]
    assert judging._kill(candidate.model_copy(update={"signals": extends}), [DEPLOY, LINT],
                         lambda c: False) is None


def _said(kind: str, text: str, session: str) -> Signal:
    return Signal(kind=kind, summary=text, quote=text, turn=2, agent="codex", session_id=session)


def test_a_wholly_withheld_candidate_says_why_without_its_quotes() -> None:
    withheld = _candidate(["pnpm"]).model_copy(update={"withheld": {"exfiltration": 1,
                                                                    "download-and-run": 2}})
    assert judging._kill(withheld, [], lambda c: False) == (
        "unsafe: every quote was withheld and never copied: download-and-run (2), "
        "exfiltration (1)")
    assert judging._kill(_candidate(["pnpm"]), [], lambda c: False) == (
        "unsafe: every quote was withheld and never copied: no text left")


def test_a_recurring_failure_the_user_also_asked_about_is_not_killed_as_unfixed() -> None:
    signals = [_said("env-error", "pnpm install fails with ERR_PNPM_LOCKFILE_BREAKING", "s1"),
               _said("ask", "make pnpm install pass again with the frozen lockfile", "s2"),
               _said("ask", "fix pnpm install, the lockfile is frozen in CI", "s3")]
    kill = judging._kill(_candidate(["pnpm", "lockfile"], signals), [], lambda c: False)
    assert kill is None or not kill.startswith("a recurring failure")


def test_an_unanchored_lesson_that_is_not_about_quality_is_not_generic() -> None:
    signals = [_said("correction", "ask me before you merge anything on a friday", f"s{n}")
               for n in range(3)]
    kill = judging._kill(_candidate(["merge", "friday"], signals), [], lambda c: False)
    assert kill is None or not kill.startswith("generic advice")


def test_a_candidate_with_one_specific_term_is_not_vague() -> None:
    signals = [Signal(kind="correction", summary="use pnpm, not npm", quote="no, use pnpm",
                      turn=2, agent="codex", session_id=f"s{n}") for n in range(3)]
    kill = judging._kill(_candidate(["pnpm"], signals), [], lambda c: False)
    assert kill is None or not kill.startswith("vague helper")
    assert judging._kill(_candidate([], signals), [], lambda c: False) == (
        "vague helper: nothing specific enough to write down")
