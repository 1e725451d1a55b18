"""Standing practices that give up a protection, a machine or its data, as data: a sandbox or
isolation switched off by a *value* of a mode or strategy key, a server started with an empty
token or password, a file tree synced to someone's own or a consumer cloud, diagnostics sent
with the environment in them, a job that resubmits itself, code dropped where an interpreter
runs it at every start, a scheduler's or database's state removed, live equipment written.
Rows of (regex, effect) read by `effects` with the polarity of every other row (`idioms.IDIOMS`
takes them in); `hits` follows a variable that holds a startup folder to what is copied there,
the upload a sync tool makes for someone's own use, the job a script submits again."""

from __future__ import annotations

import re
from collections.abc import Iterator

_OPTION_OR_KEY = (r"(?:(?<![\w.-])--?[\w.-]*?{key}(?:=|[ \t]+)|"
                  r"(?<![\w-]){key}[\"']?[ \t]*[=:][ \t]*)")
"""A key given its value: an option (`--spawn_strategy=x`, `--network host`) or a setting
(`sandbox: x`, `isolation = x`); a bare space after a prose word sets nothing."""


def _set(key: str, value: str) -> str:
    return _OPTION_OR_KEY.format(key=key) + rf"[\"'`]?(?:{value})(?![\w/-])"


NO_SANDBOX = r"standalone|local|none|unconfined|host|disabled?|off|process|devmode|classic|relaxed"
"""Values of a sandbox's, isolation's or confinement's mode that mean there is none."""
SELF = (r"(?:\"?\$0\b\"?|\"?\$\{0\}\"?|\"?\$\{?BASH_SOURCE(?:\[0\])?\}?\"?|\$PSCommandPath\b|"
        r"\$MyInvocation\.MyCommand\.\w+|%~?f?0\b|__file__\b)")
"""A script's reference to itself."""
JOB_CANCEL = r"(?:scancel|qdel|bkill|condor_rm|qsig|oardel)"
CUSTOM_SOURCE = (r"(?:custom|third[- ]party|unofficial)\s+(?:\w+\s+)?(?:repositor(?:y|ies)|"
                 r"repos?|sources?|feeds?|channels?|update\s+sites?|plugin\s+urls?)\b")
"""What an app's own UI calls a source of code it did not ship with."""
_ADDS = r"(?:add(?:ing)?|install(?:ing)?|register(?:ing)?|enter(?:ing)?|past(?:e|ing)|us(?:e|ing))"
SCHEDULERS = r"(?:sbatch|qsub|bsub|msub|at|batch|condor_submit|systemd-run|oarsub)"
"""Programs that run a script later (a cluster's or the system's queue)."""
REQUEUE = (r"(?:scontrol\s+requeue\w*|qrerun|brequeue)\s+(?:-\S+\s+)*\"?\$\{?(?:SLURM_JOB_?ID|"
           r"PBS_JOBID|LSB_JOBID)\b")
"""A batch job put back in its queue by itself (its own id)."""
INTERPRETER_STARTUP = (r"(?:profile_\w+[/\\]startup\b|\.ipython[/\\]\S*startup|"
                       r"(?:site|user)customize\.py\b|\.pth\b|\.Rprofile\b|Rprofile\.site\b|"
                       r"\.julia[/\\]config[/\\]startup\.jl\b|\.irbrc\b|\.pryrc\b|\.pythonrc\b|"
                       r"PYTHONSTARTUP\b|\.node_repl\b|\.erlang\b|\.ghci\b|jupyter_\w+_config\.py\b|"
                       r"\bexec_(?:lines|files)\b)")
"""Where an interpreter runs code at every start (IPython's startup folder, `sitecustomize`,
a `.pth` file, R's and Julia's profiles)."""
SPAWN = (r"(?:\bPopen\b|\bsubprocess\b|os\.system|\bsystem2?\s*\(|\bspawn\w*|child_process|"
         r"\bexec[lv]?p?e?\s*\(|Start-Process|\bnohup\b|processx::|\brun\s*\(\s*`)")
