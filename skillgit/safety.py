"""Keep transcript text that could harm a reader out of everything skillgit writes.

Everything in a transcript is untrusted, and so is a model's answer. A skill is read by an
agent that may act on it, and by a reviewer who may copy from it, so text is screened for:

- **download and run**: a download (`curl`, `wget`, `iwr`, `irm`, …) whose output reaches a
  shell or interpreter — piped (`| sh`, `| sudo -E bash`, `| python3 -`, `| iex`), substituted
  (`sh -c "$(curl …)"`, `bash <(curl …)`, `eval "$(wget -qO- …)"`), or saved and then run
  (`curl -o x.sh … && sh x.sh`). A download piped into a program as *data* is fine
  (`curl … | jq .`, `curl … | python3 -m json.tool`);
- **decode and run**: `base64 -d … | sh`, `exec(base64…)`;
- **destruction**: recursive `rm` of `/`, `~` or `$HOME`, `mkfs`, `dd` onto a device, a fork
  bomb;
- **instructions aimed at the model**: "ignore (all) previous instructions", "disregard your
  prior instructions", "new system prompt:", …

The check is deliberately broad: a false alarm drops one quote or one proposal, a miss puts a
harmful line in front of an agent.
"""

from __future__ import annotations

import re

_FETCH = (r"(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod|aria2c|downloadstring|"
          r"downloadfile|net\.webclient)")
_FETCH_WORD = re.compile(rf"(?<![\w.-]){_FETCH}(?![\w-])", re.I)
_SHELLS = frozenset({"sh", "bash", "zsh", "ksh", "dash", "fish", "csh", "tcsh", "ash", "busybox",
                     "iex", "invoke-expression", "pwsh", "powershell", "cmd", "source", ".",
                     "osascript", "eval", "exec"})
_LANGUAGES = re.compile(r"^(?:python[0-9.]*|py|node(?:js)?|deno|bun|perl|ruby|php|lua|r|"
                        r"rscript|tclsh|jshell)$", re.I)
# Interpreter options that mean "the program is the next argument", so stdin is data.
_PROGRAM_FLAGS = frozenset({"-c", "-e", "-m", "-p", "-r", "-E", "--eval", "--print", "-x"})
_WRAPPERS = frozenset({"sudo", "doas", "env", "command", "nohup", "time", "nice"})
_WRAPPER_ARGS = frozenset({"-u", "-g", "-C", "-h", "-p", "-n", "--user", "--group"})
_SHELL_NAMES = (r"(?:(?:ba|z|k|da|c|tc)?sh|fish|eval|source|exec|iex|invoke-expression|pwsh|"
                r"powershell)")
_LANGUAGE_NAMES = r"(?:python[0-9.]*|node|deno|bun|perl|ruby|php)"

_PATTERNS = [
    # the output of a download substituted into a command line that runs it
    re.compile(rf"(?:^|[\s;&|(\"'`]){_SHELL_NAMES}\b[^\n]*?(?:\$\(|`|<\(|\()\s*"
               rf"(?:sudo\s+)?{_FETCH}\b", re.I),
    re.compile(rf"(?:^|[\s;&|(]){_LANGUAGE_NAMES}\b[^\n]*?<\(\s*(?:sudo\s+)?{_FETCH}\b", re.I),
    re.compile(rf"(?:^|[\s;&|])\.\s+<\(\s*{_FETCH}\b", re.I),
    re.compile(rf"\b(?:iex|invoke-expression)\b[^\n]*{_FETCH}|{_FETCH}[^\n]*\b(?:iex|"
               rf"invoke-expression)\b", re.I),
    # saved, then run
    re.compile(rf"\b{_FETCH}\b[^\n]*?(?:\s-o\s*|\s-O\s+|--output[= ]\s*|>\s*)\S+[^\n]*?"
               rf"(?:&&|;|\|\|)\s*(?:sudo\s+(?:-\S+\s+)*)?(?:(?:ba|z|k|da)?sh\b|"
               rf"{_LANGUAGE_NAMES}\s|chmod\s+\+?[0-7]*x|\./|source\b|\.\s)", re.I),
    # decoded, then run
    re.compile(r"\bbase64\s+(?:-d|-D|--decode)\b[^\n]*\|\s*(?:sudo\s+(?:-\S+\s+)*)?"
               r"(?:(?:ba|z|k|da)?sh|python[0-9.]*|perl|ruby|node)\b", re.I),
    re.compile(r"\b(?:eval|exec)\s*\(\s*(?:atob|base64|b64decode|decode|bytes\.fromhex)", re.I),
    re.compile(r"\bpython[0-9.]*\s+-c\s+[\"'][^\n]*(?:urlopen|requests\.get)[^\n]*exec", re.I),
    # destruction
    re.compile(r"\bmkfs(?:\.\w+)?\s+/dev/|\bdd\s+[^\n]*\bof=/dev/(?:sd|hd|nvme|disk|xvd|vd)",
               re.I),
    re.compile(r">\s*/dev/(?:sd[a-z]|nvme\d|disk\d)\b"),
    re.compile(r":\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:"),  # fork bomb
    re.compile(r"\bchmod\s+(?:-R\s+)?(?:0?777|a\+rwx)\s+/(?:\s|$)", re.I),
    # instructions aimed at the model
    re.compile(r"\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+|of\s+)*"
               r"(?:the\s+|your\s+|my\s+|these\s+|those\s+)?(?:previous|prior|above|earlier|"
               r"preceding|original|system|safety|developer)\s+(?:\w+\s+)?(?:instructions?|"
               r"prompts?|messages?|rules?|directions?|guidelines?|context)\b", re.I),
    re.compile(r"\b(?:new|updated|real)\s+(?:system\s+)?(?:instructions?|prompt)\s*:", re.I),
    re.compile(r"\b(?:do\s+not|don't|never)\s+(?:tell|inform|show)\s+(?:the\s+)?user\b", re.I),
    re.compile(r"\bwithout\s+(?:telling|informing|asking)\s+the\s+user\b", re.I),
]


