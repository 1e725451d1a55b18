"""Checks on the text itself: words aimed at the agent or the reviewer, hidden characters and
comments, startup-file edits, inline code that fetches, sends or runs, and the destructive
commands that need no parsing (credentials in prose: `credential_text`; how text is read:
`plain`)."""

from __future__ import annotations

import html
import re

from skillgit.safety.address import AI as _AI
from skillgit.safety.address import addressed
from skillgit.safety.calls import fetched_and_run, saved_then_run
from skillgit.safety.credential_files import BROWSER_STORES
from skillgit.safety.credential_text import IN_SENTENCE, credential_findings, forbidden_span
from skillgit.safety.findings import Finding
from skillgit.safety.persist import HOOK_VARIABLES, NODE_HOOK
from skillgit.safety.plain import CODE_SPAN, hidden
from skillgit.safety.practices import STARTUP_PLACES
from skillgit.safety.vocab import (
    AGENT,
    CREDENTIALS,
    DESTRUCTIVE,
    DOWNLOAD_RUN,
    EXFILTRATION,
    FETCH_API,
    HIDDEN,
    OBFUSCATED,
    PERSISTENCE,
)
from skillgit.wording import ENGLISH_FUNCTION_WORDS

_HOOKS_PATH = re.compile(r"(?i)\bcore\.hooks[Pp]ath\b[^\n]{0,40}?(?:\s|=|\b)(?:/|[A-Za-z]:\\|~/)")
"""Git's hook folder pointed at a path outside the repository, in any language: every
checkout then runs what is there."""
_RC_EDIT = re.compile(
    r"\b(?:add|append|put|write|insert|edit|modify|change|update|place|drop|install|copy|"
    r"create)\b" + IN_SENTENCE + r"{0,160}?(?:~/|\$HOME/|%USERPROFILE%\\)?(?:\.(?:bashrc|"
    r"bash_profile|zshrc|"
    r"zshenv|zprofile|profile|kshrc|cshrc|tcshrc)\b|config\.fish\b|\$PROFILE\b|"
    r"powershell\s+profile|shell\s+(?:rc|startup|profile)\s+files?|\.git/hooks\b|"
    r"git\s+hooks?\b|authorized_keys\b|crontab\b(?!\.\w)|cron\s+job|launch\s?agents?\b|"
    r"systemd\s+(?:user\s+)?(?:unit|service|timer)|\.pth\s+files?|sitecustomize|"
    r"usercustomize|start\s*menu[\\/]+programs[\\/]+startup|shell:(?:common\s*)?startup)", re.I)
_HOOK_MENTION = re.compile(r"(?<![\w$])(?:" + "|".join(sorted(HOOK_VARIABLES)) + r")\b")
_NODE_OPTIONS = re.compile(r"\b(?:NODE_OPTIONS|node-options)\b[^\n]{0,80}")
_AUTO_TASK = re.compile(r"[\"']?runOn[\"']?\s*:\s*[\"']?folderOpen", re.I)
_PACKAGE_HOOK = re.compile(r"\b(?:script-shell|onload-script)\s*[=:\s]\s*\S", re.I)
_COMMENTS = re.compile(r"<!--(.*?)(?:-->|\Z)|^\s*\[[^\]]*\]:\s*(?:#|<>)\s*[(\"'](.*)$|"
                       r"<(\w+)[^>]*(?:display\s*:\s*none|visibility\s*:\s*hidden|"
                       r"font-size\s*:\s*0|\bhidden\b)[^>]*>(.*?)(?:</\3>|\Z)",
                       re.I | re.S | re.M)
_ADDRESSED = re.compile(rf"\b(?:{_AI}|instructions?|ignore|disregard|you\s+(?:must|should|"
                        r"shall|will|need|are)|do\s+not\s+tell|never\s+mention|always\s+run|"
                        r"must\s+run)\b", re.I)
_EXEC_API = (r"(?:\bexec\s*\(|\beval\b|\bcompile\s*\(|os\.system|subprocess|\bpopen|"
             r"child_process|execSync|\bspawn|\bsystem\s*[($\"']|new\s+Function|\bFunction\s*\(|"
             r"runpy|__import__|importlib|\biex\b|Invoke-Expression|instance_eval|"
             r"\bsource\s*\(|Start-Process|\bexecfile|\bload\s*\(|\bdofile|\bloadstring|"
             r"\brequire\s*\(\s*['\"]https?://)")
_DECODE_API = (r"(?:b64decode|\bpack\s*\(?\s*['\"][Hhmu]\*?['\"]|"
               r"base64\.decodebytes|atob\s*\(|fromhex|FromBase64String|"
               r"decompress|codecs\.decode|unhexlify|Buffer\.from\s*\([^)]*base64|"
               r"unpack\s*\(\s*['\"]m)")