"""Code that starts another program."""
STATE_DIRS = (r"/var/(?:spool|lib)/(?:slurm\w*|postgres\w*|pgsql|mysql|mariadb|mongo\w*|redis\w*|"
              r"etcd|kafka\w*|zookeeper|elasticsearch|opensearch|cassandra|rabbitmq|influxdb|"
              r"clickhouse|torque|pbs|lsf|condor|gitlab\w*|jenkins|vault|consul|ceph|minio|"
              r"cockroach\w*|couchdb|neo4j|mail|postfix|dovecot|mqueue)\b")
"""The state of a scheduler, a database, a queue or a mail store on the machine itself."""
OWN_STORE = (r"(?<![a-z])(?:personal\w*|own|home|mine|dropbox|g-?drive|google-?drive|one-?drive|"
             r"mega|icloud|pcloud|box-?com|laptop|macbook|nas|my-?(?:drive|cloud|files|stuff|"
             r"bucket|backup|pc|mac)\w*)(?![a-z])")
"""A part of a remote's or bucket's name that says it is someone's own or a consumer cloud."""
PERSONAL_USE = (r"\b(?:(?:at|from)\s+home|on\s+my\s+(?:own\s+)?(?:i?pad|i?phone|phone|tablet|"
                r"laptop|mac(?:book)?|pc|computer)|(?:at|over)\s+the\s+weekend|personal\s+"
                r"(?:account|drive|cloud|bucket|storage|copy))\b")
"""Prose that says a copy is for someone's own use, away from work."""
SYNC_TOOLS = r"(?:rclone|rsync|scp|sftp|gsutil|azcopy|s5cmd|s3cmd|aws\s+s3|mc|restic|croc)"
CONSUMER_UPLOAD = (r"\b(?:dbxcli\s+put|mega-?(?:put|cmd\s+put)|megaput|gdrive\s+(?:files\s+)?"
                   r"upload|onedrive\s+(?:--\w+\s+)*--upload-only|icloudpd\s+--upload)\b")
"""Programs that only upload to a consumer cloud."""
WITH_ENV = (r"(?<![\w-])(?:--(?:include|with|attach|add|collect|dump)-(?:env\w*|environment|"
            r"secrets?|credentials?|dotenv)\b|--env(?:ironment)?(?=\s+-|\s*$|[`'\"]))")
"""An option that puts the environment (or secrets) into what a tool collects."""

