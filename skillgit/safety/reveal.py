"""Commands that reveal secrets without naming a credential file: the environment dumped
(`env`, `printenv`, `set`, `export -p`, `declare -p`, `Get-ChildItem Env:`, `/proc/*/environ`,
`print(os.environ)`) unless a filter keeps only harmless names (`env | grep PATH`), a secret
variable printed (`echo $GITHUB_TOKEN`, `printenv NPM_TOKEN`, `Write-Output $env:X`,
`echo %X%`), a credential directory mounted into a container (`docker run -v ~/.ssh:/k`), and
the home directory served over HTTP (`python3 -m http.server --directory ~`).

Using a secret where it belongs is not revealing it: `curl -H "Authorization: $TOKEN"`,
`echo "$CR_PAT" | docker login --password-stdin`, `[ -n "$TOKEN" ]`."""

from __future__ import annotations

import re
from itertools import pairwise

from skillgit.safety.credential_files import is_sensitive
from skillgit.safety.findings import Finding
from skillgit.safety.launch import State
from skillgit.safety.resolve import Resolved
from skillgit.safety.shell import Command, Word
from skillgit.safety.vocab import (
    CODE_FLAGS,
    CREDENTIALS,
    EXFILTRATION,
    is_home,
    is_language,
)

# A variable holding a secret: an upper-case name with a secret word among its `_` parts, or
# any name spelling out a strong one (`$api_key`, `$githubToken`).
_SECRET_PART = re.compile(r"(?:^|_)(?:TOKENS?|SECRETS?|PASSWORDS?|PASSWD|PASS|PASSPHRASE|KEYS?|"
                          r"APIKEY|CREDENTIALS?|CREDS|AUTH(?!_SOCK)|COOKIES?|PAT|PRIVATE)(?:_|$)")
_SECRET_WORD = re.compile(r"token|secret|passw(?:or)?d|api_?key|credential|private_?key", re.I)
# A filter pattern that lets secrets through (`grep -i token`, `grep AWS_`, `grep .`).
_SECRET_PATTERN = re.compile(r"token|secret|pass|key|auth|cred|cookie|session|private|\bpat\b|"
                             r"aws|azure|gcp|google|github|gitlab|\bgh_|openai|anthropic|npm_|"
                             r"pypi|stripe|slack|twilio|sendgrid|database|_url|dsn|^[.^$*]*$|"
                             r"\.[*+]", re.I)
_SECRET_WORDS = ("token", "secret", "password", "passphrase", "apikey", "credential", "cookie",
                 "session", "private", "github", "gitlab", "openai", "anthropic", "access_key")
_AWKS = frozenset({"awk", "gawk", "mawk", "nawk"})
_FILTERS = frozenset({"grep", "egrep", "fgrep", "rg", "ag", "ack", "findstr", "select-string",
                      "sls"})
_PASS_THROUGH = frozenset({"sort", "head", "tail", "less", "more", "column", "cat", "uniq",
                           "format-table", "ft", "format-list", "fl", "out-string", "sort-object",
                           "out-host", "bat"})
_NAMES_ONLY = frozenset({"wc", "measure-object", "cut", "sed"})  # with names-only use
_PRINTERS = frozenset({"echo", "printf", "print", "write-output", "write-host", "echo.", "say",
                       "cat", "tee", "out-file", "set-content", "add-content", "write"})
_TAKES_STDIN = re.compile(r"^--?(?:password-stdin|with-token|stdin|token-stdin)$", re.I)
_PROC_ENVIRON = re.compile(r"/proc/.{1,60}?/environ\b")
_PS_ENV = re.compile(r"^(?:env:|variable:)[\\/]?(\S*)$", re.I)
_RAW_NAMES = re.compile(r"\$\{?env:(\w+)|%(\w+)%|\$\{?[#!]?([A-Za-z_]\w*)", re.I)
_BODY_NAMES = re.compile(r"\$\{?([A-Za-z_]\w*)")
_SINGLE_QUOTED = re.compile(r"'[^']*'")
# The whole environment in inline code (a key looked up is not the whole of it).
_WHOLE_ENV = re.compile(r"os\.environ\b(?!\s*(?:\[|\.get\b|\.setdefault|\.pop|\.update|\.__))|"
                        r"process\.env\b(?!\s*(?:\.|\[|\?\.))|(?<![\w$.])ENV\b(?!\s*(?:\[|\.fetch|"
                        r"\.key\?))|%ENV\b(?!\s*\{)|\$_ENV\b(?!\s*\[)|\$_SERVER\b(?!\s*\[)|"
                        r"\bgetenv\s*\(\s*\)|GetEnvironmentVariables\s*\(|Deno\.env\.toObject|"
                        r"System\.getenv\s*\(\s*\)")