_FETCH = re.compile(FETCH_API, re.I)
_EXEC = re.compile(_EXEC_API, re.I)
_DECODE = re.compile(_DECODE_API, re.I)
_INLINE_SEND = re.compile(rf"{FETCH_API}[^\n]*(?:open|read|cat|Get-Content|readFile)\w*"
                          r"\s*\(?\s*['\"]?[^'\"\n]*(?:\.env\b|\.ssh|id_rsa|\.aws|"
                          r"credentials|\.netrc|\.npmrc|\.git-credentials)", re.I)
# Inline code (python -c, node -e, vim -c, …) that writes a startup file or hook.
_STARTUP_FILE = (r"(?:\.(?:bashrc|bash_profile|bash_login|profile|zshrc|zshenv|zprofile|zlogin|"
                 r"kshrc|cshrc|tcshrc)\b|config\.fish\b|\.git[/\\]hooks\b|authorized_keys\b|"
                 r"\bcrontab\b|[\w-]+\.pth\b|(?:site|user)customize\.py\b|"
                 r"powershell_profile\.ps1\b|LaunchAgents\b|systemd[/\\]user\b)")
_WRITE_API = (r"(?:\bopen\s*\(|\bfopen\b|writefile|appendfile|writefilesync|appendfilesync|"
              r"write_text|write_bytes|File\.(?:write|open|append)|file_put_contents|"
              r"Add-Content|Set-Content|Out-File|>>)")
_STARTUP = re.compile(_STARTUP_FILE, re.I)
_INLINE_PERSIST = re.compile(rf"{_WRITE_API}[^\n]{{0,120}}?{_STARTUP_FILE}|{_STARTUP_FILE}"
                             rf"[^\n]{{0,60}}?(?:['\"]\s*,\s*['\"][aw]\+?['\"]|\.write\b)", re.I)
_WHOLE_ENVIRONMENT = re.compile(
    r"JSON\.stringify\(\s*process\.env\s*\)|\bprocess\.env\s*[),}]|"
    r"\b(?:dict|json\.dumps)\(\s*(?:dict\(\s*)?os\.environ\b(?!\s*[\[.])|"
    r"\bos\.environ(?:\.copy\(\))?\s*[),}]|\bENV\.to_h\b|\bSystem\.getenv\(\s*\)|"
    r"\bos\.Environ\(\)|\bstd::env::vars\(\)|\bGet-ChildItem\s+env:(?![\w])|"
    r"\bDeno\.env\.toObject\(\)|\bBun\.env\s*[),}]|\bPlatform\.environment\b(?!\s*\[)|"
    r"\bSystem\.get_env\(\s*\)|\bgetenv\(\s*\)|\$_ENV\b(?!\s*\[)|\benviron\(\s*\)|"
    r"\bSys\.getenv\(\s*\)", re.I)
"""The whole environment as one value (every variable, every token in it)."""
_KEY_LITERAL = r"(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-[\w-]+|sk-ssh-[\w@.-]+)\s+AAAA"
_GRANTED_KEY = re.compile(rf"authorized_keys2?\b[^\n]{{0,200}}?{_KEY_LITERAL}|"
                          rf"{_KEY_LITERAL}[^\n]{{0,300}}?authorized_keys2?\b")
"""A public key given with the file that grants it a login (any language names both)."""
_HOME_CREDENTIAL = re.compile(r"(?:~|\$HOME|/home/[\w.-]+|/Users/[\w.-]+)/\.(?:aws|ssh|kube|"
                              r"azure|docker|gnupg|config/gcloud)/[\w.*-]+|\bid_(?:rsa|ed25519|"
                              r"ecdsa|dsa)\b(?!\.pub)|" + BROWSER_STORES)
"""Someone's own credential files: a home's cloud, SSH, cluster or GPG files, a private key, a
browser's saved passwords and cookies."""
_SOCKET_DEVICE = re.compile(r"/dev/(?:tcp|udp)/")
# A CI workflow run for any fork's pull request with the repository's secrets that checks out
# and so runs the fork's code (`pull_request_target` / `workflow_run` + the head's ref).
_PR_TARGET = re.compile(r"\b(?:pull_request_target|workflow_run)\b")
_PR_HEAD = re.compile(r"\$\{\{\s*github\.(?:event\.(?:pull_request|workflow_run)\.head[\w.]*|"
                      r"head_ref)\s*\}\}|refs/pull/", re.I)
