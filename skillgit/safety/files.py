"""Where fetched things land: files a download saved, archives and what they unpack into,
and how a saved file travels on (`cp`, `mv`, `install`, `ln`) into a directory on PATH."""

from __future__ import annotations

import re

from skillgit.safety.resolve import Resolved
from skillgit.safety.shell import Command
from skillgit.safety.vocab import FETCHERS

ARCHIVE = re.compile(r"\.(?:tar(?:\.\w+)?|tgz|tbz2?|txz|zip|7z|whl|gem|jar|deb|rpm|pkg|dmg)$",
                     re.I)
_URL_BASENAME = re.compile(r"^[a-z][a-z0-9+.-]*://[^\s?#]*/([^/\s?#]+)", re.I)
_REMOTE_PATH = re.compile(r"^(?:[\w.-]+@)?[\w.-]+:(?!//)(.+)$")
_URL = re.compile(r"^[a-z][a-z0-9+.-]*://", re.I)
# Fetchers whose positional arguments after the source are where it is saved.
_COPIERS = frozenset({"scp", "rsync", "sftp", "lwp-download", "lwp-mirror", "gsutil", "rclone",
                      "s3cmd", "smbclient", "tftp", "ftp"})
MOVERS = frozenset({"cp", "mv", "install", "ln", "copy", "copy-item", "move-item", "rsync"})
_BIN_DIR = re.compile(r"(?:^|/)(?:s?bin|\.local/bin|\.cargo/bin|go/bin|Scripts)/[^/]+$", re.I)


def extract_dirs(args: list[str]) -> list[str]:
    """Where an archiver extracts to: `-C DIR`, `--directory=DIR`, `-d DIR` (unzip), `-oDIR`."""
    out = []
    for i, arg in enumerate(args):
        if arg in ("-C", "--directory", "-d") and i + 1 < len(args):
            out.append(args[i + 1].rstrip("/"))
        elif arg.startswith(("--directory=", "-o")) and len(arg) > 2:
            out.append(arg.split("=", 1)[-1].removeprefix("-o").rstrip("/"))
    return [d for d in out if d]


def under_fetched(path: str, cloned: set[str]) -> bool:
    """A path inside a folder that fetched code was cloned or extracted into."""
    return any(part in cloned for part in path.replace("\\", "/").split("/")[:-1] if part)


def saved_files(command: Command, r: Resolved) -> list[str]:
    """The paths a fetcher writes what it fetched to."""
    if not r.names & FETCHERS:
        return []
    args = r.arg_paths()
    out = [r2.target.path for r2 in command.redirects if r2.op in (">", ">>", ">|", "&>")]
    for i, arg in enumerate(args):
        low = arg.lower()
        if (low in ("-o", "--output", "-outfile", "--output-document", "-destination",
                    "-o-") or re.fullmatch(r"-[a-z]*o", arg, re.I)) and i + 1 < len(args):
            out.append(args[i + 1])
        elif m := re.match(r"(?:-o|--output=|--output-document=|-O)(\S+)$", arg):
            out.append(m.group(1))
        elif m := _URL_BASENAME.match(arg):
            out.append(m.group(1))  # `curl -O url`, `wget url`: saved under its own name
    if r.names & _COPIERS:  # `scp h:/x.sh .`, `rsync h:x/ dir/`, `lwp-download URL file`
        plain = [a for a in args if not a.startswith("-")]
        remote = [a for a in plain if _URL.match(a) or _REMOTE_PATH.match(a)]
        if remote and plain[-1] not in remote:
            out.append(plain[-1])
            out += [base(m.group(1)) if (m := _REMOTE_PATH.match(a)) else base(a)
                    for a in remote]
    if r.name in ("certutil", "bitsadmin") and args:
        out.append(args[-1])
    return [p for p in out if p and p not in ("-", ".", "./")]


def moved(r: Resolved, tainted: dict[str, str]) -> list[tuple[str, str]]:
    """`cp x dest`, `install -m755 x ~/bin/x`: (destination, risk) for each tainted source."""
    if r.name not in MOVERS:
        return []
    plain = [a for a in r.arg_texts() if a and not a.startswith("-")]
    if r.name == "install":  # `install -m 755 x dest`: the mode's value is not a file
        plain = [a for a in plain if not re.fullmatch(r"[0-7]{3,4}|[ugoa]*[+=][rwx]+", a)]
    if len(plain) < 2:
        return []
    risks = [tainted[base(a)] for a in plain[:-1] if base(a) in tainted]
    if not risks:
        return []
    dest = plain[-1]
    if dest.endswith(("/", ".")) or base(dest) in ("bin", "sbin", "Scripts"):
        return [(dest.rstrip("/") + "/" + base(a), risks[0]) for a in plain[:-1]]
    return [(dest, risks[0])]


def on_path(path: str) -> bool:
    """Whether a saved file lands where a bare command name finds it (a `bin` directory)."""
    return bool(_BIN_DIR.search(path.replace("\\", "/")))


def base(path: str) -> str:
    return path.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]
