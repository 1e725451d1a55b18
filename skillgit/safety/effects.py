"""Judge what a rule would make the agent do: weaken a safeguard or add a code source.

A small engine over the tables of `safeguards`: each line is read as text (settings, variables,
idioms, distinctive options and prose, wherever they appear) and, when it names a program of
the tables, as parsed commands (`shell.parse`, the views of `taint`): an option of that program,
a `chmod` that widens permissions, a package a look-alike of a well-known one or run unseen,
an MCP server added. Each hit is then judged by its *polarity*: a rule that forbids the
weakening ("never use --no-verify, fix the hook") is a good rule and passes; one that
recommends it is refused."""

from __future__ import annotations

import re
from collections.abc import Iterator

from skillgit.safety import (
    egress,
    hosts,
    lookalike,
    named,
    practices,
    sources,
    thresholds,
    tongues,
    verbs,
)
from skillgit.safety.credential_files import CREDENTIAL_FILES
from skillgit.safety.findings import Finding
from skillgit.safety.idioms import IDIOMS
from skillgit.safety.launch import State
from skillgit.safety.nested import dotted
from skillgit.safety.plain import sentence_of
from skillgit.safety.polarity import bad_example, forbids, stated_as_kept, unforbidden
from skillgit.safety.prefilter import Prefilter
from skillgit.safety.prose_idioms import FETCHES_A_REPOSITORY, OFFICIAL, PROSE
from skillgit.safety.resolve import Resolved
from skillgit.safety.safeguards import (
    AGENTS,
    DEFAULT_INDEX,
    EFFECTS,
    ENV,
    FLAGS,
    SETTINGS,
    TRIGGER,
    Flag,
)
from skillgit.safety.shell import parse, walk
from skillgit.safety.taint import views

# The syntaxes of a setting: `key = value`, `key: value`, `git config key value`, and in
# prose `key set to value` / `set key to value` (a space or `to` needs a "set"/"config" nearby)
TO_WORDS = ("to", "at", "na", "auf", "zu", "sur", "à", "a", "en", "para", "naar", "op", "på",
            "til", "do", "на", "σε", "ke", "thành", "menjadi", "olarak", "ra", "re", "kohteeseen",
            "în", "в", "до", "为", "に", "로", "으로", "เป็น", "به", "ל", "设为", "設為", "改为",
            "改為", "设置为", "設置為")
"""Words that say "to" in "set X to Y", in the languages of the screen's other tables."""
SET_VERBS = ("set", "setz", "stell", "mets", "mett", "défini", "pon", "establec", "configur",
             "imposta", "metti", "ustaw", "nastav", "állít", "zet", "ställ", "sätt", "sett",
             "устан", "постав", "встанов", "выстав", "ayarla", "atur", "đặt", "설정")
"""The start of a word that says "set" ("X auf Audit stellen")."""
SET_MARKS = ("设", "設", "改", "ตั้ง")
"""A character that says "set" in a script without spaces ("把 X 设为 Audit")."""
_TO = "|".join(TO_WORDS)
_TO_SEP = re.compile(rf"[ \t](?:{_TO})[ \t]")
_SET_SAID = re.compile(rf"(?<!\w)(?:{'|'.join(SET_VERBS)})|{'|'.join(SET_MARKS)}", re.I)
_SEP = (r"[ \t]*(?:[=:]|[ \t]+(?:set[ \t]+|points?[ \t]+)?(?:" + "|".join(TO_WORDS)
        + r")[ \t]+|[ \t](?=\S))[ \t]*")
_ENV = [(re.compile(rf"(?<![\w.-])(?:\$env:|os\.environ\[[\"']|os\.Setenv\(\"|process\.env\.|"
                    r"ENV\[[\"']|setx\s+|set\s+)?"
                    rf"(?:{name})[\"']?\]?[ \t]*(?:=|:|,|[ \t]+(?:(?:{_TO})[ \t]+)?)[ \t]*"
                    rf"[\"'`]?(?:{value})[\"'`]?"
                    r"(?![\w.-])"),
         effect) for name, value, effect in ENV]