PRACTICE_IDIOMS: list[tuple[str, str]] = [
    # a sandbox or isolation given up by the value of its mode or strategy (Bazel's
    # `--spawn_strategy=standalone`, a container's `--network=host`, `sandbox: none`)
    (_set(r"(?:spawn|genrule|worker)?[_-]?strategy", r"(?:\w+=)?(?:standalone|local)") + "|"
     + _set(r"(?:\w+[_-])?(?:sandbox\w*|isolation|confinement)", NO_SANDBOX) + "|"
     + _set(r"(?:net|network|network[_-]mode)", r"host") + "|"
     + _set(r"filesystem", r"host[\w-]*")
     + r"|\b(?:seccomp|apparmor)\w*\W{1,6}type\W{1,4}unconfined\b", "security"),
    # a server started with no password or token: the auth key set to the empty string (or
    # to nothing at all after an option's `=`), anonymous access allowed, grants skipped, a
    # remote address trusted without a password
    (r"(?<![\w-])--[\w.-]*?(?:token|password|passw[do]+|auth\w*)(?:=|[ \t]+)(?:''|\"\")"
     r"(?![\w'\"])|(?<![\w-])--[\w.-]*?(?:token|password)=(?=[ \t]|$|`)|"
     r"\b(?:c\.)?\w+\.(?:token|password)[ \t]*=[ \t]*(?:''|\"\")|"
     r"\b(?:requirepass|masterauth|auth[_-]?token|auth[_-]?password)(?:[ \t]*[=:][ \t]*|[ \t]+)"
     r"(?:''|\"\")|\b(?:requirepass|auth[_-]?token)[ \t]*=(?=[ \t]*(?:$|[`;&|]))|"
     r"(?<![a-z])(?:allow[_-]?anonymous\w*|anonymous[_-]?(?:enabled?|access|login)|anon[_-]?enable)"
     r"[\"']?(?:[ \t]*[=:][ \t]*|[ \t]+)[\"']?(?:true|yes|on|1)\b|\bskip[_-]grant[_-]tables\b|"
     r"(?:^|\n)[ \t]*host(?:ssl)?\s+\S+\s+\S+\s+(?!127\.|::1/|localhost)\S+\s+trust\b|"
     # an auth mode set to none, or auth said disabled (`--auth none`, `AUTH_DISABLED=true`)
     + _set(r"(?:\w+[_.-])?auth(?:entication)?(?:[_-]?(?:type|mode|method|provider))?",
            r"none|off|disabled?|no") + r"|"
     r"auth(?:entication)?[_-]?disabled?[\"']?[ \t]*[=:][ \t]*[\"']?(?:true|1|yes|on)\b|"
     r"(?<![\w-])--(?:no-?auth|skip-auth\w*|without-auth\w*)\b", "auth"),
    # diagnostics or a report that carry the environment and are sent off
    (rf"{WITH_ENV}[^\n]*?(?:--(?:upload|send|submit|share)\b|https?://)|"
     rf"--(?:upload|send|submit|share)\b[^\n]*?{WITH_ENV}", "send"),
    # the project's files synced to someone's own store or a consumer cloud: the store is
    # the command's last word, its destination (`rclone copy ./x dropbox-personal:y`)
    (rf"(?<![\w-]){SYNC_TOOLS}\s[^\n`|;&]*?\s[\"']?(?:(?:s3|gs|az)://[\w.-]*?{OWN_STORE}[\w.-]*"
     rf"(?=[/\s`'\"])|(?:[\w.-]+@)?[\w.-]*?{OWN_STORE}[\w.-]*:|https?://[^\s`'\"]*?{OWN_STORE})"
     rf"[^\s`'\"]*(?=\s*(?:$|[`'\";&|)]))|{CONSUMER_UPLOAD}", "send"),
    # a job that queues itself again (`sbatch --begin=now+1hour $0`, `echo "$0" | at now`)
    (rf"(?<![\w-]){SCHEDULERS}\b[^\n;&|`]*?\s<?\s*{SELF}|{SELF}[^\n;&`]*?\|\s*(?:sudo\s+)?"
     rf"{SCHEDULERS}\b|{REQUEUE}", "persist"),
    # (code that starts a program, put where an interpreter runs it at every start: `hits`)
    # a scheduler's or database's state removed on the machine it runs on
    # (an `rm -r` of a system folder: `idioms`)
    (rf"\bfind\s+[\"']?{STATE_DIRS}[^\n`]*\s-delete\b|"
     # every user's mail expunged, the whole mail queue deleted
     r"\bdoveadm\b[^\n`]*\b(?:expunge|purge)\b[^\n`]*\s-A\b|\bdoveadm\s+(?:-\w+\s+)*-A\b[^\n`]*"
     r"\b(?:expunge|purge)\b|\bpostsuper\s+(?:-\w+\s+)*-d\s+ALL\b|"
     # every user's jobs cancelled on a shared scheduler: its cancel as root with no user of
     # one's own named, or for all users (`sudo scancel --partition=gpu`, `qdel -u '*'`)
     rf"\b(?:sudo|doas)\s+(?:-\S+\s+)*{JOB_CANCEL}\b(?![^\n`]*(?:\s-u\s*(?!['\"]?(?:all|\*))|"
     rf"--user[= ](?!['\"]?(?:all|\*))|--me\b|\$\{{?USER\b|\$\(whoami\)))|\b{JOB_CANCEL}\b[^\n`]*"
     r"(?:\s-u\s*|--user[= ])['\"]?(?:all|\*)['\"]?(?![\w-])|\bcondor_rm\s+(?:-\S+\s+)*-all\b",
     "destroy"),
    # a custom repository or source added in an app's own UI (HACS's "Custom repositories",
    # a plugin manager's update site), and a place to fetch from, in either order
    (rf"\b{CUSTOM_SOURCE}(?:[^.\n]|\.\S){{0,120}}?(?:https?://|\bgithub\.com/)|\b{_ADDS}\s+"
     rf"[`'\"<]?(?:https?://|github\.com/)\S+\s+(?:\S+\s+){{0,4}}?{CUSTOM_SOURCE}", "index"),
    # a value written to live equipment (a Modbus register, a BACnet or OPC UA property, a
    # Siemens PLC's data block)
    (r"\b(?:mbpoll|modpoll)\b[^\n`]*?\s(?!127\.)(?:\d{1,3}\.){3}\d{1,3}(?::\d+)?(?:\s+-?\d[\d.]*)+"
     r"(?=\s*(?:$|[`'\"]))|\b(?:bacwp|uawrite)\b|\b(?:bacnet|opcua|modbus)[\w-]*\b[^\n`]*?\s"
     r"write\w*\b|\bwrite_(?:register|coil)s?(?:\s*\(|\s+\w+=)|\.(?:db_write|write_area|"
     r"write_multi_vars)\s*\(", "equipment"),
]