_ENV_KEY = re.compile(r"(?:environ|env|ENV|ENVIRON|getenv|GetEnvironmentVariable)\b\s*"
                      r"(?:\.get\s*)?[\[(.,{]?\s*\(?\s*['\"]?(\w+)")
_PRINT_CALL = re.compile(r"\b(?:print|console\.\w+|puts|pp?|say|echo|printf|write|print_r|"
                         r"var_dump|Write-(?:Output|Host))\b")
_PRINT_FLAGS = frozenset({"-p", "--print", "-pe"})  # `node -p process.env`, `perl -pe`
_SERVERS = re.compile(r"^(?:http\.server|SimpleHTTPServer|http-server|serve|httpd|uploadserver|"
                      r"updog|miniserve|static-web-server|live-server)$", re.I)
_CONTAINERS = frozenset({"docker", "podman", "nerdctl", "finch", "lima"})


# Programs that can print the environment, a variable, mount, serve or change directory.
_PROGRAMS = frozenset({"printenv", "set", "export", "declare", "typeset", "systemctl", "tmux",
                       "launchctl", "ps", "jq", "gojq", "jaq", "get-childitem", "gci", "dir",
                       "ls", "get-item", "gi", "cd", "pushd", "set-location", "sl", "npx",
                       "pnpx", "bunx", "uvx", "pipx", "http-server", "serve", "miniserve",
                       "httpd", "updog", "live-server", "?"}) | _PRINTERS | _CONTAINERS | _AWKS


def is_secret_name(name: str) -> bool:
    if name == "${!…}":
        return True
    return bool((name.isupper() and _SECRET_PART.search(name)) or _SECRET_WORD.search(name))


def findings(stages: list[tuple[Command, list[Resolved]]], state: State) -> list[Finding]:
    """The findings of one pipeline, given each stage with its readings."""
    out: list[Finding] = []
    for i, (command, views) in enumerate(stages):
        words = [w.raw for w in command.words] + [x.target.raw for x in command.redirects]
        environ = "\n".join(w for w in words if "nviron" in w)  # /proc/…/environ, [Environment]
        discarded = any(x.op in (">", ">>", "&>", "1>", ">|", "&>>") and
                        x.target.literal == "/dev/null" for x in command.redirects)
        for r in views:
            if discarded or not (environ or not r.names or r.names & _PROGRAMS or any(
                    is_language(n) for n in r.names)):
                continue  # most commands: nothing here can reveal a secret (nor what prints
                #           into /dev/null: `printenv TOKEN >/dev/null && echo set`)
            dump = _dump(command, r, environ)
            if dump is True and not _filtered(stages[i + 1:]):
                out.append(Finding(CREDENTIALS, "the environment printed, secrets included"))
            elif isinstance(dump, str) and is_secret_name(dump):
                out.append(Finding(CREDENTIALS, "a secret environment variable printed"))
            if _prints_secret(command, r) and not _consumed(stages[i + 1:]):
                out.append(Finding(CREDENTIALS, "a secret environment variable printed"))
            out += _mounts(r) + _served(r, state)
            _follow_cd(r, state)
    return out