def is_unsafe(text: str | None) -> bool:
    """True when the text carries something that must never be written into a proposal."""
    if not text:
        return False
    return (_downloads_into_interpreter(text) or _removes_everything(text)
            or any(p.search(text) for p in _PATTERNS))


def unsafe_lines(text: str, *, ignore: str = "") -> bool:
    """`is_unsafe` for the lines of `text` that are not already lines of `ignore`.

    An update appends to an existing `SKILL.md`; what was there before is the owner's text
    (an install skill may well say `curl … | sh`), so only the new lines are screened.
    """
    known = set(ignore.splitlines())
    return is_unsafe("\n".join(line for line in text.splitlines() if line not in known))


def _downloads_into_interpreter(text: str) -> bool:
    for line in text.splitlines():
        fetch = _FETCH_WORD.search(line)
        if fetch is None or "|" not in line[fetch.end():]:
            continue
        rest = re.sub(r"\|\|", "\x00", line[fetch.end():])  # `a || b` is not a pipe
        for segment in rest.split("|")[1:]:
            if _runs_stdin(segment.split("\x00")[0].split(";")[0].split("&&")[0]):
                return True
    return False


_RM = re.compile(r"(?<![\w.-])rm\s+([^\n;&|]*)")
_EVERYTHING = re.compile(r"(?:/|/\*|~|~/|~/\*|\$\{?home\}?/?\*?|/home/?\*?|/users/?\*?|"
                         r"c:\\?)", re.I)


def _removes_everything(text: str) -> bool:
    """A recursive `rm` of `/`, `~`, `$HOME` and the like."""
    for match in _RM.finditer(text):
        words = [w.strip("\"'") for w in match.group(1).split()]
        flags = [w for w in words if w.startswith("-")]
        recursive = any(w == "--recursive" or (not w.startswith("--") and "r" in w.lower())
                        for w in flags)
        if recursive and any(_EVERYTHING.fullmatch(w) for w in words if not w.startswith("-")):
            return True
    return False


def _runs_stdin(segment: str) -> bool:
    """Whether the command of a pipeline segment executes what it reads on stdin."""
    words = [w.strip("\"'`()") for w in segment.split()]
    while words and (words[0].lower() in _WRAPPERS or words[0].startswith("-")
                     or re.fullmatch(r"[A-Za-z_]\w*=\S*", words[0])):
        popped = words.pop(0)  # sudo -E, sudo -u root, env FOO=1, …
        if popped in _WRAPPER_ARGS and words:
            words.pop(0)
    if not words:
        return False
    program = words[0].rsplit("/", 1)[-1].lower()
    if program in _SHELLS:
        return True
    if not _LANGUAGES.match(program):
        return False
    for word in words[1:]:
        if word == "-":
            return True
        if word in _PROGRAM_FLAGS or not word.startswith("-"):
            return False  # `-c code`, `-m json.tool`, or a script file: stdin is data
    return True
