"""A skill's description: what it does and when to use it, in one or two plain sentences.

"Runs pnpm install instead of npm install in this repository. Use when installing
dependencies with pnpm or npm here." The task comes from the commands (install, test, build,
deploy...), the tools are the programs they run; a rule without commands names the tools its
words mention. Never a bag of terms; at most MAX_DESCRIPTION characters.
"""

from __future__ import annotations

import re

from skillgit.distill.runner_table import PREFIX
from skillgit.mine.lesson_commands import CD_FIRST
from skillgit.mine.lessons import (
    Lesson,
    command_tool,
    lessons,
    next_step,
    plain_text,
    program,
    taught,
)
from skillgit.mine.naming import main_lesson
from skillgit.mine.situations import situations
from skillgit.mine.terms import KNOWN_TOOLS, surface_forms
from skillgit.proposal import Candidate

MAX_DESCRIPTION = 300
_RUNNER = re.compile(rf"^\s*{PREFIX}")
_TASKS: tuple[tuple[frozenset[str], str], ...] = tuple(
    (frozenset(words.split()), task) for words, task in (
        # before installing: `dotnet ef migrations add X` adds a migration, no dependency
        ("migrate migration migrations alembic", "running migrations"),
        ("install add i ci sync restore bundle get", "installing dependencies"),
        ("test tests pytest jest vitest mocha rspec phpunit tox nox", "running tests"),
        ("lint ruff eslint clippy flake8 pylint mypy pyright check vet biome", "checking code"),
        ("fmt format prettier black isort gofmt", "formatting code"),
        ("build compile tsc webpack vite bundle assemble", "building"),
        ("deploy release publish ship apply", "deploying"),
        ("up start serve dev compose", "starting services"),
        ("commit push merge rebase checkout branch", "working with git"),
    ))


def task(*commands: str | None) -> str:
    """What running the commands is for, as a gerund phrase ("installing dependencies")."""
    words: list[str] = []
    for command in commands:
        ran = _RUNNER.sub("", CD_FIRST.sub("", command or ""))  # what `fvm …` runs
        for word in ran.split()[:4]:  # ":app:testDebugUnitTest" runs tests
            parts = re.split(r"[-_:=/]", word)  # a camelCase task by its leading verb
            words += [word.lower(), *(re.split(r"(?<=[a-z0-9])(?=[A-Z])", p)[0].lower()
                                      for p in parts)]
    for vocabulary, phrase in _TASKS:
        if vocabulary & set(words):
            return phrase
    tool = next((command_tool(c) for c in commands if command_tool(c)), None)
    return f"running {tool}" if tool else "doing this work"


def _tools(*commands: str | None) -> str:
    found: list[str] = []
    for command in commands:
        for tool in (program(command), command_tool(command)):
            if tool and tool not in found:
                found.append(tool)
    return " or ".join(found[:2])


def _short(text: str, limit: int) -> str:
    text = plain_text(text).rstrip(" .")
    if len(text) <= limit:
        return text
    cut = text.rfind(" ", 0, limit - 1)
    return text[:cut if cut > limit // 2 else limit - 1].rstrip(" ,;:") + "\u2026"


def _fails_with(error: str | None) -> str:
    """" with ModuleNotFoundError" from "E   ModuleNotFoundError: No module …" ('' if none)."""
    found = re.search(r"\b([A-Z][A-Za-z]*(?:Error|Exception))\b", error or "")
    return f" with {found.group(1)}" if found else ""


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text[1:2].islower() or len(text) == 1 else text


def _mentioned_tools(candidate: Candidate, said: str) -> str:
    forms = surface_forms([said])
    tools = [forms.get(t, t) for t in forms if t in KNOWN_TOOLS]
    if not tools:
        tools = [forms.get(t, t) for t in candidate.terms if t in forms][:1]
    return " or ".join(tools[:2])


def _situations(lesson: Lesson, candidate: Candidate) -> str:
    """The work in which the sessions needed the skill: the task of each lesson it states
    ("installing dependencies or running tests"), its main lesson's first."""
    found: list[str] = []
    for each in [lesson, *taught(lessons(candidate))]:
        if each.kind in ("rule", "fix") and (each.do or each.dont):
            situation = task(each.dont, each.do) if each.kind == "fix" else task(each.do,
                                                                                  each.dont)
            if situation not in found:
                found.append(situation)
    if all(s.startswith(_GENERIC_WORK) for s in found):  # the commands name no kind of work:
        work = situations((s.session_id, s.quote)  # the sessions' words do
                          for s in candidate.of_kind("correction", "preference"))
        if work:
            return work
    return " or ".join(found[:3])


_GENERIC_WORK = ("running ", "doing this work")


def _use_when(situations: str, tools: str) -> str:
    """"Use when running tests with gradlew here."; the tools left out when the situation
    names them already ("running gradlew", never "running gradlew with gradlew")."""
    named = all(t in situations.split() for t in tools.split(" or "))
    return (f"Use when {situations} here." if named or not tools
            else f"Use when {situations} with {tools} here.")


def _sentences(lesson: Lesson, candidate: Candidate) -> tuple[str, str]:
    do, dont = lesson.do, lesson.dont
    if lesson.kind == "fix" and do and dont:
        steps = " then ".join(_short(s, 60) for s in lesson.steps)
        if lesson.setup:
            what = f"Runs {steps} before {_short(dont, 60)}, which fails without it here."
        else:
            what = (f"Runs {_short(do, 70)} where {_short(dont, 60)} fails"
                    f"{_fails_with(lesson.error)}.")
        return what, _use_when(_situations(lesson, candidate), _tools(dont, do))
    if lesson.kind == "rule" and (do or dont):
        if do and dont and next_step(do, dont):
            what = f"Runs {_short(do, 70)} before {_short(dont, 70)}."
        elif do and dont:
            what = f"Runs {_short(do, 70)} instead of {_short(dont, 70)}."
        elif do and lesson.sessions >= 2:  # the command the sessions agree on, not their words
            what = f"Runs {_short(do, 120)}."
        else:
            what = f"Applies this repository's rule: {_lower_first(_short(lesson.said, 150))}."
        return what, _use_when(_situations(lesson, candidate), _tools(do, dont))
    if lesson.kind == "ask":
        ask = _lower_first(_short(lesson.said, 200))
        return "Covers a request that recurs in this repository.", f"Use when asked to {ask}."
    what = f"Applies this repository's rule: {_lower_first(_short(lesson.said, 150))}."
    work = "" if lesson.switch else situations(
        (s.session_id, s.quote) for s in candidate.of_kind("correction", "preference"))
    if work:  # what the sessions were doing, by their words: never one stray term
        return what, f"Use when {work} here."
    tools = _mentioned_tools(candidate, lesson.said)
    return what, (f"Use when working with {tools} here." if tools else
                  "Use when doing the work this rule is about here.")


def description(candidate: Candidate) -> str:
    """What the skill does and when to use it, within MAX_DESCRIPTION characters."""
    lesson = main_lesson(candidate)
    if lesson is None:
        return f"Applies lessons about {_short(candidate.title, 120)}. Use when doing that work."
    what, when = _sentences(lesson, candidate)
    text = f"{what} {when}"
    if len(text) > MAX_DESCRIPTION:
        text = f"{_short(what, MAX_DESCRIPTION - len(when) - 2)}. {when}"
    return text[:MAX_DESCRIPTION]