def _dump(command: Command, r: Resolved, environ: str) -> bool | str:
    """True when the command prints the whole environment; a variable's name when it prints
    that one; False otherwise."""
    args = r.arg_texts()
    plain = [a for a in args if not a.startswith("-")]
    if environ and _PROC_ENVIRON.search(environ):
        return True
    if "nvironmentVariable" in environ:  # PowerShell: [Environment]::GetEnvironmentVariable(…)
        if m := re.search(r"GetEnvironmentVariable\s*\(\s*['\"]?(\w+)", environ):
            return m.group(1)
        if "GetEnvironmentVariables" in environ:
            return True
    if not r.names and r.wrappers[-1:] == ["env"]:
        return True  # `env`, `env -0`
    name = r.name
    if name == "printenv":  # a name that is not spelt out (`printenv {}`, `$v`) may be any
        if any(not re.fullmatch(r"\w+", a) for a in plain):
            return True
        return next((a for a in plain if is_secret_name(a)), plain[0]) if plain else True
    if name == "set" and not args:
        return True
    if (name == "systemctl" and "show-environment" in args) or (
            name == "tmux" and "show-environment" in args):
        return True
    if name == "launchctl" and args[:1] == ["getenv"] and len(args) > 1:
        return args[1]
    if name in _AWKS and "ENVIRON" in " ".join(args):  # `awk 'BEGIN{print ENVIRON["X"]}'`
        code = " ".join(args)
        keys = re.findall(r"ENVIRON\s*\[\s*(\"?)(\w+)", code)
        return True if any(not quoted for quoted, _ in keys) or not keys else next(
            (k for _, k in keys if is_secret_name(k)), False)
    if r.names & _CONTAINERS and any("Config.Env" in a for a in args):
        return True  # `docker inspect --format '{{.Config.Env}}'`
    if name == "ps" and any(not a.startswith("-") and "e" in a and a.isalpha() for a in args):
        return True  # BSD `ps eww`: every process's environment
    if name in ("jq", "gojq", "jaq") and (m := re.search(r"(?:^|[^\w$.])\$?(?:env|ENV)\b"
                                                         r"(?:\.(\w+))?", " ".join(args))):
        return m.group(1) or True
    if name in ("export", "declare", "typeset") and all(re.fullmatch(r"-[px]+", a)
                                                         for a in args):
        return True  # `export -p`, `declare -px`, a bare `declare`
    if name in ("declare", "typeset") and any(re.fullmatch(r"-\w*p\w*", a) for a in args):
        return next((a for a in plain if is_secret_name(a)), False)
    if name in ("get-childitem", "gci", "dir", "ls", "get-item", "gi"):
        for a in args:
            if m := _PS_ENV.match(a):  # `ls env:`, `gi env:X`, `dir env:*KEY*`
                wanted = m.group(1)
                if "*" in wanted or "?" in wanted:
                    return not _harmless(wanted.replace("*", "").replace("?", ""))
                return wanted or True
    if is_language(name):
        code = _inline_code(r)
        prints = bool(set(args) & _PRINT_FLAGS or _PRINT_CALL.search(code))
        if code and prints and _WHOLE_ENV.search(code):
            return True
        if code and prints:
            return next((k for k in _ENV_KEY.findall(code) if is_secret_name(k)), False)
    if r.start < len(command.words) and (m := re.fullmatch(
            r"\$\{?env:(\w+)\}?", command.words[r.start].raw, re.I)):
        return m.group(1)  # PowerShell prints an expression given as a command
    return False


def _inline_code(r: Resolved) -> str:
    args = r.arg_texts()
    return "\n".join(b for a, b in pairwise(args) if a in CODE_FLAGS or a in _PRINT_FLAGS)


def _pattern(r: Resolved) -> str | None:
    """A grep-like filter's pattern (None when it inverts: `grep -v X` lets the rest out)."""
    args = r.arg_texts()
    if any(re.fullmatch(r"-[a-zA-Z]*v[a-zA-Z]*|--invert-match|-notmatch|/v", a) for a in args):
        return None
    given = [b for a, b in pairwise(args) if a in ("-e", "--regexp", "-pattern")]
    if given:
        return "|".join(given)  # `grep -e path -e token`: any of them
    plain = [a for a in args if not a.startswith("-")]
    return plain[0] if plain else ""


def _filtered(later: list[tuple[Command, list[Resolved]]]) -> bool:
    """Whether what a dump prints goes through a filter that keeps only harmless names."""
    for _, views in later:
        r = views[0]
        if r.name in _FILTERS:
            pattern = _pattern(r)
            if pattern is None:
                continue
            return _harmless(pattern)
        if r.name in _AWKS:
            program = next((a for a in r.arg_texts() if not a.startswith("-")), "")
            if re.fullmatch(r"\s*\{\s*print\s+\$1\s*;?\s*\}\s*", program):
                return True  # `awk -F= '{print $1}'`: the names only
            if m := re.fullmatch(r"\s*/([^/]*)/\s*(?:\{\s*print\s*(?:\$0)?\s*;?\s*\})?\s*",
                                 program):
                return _harmless(m.group(1))
            return False
        if r.name in _NAMES_ONLY:
            text = " ".join(r.arg_texts())
            return r.name in ("wc", "measure-object") or bool(re.search(
                r"-f\s*1\b|s/=\.\*//", text))
        if r.name not in _PASS_THROUGH:
            return False
    return False