STARTUP_PLACES = re.compile(
    r"GetFolderPath\(\s*['\"]?(?:\[?Environment\+SpecialFolder\]?::)?(?:Common)?Startup|"
    r"SpecialFolder\]?::(?:Common)?Startup\b|Start\s*Menu[\\/]+Programs[\\/]+Startup|"
    r"shell:(?:common\s*)?startup|/\.config/autostart/|/etc/xdg/autostart|Launch(?:Agents|"
    r"Daemons)/|/etc/(?:rc\.local|init\.d/|profile\.d/|systemd/system/|cron\.d/|crontab|"
    r"cron\.\w+)", re.I)
"""Places whose content the system runs at every boot or login (any language names them by
path or by the API that finds them)."""
_ASSIGNED = re.compile(r"(?:^|[\s;`(])(?:\$|set\s+|export\s+)?([A-Za-z_]\w*)\s*=\s*[^;\n]*", re.I)
_COPIED = (r"(?:Copy-Item|Move-Item|New-Item|Set-Content|Add-Content|Out-File|cp|mv|install|"
           r"copy|xcopy|robocopy|ln|tee|CreateShortcut|Invoke-WebRequest|iwr|curl|wget)\b"
           r"[^\n;]*?(?:\$\{?|%)")


_SUBMITTED = re.compile(r"(?<![\w-])(?:sbatch|qsub|bsub|msub|condor_submit|oarsub)\s"
                        r"[^\n`;&|]*?([\w.-]+\.(?:sh|bash|sbatch|slurm|"
                        r"pbs|job|py|R))(?=[\s`'\";&|)]|$)", re.I)
_PERSONAL_USE = re.compile(PERSONAL_USE, re.I)
_SYNC = re.compile(rf"(?<![\w-]){SYNC_TOOLS}\s+([^\n`|;&]+)", re.I)
_SUBCOMMANDS = frozenset({"copy", "sync", "cp", "mv", "move", "put", "copyto", "moveto",
                          "rsync"})
