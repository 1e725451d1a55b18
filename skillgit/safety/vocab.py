"""What the screen knows about programs: which fetch, which run code, which only wrap others,
which paths hold credentials. Names are compared lower-cased, without directory or `.exe`."""

from __future__ import annotations

import re
from functools import lru_cache

from skillgit.credential_commands import granting_rows

DOWNLOAD_RUN = "download-and-run"
OBFUSCATED = "obfuscated code run"
EXFILTRATION = "exfiltration"
AGENT = "instruction aimed at the agent"
CREDENTIALS = "credential access"
HIDDEN = "hidden text"
PERSISTENCE = "persistence hook"
DESTRUCTIVE = "destructive command"
WEAKENED = "weakening a safeguard"
CODE_SOURCE = "adding a code source"

# Programs whose output (or saved file) comes from the network.
FETCHERS = frozenset({
    "curl", "wget", "wget2", "aria2c", "axel", "fetch", "http", "https", "xh", "xhs", "httpie",
    "lynx", "links", "w3m", "elinks", "iwr", "irm", "invoke-webrequest", "invoke-restmethod",
    "start-bitstransfer", "bitsadmin", "certutil", "nc", "ncat", "netcat", "socat", "telnet",
    "tftp", "ftp", "sftp", "smbclient", "gsutil", "s3cmd", "rclone", "httpx", "curlie",
    "scp", "rsync", "openssl", "iwr.exe", "powershell-get", "wget.exe", "curl.exe", "gh",
    "lwp-request", "lwp-download", "lwp-mirror", "get", "post"})
# Programs that copy files to a service: `aws s3 cp`, `gsutil cp`, `rclone copy`, `gh gist`.
UPLOADERS = frozenset({"aws", "gsutil", "gcloud", "az", "rclone", "s3cmd", "gh", "azcopy", "mc",
                       "b2", "doctl", "wrangler", "transfer", "ffsend", "croc", "wormhole",
                       "ipfs", "kaggle", "huggingface-cli", "hf"})
# Programs that send data over the network (for exfiltration).
SENDERS = FETCHERS | UPLOADERS | frozenset({"ssh", "dig", "nslookup", "host", "ping", "mail",
                                            "sendmail", "mutt", "git", "mailx", "s-nail",
                                            "neomutt", "swaks", "sendemail"})
RAW_SOCKETS = frozenset({"nc", "ncat", "netcat", "socat", "telnet", "openssl"})
# Source-code fetchers whose result lands in a directory (`git clone … && ./install.sh`).
CLONERS = {("git", "clone"), ("hg", "clone"), ("svn", "checkout"), ("svn", "co"),
           ("svn", "export"), ("gh", "repo"), ("degit", "")}
SHELLS = frozenset({"sh", "bash", "zsh", "ksh", "mksh", "dash", "fish", "csh", "tcsh", "ash",
                    "yash", "rbash", "busybox", "pwsh", "powershell", "cmd", "osascript",
                    "iex", "invoke-expression", "source", ".", "eval", "exec", "su", "at",
                    "batch", "?", "nu", "xonsh", "elvish", "wscript", "cscript", "mshta",
                    "script", "parallel", "sem", "expect"})
LANGUAGE = re.compile(r"(?:python[0-9.]*|pypy[0-9.]*|py|node(?:js)?|deno|bun|perl[0-9.]*|"
                      r"ruby[0-9.]*|irb|php[0-9.]*|lua(?:jit)?[0-9.]*|r|rscript|tclsh|wish|"
                      r"jshell|groovy|julia|ts-node|tsx|jruby|scala|kotlin|swift|guile|sbcl)")
# Interpreter options whose next argument is the program (so stdin is data).
CODE_FLAGS = frozenset({"-c", "-e", "-r", "-E", "--eval", "-p", "--print", "-command", "/c",
                        "/k", "-x", "--command", "-encodedcommand", "-enc", "-ec"})
