"""Persistence by one command: writes to startup files and hook places, variables that load
code, schedulers (`crontab`, `at`, systemd timers, a cluster's cron jobs), git and package
manager keys that run code."""

from __future__ import annotations

import re
from itertools import pairwise

from skillgit.safety.findings import Finding
from skillgit.safety.resolve import Resolved, assignment
from skillgit.safety.shell import Command, Word
from skillgit.safety.vocab import PERSISTENCE

HOOK_VARIABLES = frozenset({
    "LD_PRELOAD", "LD_AUDIT", "DYLD_INSERT_LIBRARIES", "DYLD_LIBRARY_PATH", "PYTHONSTARTUP",
    "BASH_ENV", "PROMPT_COMMAND", "PERL5OPT", "PERL5DB", "RUBYOPT", "JAVA_TOOL_OPTIONS",
    "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS", "DOTNET_STARTUP_HOOKS", "ZDOTDIR", "PYTHONINSPECT",
    "GIT_CONFIG_PARAMETERS", "ELECTRON_RUN_AS_NODE"})
NODE_HOOK = re.compile(r"(?:^|[\s'\"=])(?:--require|-r|--import|--loader|--experimental-loader|"
                       r"--experimental-specifier-resolution|-r=|--require=|--import=)", re.I)
# Git runs a file of these names in any hooks directory (`$(git rev-parse --git-dir)/hooks/…`).
GIT_HOOK_NAMES = (r"pre-commit|prepare-commit-msg|commit-msg|post-commit|pre-merge-commit|"
                  r"pre-rebase|post-checkout|post-merge|pre-push|pre-receive|update|"
                  r"post-receive|post-update|push-to-checkout|pre-auto-gc|post-rewrite|"
                  r"reference-transaction|fsmonitor-watchman|post-index-change|"
                  r"applypatch-msg|pre-applypatch|post-applypatch|sendemail-validate")
PERSISTENT_PATH = re.compile(
    r"(?:^|[/\\])(?:\.(?:bashrc|bash_profile|bash_login|bash_logout|profile|zshrc|zshenv|"
    r"zprofile|zlogin|zlogout|kshrc|mkshrc|cshrc|tcshrc|login|logout|inputrc|xinitrc|xprofile|"
    r"xsessionrc|pam_environment|envrc)$|config\.fish$|conf\.d[/\\][^/\\]+\.fish$|"
    r"(?:microsoft\.)?powershell_profile\.ps1$|profile\.ps1$|\.git[/\\]hooks(?:[/\\]|$)|"
    r"[^/\\]*\.pth$|(?:site|user)customize\.py$|authorized_keys2?$|\.ssh[/\\]rc$|"
    r"profile_[\w-]+[/\\]startup(?:[/\\]|$)|\.Rprofile$|Rprofile\.site$|startup\.jl$|"
    r"systemd[/\\](?:user|system)(?:[/\\]|$)|launch(?:agents|daemons)(?:[/\\]|$)|"
    r"cron(?:tab|\.d|\.daily|\.hourly|\.weekly|\.monthly)?(?:[/\\]|$)|crontabs(?:[/\\]|$)|"
    r"autostart(?:[/\\]|$)|init\.d(?:[/\\]|$)|rc\.local$|ld\.so\.preload$|"
    r"profile\.d(?:[/\\]|$)|programs[/\\]startup(?:[/\\]|$)|"
    r"sudoers(?:\.d[/\\][^/\\]+)?$|"
    r"etc[/\\](?:profile|bash\.bashrc|zshrc|zsh[/\\]|environment)$|"
    rf"hooks[/\\](?:{GIT_HOOK_NAMES})$)", re.I)
_WRITERS = frozenset({"tee", "cp", "mv", "install", "ln", "rsync", "add-content", "set-content",
                      "out-file", "ac", "sc", "copy", "copy-item", "move-item", "new-item",
                      "sed", "perl", "dd", "touch", "ed", "ex", "truncate", "mkdir"})
_GIT_HOOK_KEYS = re.compile(r"^(?:core\.(?:hookspath|fsmonitor|sshcommand|gitproxy|askpass|"
                            r"pager|editor)|init\.templatedir|include\.path|includeif\..*|"
                            r"alias\..*|credential\.helper|filter\..*|diff\..*\.textconv|"
                            r"sequence\.editor|protocol\.ext\.allow|"
                            r"url\..*\.(?:push)?insteadof)$", re.I)
_INSIDE_REPOSITORY = re.compile(r"(?:\./)?(?!\.\.)[\w.-]+(?:/(?!\.\.)[\w.-]+)*/?")
"""A relative path that stays in the repository (`.githooks`, `tools/hooks`): hooks committed
with the code, which every reviewer sees; not `/srv/…`, `~/…`, `../…` or a share."""
_PACKAGE_HOOK_KEYS = re.compile(r"^(?:script-shell|shell|node-options|onload-script|"
                                r"init-module|git|npmpath|yarnpath|plugins?)(?:=.*)?$", re.I)

_DOWNLOAD_OUTPUT: dict[str, re.Pattern[str]] = {
    "curl": re.compile(r"-[a-zA-Z]*o|--output"), "http": re.compile(r"-o|--output"),
    "xh": re.compile(r"-[a-zA-Z]*o|--output"),
    "wget": re.compile(r"-[a-zA-Z]*[OP]|--output-document|--directory-prefix"),
    "aria2c": re.compile(r"-d|--dir"),
    **{ps: re.compile(r"(?i)-outfile|-destination") for ps in (
        "invoke-webrequest", "iwr", "invoke-restmethod", "irm", "start-bitstransfer")}}
"""The option that names the file a download is written to, per program (curl's `-sSLo`)."""