_STARTS_A_PROGRAM = re.compile(SPAWN, re.I)
_INTERPRETER_STARTUP = re.compile(INTERPRETER_STARTUP, re.I)
_SPAWN_AT_START = re.compile(rf"{INTERPRETER_STARTUP}(?:[^\n]|\n(?!\n)){{0,300}}?{SPAWN}|"
                             rf"{SPAWN}(?:[^\n]|\n(?!\n)){{0,300}}?{INTERPRETER_STARTUP}", re.I)
"""Code that starts a program, put where an interpreter runs it at every start (in the same
paragraph: `usercustomize.py` … `os.system(…)`)."""
_PLACED = (r"\b(?:drop|put|place|add|create|write|save|copy|store|install)\w*\b(?:[^.\n]|\.\w)"
           r"{0,60}?\b(?:at|in|into|to|under)\s+[`'\"]?[^\s`'\"]*?")
_PLACED_AT_BOOT = re.compile(_PLACED + rf"(?:{STARTUP_PLACES.pattern})", re.I)
_PLACED_IN_INTERPRETER = re.compile(_PLACED + rf"(?:{INTERPRETER_STARTUP})", re.I)
_RUNS_A_PROGRAM = re.compile(rf"{SPAWN}|\b(?:runs?|starts?|launch(?:es)?|execut(?:es?)|spawns?)"
                             r"\s+[`'\"]?[\w.-]+[`'\"]?\s+-", re.I)
"""A file placed, in prose, where the system runs it at every boot or login, or where an
interpreter runs it at every start when the same paragraph says it runs a program ("drop a
file at ~/.ipython/profile_default/startup/00-x.py that runs rsync -a …"): the same as a
command writing there. `%load_ext autoreload` in a startup file starts nothing."""
_INSIDE = r"(?:end|last\s+\w+|bottom|tail)\s+of\s+(?:the\s+)?(?:script\s+)?[`'\"]?(?:[\w./-]*/)?"


def hits(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, effect) of what needs more than one row's reading: spawning code put in
    an interpreter's startup place, an upload said to be for someone's own use ("send"), a
    job a script submits again by its own name ("at the end of nightly.sh add `sbatch
    --begin=tomorrow nightly.sh`"), and a copy or write into a variable that holds a startup
    folder (`$s = [Environment]::GetFolderPath('Startup'); Copy-Item x -Destination $s`)."""
    if _STARTS_A_PROGRAM.search(text) and _INTERPRETER_STARTUP.search(text):
        for place in _SPAWN_AT_START.finditer(text):  # (both are rare: each is looked for first)
            yield place.start(), place.end(), "persist"
    for placed in _PLACED_AT_BOOT.finditer(text):
        yield placed.start(), placed.end(), "persist"
    for placed in _PLACED_IN_INTERPRETER.finditer(text):
        first, last = text.rfind("\n\n", 0, placed.start()) + 1, text.find("\n\n", placed.end())
        if _RUNS_A_PROGRAM.search(text[first:last if last >= 0 else len(text)]):
            yield placed.start(), placed.end(), "persist"
    if _PERSONAL_USE.search(text):  # an upload said to be for someone's own use
        for sync in _SYNC.finditer(text):
            places = [a.strip("'\"") for a in sync.group(1).split()
                      if not a.startswith("-") and a.lower() not in _SUBCOMMANDS]
            if len(places) >= 2 and ":" in places[-1] and ":" not in places[0]:
                yield sync.start(), sync.end(), "send"
    for job in _SUBMITTED.finditer(text):
        name = re.escape(job.group(1))
        if re.search(rf"{_INSIDE}{name}\b", text, re.I):
            yield job.start(), job.end(), "persist"
    if STARTUP_PLACES.search(text) is None:
        return
    for assigned in _ASSIGNED.finditer(text):
        if STARTUP_PLACES.search(assigned.group(0)) is None:
            continue
        used = re.compile(_COPIED + re.escape(assigned.group(1)) + r"\b", re.I)
        for copy in used.finditer(text, assigned.end()):
            yield copy.start(), copy.end(), "persist"
