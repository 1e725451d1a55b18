"""Which program a command really runs: past assignments, wrappers (`sudo -E`, `env -i`,
`timeout 5`, `xargs -I{}`, `busybox`, `uv run`), escaped or quoted names, `$SHELL`,
`${X:-bash}` and `"$(which bash)"`."""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass, field
from functools import lru_cache

from skillgit.safety.shell import Command, Pipeline, Word, parse
from skillgit.safety.vocab import (
    POSITIONAL_WRAPPERS,
    RESERVED,
    RUNNERS,
    SHELL_VARIABLES,
    SHELLS,
    WHICH,
    WRAPPERS,
    program_name,
)

ALIAS = "alias "  # key prefix in `variables` for aliases and shell functions
_GLOB = re.compile(r"[*?\[]")
_RUNNERS_OF_CODE = sorted((SHELLS - {"?"}) | {
    "python", "python2", "python3", "perl", "ruby", "node", "nodejs", "php", "pwsh",
    "powershell", "lua", "tclsh", "osascript", "deno", "bun", "awk", "gawk", "env", "sudo",
    "xargs", "eval", "exec", "source", "busybox", "curl", "wget"})
"""Programs a glob for a program's name must be able to match to stand for "any program"."""
_ASSIGNMENT = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\+?=(.*)", re.S)


@dataclass
class Resolved:
    """A command as it runs: its program name(s), arguments, and what wrapped it."""

    names: set[str]
    args: list[Word]
    assignments: list[tuple[str, Word]] = field(default_factory=list)
    wrappers: list[str] = field(default_factory=list)
    runner_options: list[str] = field(default_factory=list)  # `npm exec --package=…`
    start: int = 0                       # index of the program word in the command's words

    @property
    def name(self) -> str:
        return min(self.names) if self.names else ""

    def arg_texts(self) -> list[str]:
        return [w.literal for w in self.args]

    def arg_paths(self) -> list[str]:
        return [w.path for w in self.args]


def assignment(word: Word) -> tuple[str, Word] | None:
    """`NAME=value` as (NAME, value word), else None."""
    first = word.parts[0] if word.parts else None
    if first is None or first.kind != "lit":
        return None
    m = _ASSIGNMENT.fullmatch(first.text) if "=" in first.text else None
    if m is None or (word.quoted and first.text.index("=") > len(m.group(1)) + 1):
        return None
    value = Word([type(first)("lit", m.group(2)), *word.parts[1:]], word.quoted)
    return m.group(1), value


_MARKDOWN_LABEL = "`label`"
"""The name of a program word that is a Markdown code span closed by a mark of prose
(`` `main`: ``, `` `config.yaml`, ``): a shell would run the span's output with the mark
glued to it, a name no program has; the span's own command is screened on its own."""


def names_of(word: Word, variables: dict[str, set[str]]) -> set[str]:
    """What a program word can name once expanded ("?" for an expansion nobody can know)."""
    static = word.static
    if static is not None:
        found = _static_names(static, word.quoted)
        if variables and (alias := variables.get(ALIAS + min(found))):
            return set(found) | alias
        return set(found)
    names: set[str] = set()
    expansions = [p for p in word.parts if p.kind != "lit"]
    literal = word.literal
    if word.raw.startswith("`") and word.raw.rstrip(":,.;)").endswith("`") and \
            word.raw[-1] in ":,.;)" and len(expansions) == 1:
        return {_MARKDOWN_LABEL}  # "`main`: …": a code span of prose, no program's name
    if len(expansions) != 1 or (literal and not literal.startswith("/")):
        names.add("?")
    for part in expansions:
        if part.kind == "var":
            if part.text in SHELL_VARIABLES:
                names.add("sh")
            names |= variables.get(part.text, set())
            if part.default:
                names.add(program_name(part.default.split()[0]) if part.default.split()
                          else "?")
            if part.text not in SHELL_VARIABLES and part.text not in variables:
                names.add("?")
        elif part.script is not None:
            names |= _which(part.script, variables) or {"?"}
    return names or {"?"}


@lru_cache(maxsize=4096)
def _static_names(static: str, quoted: bool) -> frozenset[str]:
    if not quoted and static[:1].isupper() and static[1:].isalpha() and static[1:].islower():
        return frozenset({static})  # "Python", "Bash", "Source": a capitalised word is prose
    name = program_name(static)
    if not quoted and len(name) > 1 and _GLOB.search(name):
        # `/???/b?sh`, `/bin/[b]ash`: could run a shell; `[rejected]` (git's output) cannot
        runs = "::" in name or any(fnmatch.fnmatchcase(program, name)  # `[scriptblock]::`
                                   for program in _RUNNERS_OF_CODE)
        return frozenset({name, "?"}) if runs else frozenset({name})
    return frozenset({name})


