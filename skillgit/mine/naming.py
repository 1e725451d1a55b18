"""A skill's name and title from its main lesson: the verb and the objects of the rule.

`npm install` corrected, `pnpm install` then worked → `use-pnpm-not-npm` ("Use pnpm, not
npm"); `pytest tests/` failing, `PYTHONPATH=src pytest tests/` working →
`set-pythonpath-for-pytest`; setup steps before a failing command →
`run-docker-compose-up-before-pytest`; a rule or ask without commands → its own leading words
("Regenerate the OpenAPI client" → `regenerate-openapi-client`). The same lesson gives the same
name on every run (branch names and the rejection ledger depend on it).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable

from skillgit.distill.runner_table import RUNNERS
from skillgit.mine.lessons import Lesson, command_tool, lessons, next_step, program
from skillgit.mine.terms import GENERIC_TERMS, MAX_TERM_CHARS, name_words
from skillgit.mine.thing_names import thing_words
from skillgit.proposal import Candidate
from skillgit.skills.names import NAME_MAX, name_from_text, to_ascii

MAX_WORDS = 6
MAX_NAME_CHARS = 48
FALLBACK = "session-lessons"
_ENV_ASSIGN = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)=")
_SKIP = frozenset({"sudo", "env", "time", "nice", "exec"})
# Words a name leaves out: articles, pronouns, politeness, places like "here".
_FILLER = frozenset("""a an the this that these those it its i we you your our my me us please
pls plz here there now just also always again actually really so ok okay yes well then
in this repo repository project codebase one some any all every is are be been was were do
does did to of for on at by as""".split()) - {"for", "before", "not", "with", "under"}
_NEGATION = {"don't": "no", "dont": "no", "never": "no", "avoid": "no", "stop": "no",
             "do not": "no"}
# A redaction marker (also one cut short): never a word of a name.
_MARKER = re.compile(r"\[REDACTED(?::[^\]\s]*)?\]?|\S*://\S*|\S+=\S*", re.I)
_RELATIONS = frozenset({"not", "before", "after", "under", "with", "without", "for", "into",
                        "from", "instead", "over", "via", "no"})


# A program run by its path ("./vendor/bin/pint", "bin/rails"): named by its file name.
_EXECUTABLE = re.compile(r"(?:\.{1,2}/)?(?:[\w.-]+/)+[A-Za-z][\w.-]*")


_QUALIFIED = re.compile(r"(?:[a-z][a-z0-9_]*\.){2,}[A-Z][A-Za-z0-9_]*")


def _words(command: str) -> list[str]:
    """Program, subcommands and arguments of a command, as written (no flags, no paths)."""
    out: list[str] = []
    for token in command.split()[:8]:
        token = token.strip("\"'")   # `sbt "api/runMain a.b.Main"` runs a.b.Main
        if _ENV_ASSIGN.match(token) or token in _SKIP:
            continue
        if _QUALIFIED.fullmatch(token):  # a class by its qualified name: its own name
            token = token.rsplit(".", 1)[-1]
        if not out and _EXECUTABLE.fullmatch(token):  # `./vendor/bin/pint` runs pint
            token = token.rsplit("/", 1)[-1]
        if (token.startswith("-") or not re.fullmatch(r"[A-Za-z0-9][\w.+:-]*", token)
                or len(token) > MAX_TERM_CHARS or "redacted" in token.lower()):
            continue
        out.append(token)
    return out


def _flags(command: str) -> list[str]:
    return [t.lstrip("-").split("=", 1)[0] for t in command.split() if re.fullmatch(
        r"--?[A-Za-z][\w-]*(?:=\S*)?", t)]


def _env(command: str) -> list[str]:
    return [m.group(1) for t in command.split() if (m := _ENV_ASSIGN.match(t))]


# An agent's file edit run as a command (Codex `apply_patch <<EOF`): what it did, no program
# the lesson moves to.
_EDITS = frozenset({"apply_patch", "applypatch"})
_RUNNERS = frozenset({"uvx", "npx", "pnpx", "bunx"})            # run the program after them
_RUN_VIA = frozenset({"uv", "poetry", "pipenv", "pdm", "hatch", "bundle", "pnpm", "yarn"})


def _core(command: str) -> list[str]:
    """The words of the part of a compound command that matters (its last part: `apt-get
    update && apt-get install -y libpq-dev` installs libpq-dev), runners dropped (`uv run
    alembic …` runs alembic)."""
    part = re.split(r"\s*(?:&&|\|\||;)\s*", command.strip())[-1]
    return _run(_words(part))


def _run(words: list[str]) -> list[str]:
    """`words` without the runner in front (`uv run`, `fvm`, `dart run`, `mise x`)."""
    while len(words) > 1:
        head = words[0].lower()
        forms = RUNNERS.get(head, ())  # `fvm flutter …`, `dart run build_runner …`, `mise x`
        if head in _RUNNERS or ("" in forms and head not in _RUN_VIA):
            words = words[1:]
        elif len(words) > 2 and (words[1] in forms
                                 or (head in _RUN_VIA and words[1] in ("run", "exec"))):
            words = words[2:]
        else:
            break
    return words


def run_words(command: str, said: str = "") -> list[str]:
    """The name's words for a lesson that only says what to run: its program, subcommand
    and the flag it needs — the one the user's words name (its stem: "sequentially" names
    `-seq`), else its first (`run-alembic-revision-with-autogenerate`)."""
    last = re.split(r"\s*(?:&&|\|\||;)\s*", command.strip())[-1]
    values = _values_of_added_flags(last, "")  # `--preset linux-clang-debug`: a value
    words = [w for w in _core(command) if w not in values][:2]
    flags = [f for f in _flags(last) if len(f) > 1]
    named = [f for f in flags  # by its stem ("sequentially" names `-seq`), dashes or not
             if re.search(rf"(?<![\w-])-{{0,2}}{re.escape(f)}", said, re.I)]
    chosen = (named or flags)[:1]
    value = _short_value(last, chosen[0]) if chosen else None
    if value and not re.search(rf"-{re.escape(chosen[0])}\s+{re.escape(value)}\b", said):
        value = None  # `-LE slow` named with its value; `-seq add_x`: add_x is no value
    step = _BEFORE_STEP.search(said)  # "… before every commit": the step it must precede
    return ["run", *words, *(["with", chosen[0], *([value] if value else [])] if chosen
                             else []),
            *(["before", _STEPS[step.group(1).lower()]] if step else [])]


def _short_value(command: str, flag: str) -> str | None:
    """The value after a short option (`slow` of `-LE slow`), a word; None for a long one."""
    found = re.search(rf"(?<![\w-])-{re.escape(flag)}\s+([A-Za-z][\w-]*)(?![\w./=-])",
                      command)
    return found.group(1) if found and len(flag) <= 3 else None


# The steps of a workflow a command is run before, in the words that name them.
_STEPS = {"commit": "commit", "committing": "commit", "push": "push", "pushing": "push",
          "merge": "merge", "merging": "merge", "deploy": "deploy", "deploying": "deploy",
          "release": "release", "releasing": "release"}
_BEFORE_STEP = re.compile(r"\bbefore\s+(?:(?:every|each|any|the|a|you|we)\s+)?("
                          + "|".join(_STEPS) + r")\b", re.I)


def _part_running(command: str, runs: str | None) -> str:
    """The part of a compound `command` that runs `runs` (`sbt "api/runMain …"` of `sbt … &&
    git diff --stat`: what the lesson changed, not what the agent checked after), else all."""
    found = [p for p in re.split(r"\s*(?:&&|\|\||;)\s*", command.strip()) if p]
    if runs is None or len(found) < 2:
        return command
    return next((p for p in found if program(p) == runs), command)


def command_words(lesson: Lesson) -> list[str]:
    """The name's words for a lesson with both commands (display forms, in order)."""
    do, dont = lesson.do or "", lesson.dont or ""
    if program(do) in _EDITS and dont:  # the fix edited files: the lesson is the failing run's
        return ["make", *_core(dont)[:2], "pass"]  # "make-mix-ecto-rollback-pass"
    if lesson.setup:
        written = _SETTING_WRITTEN.search(lesson.steps[-1]) if lesson.steps else None
        if written:  # `go env -w GOPRIVATE=…` before `go get`: the setting it writes
            return ["set", written.group(1), "before", *_core(dont)[:2]]
        step = _core(lesson.steps[-1]) if lesson.steps else []
        return ["run", *step[:3], "before", *_core(dont)[:2]]
    if next_step(do, dont):
        return ["run", *_core(do)[:2], "before", *_core(dont)[:2]]
    do = _part_running(do, program(dont))
    old, new = program(dont), program(do)
    added_env = [v for v in _env(do) if v not in _env(dont)]
    if added_env and old:
        return ["set", added_env[0], "for", old]
    if old and new and old != new:
        if old in [w.lower() for w in _words(do)]:
            return ["run", old, "with", new]
        return ["use", new, "not", old]
    values = _values_of_added_flags(do, dont)  # `--context staging-eu`: the flag's value
    added = [w for w in _words(do) if w not in _words(dont) and w not in values]
    flags = [f for f in _flags(do) if f not in _flags(dont)]
    flags = [f for f in flags if len(f) > 1] or flags  # `-warnaserror` names it, `-c` not
    head = _run([w for w in _words(do) if w not in values])[:2] if new else []
    if flags and not added:
        return ["run", *head, "with", *flags[:2]]
    if added:
        return ["run", *([new] if new else []), *added[:2]]
    removed = [w for w in _words(dont) if w not in _words(do)] + [
        f for f in _flags(dont) if f not in _flags(do)]
    return ["run", *head, "without", *removed[:2]] if removed else ["run", *head]