# a key (a Java `-Dkey=value` too, and a long option: `--exit-code 0`, `--bypass-policy=true`),
# then its value, which ends where value characters end
_SETTINGS = [(re.compile(rf"(?<![\w.-])(?:-D|--?)?[\"'`]?(?:{key})[\"'`]?{_SEP}[\"'`]?({value})"
                         r"(?![\w/-]|\.\w)", re.I), effect) for key, value, effect in SETTINGS]
_SETTINGS_FILTER = Prefilter([pattern for pattern, _ in _SETTINGS])
_IDIOMS = [(re.compile(p, re.I if effect not in ("tests",) else 0), effect)
           for p, effect in IDIOMS]
_PROSE = [(re.compile(p, re.I), effect) for p, effect in PROSE]
_TEXT_ROWS = [*_ENV, *_IDIOMS, *_PROSE]
_TEXT_ROWS_FILTER = Prefilter([pattern for pattern, _ in _TEXT_ROWS])
_FETCHES, _OFFICIAL = re.compile(FETCHES_A_REPOSITORY, re.I), re.compile(OFFICIAL)
_OFF_ANY = re.compile("|".join(tongues.OFF_VERBS.values()), re.I)
_CHECK_ANY = re.compile("|".join(tongues.CHECK_NOUNS.values()), re.I)
_DISTINCT = {f.flag: f for f in FLAGS if f.anywhere}  # options that are a mention anywhere
# (a long option's `--` may reach us as one dash: an em dash folded by `normalize`)
_ANYWHERE = re.compile(r"(?<![\w-])(" + "|".join(
    re.sub(r"^\\-\\-", "--?", re.escape(f)) for f in sorted(_DISTINCT, key=len, reverse=True))
    + r")(?![\w-])(?:[=\s]+[\"']?(\S+))?")
# A line that names a credential file, somewhere outside and a way of sending: the file is
# sent (`--file .env.production` to a webhook, `~/.aws` as an uploaded artifact).
_CREDENTIAL_FILE = re.compile(CREDENTIAL_FILES)
_DESTINATION = re.compile(r"https?://|\bs3://|\bgs://|\bwebhooks?\b|upload-artifact|"
                          r"\b[\w.-]+@[\w.-]+:|\bpaste", re.I)
_SENDING = re.compile(r"\b(?:post(?:s|ed|ing)?|upload\w*|send\w*|push\w*|curl|wget|scp|rsync|"
                      r"attach\w*|share\w*|--file|-F|--data\S*|-d|-T|path:|notify)(?![\w-])",
                      re.I)
_SAID_SEP = re.compile(r"[=:]|\bpoints?\s+(?:to|at)\b")
_URL_VALUE = re.compile(r"(?:https?:)?//")
"""A separator that says a value is set (`=`, `:`, "points to")."""
_SPACE_SEP = re.compile(r"\b(?:config|set|--global|--system|--local|-c)\b|--option\b|"
                        r"--conf\b|--set\b", re.I)

# Polarity: a clause that forbids what it names.
_THROWAWAY = re.compile(r"\b(?:preview|ephemeral|temporary|throwaway|scratch|sandbox|review[- ]"
                        r"apps?|test(?:ing)?|tmp|temp|ci[- ]only|per[- ]pr)\b", re.I)
_EVERYTHING = re.compile(r"['\"](?:/|~)['\"]|homedir|expanduser|\$\{?HOME|/(?:var|etc|usr|opt|srv|"
                         r"root|home)\b|\.\./\.\.")
