"""What a lesson changes, as keys: the identity that makes two signals one lesson.

A correction moves the agent away from one action and to another. Its identity is that move,
normalised, never its words: `npm install` corrected to `pnpm install` is a switch of
program (`switch npm→pnpm`), whatever the arguments; `pnpm add lodash` corrected to
`pnpm add lodash --save-exact` adds a flag to a program (`flag pnpm save-exact`); `make
deploy` to `make deploy-staging` changes the targets of a subcommand. A signal without
commands gets the identities its words name: a quoted command (`` `pnpm add x --save-exact` ``),
a long flag (`--save-exact`), "use X, not Y" between two known tools, a settings file, a
build task, a function named as a call, a type named in code (`TimeProvider`), or a setting
written out (`DISABLE_SPRING=1`, `on_delete: :delete_all`, `:not_found`, `lib/app/workers`);
an environment assignment on a command is that same setting, whatever program. So the
full command in one session and only its flag in another are one lesson, and so are a code
convention explained in one session and dictated as code in another.

Keys are computed once per distinct text (`move` and `said` are cached); clustering looks
them up in hash tables (`lesson_groups`), never pairwise. A key qualified by its program
(`strong`) joins any signal with that key; a flag named without a program (`loose`) joins
only a cluster that runs no other program with it.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from skillgit.mine.named_actions import (
    names_added,
    names_in,
    options_in,
    options_run,
    runs_named,
    runs_told,
)
from skillgit.mine.runners import initials, inner, runner_named, via
from skillgit.mine.shell_command import Command, env_setting, parse, parts
from skillgit.mine.terms import KNOWN_TOOLS
from skillgit.mine.told import COLON_COMMAND, LONG_FLAG, told
from skillgit.proposal import Signal

Key = tuple[str, ...]
_QUOTED = re.compile(r"`([^`\n]{2,200})`")
_WORD = r"([A-Za-z][\w.+-]*)"
_SWITCH = (re.compile(rf"\b(?:use|run|with)\s+{_WORD}\s*(?:,|\s)\s*(?:not|never)\s+{_WORD}", re.I),
           re.compile(rf"\b{_WORD}\s*,\s*not\s+{_WORD}", re.I),
           re.compile(rf"\b{_WORD}\s+instead\s+of\s+{_WORD}", re.I))
# A settings or build file named in words ("gradle/libs.versions.toml", "pyproject.toml"): the
# place a rule is about, by its base name, whatever folder or sentence it comes in.
_CONFIG_FILE = re.compile(r"(?<![\w.-])(?:[\w.-]+/)*([\w-]+(?:\.[\w-]+)*\.(?:toml|kts|gradle|ya?ml"
                          r"|json|lock|cfg|ini|properties|conf|tf|mod))(?![\w-])")
# A build task or target named in camelCase with at least three parts, alone or after its
# module path (":core:data:testDebugUnitTest", "testDebugUnitTest", "assembleStagingRelease").
_TASK_NAME = re.compile(r"(?<![\w.-])(?::[\w-]+)*:?[a-z]+(?:[A-Z][a-z0-9]+){2,}(?![\w.-])")
# A function named as a call or with its arity ("perform_job/2", "perform_job(Worker, …)"): the
# API a rule moves to, an identity as strong as a file; the same snake_case name bare
# ("the way we test workers: perform_job, …") only joins a lesson that already has it.
_CALL = re.compile(r"(?<![\w.:/$-])([a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?:/\d\b|\()")
# A method named as a call in camelCase ("withoutVite()", "$this->withoutVite()",
# "->lazyById(500)"): the API a rule moves to, like a snake_case call.
_CAMEL_CALL = re.compile(r"(?<![\w$])(?:\$?\w+(?:->|::|\.))?([a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+)\(")
# A type named in code (two or more capitalised parts, not after a dot): "TimeProvider",
# "DateTimeOffset.UtcNow" (its type), "FakeTimeProvider" — what a code convention is about,
# however the sessions word it ("take a TimeProvider …", "TimeProvider time, then …").
_TYPE = re.compile(r"(?<![\w.$-])([A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+)(?![\w-])")
_BARE_NAME = re.compile(r"(?<![\w.:/$%{-])([a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?![\w./(:-])")
# A setting written in the text: an environment variable assigned ("DISABLE_SPRING=1",
# "GOFLAGS=-mod=mod"), a keyword option given a symbol ("algorithm: :concurrently", "status:
# :unprocessable_entity"), a symbol of two or more words (":unprocessable_entity") or a folder
# of three or more parts ("app/tasks/maintenance"): what a rule moves to, whatever language
# its sentence is in, as strong as a file.
_ENV_SETTING = re.compile(r"(?<![\w$./-])([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)=([\w\"'.:/=-]+)")
_OPTION = re.compile(r"(?<![^\s(,{])([a-z][a-z0-9]*(?:_[a-z0-9]+)*):\s+"
                     r":([a-z][a-z0-9]*(?:_[a-z0-9]+)*)(?![\w:])")
_SYMBOL = re.compile(r"(?<![^\s(,{]):([a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?![\w:])")
_FOLDER = re.compile(r"(?<![\w./~-])((?:[a-z][a-z0-9_-]*/){2,}[a-z][a-z0-9_-]*)/?(?![\w./-])")
_SETTING_KINDS = ("env", "option", "symbol", "folder")
_SUBJECT_KINDS = ("file", "task", "call", "type", "opt", *_SETTING_KINDS)
# Keys that a mention joins (never each other): a call, a dashed name, a subcommand, and a
# long flag by its initial (`runners.initials`).
BARE_KINDS = ("call", "name", "runs", "initial")
_PLACE_KINDS = ("file", "folder")
_NEVER_X_ALWAYS_Y = re.compile(rf"\b(?:don'?t|do not|never)\s+use\s+{_WORD}\b.*?\b(?:always|use)\s+"
                               rf"(?:use\s+)?{_WORD}", re.I)


@functools.lru_cache(maxsize=1 << 16)
def move(dont: str | None, do: str | None) -> frozenset[Key]:
    """The keys of a correction from `dont` to `do` (either may be missing): what changes
    between the two, read on the part of a compound `dont` that runs what `do` runs, plus
    the runner `do` goes through when `dont` did not (`via`, see `runners`)."""
    new = parse(do)
    old = related_part(dont, new)
    if old is not None and new is not None and old.program == new.program \
            and inner(old).program != inner(new).program:
        keys = _move(inner(old), inner(new))  # one runner, another program run through it
    else:
        keys = _move(old, new)
    runner = via(new)
    if old is not None and runner is not None and via(old) != runner \
            and old.program != runner:
        keys |= {("via", "", runner)}
    return keys


def related_part(command: str | None, to: Command | None) -> Command | None:
    """The part of a compound `command` that runs the program `to` runs (behind any
    runner: `flutter --version` in `which flutter && flutter --version`, for `fvm flutter
    pub get`), else its first part."""
    first = parse(command)
    if to is None or first is None:
        return first
    target = inner(to).program
    return next((c for c in parts(command) if inner(c).program == target), first)


def _move(old: Command | None, new: Command | None) -> frozenset[Key]:
    if old is None and new is None:
        return frozenset()
    if old is None or new is None:
        one = new or old
        assert one is not None
        side = "to" if new is not None else "from"
        return frozenset({(side, one.program, *one.words[:2], *sorted(one.flags))})
    if old.program != new.program:
        return frozenset({("switch", old.program, new.program)})
    keys: set[Key] = set()
    if new.subcommand == old.subcommand:  # another subcommand's flags are its own arguments
        keys |= {("flag", new.program, f) for f in new.flags - old.flags}
        keys |= {("no-flag", new.program, f) for f in old.flags - new.flags}
        keys |= {("env", "", v) for v in new.env - old.env}  # the setting, on any program
    added = tuple(w for w in new.words if w not in old.words)
    removed = tuple(w for w in old.words if w not in new.words)
    if added or removed:
        keys.add(("target", new.program, new.subcommand if new.subcommand not in added + removed
                  else "", *added, "!", *removed))
    if new.subcommand != old.subcommand:  # `cargo build` corrected to `cargo clippy`: run that
        keys.add(("to", new.program, *new.words[:2], *sorted(new.flags)))
    return frozenset(keys) or frozenset({("same", new.program, *new.words[:2])})


def loose(keys: frozenset[Key]) -> frozenset[Key]:
    """The flags among `keys`, without their program (what a message naming only the flag
    says), and the functions named as calls (what a message naming them bare joins)."""
    return frozenset({("flag", "", key[2]) for key in keys if key[0] == "flag" and len(key[2]) > 2}
                     | {key for key in keys if key[0] in BARE_KINDS})


def _tool(word: str) -> str | None:
    low = word.lower().strip(".,;:!?'\"")
    return low if low in KNOWN_TOOLS else None


@functools.lru_cache(maxsize=1 << 16)
def said(text: str) -> frozenset[Key]:
    """The keys a message names in words: quoted commands, long flags, a switch of tools."""
    keys: set[Key] = set()
    for quoted in _QUOTED.findall(text):
        command = parse(quoted)
        if command is not None and command.program in KNOWN_TOOLS:
            keys |= {("flag", "", f) for f in command.flags if len(f) > 2}
    keys |= {("flag", "", f.lower()) for f in LONG_FLAG.findall(text)}
    for pattern in _SWITCH:
        for right, wrong in pattern.findall(text):
            new, old = _tool(right), _tool(wrong)
            if new and old and new != old:
                keys.add(("switch", old, new))
    for wrong, right in _NEVER_X_ALWAYS_Y.findall(text):
        new, old = _tool(right), _tool(wrong)
        if new and old and new != old:
            keys.add(("switch", old, new))
    keys |= {("file", "", name.lower()) for name in _CONFIG_FILE.findall(text)}
    keys |= {("task", "", name.rsplit(":", 1)[-1]) for name in _TASK_NAME.findall(text)}
    keys |= {("task", "", name) for name in COLON_COMMAND.findall(text)}
    keys |= {("call", "", name) for name in _CALL.findall(text)}
    keys |= {("call", "", name) for name in _CAMEL_CALL.findall(text)}
    keys |= {("type", "", name.lower()) for name in _TYPE.findall(text)}
    return frozenset(keys) | settings(text) | options_in(text)


@functools.lru_cache(maxsize=1 << 16)
def settings(text: str) -> frozenset[Key]:
    """The settings `text` writes out: env assignments, symbol options, symbols, folders."""
    return frozenset({("env", "", env_setting(name, value))
                      for name, value in _ENV_SETTING.findall(text)}
                     | {("option", "", f"{key}: :{value}") for key, value in _OPTION.findall(text)}
                     | {("symbol", "", name) for name in _SYMBOL.findall(text)}
                     | {("folder", "", path) for path in _FOLDER.findall(text)})


def types_in(text: str) -> list[str]:
    """The types `text` names in code, as written, in the order it names them."""
    return list(dict.fromkeys(_TYPE.findall(text)))


@functools.lru_cache(maxsize=1 << 16)
def bare_names(text: str) -> frozenset[Key]:
    """The snake_case names `text` mentions without call syntax, as call keys (loose)."""
    return frozenset(("call", "", name) for name in _BARE_NAME.findall(text))


@dataclass(frozen=True)
class Identities:
    """A signal's identity keys: `strong` from its commands (or a switch its words name),
    `loose` flags named without a program, and `programs` it ran."""

    strong: frozenset[Key]
    loose: frozenset[Key]
    programs: frozenset[str]
    from_commands: bool
    beside_command: bool = False  # its words name a subject the command after it never touches


def identities(signal: Signal) -> Identities:
    """Every identity key of one signal, computed once per distinct signal text (grouping,
    merging and each lesson ask for the same signals' keys again)."""
    dont, do = signal.corrected_command, signal.succeeded_command
    if dont is None and do is None and signal.kind == "env-fix":
        dont, do = signal.command, signal.fix  # a failing command and what got past it
    found = identities_of(signal.summary, signal.quote, dont, do)
    if signal.kind in ("env-fix", "env-error"):
        # a summary names the commands a tool ran: their options and subcommands are
        # nothing anyone said (the failing command and its fix identify it), and a flag the
        # failing command already had is no part of what the fix changes (`--debug` in
        # both `flutter build apk --debug` and its fix)
        before = {f for c in parts(dont) for f in c.flags}
        dropped = frozenset(k for k in found.strong if k[0] in ("opt", "runs")
                            or (k[0] == "flag" and k[2] in before))
    elif signal.kind == "ask":
        # Two asks about one settings file are two tasks (a cache limit and a CORS list,
        # both in tessera.toml): the place an ask works in is no lesson it repeats.
        dropped = frozenset(k for k in found.strong if k[0] in _PLACE_KINDS)
    else:
        return found
    return Identities(found.strong - dropped, found.loose, found.programs, found.from_commands,
                      found.beside_command)


@functools.lru_cache(maxsize=1 << 16)
def identities_of(summary: str, quote: str, dont: str | None, do: str | None) -> Identities:
    """The identity keys of a signal saying `summary` and `quote` about a move from the
    command `dont` to `do` (pure, so memoised)."""
    text = f"{summary}\n{quote}"
    words = said(text)
    commands = move(dont, do)
    programs = frozenset(c.program for c in (parse(dont), parse(do)) if c)
    switches = frozenset(k for k in words if k[0] == "switch")
    action = (told(text, dont, do)  # the user's command, or the flag they named and it ran
              | runs_told(text, dont, do) | options_run(text, dont, do)
              | runner_named(text, dont, do))
    mentioned = names_in(text) | runs_named(text)  # loose: they join a lesson holding them
    subject = frozenset(k for k in words if k[0] in _SUBJECT_KINDS)
    beside = False
    if commands and dont is None and not action and subject and not any(
            k[2].lower() in (do or "").lower() for k in subject):
        # a correction naming a file or setting the agent's next command never touches
        # ("everything comes from vcpkg: put zstd in the manifest (vcpkg.json)", then a
        # rebuild) is about that file, not about the rebuild it happened to run next
        commands, programs, beside = frozenset(), frozenset(), True
    if commands:
        named = frozenset(k for k in switches if set(k[1:]) <= programs)
        short, long = initials(dont, do)  # `-d` and `--delete-conflicting-outputs`
        short = frozenset(k for k in short  # a short form the user wrote, not one a fix ran
                          if re.search(rf"(?<![\w-])-{re.escape(k[3])}(?![\w-])", text, re.I))
        strong = commands | named | action | names_added(dont, do) | short
        return Identities(strong, loose(strong) | long | (mentioned - strong), programs, True)
    named = frozenset(k for k in words if k[0] in _SUBJECT_KINDS)  # subject
    bare = bare_names(text) - named
    return Identities(switches | named | action,
                      words - switches - named | bare | (mentioned - action), programs,
                      False, beside)


def about_its_words(signal: Signal) -> Signal:
    """`signal` without the command the agent ran after it when the signal's words are about
    something that command never touches: that run is no part of the lesson (a rebuild after
    "put zstd in vcpkg.json" would be stated, and named, as the rule)."""
    if signal.succeeded_command and identities(signal).beside_command:
        return signal.model_copy(update={"succeeded_command": None})
    return signal
