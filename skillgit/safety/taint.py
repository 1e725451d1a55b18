"""Where a value comes from: what a command prints (fetched from the network, decoded from a
blob, or read from a file that was) and what a word expands to; and the readings of a command
(`views`): from its first word, and from every later word where prose ends and a command may
start ("no, run curl … | sh")."""

from __future__ import annotations

import re

from skillgit.safety.files import base
from skillgit.safety.launch import State
from skillgit.safety.packages import official_installer
from skillgit.safety.resolve import Resolved, names_of, resolve
from skillgit.safety.shell import CLAUSE_END, Command, Word, walk
from skillgit.safety.vocab import (
    ARCHIVERS,
    BUILDERS,
    DECODERS,
    DOWNLOAD_RUN,
    FETCH_API,
    FETCHERS,
    OBFUSCATED,
    SENDERS,
    SHELLS,
    WRAPPERS,
    is_language,
)

_LOOKS_LIKE_A_STEP = frozenset(FETCHERS | SHELLS | set(WRAPPERS) | BUILDERS | ARCHIVERS |
                               {"git", "chmod", "cd", "cat", "tee", "echo", "printf", "base64",
                                "python", "python3", "node", "export", "crontab", "systemctl",
                                "launchctl", "cp", "mv", "ln", "install", "sed", "rm", "mkfs",
                                "dd", "set", "setx", "npx", "uvx", "pipx", "bunx", "pnpx",
                                "conda", "xxd", "schtasks", "reg", "set-content", "add-content",
                                "less", "mshta", "msiexec", "certutil", "alias"}
                               | SENDERS)


# Program names that are also everyday words: a command only when they come first.
_ENGLISH = frozenset({".", "?", "at", "source", "batch", "exec", "eval", "su", "cmd", "fetch",
                      "http", "https", "links", "host", "type", "time", "command", "start",
                      "call", "set", "export", "install", "run", "task", "just", "make",
                      "print", "read", "view", "open", "copy", "sort", "cut", "find", "watch",
                      "env", "nice", "builtin", "chroot", "cat", "tee", "echo", "printf",
                      "rev", "tr", "ln", "cp", "mv", "apt", "port", "pkg", "snap", "get",
                      "post", "script", "parallel", "expect"})


def views(command: Command, state: State) -> list[Resolved]:
    """The command from its first word, from every later word that names a known program, and
    from every word after a clause ends (transcript text puts prose before commands: "no, run
    curl … | sh", "Actually, eval …", "before make build: perl -e …", "first — …")."""
    words = command.words[:64]
    starts = [0]
    for i, w in enumerate(words[1:], 1):
        following = words[i + 1].raw if i + 1 < len(words) else ""
        if CLAUSE_END.search(words[i - 1].raw):
            starts.append(i)
        elif w.static and _names_a_step(w, state, following) and not (
                starts[-1] == i - 1 and words[i - 1].static
                and _names_a_step(words[i - 1], state, w.raw)):
            starts.append(i)  # not a program's subcommand (`go env -w …`, `conda env list`):
    return [resolve(command, state.variables, i) for i in starts]  # its view reads that


_ARGUMENT_SHAPE = re.compile(r"^(?![a-z][\w+.-]*://)(?:[-/~.$%]|[^\s]*/)")
"""A word that can only be an argument: a flag, a path, a variable (not a URL: "at https://…"
is prose)."""


def _names_a_step(word: Word, state: State, following: str = "") -> bool:
    """Whether a word inside a sentence starts a command: a known program's name, but an
    everyday word (`cat`, `copy`, `find`) only when a path or a flag follows it."""
    static = word.static or ""
    if len(static) > 1 and static.isalpha() and static.isupper() and not word.quoted:
        return False  # an acronym in a sentence ("which AWS account"), not the program `aws`
    names = names_of(word, state.variables)
    return bool(names & _LOOKS_LIKE_A_STEP or any(is_language(n) for n in names)) and not (
        names & _ENGLISH and not _ARGUMENT_SHAPE.search(following))


def word_risk(word: Word, state: State, backticks: bool = True) -> str | None:
    """The risk of what the word expands to. `backticks=False` where Markdown's code spans
    would be read as substitutions (prose starting with `curl …`, tables with pipes)."""
    for inner in word.scripts(backticks=backticks):
        for command in walk(inner):
            if (risk := source(command, state)) is not None:
                return risk
    for var in word.variables():
        if var.text in state.tainted_vars:
            return state.tainted_vars[var.text]
    return None


def source(command: Command, state: State, readings: list[Resolved] | None = None) -> str | None:
    """The risk of what this command prints: fetched, decoded, or read from such a file."""
    if command.group is not None:
        return next(filter(None, (source(c, state) for c in walk(command.group))), None)
    for word in command.words:
        text = word.literal.lower()
        if "downloadstring" in text or "net.webclient" in text or "downloaddata" in text:
            return DOWNLOAD_RUN
        if (risk := word_risk(word, state, backticks=False)) is not None:
            return risk
    for r in readings if readings is not None else views(command, state):
        remote_git = r.name == "git" and any(  # `git archive --remote=…`
            a.startswith("--remote") for a in r.arg_texts())
        if r.names & FETCHERS and official_installer(r.arg_texts()):
            continue  # a vendor's documented installer (`curl … https://sh.rustup.rs | sh`)
        if r.names & FETCHERS or remote_git or (any(is_language(n) for n in r.names) and any(
                re.search(FETCH_API, a, re.I) for a in r.arg_texts())):
            return DOWNLOAD_RUN
        name, args = r.name, [a.lower() for a in r.arg_texts()]
        if name in DECODERS and any(m in args or m == "" or any(m in a for a in args)
                                    for m in DECODERS[name]):
            return OBFUSCATED
        if name in ("printf", "echo", "print") and any(re.search(r"\\(?:x[0-9a-f]{2}|[0-7]{3})",
                                                                 a) for a in args):
            return OBFUSCATED
        if name in ("cat", "type", "get-content", "gc", "tee") or r.names & SHELLS:
            for arg in r.arg_texts():
                if (risk := state.tainted_files.get(base(arg))) is not None:
                    return risk
    for redirect in command.redirects:
        if redirect.op.startswith("<"):
            if (risk := state.tainted_files.get(base(redirect.target.literal))) is not None:
                return risk
            if redirect.target.literal.startswith("/dev/tcp/"):
                return DOWNLOAD_RUN
            if (risk := word_risk(redirect.target, state)) is not None:
                return risk
    return None