_DESTRUCTIVE = [
    re.compile(r"\bmkfs(?:\.\w+)?\s+/dev/|\bdd\s+[^\n]*\bof=/dev/(?:sd|hd|nvme|disk|xvd|vd|mmcblk)",
               re.I),
    re.compile(r">\s*/dev/(?:sd[a-z]|nvme\d|disk\d|hd[a-z]|mmcblk\d)\b"),
    re.compile(r":\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:"),  # fork bomb
    re.compile(r"\bchmod\s+(?:-R\s+)?(?:0?777|a\+rwx)\s+/(?:\s|$)", re.I),
    re.compile(r"\b(?:wipefs|shred)\s+[^\n]*/dev/|\bformat\s+[a-z]:\s*/q\b|"
               r"\bremove-item\s+[^\n]*-recurse[^\n]*\s(?:[a-z]:\\?|~|\$home|/)(?:\s|$)|"
               r"\bfind\s+/\s+[^\n]*-delete\b|\bdel\s+/[sfq]\s+[^\n]*[a-z]:\\\*?(?:\s|$)", re.I),
]
_RM = re.compile(r"(?<![\w.-])rm\s+([^\n;&|]*)")
_EVERYTHING = re.compile(r"(?:/|/\*|~|~/|~/\*|\$\{?home\}?/?\*?|/home/?\*?|/users/?\*?|"
                         r"c:\\?|\.\./\.\./?\.\.?/?|/(?:etc|usr|var|boot|bin|lib)/?\*?)", re.I)


def findings(original: str, text: str) -> list[Finding]:
    """Text-level findings; `text` is `normalize(original)`."""
    out: list[Finding] = []
    if hidden(original):
        out.append(Finding(HIDDEN, "invisible or direction-changing characters"))
    for m in _COMMENTS.finditer(text):
        if _ADDRESSED.search(" ".join(g for g in m.groups() if g)):
            out.append(Finding(HIDDEN, "a hidden comment with instructions"))
        elif m.group(4) and m.group(4).strip():  # shown to the agent, hidden from the reviewer
            out.append(Finding(HIDDEN, "text in an element styled to be invisible"))
    if addressed(text) or ("&" in text and ";" in text and addressed(html.unescape(text))):
        out.append(Finding(AGENT, "words addressed to the agent or the reviewer"))
    out += credential_findings(text)
    if _rc_edited(text) or _HOOK_MENTION.search(text) or _HOOKS_PATH.search(
            text) or _AUTO_TASK.search(
            text) or _PACKAGE_HOOK.search(
            text) or (_STARTUP.search(text) and _INLINE_PERSIST.search(text)) or any(
            NODE_HOOK.search(m.group(0)) for m in _NODE_OPTIONS.finditer(text)):
        out.append(Finding(PERSISTENCE, "a startup file, hook or code-loading variable"))
    if _on_one_line(text, _FETCH, _EXEC):
        out.append(Finding(DOWNLOAD_RUN, "inline code that fetches and runs"))
    elif saved_then_run(text):
        out.append(Finding(DOWNLOAD_RUN, "a file fetched by a call and run by name"))
    elif fetched_and_run(text):
        out.append(Finding(DOWNLOAD_RUN, "code fetched by a call and run at once"))
    if _on_one_line(text, _DECODE, _EXEC):
        out.append(Finding(OBFUSCATED, "inline code that decodes and runs"))
    if _FETCH.search(text) and _INLINE_SEND.search(text):
        out.append(Finding(EXFILTRATION, "inline code that sends a credential file"))
    if _on_one_line(text, _FETCH, _WHOLE_ENVIRONMENT):
        out.append(Finding(EXFILTRATION, "inline code that sends the whole environment"))
    if any(not forbidden_span(text, m.start(), m.end()) for m in _GRANTED_KEY.finditer(text)):
        out.append(Finding(PERSISTENCE, "a key granted a login to this machine"))
    if _foreign(text) and any(not forbidden_span(text, m.start(), m.end())
                              for m in _HOME_CREDENTIAL.finditer(text)):
        out.append(Finding(CREDENTIALS, "someone's credential files named in a language the "
                                        "screen cannot read"))
    if _startup_gets_a_command(text):
        out.append(Finding(PERSISTENCE, "a command put in a place the system runs at boot"))
    if _PR_TARGET.search(text) and _PR_HEAD.search(text):
        out.append(Finding(DOWNLOAD_RUN, "a fork's pull request checked out with secrets"))
    if _SOCKET_DEVICE.search(text):
        out.append(Finding(EXFILTRATION, "a raw network socket device"))
    if any(p.search(text) for p in _DESTRUCTIVE) or _removes_everything(text):
        out.append(Finding(DESTRUCTIVE, "a command that destroys data or the system"))
    return out


