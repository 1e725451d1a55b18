"""What a lesson's sessions call the action in other forms than a flag: a program's
subcommand, a short option with its value, a name given to a configuration.

One lesson reaches the agent in many shapes. The build goes through a CMake preset: one
session corrects a hand-rolled configure to `cmake --build --preset linux-clang-debug`,
another states the norm "we configure through the presets here (linux-clang-debug)". Tests
leave the slow label out: one session says only "-LE slow", another asks in German for
"ctest mit -LE slow". Formatting is `git clang-format`: one session rejects a whole-tree
`clang-format -i` for it, another recalls "git clang-format on the staged diff". These keys
say each action the same way in every form:

- `("runs", program, subcommand)`: a program's subcommand the user writes out ("run git
  clang-format") that the correction moves to (the agent runs it next, and did not run it in
  the command corrected); named by words alone, it is loose (it joins such a lesson);
- `("opt", "", "-LE slow")`: a short option and its value as the user writes it, the value
  a word (never "and", "to" …); with commands, only when the agent's command holds it;
- `("name", "", "linux-clang-debug")`: a name of three or more dashed parts the correction's
  command adds (a preset, profile, target or environment); named in words alone, loose.
"""

from __future__ import annotations

import functools
import re

from skillgit.distill.runner_table import ENVIRONMENT
from skillgit.mine.runners import inner
from skillgit.mine.shell_command import parse, parts
from skillgit.mine.terms import KNOWN_TOOLS

Key = tuple[str, ...]
_NAME = re.compile(r"(?<![\w./$-])([a-z][a-z0-9]*(?:-[a-z0-9]+){2,})(?![\w/$-])")
_SUBCOMMAND = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
_SHORT_OPTION = re.compile(r"(?<![\w$-])-([A-Za-z]{1,3})[ \t]+([A-Za-z][\w.:-]*\w)(?![\w@/=-])")
# Words after a short option that are the sentence going on, not its value.
_NOT_A_VALUE = frozenset("""a an the and or but to of in on at for with by from as is are be
it its this that then than so if when not no nor only also here there you we i me my our your
und oder der die das mit ohne et ou le la les de du des y o el los con sin e il di da en het
een van""".split())
# Subcommands every project runs (`dotnet build`, `git commit`): moving to one says no more
# than "run the build", so only the flags and names that come with it identify the lesson.
EVERYDAY_SUBCOMMANDS = frozenset("""build test run install add commit push pull fetch check
start stop exec status diff log list show init update upgrade remove rm get set apply plan
deploy up down clean restore publish restart reset checkout switch merge rebase clone
compile""".split())
_TOOL_WORD = re.compile(r"(?<![\w/.$-])(?=([a-z][a-z0-9._-]*)[ \t]+([a-z][a-z0-9]*(?:-[a-z0-9]+)*)"
                        r"(?![\w/.$-]))")  # a lookahead: "run git clang-format" holds two


@functools.lru_cache(maxsize=1 << 16)
def options_in(text: str) -> frozenset[Key]:
    """The short options with a value `text` writes out (`-LE slow`, `-k smoke`)."""
    return frozenset(("opt", "", f"-{flag} {value}") for flag, value in _SHORT_OPTION.findall(text)
                     if value.lower() not in _NOT_A_VALUE)


def options_run(text: str, dont: str | None, do: str | None) -> frozenset[Key]:
    """The short options `text` writes out that the agent's commands hold as written."""
    ran = f"{dont or ''}\n{do or ''}"
    return frozenset(k for k in options_in(text) if re.search(
        rf"(?<![\w-]){re.escape(k[2])}(?![\w-])", ran))


@functools.lru_cache(maxsize=1 << 16)
def names_in(text: str) -> frozenset[Key]:
    """The dashed names of three or more parts `text` mentions (loose keys)."""
    return frozenset(("name", "", name) for name in _NAME.findall(text))


def names_added(dont: str | None, do: str | None) -> frozenset[Key]:
    """The dashed names the command `do` gives that the corrected `dont` did not (both
    needed: a name the agent merely went on using is no move)."""
    old, new = parse(dont), parse(do)
    if old is None or new is None:
        return frozenset()
    before = {word for command in parts(dont) for word in command.words}
    return frozenset(("name", "", word) for command in parts(do) for word in command.words
                     if word not in before and _NAME.fullmatch(word))


def runs_told(text: str, dont: str | None, do: str | None) -> frozenset[Key]:
    """The subcommands the correction moves to: ones the agent then ran and had not run in
    the command corrected, that the user writes out with their program (`git clang-format`
    after `clang-format -i`), or that lead the command run instead of one of the same
    program (`git clang-format HEAD~1 && git commit --amend …` after `… git commit`)."""
    said = " ".join(text.lower().split())
    old, new = [inner(c) for c in parts(dont)], [inner(c) for c in parts(do)]
    before = {(c.program, c.subcommand) for c in old}
    return frozenset(("runs", c.program, c.subcommand) for number, c in enumerate(new)
                     if (c.program, c.subcommand) not in before and len(c.subcommand) > 2
                     and _SUBCOMMAND.fullmatch(c.subcommand)
                     and c.subcommand not in EVERYDAY_SUBCOMMANDS
                     and (re.search(rf"(?<![\w/.-]){re.escape(c.program)}\s+"
                                    rf"{re.escape(c.subcommand)}(?![\w-])", said)
                          or ("-" in c.subcommand and re.search(  # "make-migrations" alone
                              rf"(?<![\w/.-]){re.escape(c.subcommand)}(?![\w-])", said))
                          or (number == 0 and any(o.program == c.program for o in old))))


@functools.lru_cache(maxsize=1 << 16)
def runs_named(text: str) -> frozenset[Key]:
    """A known program followed by a word, as `text` names it (`git clang-format`): loose
    keys, which join a lesson that moves to that subcommand."""
    return frozenset(("runs", program, word) for program, word in _TOOL_WORD.findall(
        text.lower()) if program in KNOWN_TOOLS and len(word) > 2
        and "" not in ENVIRONMENT.get(program, ("x",))  # `npx prettier`: a program, no
        and word not in _NOT_A_VALUE and word not in EVERYDAY_SUBCOMMANDS)  # subcommand