# A setting a setup step writes (`go env -w GOPRIVATE=…`, `export NODE_OPTIONS=…`).
_SETTING_WRITTEN = re.compile(r"(?<![\w-])([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)=")


def _values_of_added_flags(do: str, dont: str) -> set[str]:
    """The words of `do` that only follow a flag `dont` lacks (`staging-eu` after an added
    `--context`, `Release` after an added `-c`): values of that flag, not what it runs."""
    tokens, old = do.split(), set(dont.split())
    return {value for flag, value in itertools.pairwise(tokens)
            if flag.startswith("-") and "=" not in flag and flag not in old
            and not value.startswith("-") and value not in old}


def sentence_words(text: str) -> list[str]:
    """A sentence's leading words, as written, fillers dropped ("Don't use npm here" → no,
    use, npm)."""
    low = to_ascii(_MARKER.sub(" ", text)).replace("\u2019", "'")
    for phrase, word in _NEGATION.items():
        low = re.sub(rf"(?i)\b{re.escape(phrase)}\b", word, low)
    out: list[str] = []
    for token in re.findall(r"[A-Za-z0-9][\w.+#'/-]*", low):
        token = token.strip(".'-/")
        if (len(token) > MAX_TERM_CHARS or "redacted" in token.lower() or "=" in token
                or "://" in token):
            continue
        if not token or token.lower() in _FILLER or token.lower() in (w.lower() for w in out):
            continue
        out.append(token)
        if len(out) == MAX_WORDS:
            break
    while out and out[-1].lower() in _RELATIONS:
        out.pop()
    return out


