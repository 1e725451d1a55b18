"""What earlier commands of a text did (the `State` the data flow carries from command to
command), and the ways a fetched file is run later: by path, by name once on PATH, through an
interpreter or a runner (`java -jar`, `wine`, `msiexec`, `open x.pkg`), made executable
(`chmod +x`, `install`), installed as a package, or built from a clone."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import pairwise

from skillgit.safety.files import base, moved, under_fetched
from skillgit.safety.findings import Finding
from skillgit.safety.resolve import Resolved
from skillgit.safety.shell import Command
from skillgit.safety.vocab import (
    BUILDERS,
    DOWNLOAD_RUN,
    FETCHERS,
    SHELLS,
    is_language,
    program_name,
)

_WSH_OPTION = re.compile(r"//[a-z]{1,12}(?::\S*)?", re.I)  # `cscript //nologo`
_SWITCH = re.compile(r"/[a-z]{1,12}", re.I)
_EXEC_MODE = re.compile(r"^(?:[ugoa]*[+=][rwxXst]*x[rwxXst]*|0?[0-7]?[1357][0-7]{0,2})$")
# Programs that run the file they are given, and openers that run an executable file.
_RUNS_FILE = frozenset({"java", "javaw", "wine", "wine64", "mono", "dotnet", "appimage-run",
                        "rundll32", "regsvr32", "msiexec", "installer", "gdebi", "mshta",
                        "wscript", "cscript", "add-appxpackage", "add-appprovisionedpackage"})
_OPENERS = frozenset({"open", "xdg-open", "start", "invoke-item", "ii", "gio", "explorer"})
_EXECUTABLE = re.compile(r"\.(?:exe|msi|bat|cmd|com|scr|ps1|vbs|js|jse|wsf|hta|lnk|app|dmg|pkg|"
                         r"command|jar|appimage|sh|run|bin|deb|rpm)$", re.I)


@dataclass
class State:
    """What earlier commands of the same text did."""

    variables: dict[str, set[str]] = field(default_factory=dict)   # NAME → program names
    tainted_vars: dict[str, str] = field(default_factory=dict)     # NAME → risk
    tainted_files: dict[str, str] = field(default_factory=dict)    # basename → risk
    archives: set[str] = field(default_factory=set)                # downloaded archive names
    cloned: set[str] = field(default_factory=set)                  # directories of fetched code
    clone_lines: set[int] = field(default_factory=set)             # lines that fetched code
    extract_lines: set[int] = field(default_factory=set)  # lines that unpacked fetched code
    in_clone: bool = False
    on_path: set[str] = field(default_factory=set)  # fetched programs saved into a bin dir
    secret_vars: set[str] = field(default_factory=set)  # NAME=$(cat ~/.ssh/id_rsa)
    home_cwd: bool = False  # a `cd` went to the home directory, the root or a credential folder


def runs_fetched(r: Resolved, state: State, line: int) -> list[Finding]:
    """Download (or clone) first, run it next: by name, via an interpreter or a runner
    (`java -jar`, `wine`, `open x.pkg`), by installing the file, or by building."""
    fetched_code = state.in_clone or line in state.clone_lines
    switches = r.names & (_RUNS_FILE | {"cmd"})  # `/i`, `/c`: options, not files
    plain = [p for p in r.arg_paths() if p and not p.startswith("-") and not (p[0] == "/" and (
        _WSH_OPTION.fullmatch(p) or (switches and _SWITCH.fullmatch(p))))]
    targets: list[str] = []
    if r.names & SHELLS or any(is_language(n) for n in r.names):
        targets = plain[:1]
    elif r.name == "chmod" and r.args and _EXEC_MODE.match(r.args[0].literal):
        targets = plain[1:]
    elif r.names & (_RUNS_FILE | BUILDERS):
        targets = plain
    elif r.names & _OPENERS:
        targets = [p for p in plain if _EXECUTABLE.search(p)]
    out = []
    if r.names & SHELLS:  # `powershell -ExecutionPolicy Bypass -File \\\\host\\s\\x.ps1`
        args = r.arg_paths()
        targets += [b for a, b in pairwise(args) if a.lower() in ("-file", "-f")]
    for target in (re.sub(r"^[-/]\w+[:=](?!//)", "", t) for t in targets):
        if re.match(r"(?:https?|ftp)://|\\\\[\w.-]+\\", target, re.I) and (
                r.names & _RUNS_FILE or not r.names & BUILDERS):
            out.append(Finding(DOWNLOAD_RUN, "a script run straight from a URL"))
        elif target in state.tainted_files or base(target) in state.tainted_files or (
                fetched_code and not target.startswith(("/", "-", "~"))
                and not r.names & BUILDERS) or under_fetched(target, state.cloned) or (
                line in state.extract_lines and not r.names & BUILDERS):
            risk = state.tainted_files.get(target) or state.tainted_files.get(base(target))
            out.append(Finding(risk or DOWNLOAD_RUN,
                               "a downloaded file run or installed afterwards"))
    if r.name == "install" and moved(r, state.tainted_files):
        out.append(Finding(DOWNLOAD_RUN, "a downloaded file made executable"))
    if fetched_code and (r.names & BUILDERS) and not r.names & FETCHERS:
        out.append(Finding(DOWNLOAD_RUN, "fetched code built or installed"))
    return out


def run_path(command: Command, r: Resolved, state: State, line: int) -> list[Finding]:
    """A program given by path: `./install.sh`, `/tmp/x`, `clone/bin/tool`, `.\\x.ps1`, `$f`;
    or by bare name once a download was put on PATH (or is a Windows program in this folder)."""
    if not r.names or r.start >= len(command.words):
        return []
    path = command.words[r.start].path
    if "/" not in path and "\\" not in path:
        here = bool(path.startswith("$") or _EXECUTABLE.search(path))  # `$f`, `x.exe`
        by_name = program_name(path) in state.on_path or (here and base(path) in
                                                          state.tainted_files)
        return [Finding(DOWNLOAD_RUN, "a downloaded program run by name")] if by_name else []
    first = path.lstrip("./").split("/", 1)[0]
    fetched_code = state.in_clone or line in state.clone_lines
    if base(path) in state.tainted_files or (
            (fetched_code or first in state.cloned) and not path.startswith(("/", "~"))) or (
            under_fetched(path, state.cloned)) or line in state.extract_lines:
        return [Finding(state.tainted_files.get(base(path), DOWNLOAD_RUN),
                        "a downloaded file run afterwards")]
    return []