def _which(script: list[Pipeline], variables: dict[str, set[str]]) -> set[str]:
    """`$(which bash)`, `$(command -v python3)`, `$(readlink -f $(which sh))` → the names."""
    out: set[str] = set()
    for pipeline in script:
        for command in pipeline.commands:
            words = [w for w in command.words if not (w.literal or " ").startswith("-")]
            if not words or program_name(words[0].literal) not in WHICH:
                continue
            for word in words[1:]:
                out |= names_of(word, variables)
    return out


def resolve(command: Command, variables: dict[str, set[str]], start: int = 0) -> Resolved:
    """The program run by `command.words[start:]`, seen through wrappers."""
    words = command.words[start:]
    out = Resolved(names=set(), args=[])
    i = 0
    while i < len(words):
        word = words[i]
        pair = assignment(word)
        if pair is not None and (not out.wrappers or out.wrappers[-1] in ("env", "sudo")):
            out.assignments.append(pair)
            i += 1
            continue
        names = names_of(word, variables)
        name = min(names)
        if name in RESERVED and not out.wrappers:
            i += 1
            continue
        if name in WRAPPERS:
            out.wrappers.append(name)
            i = _skip_options(words, i + 1, WRAPPERS[name])
            if name == "env":
                i = _env_split(words, i)
            i += POSITIONAL_WRAPPERS.get(name, 0)
            continue
        if name in RUNNERS and i + 1 < len(words) and (
                RUNNERS[name] == "" or words[i + 1].literal == RUNNERS[name]):
            out.wrappers.append(name)
            first = i + (1 if RUNNERS[name] == "" else 2)
            i = _skip_options(words, first, frozenset(
                {"-n", "--name", "-p", "--prefix", "--with", "--from", "--python", "-e",
                 "--package"}))
            out.runner_options += [w.literal for w in words[first:i]]
            continue
        out.names, out.args, out.start = names, words[i + 1:], start + i
        return out
    if out.wrappers and out.wrappers[-1] in ("sudo", "doas", "su", "runuser"):
        out.names = {"sh"}  # `sudo -s`, `sudo -i`: an interactive shell reading stdin
    return out


def _skip_options(words: list[Word], i: int, with_value: frozenset[str]) -> int:
    while i < len(words):
        text = words[i].literal
        if text == "--":
            return i + 1
        if not text.startswith("-") or text == "-":
            return i
        i += 2 if text in with_value else 1
    return i


def _env_split(words: list[Word], i: int) -> int:
    """`env -S 'bash -x'`, `env -S'bash -x'`, `env --split-string=…`: the string is split into
    words (`-S` was skipped as a flag)."""
    previous = words[i - 1].literal if i > 0 else ""
    glued = re.match(r"(?:-S|--split-string=)(.+)", previous, re.S)
    text = glued.group(1) if glued else words[i].literal if previous in (
        "-S", "--split-string") and i < len(words) else None
    if text is None:
        return i
    split = parse(text)
    if split and split[0].commands:
        inner = split[0].commands[0].words
        if glued:
            words[i:i] = inner
        else:
            words[i:i + 1] = inner
    return i


def remember_definition(command: Command, variables: dict[str, set[str]], start: int = 0) -> None:
    """`alias x=bash`, `x() { bash; }`, `function x { sh; }`: x runs what it stands for (the
    definition starts at `command.words[start]`)."""
    words = command.words[start:]
    if not words:
        return
    first = words[0].literal
    if first == "alias":
        for word in words[1:]:
            if (pair := assignment(word)) is not None:
                value = [c for p in parse(pair[1].literal) for c in p.commands[:1]]
                variables[ALIAS + program_name(pair[0])] = resolve(value[0], variables).names \
                    if value else set()
        return
    if first == "function" and len(words) > 1:
        name, body = words[1].literal.removesuffix("()"), words[2:]
    elif first.endswith("()") or (len(words) > 1 and words[1].literal == "" and any(
            p.kind == "sub" for p in words[1].parts)):
        name, body = first.removesuffix("()"), words[1:]
    else:
        return
    if not name:
        return
    names: set[str] = set()
    for word in body:
        for script in word.scripts():
            for pipeline in script:
                for inner in pipeline.commands:
                    names |= resolve(inner, variables).names
    if command.group is not None:
        for pipeline in command.group:
            for inner in pipeline.commands:
                names |= resolve(inner, variables).names
    variables[ALIAS + program_name(name)] = names