def lesson_words(lesson: Lesson) -> list[str]:
    """The name's words: from the commands, else from the switch of programs the lesson's
    words name ("we use pnpm here, never npm" → use pnpm not npm), else its leading words."""
    if lesson.do and lesson.dont:
        found = command_words(lesson)
        if len(found) >= 2:
            return found
    if lesson.kind == "rule" and lesson.do and not lesson.dont and (
            not lesson.switch or lesson.switch[0] in _words(lesson.do)[1:2]
            or (lesson.switch[1] in _core(lesson.do)[:1]
                and lesson.switch[1] not in _words(lesson.do)[:1])):
        # (`git clang-format` for a whole-tree `clang-format`: the same tool, run by git;
        # `… dart run drift_dev make-migrations` for `… dart run build_runner build`: the
        # program switched to behind the same runner)
        found = run_words(lesson.do, lesson.said)
        if len(found) >= 3:  # "run" and at least a program and what it runs
            return found
    if lesson.switch and not lesson.commands:
        return ["use", lesson.switch[1], "not", lesson.switch[0]]
    if lesson.kind == "rule":  # no command gave the words: what the rule is about, by name
        found = thing_words(lesson.said)
        if found:
            return found
    return sentence_words(lesson.said)


_DANGLING = _RELATIONS | {"and", "or", "but", "then", "to", "in", "on", "at", "of"}


def _slug(words: Iterable[str]) -> str:
    """The words as a name of at most `MAX_NAME_CHARS`, not ending on a connective where
    the cut fell ("…-before-commit-and" → "…-before-commit")."""
    parts = name_from_text(" ".join(words).lower(), MAX_NAME_CHARS).split("-")
    while len(parts) > 1 and parts[-1] in _DANGLING:
        parts.pop()
    return "-".join(parts).strip("-") or FALLBACK


def main_lesson(candidate: Candidate) -> Lesson | None:
    found = lessons(candidate)
    return found[0] if found else None


def base_name(candidate: Candidate) -> str:
    """The name for a candidate before any clash with taken names."""
    lesson = main_lesson(candidate)
    if lesson is None:
        return _slug(candidate.terms[:3])
    words = lesson_words(lesson)
    if lesson.kind == "rule" and not lesson.commands and words == thing_words(lesson.said):
        # a type or call the rule names, word by word: `use-maintenance-tasks`
        words = [_CAMEL_HUMP.sub("-", word) for word in words]
    return _slug(words)


_CAMEL_HUMP = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def skill_name(candidate: Candidate, taken: Iterable[str]) -> str:
    """A spec-valid, unused name from the candidate's main lesson."""
    base = base_name(candidate)[:NAME_MAX - 8].strip("-")  # room for a -N suffix
    used = set(taken)
    name, n = base, 2
    while name in used:
        name, n = f"{base}-{n}", n + 1
    return name


def title(candidate: Candidate, name: str) -> str:
    """The skill's heading in sentence case: "Use pnpm, not npm", "Set PYTHONPATH for
    pytest"; the name's words when the lesson gives none."""
    lesson = main_lesson(candidate)
    words = lesson_words(lesson) if lesson is not None else []
    if not words:
        words = name.split("-")
    text = " ".join(words).replace(" not ", ", not ")
    return text[:1].upper() + text[1:]


def legacy_name(candidate: Candidate) -> str:
    """The name skillgit gave this candidate before names came from the lesson (its most
    specific shared terms): a rejection recorded under it still blocks the proposal."""
    words = [t for t in candidate.terms if t not in GENERIC_TERMS] or list(candidate.terms)
    tools = [command_tool(s.command) for s in candidate.of_kind("env-fix", "env-error")]
    tool = next((t for t in tools if t), None)
    if tool:
        words = [tool] + [w for w in words if w != tool]
    base = "-".join(name_words(words, [f"{s.summary} {s.quote}" for s in candidate.signals]))
    return name_from_text(base, NAME_MAX - 8) or FALLBACK