def _downloaded_to(r: Resolved) -> list[Word]:
    """The files a download writes (`curl -so F URL`, `--output=F`, `-OutFile $PROFILE`)."""
    out = []
    for name in r.names & _DOWNLOAD_OUTPUT.keys():
        option = _DOWNLOAD_OUTPUT[name]
        for i, word in enumerate(r.args):
            text = word.literal
            if option.fullmatch(text) and i + 1 < len(r.args):
                out.append(r.args[i + 1])
            elif "=" in text and option.fullmatch(text.split("=", 1)[0]):
                out.append(word)
    return out


def _targets(command: Command, r: Resolved) -> list[Word]:
    """Where a command writes: redirections, the files of writers like tee or cp, and the file
    a download is saved to."""
    out = [x.target for x in command.redirects if x.op.startswith((">", "&>"))]
    out += _downloaded_to(r)
    if r.names & _WRITERS:
        plain = [w for w in r.args if not w.literal.startswith("-") or "=" in w.literal]
        if r.names & {"cp", "mv", "install", "ln", "rsync", "copy", "copy-item", "move-item"}:
            plain = plain[-1:]
        out += plain
    return out


_UNIT_FILE = re.compile(r".+\.(?:service|timer|socket|path|mount)", re.I)


def _committed_unit(r: Resolved) -> bool:
    """A copy of the repository's own unit files into systemd's folder (`install -m644
    deploy/x.service /etc/systemd/system/`): the project's service, as reviewed with its code,
    like hooks kept in the repository (`_INSIDE_REPOSITORY`)."""
    if not r.names & {"cp", "install", "ln", "copy", "copy-item"}:
        return False
    # (the words as written: prose read as a command, "install with `install …`", holds the
    # copy as one quoted word; a word of prose around it names no file)
    files = [p for w in r.args for p in w.raw.strip("`'\"").split() if not p.startswith("-")
             and re.search(r"[/\\]|\.\w", p)]
    return len(files) >= 2 and bool(re.search(r"systemd[/\\]system", files[-1])) and all(
        _INSIDE_REPOSITORY.fullmatch(p) and _UNIT_FILE.fullmatch(p) for p in files[:-1])


def persistence_findings(command: Command, r: Resolved, fed: str | None) -> list[Finding]:
    """Startup files, hook locations, code-loading variables, schedulers; `fed` is what the
    command reads on stdin (`echo cmd | at now`)."""
    out = []
    for word in [] if _committed_unit(r) else _targets(command, r):
        # (as written too: a Windows path's backslashes are no escapes to PowerShell)
        if PERSISTENT_PATH.search(word.literal.strip()) or PERSISTENT_PATH.search(
                word.raw.strip().strip("\"'`")) or any(
                v.text.upper() == "PROFILE" for v in word.variables()):
            out.append(Finding(PERSISTENCE, "a write to a startup file or hook location"))
    exported = [pair for a in r.args if (pair := assignment(a)) is not None] if r.name in (
        "export", "declare", "typeset", "local", "readonly", "setx", "set") else []
    for name, value in r.assignments + exported:
        if name.upper() in HOOK_VARIABLES or (
                name.upper() == "NODE_OPTIONS" and NODE_HOOK.search(" " + value.literal)):
            out.append(Finding(PERSISTENCE, "an environment variable that loads code"))
    args = [a.lower() for a in r.arg_texts()]
    if r.name in ("at", "batch") and (command.redirects or "-f" in args or fed):
        out.append(Finding(PERSISTENCE, "a job scheduled with at"))
    if r.name == "crontab" and not (args and set(args) <= {"-l", "-u"} | set(args[1:2])) and (
            not args or args[0].startswith("-") or "/" in args[0] or "." in args[0]):
        # (a file or an option: "its crontab line is …" names the table, it changes nothing)
        out.append(Finding(PERSISTENCE, "a crontab change"))
    if r.name == "systemctl" and "--user" in args and {"enable", "link", "edit"} & set(args):
        out.append(Finding(PERSISTENCE, "a systemd user unit enabled"))
    if r.name == "systemd-run" and any(a.startswith(("--on-", "--timer-property")) for a in args):
        out.append(Finding(PERSISTENCE, "a timer scheduled with systemd-run"))
    if r.names & {"kubectl", "oc"} and args[:2] == ["create", "cronjob"]:
        out.append(Finding(PERSISTENCE, "a scheduled job created in a cluster"))
    if r.name == "launchctl" and {"load", "bootstrap", "submit", "enable"} & set(args):
        out.append(Finding(PERSISTENCE, "a launchd job loaded"))
    if r.name in ("schtasks", "register-scheduledtask") or (
            r.name in ("reg", "new-itemproperty", "set-itemproperty")
            and any("currentversion\\run" in a.lower() for a in r.arg_paths())):
        out.append(Finding(PERSISTENCE, "a scheduled task or autorun entry"))
    if r.names & {"npm", "pnpm", "yarn", "bun"} and {"config", "set"} & set(args[:1]) and any(
            _PACKAGE_HOOK_KEYS.match(a) for a in args):
        out.append(Finding(PERSISTENCE, "a package-manager setting that runs commands"))
    settings = [tuple((b + "=").split("=", 2)[:2]) for a, b in pairwise(args) if a in (
        "-c", "--config-env")]
    if "config" in args:
        settings += list(pairwise([*args, ""]))
    if r.name == "git" and any(_GIT_HOOK_KEYS.match(key) and not (
            key.startswith("alias.") and not value.startswith("!")) and not (
            key.lower() == "core.hookspath" and _INSIDE_REPOSITORY.fullmatch(value))
            for key, value in settings):
        out.append(Finding(PERSISTENCE, "a git setting that runs commands"))  # `alias.x '!…'`
    return out