FOREIGN_LETTERS = 6
"""Letters outside ASCII (outside code spans) that make a text one the English verb tables
cannot read: there, naming someone's credential files is enough (default-deny)."""


FOREIGN_WORDS = 8
"""Words of prose (outside code spans and paths) among which at most one in eight is an English
function word: a text in another language written in Latin letters (Swahili, Malay, Tagalog)."""
_PROSE_WORD = re.compile(r"(?<![\w/.~$-])[^\W\d_]{2,}(?![\w/.-])")


def _foreign(text: str) -> bool:
    prose = CODE_SPAN.sub(" ", text) if "`" in text else text
    if sum(1 for c in prose if c.isalpha() and not c.isascii()) >= FOREIGN_LETTERS:
        return True
    words = [w.lower() for w in _PROSE_WORD.findall(prose)]
    english = sum(w in ENGLISH_FUNCTION_WORDS for w in words)
    return len(words) >= FOREIGN_WORDS and english * 8 <= len(words)


def _rc_edited(text: str) -> bool:
    """A verb of writing said of a startup file or hook place; the verb is the sentence's own,
    not a word of a command shown in a code span (`npm install` … "Git hooks installed")."""
    spans = [m.span() for m in CODE_SPAN.finditer(text)] if "`" in text else []
    return any(not any(a < m.start() < b for a, b in spans) and not _repository_file(text, m.end())
               and not forbidden_span(text, m.start(), m.end())
               and not _SHELL_INTEGRATION.fullmatch(_added(m.group()))
               for m in _RC_EDIT.finditer(text))


_SHELL_INTEGRATION = re.compile(
    r"""[`'"]?eval\s+["']?\$\(\s*[a-z][\w-]{1,30}\s+(?:init|hook|activate|env|shell-init)"""
    r"""(?:\s+-{0,2}[a-z]*){0,2}\s*\)["']?[`'"]?""")
"""A line that evaluates an installed program's own shell integration (`eval "$(direnv hook
bash)"`, `eval "$(rbenv init -)"`): what the program's setup asks for, no code from elsewhere
(a program fetched to run is judged where it is fetched)."""


def _added(match: str) -> str:
    """What an rc-edit match adds: the words between its last verb and `to`/`into` the place."""
    verbs = list(_EDIT_VERB.finditer(match))
    words = match[verbs[-1].end():] if verbs else ""
    cut = max(words.rfind(" to "), words.rfind(" into "), words.rfind(" in "))
    return words[:cut].strip() if cut > 0 else ""


_EDIT_VERB = re.compile(r"\b(?:add|append|put|write|insert|edit|modify|change|update|place|"
                        r"drop|install|copy|create)\b", re.I)


def _repository_file(text: str, end: int) -> bool:
    """Whether the place a match ends on is a relative path (`ops/crontab`, `deploy/hooks`):
    a file of the repository, which its own deployment applies, not the system's place."""
    start = end
    while start and not text[start - 1].isspace() and text[start - 1] not in "`'\"(":
        start -= 1
    path = text[start:end]
    return "/" in path and not path.startswith(("/", "~", "$", "%", "."))


_RUNS_NOTHING = frozenset({"cat", "less", "ls", "stat", "source", ".", "grep", "head", "tail",
                           "sudoedit", "vi", "vim", "nano", "diff", "git", "echo"})


def _startup_gets_a_command(text: str) -> bool:
    """A line naming a place the system runs at boot (in any language) and, in a code span or
    in an indented line right under it (a block shown after "append this line to
    /etc/rc.local:"), a command that runs something other than reading that place
    (`nohup /opt/x &`)."""
    if STARTUP_PLACES.search(text) is None:
        return False
    lines = text.splitlines()
    for index, line in enumerate(lines):
        place = STARTUP_PLACES.search(line)
        if place is None or forbidden_span(line, place.start(), place.end()):
            continue
        shown = [span.group(1) for span in CODE_SPAN.finditer(line)] if "`" in line else []
        if line.rstrip().endswith(":"):
            shown += [row.strip() for row in lines[index + 1:index + 4]
                      if row[:2] in ("  ", "\t ", "\t") and row.strip()]
        for command in shown:
            words = command.split()
            if words and words[0].lower() not in _RUNS_NOTHING and \
                    STARTUP_PLACES.search(command) is None:
                return True
    return False


def _on_one_line(text: str, first: re.Pattern[str], second: re.Pattern[str]) -> bool:
    """Whether one line holds both a match of `first` and one of `second` (each pattern is
    run once over the whole text first: most texts hold neither)."""
    if first.search(text) is None or second.search(text) is None:
        return False
    return any(first.search(line) and second.search(line) for line in text.splitlines())


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
