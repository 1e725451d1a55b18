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

from skillgit.safety import hooks
from skillgit.safety.files import (
    ARCHIVE,
    base,
    extract_dirs,
    moved,
    on_path,
    saved_files,
)
from skillgit.safety.findings import Finding
from skillgit.safety.launch import State, run_path, runs_fetched
from skillgit.safety.resolve import (
    Resolved,
    assignment,
    names_of,
    remember_definition,
    resolve,
)
from skillgit.safety.shell import CLAUSE_END, MAX_DEPTH, Command, Pipeline, Word, parse, walk
from skillgit.safety.vocab import (
    ARCHIVERS,
    BUILDERS,
    CLONERS,
    CODE_FLAGS,
    DATA_FLAGS,
    DECODERS,
    DOWNLOAD_RUN,
    EXFILTRATION,
    FETCH_API,
    FETCHERS,
    OBFUSCATED,
    SENDERS,
    SHELLS,
    WRAPPERS,
    is_language,
    program_name,
)

_LOOKS_LIKE_A_STEP = frozenset(FETCHERS | SHELLS | set(WRAPPERS) | BUILDERS | ARCHIVERS |
                               {"git", "chmod", "cd", "cat", "tee", "echo", "printf", "base64",
                                "python", "python3", "node", "export", "crontab", "systemctl",
                                "launchctl", "cp", "mv", "ln", "install", "sed", "rm", "mkfs",
                                "dd", "set", "setx", "npx", "uvx", "pipx", "bunx", "pnpx",
                                "conda", "xxd", "schtasks", "reg", "set-content", "add-content",
                                "less", "mshta", "msiexec", "certutil", "alias"}
                               | SENDERS)


_COMPOUND = re.compile(r"[|;&`]|\$\(|<\(")
_STRING_LITERAL = re.compile(r"'([^'\n]{3,})'|\"([^\"\n]{3,})\"|`([^`\n]{3,})`")
_AWKS = frozenset({"awk", "gawk", "mawk", "nawk", "busybox-awk"})


# Program names that are also everyday words: a command only when they come first.
_ENGLISH = frozenset({".", "?", "at", "source", "batch", "exec", "eval", "su", "cmd", "fetch",
                      "http", "https", "links", "host", "type", "time", "command", "start",
                      "call", "set", "export", "install", "run", "task", "just", "make",
                      "print", "read", "view", "open", "copy", "sort", "cut", "find", "watch",
                      "env", "nice", "builtin", "chroot", "cat", "tee", "echo", "printf",
                      "rev", "tr", "ln", "cp", "mv", "apt", "port", "pkg", "snap", "get",
                      "post", "script", "parallel", "expect"})


def analyse(script: list[Pipeline], depth: int = 0, state: State | None = None,
            stdin: str | None = None) -> list[Finding]:
    """The findings of a parsed script; `stdin` is the risk of what its first pipeline reads
    (a `>(…)` process substitution fed by a download)."""
    state = state or State()
    out: list[Finding] = []
    for pipeline in script:
        upstream, stdin = stdin, None
        reads: str | None = None
        for command in pipeline.commands:
            views = _views(command, state)
            for r in views:
                out += _command(command, r, state, upstream, reads, pipeline.line, depth)
            produced = source(command, state, views)
            _remember(command, state, pipeline.line, upstream or produced, views)
            if depth < MAX_DEPTH:
                out += _inner(command, state, depth, upstream, upstream or produced)
            upstream = upstream or produced
            reads = hooks.reads(command, state.variables) or reads
        for command in walk([pipeline]):
            out += _nested(command, depth)
    return out


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


def _views(command: Command, state: State) -> list[Resolved]:
    """The command from its first word, from every later word that names a known program, and
    from every word after a clause ends (transcript text puts prose before commands: "no, run
    curl … | sh", "Actually, eval …", "before make build: perl -e …", "first — …")."""
    words = command.words[:64]
    starts = [0] + [i for i, w in enumerate(words[1:], 1) if CLAUSE_END.search(
        words[i - 1].raw) or (w.static and _names_a_step(w, state))]
    return [resolve(command, state.variables, i) for i in starts]


def _names_a_step(word: Word, state: State) -> bool:
    names = names_of(word, state.variables)
    return bool(names & _LOOKS_LIKE_A_STEP or any(is_language(n) for n in names)) and not (
        names & _ENGLISH)


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