DATA_FLAGS = frozenset({"-m"})  # `python3 -m json.tool`: stdin is data for a module
# Wrappers run the rest of their arguments as a command: their options that take a value.
WRAPPERS: dict[str, frozenset[str]] = {
    "sudo": frozenset({"-u", "-g", "-h", "-p", "-C", "-U", "-r", "-t", "-D", "-R", "-T",
                       "--user", "--group", "--host", "--prompt", "--chdir", "--other-user"}),
    "doas": frozenset({"-u", "-C"}), "pkexec": frozenset({"--user"}), "gsudo": frozenset(),
    "env": frozenset({"-u", "--unset", "-C", "--chdir"}), "nohup": frozenset(),
    "time": frozenset({"-f", "-o"}), "command": frozenset(), "builtin": frozenset(),
    "nice": frozenset({"-n", "--adjustment"}), "ionice": frozenset({"-c", "-n", "-p"}),
    "timeout": frozenset({"-s", "--signal", "-k", "--kill-after"}),
    "stdbuf": frozenset({"-i", "-o", "-e"}), "taskset": frozenset({"-c"}),
    "chrt": frozenset(), "setsid": frozenset(), "unbuffer": frozenset(),
    "caffeinate": frozenset(), "flock": frozenset({"-w", "-E"}), "watch": frozenset({"-n"}),
    "xargs": frozenset({"-I", "-n", "-P", "-L", "-d", "-E", "-s", "-a", "--max-args",
                        "--max-procs", "--delimiter", "--replace", "--arg-file"}),
    "strace": frozenset({"-o", "-e", "-p", "-s"}), "ltrace": frozenset({"-o", "-e"}),
    "proxychains": frozenset(), "proxychains4": frozenset(), "torsocks": frozenset(),
    "runuser": frozenset({"-u", "-g"}), "chroot": frozenset(), "firejail": frozenset(),
    "start-process": frozenset(), "start": frozenset(), "call": frozenset(),
}
POSITIONAL_WRAPPERS = {"timeout": 1, "chrt": 1, "flock": 1, "chroot": 1}
RUNNERS = {"uv": "run", "poetry": "run", "pipenv": "run", "pdm": "run", "hatch": "run",
           "rye": "run", "conda": "run", "mamba": "run", "micromamba": "run", "bundle": "exec",
           "npm": "exec", "pnpm": "exec", "yarn": "exec", "busybox": "", "toolbox": "run"}
ELEVATE = frozenset({"sudo", "doas", "pkexec", "gsudo", "su", "runas", "runuser"})
RESERVED = frozenset({"if", "then", "else", "elif", "fi", "do", "done", "while", "until",
                      "for", "in", "case", "esac", "!", "{", "}", "function", "select",
                      "coproc", "&"})
WHICH = frozenset({"which", "where", "whereis", "type", "readlink", "realpath", "command",
                   "get-command", "gcm"})
SHELL_VARIABLES = frozenset({"SHELL", "BASH", "ZSH_NAME", "0", "ZSH_ARGZERO", "COMSPEC"})
DECODERS = {"base64": ("-d", "-D", "--decode"), "openssl": ("-d", "base64"), "xxd": ("-r",),
            "uudecode": ("",), "gunzip": ("",), "zcat": ("",), "gzip": ("-d", "--decompress"),
            "bzip2": ("-d",), "xz": ("-d",), "rev": ("",), "base32": ("-d", "--decode"),
            "basenc": ("-d", "--decode"), "certutil": ("-decode",), "tr": ("n-za-m", "N-ZA-M")}
ARCHIVERS = frozenset({"tar", "unzip", "7z", "7za", "bsdtar", "gunzip", "unxz", "bunzip2"})
BUILDERS = frozenset({"make", "gmake", "cmake", "ninja", "meson", "pip", "pip3", "pipx", "npm",
                      "pnpm", "yarn", "bun", "cargo", "go", "gem", "bundle", "composer",
                      "poetry", "uv", "mvn", "gradle", "ant", "sbt", "dotnet", "swift",
                      "stack", "cabal", "mix", "rake", "scons", "bazel", "just", "task",
                      "docker", "podman", "helm", "kubectl", "ansible-playbook", "terraform",
                      "brew", "port", "dpkg", "rpm", "apt", "apt-get", "yum", "dnf",
                      "installer", "msiexec", "pkg", "flatpak", "snap"})

_OPTIONS = r"(?:\s+-{1,2}[\w-]+(?:[= ](?!-)[^\s`'\"]+)?)*\s+"
"""Options between a program and its subcommand (`kubectl -n kube-system get secret`)."""
# Commands that print or export credentials without naming a file (the rows of the shared
# table a rule may not recommend — password managers and vaults, cloud secret managers,
# cluster secrets, OS and browser stores, identity realms and secret keys exported — with
# options allowed between a program and its subcommand), and tools that are credential theft
# whatever their arguments.
CREDENTIAL_COMMANDS = re.compile("|".join(
    [rf"\b{program}{_OPTIONS}{rest}" for program, rest in granting_rows()]
    + [r"\bvaultcli\b|\bmimikatz\b|\bsekurlsa\b|\bprocdump\S*\s[^\n]*\blsass\b|"
       r"\bcomsvcs(?:\.dll)?[^\n]*minidump|\bntdsutil\b|\bget-storedcredential\b",
       # where a cloud instance or container is handed its role's keys (AWS, GCP, Azure, ECS)
       r"\b169\.254\.169\.254/[^\s'\"`]*(?:security-credentials|identity|token|"
       r"service-accounts)|\bmetadata(?:\.google\.internal)?/computemetadata/[^\s'\"`]*"
       r"(?:token|service-accounts)|\b169\.254\.170\.2/|\bfd00:ec2::254\b|"
       r"/metadata/identity/oauth2/token\b|\$\{?AWS_CONTAINER_CREDENTIALS_\w+"]), re.I)