def _harmless(pattern: str) -> bool:
    """A filter pattern that keeps only names without secrets: each alternative spells at least
    three letters of its own, none of a secret word (`PATH`, `NODE_ENV`; not `tok`, `T`, `.`)."""
    for alternative in re.split(r"\\?\|", pattern):
        letters = re.sub(r"[^A-Za-z0-9_]", "", alternative).lower()
        if len(letters) < 3 or _SECRET_PATTERN.search(alternative) or any(
                letters in word for word in _SECRET_WORDS):
            return False
    return True


def _consumed(later: list[tuple[Command, list[Resolved]]]) -> bool:
    """`echo "$PAT" | docker login --password-stdin`: the secret is used, not shown."""
    if not later:
        return False
    r = later[0][1][0]
    return r.name in ("wc", "measure-object") or any(_TAKES_STDIN.match(a) for a in r.arg_texts())


def _secret_names(word: Word) -> list[str]:
    if "${!" in word.raw:
        return ["${!…}"]  # `${!v}`: whichever variable `v` names, secrets included
    names = [p.text for p in word.variables()]
    if not word.raw.startswith("'"):
        raw = _SINGLE_QUOTED.sub("", word.raw)
        names += [a or b or c for a, b, c in _RAW_NAMES.findall(raw)]
    return [n for n in names if is_secret_name(n) and not re.search(
        r"\$\{#" + re.escape(n), word.raw)]  # `${#TOKEN}` is its length


def _prints_secret(command: Command, r: Resolved) -> bool:
    if r.name not in _PRINTERS:
        return False
    words = list(r.args) + [x.target for x in command.redirects if x.op == "<<<"]
    if any(_secret_names(w) for w in words):
        return True
    # `cat <<EOF` … `$TOKEN` … to the screen (a here-document written to a file is a config).
    shown = not any(x.op.startswith((">", "&>")) for x in command.redirects)
    return shown and any(is_secret_name(name) for x in command.redirects if x.op in (
        "<<", "<<-") and not x.target.quoted for name in _BODY_NAMES.findall(x.body))


def _mounts(r: Resolved) -> list[Finding]:
    """`docker run -v ~/.ssh:/k`, `--mount type=bind,src=$HOME/.aws,…`, `-v ~:/h`."""
    if not r.names & _CONTAINERS:
        return []
    args = r.arg_paths()
    sources = []
    for i, a in enumerate(args):
        value = args[i + 1] if a in ("-v", "--volume", "--mount") and i + 1 < len(args) else (
            re.sub(r"^(?:-v|--volume=|--mount=)", "", a) if re.match(
                r"-v.|--volume=|--mount=", a) else None)
        if value is None:
            continue
        if m := re.search(r"(?:^|,)(?:src|source)=([^,]+)", value):
            sources.append(m.group(1))
        else:
            drive = re.match(r"[A-Za-z]:[\\/]", value)  # `C:\\Users\\me:/h`
            sources.append(value[:2] + value[2:].split(":", 1)[0] if drive else value.split(
                ":", 1)[0])
    if any(is_home(s) or is_sensitive(s) or is_sensitive(s + "/") for s in sources):
        return [Finding(CREDENTIALS, "a home or credential directory mounted into a container")]
    return []


def _served(r: Resolved, state: State) -> list[Finding]:
    """A file server started on the home directory, the root, or a credential folder."""
    args = r.arg_paths()
    names = r.names
    if names & {"npx", "pnpx", "bunx", "uvx", "pipx"} and args:  # `npx http-server ~`
        names, args = {args[0].split("@", 1)[0]}, args[1:]
    module = next((b for a, b in pairwise(args) if a == "-m"), "")
    if not (_SERVERS.match(module) or names & {"http-server", "serve", "miniserve", "httpd",
                                               "updog", "live-server"} or (
            r.name == "php" and "-S" in args) or (r.name == "ruby" and "httpd" in " ".join(args))):
        return []
    folder = next((b for a, b in pairwise(args) if a in (
        "--directory", "-d", "-t", "--root", "-h")), None)
    if folder is None and not module:
        folder = next((a for a in args if not a.startswith("-") and not a.isdigit() and not
                       _SERVERS.match(a)), None)
    exposed = state.home_cwd if folder is None else bool(
        is_home(folder) or is_sensitive(folder) or is_sensitive(folder + "/"))
    return [Finding(EXFILTRATION, "the home directory served over the network")] if exposed \
        else []


def _follow_cd(r: Resolved, state: State) -> None:
    if r.name in ("cd", "pushd", "set-location", "sl"):
        target = r.arg_paths()[0] if r.args else "~"
        state.home_cwd = bool(is_home(target) or is_sensitive(target) or
                              is_sensitive(target + "/"))