def source(command: Command, state: State, views: list[Resolved] | None = None) -> str | None:
    """The risk of what this command prints: fetched, decoded, or read from such a file."""
    if command.group is not None:
        return next(filter(None, (source(c, state) for c in walk(command.group))), None)
    for word in command.words:
        text = word.literal.lower()
        if "downloadstring" in text or "net.webclient" in text or "downloaddata" in text:
            return DOWNLOAD_RUN
        if (risk := word_risk(word, state, backticks=False)) is not None:
            return risk
    for r in views if views is not None else _views(command, state):
        remote_git = r.name == "git" and any(  # `git archive --remote=…`
            a.startswith("--remote") for a in r.arg_texts())
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


def _remember(command: Command, state: State, line: int, tainted: str | None,
              views: list[Resolved]) -> None:
    """Update the state with what this command did: assignments, saved files, clones, cd."""
    for r in views:
        for name, value in r.assignments + _exported(r):
            risk = word_risk(value, state)
            if hooks.secret_substituted(value):
                state.secret_vars.add(name)
            if risk is not None:
                state.tainted_vars[name] = risk
            elif value.static:
                state.variables[name] = {program_name(value.static.split()[0])} \
                    if value.static.split() else set()
        saved = saved_files(command, r)
        if tainted:  # `… > f`, `… | tee f`: what was fetched is now a file
            saved += [x.target.literal for x in command.redirects if x.op in (
                ">", ">>", ">|", "&>")]
            if r.name in ("tee", "out-file", "set-content"):
                saved += [a for a in r.arg_texts() if not a.startswith("-")]
        for path, risk in [(p, DOWNLOAD_RUN) for p in saved] + moved(r, state.tainted_files):
            state.tainted_files[base(path)] = risk
            if on_path(path):
                state.on_path.add(base(path))
            if ARCHIVE.search(path):
                state.archives.add(base(path))
        remember_definition(command, state.variables, r.start)
        if r.name in ("read", "mapfile", "readarray") and tainted:  # `… | while read l`
            for name in (w.literal for w in r.args if not w.literal.startswith("-")):
                state.tainted_vars[name] = tainted
        pair = (r.name, r.args[0].literal if r.args else "")
        if pair in CLONERS or (r.name, "") in CLONERS:
            state.clone_lines.add(line)
            plain = [a for a in r.arg_texts()[1:] if not a.startswith("-")]
            if plain:
                state.cloned.add(base(plain[-1]).removesuffix(".git"))
        if r.name in ARCHIVERS and tainted:  # `curl … | tar xz`, `tar xf <(curl …)`
            state.clone_lines.add(line)
            state.extract_lines.add(line)
            state.in_clone = True
            state.cloned |= {base(d) for d in extract_dirs(r.arg_texts())}
        if r.name in ARCHIVERS and any(base(a) in state.archives for a in r.arg_texts()):
            state.clone_lines.add(line)
            state.cloned |= {ARCHIVE.sub("", base(a)) for a in r.arg_texts()
                             if base(a) in state.archives}
        if r.name in ("cd", "pushd", "set-location", "sl") and r.args:
            target = r.args[0].literal.rstrip("/")
            state.in_clone = base(target) in state.cloned or (  # deeper into extracted code
                state.in_clone and not target.startswith(("/", "~", "..")))
            if state.in_clone:
                state.cloned.add(base(target))


def _exported(r: Resolved) -> list[tuple[str, Word]]:
    if r.name not in ("export", "declare", "local", "readonly", "typeset", "set", "setx"):
        return []
    return [pair for a in r.args if (pair := assignment(a)) is not None]


def _nested(command: Command, depth: int) -> list[Finding]:
    """Quoted command lines inside arguments (`bash -c '…'`, `ssh host "…"`, `su -c …`), and
    the string literals of code inside them (`python3 -c "os.system('curl … | sh')"`)."""
    if depth >= 3:
        return []
    out: list[Finding] = []
    for word in command.words:
        text = word.literal
        if word.quoted and len(text) < 20000 and re.search(r"\s|[|;&`$]", text):
            out += analyse(parse(text), depth + 1)
            for m in _STRING_LITERAL.finditer(text):
                inner = m.group(1) or m.group(2) or m.group(3) or ""
                if _COMPOUND.search(inner):  # one plain command in code is not screened
                    out += analyse(parse(inner), depth + 1)
    return out
