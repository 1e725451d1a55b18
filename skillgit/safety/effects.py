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

from skillgit.safety import lookalike, tongues
from skillgit.safety.findings import Finding
from skillgit.safety.launch import State
from skillgit.safety.resolve import Resolved
from skillgit.safety.safeguards import (
    AGENTS,
    DEFAULT_INDEX,
    EFFECTS,
    ENV,
    FLAGS,
    IDIOMS,
    PROSE,
    SETTINGS,
    TRIGGER,
    Flag,
)
from skillgit.safety.shell import parse, walk
from skillgit.safety.taint import views
from skillgit.safety.credential_files import CREDENTIAL_FILES

# The syntaxes of a setting: `key = value`, `key: value`, `git config key value`, and in
# prose `key set to value` / `set key to value` (a space or `to` needs a "set"/"config" nearby)
_SEP = r"[ \t]*(?:[=:]|[ \t]+(?:set[ \t]+)?to[ \t]+|[ \t](?=\S))[ \t]*"
_ENV = [(re.compile(rf"(?<![\w.-])(?:\$env:|os\.environ\[[\"']|os\.Setenv\(\"|process\.env\.|"
                    r"ENV\[[\"']|setx\s+|set\s+)?"
                    rf"(?:{name})[\"']?\]?[ \t]*(?:=|:|,|[ \t])[ \t]*[\"']?(?:{value})[\"']?"
                    r"(?![\w.-])"),
         effect) for name, value, effect in ENV]
# a key (a Java `-Dkey=value` too), then its value, which ends where value characters end
_SETTINGS = [(re.compile(rf"(?<![\w.-])(?:-D)?[\"']?(?:{key})[\"']?{_SEP}[\"']?({value})"
                         r"(?![\w/-]|\.\w)", re.I), effect) for key, value, effect in SETTINGS]
_IDIOMS = [(re.compile(p, re.I if effect not in ("tests",) else 0), effect)
           for p, effect in IDIOMS]
_PROSE = [(re.compile(p, re.I), effect) for p, effect in PROSE]
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
# `name>=1.2` (requirements, pyproject) or `"name": "^1.2.3"` (package.json)
_DECLARED = re.compile(r"(?<![\w.@/-])([A-Za-z][\w.-]{3,})(?:\[[\w,]+\])?\s*(?:>=|==|~=|<=|!=)"
                       r"\s*\d|\"(@?[\w.-]{4,}(?:/[\w.-]+)?)\"\s*:\s*\"[\^~]?\d")
_NAMED_TO_INSTALL = re.compile(
    r"(?i)\b(?:install|use|using|add|depend\s+on|require|import|switch\s+to|pin)\b"
    r"[^.\n]{0,60}?`(@?[a-z][\w.-]{3,}(?:/[\w.-]+)?)`|`(@?[a-z][\w.-]{3,}(?:/[\w.-]+)?)`"
    r"(?=[^.\n]{0,60}?\b(?:install|use|add|depend|require)\b)")
"""A package named in a code span in a sentence that says to install or use it: a name a small
edit away from a well-known one is a look-alike however it is introduced."""
_SPACE_SEP = re.compile(r"\b(?:config|set|--global|--system|--local|-c)\b", re.I)

# Polarity: a clause that forbids what it names.
_CLAUSE_BREAK = re.compile(r"[.;!?:,(\u2014]\s|\s[-\u2013]\s|\b(?:but|then|so|instead(?!\s+of)|"
                           r"otherwise|just|and\s+then|unless|or\s+else)\b", re.I)
_NEGATION = re.compile(  # a word, never part of an option or a name (`--no-cov`, `no_proxy`)
    r"(?<![-_/.=])\b(?:never|don'?t|do\s+not|does\s+not|doesn'?t|must\s+not|mustn'?t|should\s+not|"
    r"shouldn'?t|shall\s+not|cannot|can'?t|won'?t|will\s+not|avoid(?:ing)?|no\s+longer|"
    r"stop\s+using|instead\s+of|rather\s+than|without|forbid\w*|prohibit\w*|refuse\w*|"
    r"disallow\w*|not|nor|no)\b(?![-_/.=]\w)", re.I)
