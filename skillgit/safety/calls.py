"""Download then run in a language's own calls, not a shell's: a call that is given a URL and a
file name saves the one to the other (`websave('x.m', 'https://…')`, `download.file(url,
"x.R")`, `urlretrieve(url, "x.py")`, `urlwrite(…)`), and a later call that runs code is given
that same file name (`run('x.m')`, `source("x.R")`, `exec(open("x.py").read())`,
`dofile("x.lua")`). Neither call need be known by name: the URL and the file it is saved to
are the fetch, and the runner is any call named like one (`EXEC_CALLS`) that takes the file.
The shell's own form (`curl -o x.sh … && sh x.sh`) is `launch`'s; this is the same data flow
read from function calls.
"""

from __future__ import annotations

import re

EXEC_CALLS = frozenset({"run", "source", "exec", "execfile", "eval", "evalin", "feval",
                        "dofile", "loadfile", "include", "load", "require", "import", "system",
                        "shell", "spawn", "popen", "open", "start", "invoke", "runscript",
                        "runfile", "sys.source", "import_module", "importlib.import_module",
                        "rscript", "builtin"})
"""Names of calls that run (or load to run) the file they are given."""
_LITERAL = r"(['\"])([^'\"\n]{1,300})\1"
_CALL = re.compile(r"([A-Za-z_][\w.:]*)\s*\(([^()\n]{0,400})\)")
_STRINGS = re.compile(_LITERAL)
_URL = re.compile(r"^(?:https?|ftp)://", re.I)
_FILE = re.compile(r"^[\w./\\~-]{1,200}\.[A-Za-z0-9]{1,6}$")


RUNS_CODE = frozenset({"include", "loadstring", "load", "eval", "exec", "execfile", "dofile",
                       "loadfile", "require", "source", "evalin", "feval", "iex",
                       "invoke-expression", "run_path", "runpy.run_path", "instance_eval",
                       "class_eval", "module_eval", "compile"})
"""Names of calls that run the code they are given (not merely a file's name)."""


def fetched_and_run(text: str) -> bool:
    """Whether a call that runs code is given, inside its own parentheses, a call that is
    given a URL: `include(download("https://…"))`, `loadstring(HttpService:GetAsync('https://…'))()`,
    `eval(fetch("https://…"))` — the code comes from the URL, whatever fetches it."""
    if "://" not in text:
        return False
    for runner in _RUNNER.finditer(text):
        name = runner.group(1).lower().rsplit(":", 1)[-1].rsplit(".", 1)[-1]
        if name not in RUNS_CODE:
            continue
        depth, end = 0, runner.end() - 1
        for end in range(runner.end() - 1, min(len(text), runner.end() + 600)):
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            if depth == 0:
                break
        inner = text[runner.end():end]
        if _INNER_FETCH.search(inner):
            return True
    return False


_RUNNER = re.compile(r"([A-Za-z_][\w.:]*)\s*\(")
_INNER_FETCH = re.compile(r"[A-Za-z_][\w.:]*\s*\(\s*(['\"])(?:https?|ftp)://")
"""A call given a URL as its first argument, inside the runner's parentheses."""


def saved_then_run(text: str) -> bool:
    """Whether a call saves a URL to a file that a later call runs."""
    if "://" not in text or "(" not in text:
        return False
    saved: dict[str, int] = {}
    for call in _CALL.finditer(text):
        literals = [m.group(2) for m in _STRINGS.finditer(call.group(2))]
        if any(_URL.match(s) for s in literals):
            for s in literals:
                if _FILE.match(s) and not _URL.match(s):
                    saved.setdefault(s, call.end())
    if not saved:
        return False
    for call in _CALL.finditer(text):
        name = call.group(1).lower().rsplit(":", 1)[-1]
        if name not in EXEC_CALLS and name.rsplit(".", 1)[-1] not in EXEC_CALLS:
            continue
        for m in _STRINGS.finditer(call.group(2)):
            if saved.get(m.group(2), len(text)) <= call.start():
                return True
    return False