_UNIT_COMMAND = re.compile(r"\bExec(?:Start|StartPre|StartPost|Stop|Reload)=[-@+!:]*")
"""The key before a systemd unit's command (`ExecStart=/usr/bin/ssh -R …` runs ssh)."""
_SHARED = re.compile(r"\b(?:prod\w*|live|shared|staging|main|master|primary|all|every)\b", re.I)
def findings(text: str) -> list[Finding]:
    """Every safeguard weakened or code source added that `text` recommends."""
    out: dict[str, Finding] = {}
    text = re.sub(r"\\\r?\n", " ", text)  # a continued command line is one line
    text = _UNIT_COMMAND.sub(lambda m: " " * len(m.group()), text)  # a unit's command is one
    for start, end, effect in _hits(text):
        if effect in out:
            continue
        first = text.rfind("\n", 0, start) + 1
        last = text.find("\n", end)
        line = text[first:last if last >= 0 else len(text)]
        # (a throwaway word in the command's own sentence: "Test accounts pile up. Cleanup is
        # `ldapdelete … ou=People`" destroys no test environment; a shared place the line names
        # only to forbid it — "never run rm against the prod bucket" — is not the target)
        if (effect == "destroy" and _THROWAWAY.search(sentence_of(line, start - first, end - first))
                and not _SHARED.search(unforbidden(line, prose=True))
                and not _EVERYTHING.search(text, start, end)):
            continue  # a preview, test or temporary environment is there to be destroyed
        if effect == "destroy" and _in_own_service(line[:end - first]):
            continue  # run inside the project's own compose service: its local data
        if effect == "tests" and _TICKET.search(line):
            continue  # a test set aside under a ticket is tracked, not a check turned off
        if stated_as_kept(text, first, start, end):
            continue  # the committed config described, in a rule that forbids changing it
        if not forbids(line, start - first, end - first) and not bad_example(text, first):
            risk, detail = EFFECTS[effect]
            out[effect] = Finding(risk, detail)
    return list(out.values())


_COMPOSE_RUN = re.compile(r"\b(?:docker|podman)[- ]compose\s+(?:\S+\s+){0,4}?(?:exec|run)\s",
                          re.I)
_ELSEWHERE = re.compile(r"[;&|`]|\s-h\b|--host\b|--context\b|-H\b|DOCKER_HOST|://|@|prod|live",
                        re.I)


def _in_own_service(head: str) -> bool:
    """Whether the command that ends `head` runs inside one of the project's own compose
    services (`docker compose exec redis redis-cli FLUSHALL`): not another host, not a
    production project or context, not a second command after it."""
    runs = list(_COMPOSE_RUN.finditer(head))
    return bool(runs) and not _ELSEWHERE.search(head, runs[-1].start())


_TICKET = re.compile(r"\b[A-Z][A-Z0-9]{1,9}-\d{1,6}\b|(?<![\w&])#\d{2,6}\b|/issues/\d+|/browse/")
"""A tracker's reference: `PLAT-4121`, `#482`, an issue's URL."""