_NOT_REALLY = re.compile(r"\b(?:don'?t|do\s+not|never)\s+(?:forget|hesitate|fail|be\s+afraid|"
                         r"worry|bother|wait|skip|omit|miss|neglect)\b|\bnever\s+mind\b|\b(?:is|are|was|were|has|have|if)\s+not\s*$|"
                         r"\bno\s+(?:need|problem|worries)\b|\bnot\s+(?:only|just)\b", re.I)
_FORBIDDEN_AFTER = re.compile(r"[^.;!?\n]{0,50}?\b(?:is|are)\s+(?:not\s+(?:allowed|permitted|ok|"
                              r"okay|acceptable|an\s+option)|forbidden|banned|prohibited|never\s+"
                              r"(?:ok|okay|allowed|acceptable|needed)|off[- ]limits|a\s+bad\s+"
                              r"idea|dangerous|unsafe|insecure)\b", re.I)
_BAD_INTRO = re.compile(r"^[\s>*#_-]*(?:[\u274c\U0001f6ab\u26d4\u2717\u2718]|(?:bad|wrong|"
                        r"incorrect|never|don'?t|do\s+not|avoid|anti-?pattern|not\s+this)\b)"
                        r"[^\n]*:[\s*_]*$", re.I)
_WITHOUT = re.compile(r"without|sans|ohne|senza|sin|sem|bez|без|zonder", re.I)
MAX_NEGATION_GAP = 8  # words between the negation and what it forbids
WEAK_NEGATION_GAP = 3  # for short words that are often no negation ("No fim de…", "ne")
_WEAK = frozenset({"no", "not", "nor", "ne", "non", "nie", "не", "ni", "nem", "sin", "sem"})


def forbids(line: str, start: int, end: int) -> bool:
    """Whether the clause around `line[start:end]` forbids it (negated before, or called
    forbidden right after)."""
    if _FORBIDDEN_AFTER.match(line, end):
        return True
    if not line.isascii() and tongues.NEGATED_AFTER.match(line, end):
        return True  # a verb-final language: "`--no-verify` を使わないで"
    head = line[:start]
    breaks = list(_CLAUSE_BREAK.finditer(head))
    clause = head[breaks[-1].end():] if breaks else head
    if (_BEFORE.search(clause) and _ASK_FIRST.match(line, end)) or _ONLY_WITH.match(line, end):
        return True  # "before adding any MCP server, ask me", "only after approval": a guard
    negations = sorted([*_NEGATION.finditer(clause), *tongues.NEGATION.finditer(clause)],
                       key=lambda m: m.end())
    if not negations or any(_WITHOUT.fullmatch(m.group()) for m in negations[1:]):
        return False  # none, or a double negative: "never deploy without `…`"
    last = negations[-1]  # "non usare mai": one negation in two words
    if _NOT_REALLY.search(clause[:last.end()]) or _NOT_REALLY.match(clause, last.start()):
        return False
    reach = WEAK_NEGATION_GAP if last.group().lower() in _WEAK else MAX_NEGATION_GAP
    return len(clause[last.end():].split()) <= reach


_BEFORE = re.compile(r"\bbefore\b(?:\s+\S+){0,4}\s*$", re.I)
_ASK_FIRST = re.compile(r"[^.;!?\n]{0,60}?\b(?:ask|check\s+with|confirm\s+with|talk\s+to|"
                        r"get\s+(?:an?\s+)?(?:ok|okay|approval|sign-?off|review))\b", re.I)
"""A clause that asks for approval first: "before <doing X>, ask me" restricts X."""
_ONLY_WITH = re.compile(r"[^.;!?\n]{0,60}?\bonly\s+(?:after|with|when|if|once)\b[^.;!?\n]{0,30}?"
                        r"\b(?:approv\w*|ask\w*|review\w*|sign-?off|permission|consent|told)\b",
                        re.I)