READERS = frozenset({"cat", "less", "more", "head", "tail", "bat", "batcat", "type", "nl",
                     "get-content", "gc", "base64", "xxd", "od", "hexdump", "strings", "cp",
                     "copy", "xcopy", "robocopy", "ditto",
                     "scp", "rsync", "tar", "zip", "7z", "open", "pbcopy", "xclip", "tac",
                     "grep", "rg", "awk", "sed", "jq", "yq", "gpg", "openssl", "view", "sort",
                     "uniq", "cut", "column", "dd", "xsel", "clip", "wl-copy", "gzip",
                     "curl", "wget", "http", "nc", "ncat", "socat", "python", "python3",
                     "node", "perl", "ruby", "vim", "vi", "nano", "emacs", "code", "echo",
                     "printf", "print", "read", "select-string", "sls", "findstr", "sqlite3"})
ENV_DUMPS = frozenset({"env", "printenv", "set", "export", "declare", "compgen"})
# Programs that print a whole database: what they feed a network command leaves with the data.
DB_DUMPS = frozenset({"pg_dump", "pg_dumpall", "mysqldump", "mariadb-dump", "mongodump",
                      "mongoexport", "pg_basebackup", "cockroach", "redis-cli", "etcdctl",
                      "influxd", "sqlcmd", "bcp", "expdp"})
_DUMP_ONLY = {"cockroach": "dump", "redis-cli": "--rdb", "etcdctl": "snapshot", "influxd":
              "backup", "sqlcmd": "-Q", "bcp": "out"}


def dumps_a_database(names: set[str], texts: list[str]) -> bool:
    """Whether a command prints a database (`pg_dump app`, `redis-cli --rdb -`)."""
    for name in names & DB_DUMPS:
        needed = _DUMP_ONLY.get(name)
        if needed is None or needed in texts:
            return True
    return False


_VERSIONED = re.compile(r"^([a-z][a-z-]*?[a-z])-?v?\d+(?:\.\d+)*$")


@lru_cache(maxsize=8192)
def program_name(text: str) -> str:
    """`/usr/bin/Bash.EXE` → `bash`; a versioned shell or interpreter (`ksh93`, `bash5`,
    `node22`, `python3.12`, `pip3.11`) → its family name. A notebook cell's shell escape
    (`!tar …`, `!!ls`) runs the program it names."""
    name = text.replace("\\", "/").rsplit("/", 1)[-1].lower()
    name = name.lstrip("!") or name
    for suffix in (".exe", ".cmd", ".bat", ".com"):
        if name.endswith(suffix) and len(name) > len(suffix):
            name = name[: -len(suffix)]
    if (m := _VERSIONED.match(name)) and (m.group(1) in SHELLS or m.group(1) in BUILDERS
                                          or is_language(m.group(1))):
        return m.group(1)
    return name


@lru_cache(maxsize=4096)
def is_language(name: str) -> bool:
    return LANGUAGE.fullmatch(name) is not None


HOMEISH = re.compile(r"^(?:~|\$\{?HOME\}?|%USERPROFILE%|\$env:USERPROFILE|/|/root|"
                     r"/home(?:/[^/]+)?|/Users(?:/[^/]+)?|[A-Z]:\\Users(?:\\[^\\]+)?|"
                     r"[A-Z]:\\?)/?$", re.I)


HOME_DOT_ENTRY = re.compile(r"^(?:~|\$\{?HOME\}?|%USERPROFILE%|\$env:USERPROFILE|/root|"
                            r"/home/[^/]+|/Users/[^/]+|[A-Z]:\\Users\\[^\\]+)[/\\]\.[^/\\.]",
                            re.I)
"""A dot-file or dot-folder of a home (`~/.dbt/profiles.yml`, `$HOME/.config/x`): by
convention where programs keep their settings, state and logins, never project content."""


def is_home_dot_entry(path: str) -> bool:
    """Whether `path` lies in a dot-file or dot-folder of a home (see `HOME_DOT_ENTRY`)."""
    return HOME_DOT_ENTRY.match(path) is not None


def is_home(path: str) -> bool:
    """The home directory or the root itself (`~`, `$HOME`, `/`, `/home/me`, `C:\\Users\\me`)."""
    return HOMEISH.match(path) is not None


# Library calls that fetch from the network, in inline code (`python3 -c "…urlopen…"`).
FETCH_API = (r"(?:urlopen|urllib|urlretrieve|requests\.(?:get|post|request)|http\.client|"
              r"httpx\.|\bfetch\s*\(|https?\.get\s*\(|axios|open-uri|URI\.open|Net::HTTP|"
              r"require\s*\(\s*['\"]https?['\"]\s*\)|"
              r"LWP|HTTP::Tiny|file_get_contents\s*\(\s*['\"]?(?:https?|ftp)|curl_exec|"
              r"Invoke-WebRequest|Invoke-RestMethod|\biwr\b|\birm\b|DownloadString|"
              r"DownloadFile|WebClient|XMLHttpRequest|download\.file|source\s*\(\s*['\"]https?|"
              r"socket\.(?:create_connection|socket)|\bnet\.connect|wget\.download|fsockopen|"
              r"stream_socket_client|TCPSocket|IO::Socket|\bsocket\s*\(|net\.Socket|"
              r"Net\.Sockets|Socket\.new)")
