"""What a command leaves behind for the commands after it (the `State`): variables and what
they hold, files a download saved and where they moved, clones and extracted archives, and the
directory a `cd` went into."""

from __future__ import annotations

from skillgit.safety import hooks
from skillgit.safety.files import ARCHIVE, base, extract_dirs, moved, on_path, saved_files
from skillgit.safety.launch import State
from skillgit.safety.resolve import Resolved, assignment, remember_definition
from skillgit.safety.shell import Command, Word
from skillgit.safety.taint import word_risk
from skillgit.safety.vocab import ARCHIVERS, CLONERS, DOWNLOAD_RUN, program_name


def remember(command: Command, state: State, line: int, tainted: str | None,
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
        saved = [(p, DOWNLOAD_RUN) for p in saved_files(command, r)]
        if tainted:  # `… > f`, `… | tee f`: what was fetched or decoded is now a file
            kept = [x.target.literal for x in command.redirects if x.op in (
                ">", ">>", ">|", "&>")]
            if r.name in ("tee", "out-file", "set-content"):
                kept += [a for a in r.arg_texts() if not a.startswith("-")]
            saved += [(p, tainted) for p in kept]
        for path, risk in saved + moved(r, state.tainted_files):
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
        submodule = (pair == ("git", "submodule") and r.arg_texts()[1:2] == ["add"]) or (
            pair == ("brew", "tap") and any("://" in a for a in r.arg_texts()))
        if pair in CLONERS or (r.name, "") in CLONERS or submodule:
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