"""X "only after approval" / "only with a review": X allowed under a guard."""
_THROWAWAY = re.compile(r"\b(?:preview|ephemeral|temporary|throwaway|scratch|sandbox|review[- ]"
                        r"apps?|test(?:ing)?|tmp|temp|ci[- ]only|per[- ]pr)\b", re.I)
_EVERYTHING = re.compile(r"['\"](?:/|~)['\"]|homedir|expanduser|\$\{?HOME|/(?:var|etc|usr|opt|srv|"
                         r"root|home)\b|\.\./\.\.")
_SHARED = re.compile(r"\b(?:prod\w*|live|shared|staging|main|master|primary|all|every)\b", re.I)
_CODE_SPAN = re.compile(r"`([^`\n]+)`")


def unforbidden(text: str) -> str:
    """`text` with each inline code span a clause forbids blanked ("never use `curl … | sh`",
    "niemals `--no-verify` benutzen"): what a rule forbids is not what it recommends."""
    if "`" not in text:
        return text
    out = text
    for m in _CODE_SPAN.finditer(text):
        first = text.rfind("\n", 0, m.start()) + 1
        last = text.find("\n", m.end())
        line = text[first:last if last >= 0 else len(text)]
        if forbids(line, m.start() - first, m.end() - first):
            out = out[:m.start(1)] + " " * len(m.group(1)) + out[m.end(1):]
    return out


def _bad_example(text: str, first: int) -> bool:
    """Whether the line starting at `first` is shown under an intro that calls it what not to
    do ("Never do this:", "Bad:", "\u274c Wrong:"), blank lines and a code fence between."""
    before = text[:first].split("\n")[-5:-1]
    for line in reversed(before):
        if not line.strip() or line.lstrip().startswith(("```", "~~~")):
            continue
        return bool(_BAD_INTRO.match(line)) and _NOT_REALLY.search(line) is None
    return False


def findings(text: str) -> list[Finding]:
    """Every safeguard weakened or code source added that `text` recommends."""
    out: dict[str, Finding] = {}
    text = re.sub(r"\\\r?\n", " ", text)  # a continued command line is one line
    for start, end, effect in _hits(text):
        if effect in out:
            continue
        first = text.rfind("\n", 0, start) + 1
        last = text.find("\n", end)
        line = text[first:last if last >= 0 else len(text)]
        if (effect == "destroy" and _THROWAWAY.search(line) and not _SHARED.search(line)
                and not _EVERYTHING.search(text, start, end)):
            continue  # a preview, test or temporary environment is there to be destroyed
        if not forbids(line, start - first, end - first) and not _bad_example(text, first):
            risk, detail = EFFECTS[effect]
            out[effect] = Finding(risk, detail)
    return list(out.values())


_INSTALLED_NAME = re.compile(
    r"\b(?:pip3?|uv(?:\s+pip)?|pipx|poetry|pdm|conda|npm|pnpm|yarn|bun|gem|cargo)\s+"
    r"(?:install|add|i)\s+(?:-\S+\s+)*([A-Za-z][\w.-]{5,})")
_NAME_WORD = re.compile(r"(?<![\w.-])[A-Za-z][\w.-]{5,}(?![\w-])")


def _imitating_a_named_package(text: str) -> Iterator[tuple[int, int]]:
    """A package installed under a name one edit inside another name the same text gives
    (`pip install biopythn` … `biopython`): the text itself names what it imitates, so no list
    of well-known packages needs to hold it. Same first and last letter, so that a plural or a
    prefix (`pyyaml`/`yaml`, `requests`/`request`) is no imitation."""
    if "install" not in text and " add " not in text and " i " not in text:
        return
    installs = list(_INSTALLED_NAME.finditer(text))
    if not installs:
        return
    words = {w.group().lower().rstrip(".") for w in _NAME_WORD.finditer(text)}
    for m in installs:
        name = m.group(1).lower().rstrip(".")
        for other in words:
            if (other != name and other[0] == name[0] and other[-1] == name[-1]
                    and _one_long_part_apart(name, other)):
                yield m.start(1), m.end(1)
                break