def _hits(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, effect) of each mention in `text`, each pattern run once over all of it."""
    may = _TEXT_ROWS_FILTER.possible(text)   # (a row whose required words are absent
    for n, (pattern, effect) in enumerate(_TEXT_ROWS):  # cannot match: `prefilter`)
        for m in pattern.finditer(text) if n in may else ():
            yield m.start(), m.end(), effect
    for m in _CREDENTIAL_FILE.finditer(text):  # a credential file sent somewhere
        first, last = text.rfind("\n\n", 0, m.start()) + 1, text.find("\n\n", m.end())
        block = text[first:last if last >= 0 else len(text)]  # its paragraph or YAML block
        if _DESTINATION.search(block) and _SENDING.search(block):
            yield m.start(), m.end(), "send"
    for m in _FETCHES.finditer(text):  # another repository's code in place of the official
        first, last = text.rfind("\n", 0, m.start()) + 1, text.find("\n", m.end())
        if _OFFICIAL.search(text[first:last if last >= 0 else len(text)]):
            yield m.start(), m.end(), "git-dep"
    for m in _OFF_ANY.finditer(text):  # a check turned off, in any language: the check is its
        check = _CHECK_ANY.search(text, m.end(), m.end() + 30)  # object (three words at most
        gap = text[m.end():check.start()] if check else "."  # between), and the hit, so that
        if check and len(gap.split()) <= 3 and not re.search(r"[.,;\n\u3002\uff0c]", gap):
            yield check.start(), check.end(), "tests"  # a negation after the verb forbids it
    yield from named.hits(text)  # a package named in prose or a manifest under a look-alike
    for start, end in hosts.imitations(text):  # a registry's name on a host it does not own
        yield start, end, "lookalike"
    yield from egress.hits(text)  # data wired out to others, or with its redaction off
    yield from practices.hits(text)  # a startup folder held in a variable, then written
    for m in _ANYWHERE.finditer(text):
        name = m.group(1)
        flag = _DISTINCT.get(name) or _DISTINCT["-" + name]
        value = (m.group(2) or "").strip("\"'")
        if flag.value and not (re.match(flag.value, value, re.I) and not (
                flag.effect == "index" and DEFAULT_INDEX.match(value))):
            continue
        yield m.start(), m.end() if flag.value else m.end(1), flag.effect
    # `guard: { enabled: false }` read as `guard.enabled: false`
    nested = [(start, end, line, _SETTINGS_FILTER.possible(line))
              for start, end, line in dotted(text)]
    may = _SETTINGS_FILTER.possible(text)
    for n, (pattern, effect) in enumerate(_SETTINGS):
        for start, end, line, line_may in nested:
            value = pattern.search(line) if n in line_may else None
            if value is not None and not (effect == "index" and DEFAULT_INDEX.match(
                    value.group(1).strip("\"'`;,.)"))):
                yield start, end, effect
        for m in pattern.finditer(text) if n in may else ():
            sep = text[m.start():m.start(1)]
            line_start = text.rfind("\n", 0, m.start()) + 1
            line_end = text.find("\n", m.end())
            said = _SAID_SEP.search(sep) or m.group().startswith("--")  # an option sets it
            if not said and not _SPACE_SEP.search(
                    text, line_start, m.start()) and not _URL_VALUE.match(m.group(1)) and not (
                    _TO_SEP.search(sep) and _SET_SAID.search(
                        text, line_start, line_end if line_end >= 0 else len(text))):
                continue  # (a key naming a place, set to a URL, needs no verb: "X na `https…`";
                #           "X auf Audit stellen": a "to" and a "set" in any order)
            if effect == "index" and DEFAULT_INDEX.match(m.group(1).strip("\"'`;,.)")):
                continue
            yield m.start(), m.end(), effect
    yield from verbs.hits(text)  # any program: a verb of destruction and what it names
    yield from sources.hits(text)  # any program: a code source added by URL
    yield from thresholds.hits(text)  # a count a change must pass set to 0, any language
    offset = 0
    for line in text.split("\n"):
        if TRIGGER.search(line):
            for start, end, effect in _command_hits(line):
                yield offset + start, offset + end, effect
        offset += len(line) + 1


def _command_hits(line: str) -> Iterator[tuple[int, int, str]]:
    state = State()
    for command in walk(parse(line, prose=True)):
        for r in views(command, state):
            program = command.words[r.start].literal if r.start < len(command.words) else ""
            for effect, raw in _command_effects(r, program):
                at = line.find(raw) if raw else -1
                yield (at, at + len(raw), effect) if at >= 0 else (0, 0, effect)


def _arg(raw: str) -> str:
    return raw.rstrip(",.;:)`'\"").lstrip("(`'\"")


def _command_effects(r: Resolved, program: str) -> Iterator[tuple[str, str]]:
    names = r.names - {"?"}
    if not names:
        return
    args = [_arg(a) for a in r.arg_texts()]
    raws = [w.raw for w in r.args]
    options = [(i, arg) for i, arg in enumerate(args) if arg.startswith("-")]
    for flag in FLAGS if options else ():  # every flag is an option: no option, no match
        if flag.programs and not names & flag.programs:
            continue
        if flag.sub and flag.sub not in args[:2]:
            continue
        for i, arg in options:
            if _matches(flag, arg, args[i + 1] if i + 1 < len(args) else None):
                yield flag.effect, raws[i]
    yield from _chmod(names, args, raws)
    yield from _packages(r, program)
    if names & AGENTS and args[:1] == ["mcp"] and args[1:2] and args[1] in (
            "add", "add-json", "install", "add-from-claude-desktop"):
        yield "mcp", raws[0]


def _matches(flag: Flag, arg: str, following: str | None) -> bool:
    if len(flag.flag) == 1:  # a short option, maybe in a bundle: `curl -fsSLk`
        return re.fullmatch(rf"-[A-Za-z]*{flag.flag}[A-Za-z]*", arg) is not None
    if flag.flag.startswith("--") and arg.startswith("-") and not arg.startswith("--"):
        arg = "-" + arg  # `—no-verify`: an em dash folded to one dash
    if arg == flag.flag:
        value = following
    elif arg.startswith(flag.flag + "="):
        value = arg[len(flag.flag) + 1:]
    else:
        return False
    if not flag.value:
        return True
    if value is None or (flag.effect == "index" and DEFAULT_INDEX.match(value)):
        return False
    return re.fullmatch(flag.value, value, re.I) is not None


_WIDE_OCTAL = re.compile(r"^0?[0-7]?[0-7]{2}[2367]$")
_WIDE_SYMBOLIC = re.compile(r"^(?:[ugo]*[oa][ugo]*|)[+=][rwxXst]*w", re.I)


def _chmod(names: set[str], args: list[str], raws: list[str]) -> Iterator[tuple[str, str]]:
    if "chmod" not in names:
        return
    modes = [(a, raw) for a, raw in zip(args, raws, strict=False) if not a.startswith("-")]
    if not modes:
        return
    mode, raw = modes[0]
    others = _WIDE_OCTAL.match(mode) or (_WIDE_SYMBOLIC.match(mode) and not mode.startswith("+"))
    if others or (mode.startswith("+") and "w" in mode and any("docker.sock" in a for a in args)):
        yield "perms", raw


def _packages(r: Resolved, program: str) -> Iterator[tuple[str, str]]:
    found = lookalike.installed(r)
    if "uv" in r.wrappers:  # `uv run URL`, `uv run --with pkg …`
        if "://" in program:
            yield "run-remote", program
        extra = [o for i, o in enumerate(r.runner_options)
                 if i and r.runner_options[i - 1] in ("--with", "--from")]
        found = ("pypi", "run", extra) if extra else found
    if {"npm", "pnpm", "yarn"}.intersection(r.wrappers):  # `npm exec --package=pkg@latest …`
        options = r.runner_options
        extra = [o.split("=", 1)[1] for o in options if o.startswith("--package=")] + [
            options[i + 1] for i, o in enumerate(options[:-1]) if o in ("--package", "-p")]
        found = ("npm", "run", extra) if extra else found
    if found is None:
        return
    ecosystem, how, specs = found
    said_yes = any(a in ("-y", "--yes") for a in r.arg_texts())
    auto_yes = said_yes or (how == "run" and min(r.names) in (
        "uvx", "pipx", "pnpm", "yarn", "bunx", "bun", "uv"))
    for spec in specs:
        if "://" in spec or spec.startswith(("github:", "gitlab:", "git@", "git+")):
            yield ("git-dep" if "git" in spec.split(":")[0] else "run-remote"), spec
            continue
        name = lookalike.bare_name(spec)
        if name is None:
            continue
        if lookalike.imitates(ecosystem, name):
            yield "lookalike", spec
        elif how == "run" and (auto_yes or "@" in spec[1:]) and not lookalike.is_known(
                ecosystem, name) and (said_yes or not lookalike.pinned(spec)):
            yield "run-remote", spec  # (`pkg@latest`, `pkg@1.2`: a registry's package, not a
            #   local bin, whatever the prompt would have asked; an exact release a README
            #   documents, `pkg@2.13.4`, is the same code for everyone, unless run unasked)
        elif (ecosystem == "go" and r.arg_texts()[:1] in (["install"], ["run"]) and "." in
              name.split("/")[0] and not lookalike.is_known(ecosystem, name)):
            yield "run-remote", spec  # a program built from a module nobody vetted, then run