def _one_long_part_apart(name: str, other: str) -> bool:
    """One edit apart, inside a part of six letters or more (`biopythn`/`biopython`); not a
    variant's short part (`tensorflow-cpu`/`tensorflow-gpu`)."""
    mine, theirs = re.split(r"[-_.]", name), re.split(r"[-_.]", other)
    if len(mine) != len(theirs):
        return False
    changed = [(a, b) for a, b in zip(mine, theirs, strict=True) if a != b]
    return len(changed) == 1 and min(len(changed[0][0]), len(changed[0][1])) >= 6 and \
        lookalike.distance(*changed[0]) == 1


def _hits(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, effect) of each mention in `text`, each pattern run once over all of it."""
    for pattern, effect in [*_ENV, *_IDIOMS, *_PROSE]:
        for m in pattern.finditer(text):
            yield m.start(), m.end(), effect
    for m in _CREDENTIAL_FILE.finditer(text):  # a credential file sent somewhere
        first, last = text.rfind("\n\n", 0, m.start()) + 1, text.find("\n\n", m.end())
        block = text[first:last if last >= 0 else len(text)]  # its paragraph or YAML block
        if _DESTINATION.search(block) and _SENDING.search(block):
            yield m.start(), m.end(), "send"
    for m in _NAMED_TO_INSTALL.finditer(text):  # a look-alike name said in prose to install
        group = 1 if m.group(1) else 2
        name, ecosystems = m.group(group), ("pypi", "npm")
        if not any(lookalike.is_known(e, name) for e in ecosystems) and any(
                lookalike.imitates(e, name) for e in ecosystems):  # (no ecosystem said: any)
            yield m.start(group), m.end(group), "lookalike"
    for start, end in _imitating_a_named_package(text):
        yield start, end, "lookalike"
    for m in _DECLARED.finditer(text):  # a dependency declared under a look-alike name
        ecosystem = "pypi" if m.group(1) else "npm"
        if lookalike.imitates(ecosystem, m.group(1) or m.group(2)):
            yield m.start(), m.end(), "lookalike"
    for m in _ANYWHERE.finditer(text):
        name = m.group(1)
        flag = _DISTINCT.get(name) or _DISTINCT["-" + name]
        value = (m.group(2) or "").strip("\"'")
        if flag.value and not (re.match(flag.value, value, re.I) and not (
                flag.effect == "index" and DEFAULT_INDEX.match(value))):
            continue
        yield m.start(), m.end() if flag.value else m.end(1), flag.effect
    for pattern, effect in _SETTINGS:
        for m in pattern.finditer(text):
            sep = text[m.start():m.start(1)]
            line_start = text.rfind("\n", 0, m.start()) + 1
            if not re.search(r"[=:]", sep) and not _SPACE_SEP.search(text, line_start,
                                                                      m.start()):
                continue
            if effect == "index" and DEFAULT_INDEX.match(m.group(1).strip("\"'`;,.)")):
                continue
            yield m.start(), m.end(), effect
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
    if found is None:
        return
    ecosystem, how, specs = found
    auto_yes = any(a in ("-y", "--yes") for a in r.arg_texts()) or (how == "run" and min(
        r.names) in ("uvx", "pipx", "pnpm", "yarn", "bunx", "bun", "uv"))
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
                ecosystem, name):
            yield "run-remote", spec  # (`pkg@latest`, `pkg@1.2`: a registry's package, not a
            #                            local bin, whatever the prompt would have asked)
        elif (ecosystem == "go" and r.arg_texts()[:1] in (["install"], ["run"]) and "." in
              name.split("/")[0] and not lookalike.is_known(ecosystem, name)):
            yield "run-remote", spec  # a program built from a module nobody vetted, then run
