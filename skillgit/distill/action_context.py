"""What the agent just did, for relating a user's next turn to it.

A follow-up is read against the agent's actions since the previous prompt: the programs,
subcommands, flags and words of the commands it ran, the files it touched (a command that
only shows a file, `sed -n '1,200p' f` as Codex reads, is a read), the magnitudes its tools
reported (durations, sizes, counts), the kinds of work those commands are (test,
build, install, format, lint, version control, deploy), the code-like names in its reply,
whether it ran a command over the whole tree, what it *changed* (the files it edited, the
words of the commands it ran that are no inspection) and the text it wrote (its replies and
commands, where the versions it set are read). `ActionContext.relation` says how a
piece of the user's text points back at those actions:

- "strong": it names a program, subcommand, flag or command word the agent used, a file
  or folder it touched, a code-like name from its reply, points at them ("the files you
  touched", "what you ran"), another tool of the same family
  (`tool_families`), or echoes a magnitude its tools reported (a prompt's "five minutes"
  after a run that took 4m52s, "2 GB" after a 1.9 GB image was pushed);
- "weak": it names the kind of work the agent did ("the tests", "the build", "lint") or the
  whole-tree scope a command ran over ("the whole repo" after `eslint .`);
- None: it is about something else.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from skillgit.distill import tool_families as families
from skillgit.distill.agent_fixes import is_inspection
from skillgit.distill.facts import tool_kind
from skillgit.distill.user_phrases import mentions, used_words
from skillgit.transcripts.model import ToolResult, Turn, TurnKind

MAX_OUTPUT_CHARS = 2000
MAX_ADDED_LINES = 40
_ADDED_LINE = re.compile(r"^\+(?!\+\+)(.*)$", re.MULTILINE)  # what a patch adds
_WORD = re.compile(r"[a-z][a-z0-9_.:+-]*[a-z0-9]")
_PATH_TOKEN = re.compile(r"[\w.~-]*/[\w./*-]+|[\w-]+\.[a-z]{1,5}\b")
_TICKED = re.compile(r"`([^`\n]{1,80})`")
_CODEISH = re.compile(r"(?<![\w.])\.?[A-Za-z_]\w*(?:(?:[.:@/]|::)\w+|\(\))+|\b[a-z]+[A-Z]\w*"
                      r"|\b[A-Z][a-z]+[A-Z]\w*")
# The agent offering its next step ("want me to run it on the cluster?", "shall I apply?"):
# a fact in reply answers no question of fact, it tells why the step would be wrong.
_OFFER = re.compile(r"\b(?:(?:do\s+you\s+)?want\s+me\s+to|shall\s+i|should\s+i|would\s+you\s+"
                    r"like\s+me\s+to|(?:is\s+it\s+)?ok(?:ay)?\s+(?:if\s+i|to)|ready\s+to)\b[^?]*\?",
                    re.IGNORECASE)
_PROPER = re.compile(r"(?<=[a-z,;] )[A-Z][a-z]{2,}\b")  # a capitalized name mid-sentence
# Words of commands and paths that relate nothing by themselves.
_PLAIN = frozenset("""the and for with from into run exec bin src lib app home dev usr tmp var
main test tests new all add get set use file files code true false null none yes out
""".split())


@dataclass(frozen=True)
class ActionContext:
    """The agent's actions since the previous user turn (see the module docstring)."""

    used: frozenset[str] = frozenset()       # programs, "program subcommand", long flags
    words: frozenset[str] = frozenset()      # other words of the commands
    files: frozenset[str] = frozenset()      # touched files: names and stems
    folders: frozenset[str] = frozenset()    # folders of touched files
    reply: frozenset[str] = frozenset()      # code-like names in the agent's text
    kinds: frozenset[str] = frozenset()      # kinds of work the commands are
    results: tuple[ToolResult, ...] = field(default=(), compare=False)  # read on demand
    broad: bool = False                      # a command ran over the whole tree
    asked: bool = False                      # the agent's last text asked a question
    offered: bool = False                    # ... offering its next step ("want me to …?")
    shell: bool = False                      # a shell command ran
    members: frozenset[str] = field(default_factory=frozenset)  # family members it used
    changed: frozenset[str] = frozenset()    # edited files and words of changing commands
    edited: frozenset[str] = frozenset()     # files an edit tool changed (names, stems)
    wrote: str = field(default="", compare=False)  # its replies and commands, as text

    @classmethod
    def collect(cls, turns: Sequence[Turn], cwd: str | None = None) -> ActionContext:
        used: set[str] = set()
        words: set[str] = set()
        files: set[str] = set()
        folders: set[str] = set()
        reply: set[str] = set()
        results: list[ToolResult] = []
        asked = offered = shell = broad = False
        commands: list[str] = []
        changed: set[str] = set()
        edited: set[str] = set()
        wrote: list[str] = []
        for turn in turns:
            if turn.kind is TurnKind.ASSISTANT:
                reply |= _code_names(turn.text)
                asked = "?" in turn.text
                offered = asked and _OFFER.search(turn.text) is not None
                wrote.append(turn.text)
                continue
            if turn.kind is not TurnKind.TOOL_CALL or not turn.tool_input:
                continue
            kind = tool_kind(turn)
            if turn.result is not None:
                results.append(turn.result)
            if kind == "shell" and _FILE_VIEW.fullmatch(turn.tool_input.strip()):
                # `sed -n '1,200p' f`, `cat f`: how Codex reads a file, read like a Read tool
                _add_paths(_PATH_TOKEN.findall(turn.tool_input), cwd, files, folders)
                continue
            if kind == "shell" or (kind == "other" and "\n" not in turn.tool_input.strip()
                                   and " " in turn.tool_input):
                shell = True
                command = turn.tool_input.strip()
                commands.append(command)
                used |= used_words(command)
                words |= _command_words(command)
                _add_paths(_PATH_TOKEN.findall(command), cwd, files, folders)
                broad = broad or families.runs_broadly(command)
                wrote.append(command)
                if not is_inspection(command):  # its targets, not its program
                    changed |= _command_words(command, plain=frozenset()) - {
                        w for u in used_words(command) for w in u.split()}
            else:
                _add_paths(_touched(turn.tool_input), cwd, files, folders)
                if kind == "edit":
                    _add_paths(_touched(turn.tool_input), cwd, changed, changed)
                    _add_paths(_touched(turn.tool_input), cwd, edited, set())
                    wrote += _ADDED_LINE.findall(turn.tool_input)[:MAX_ADDED_LINES]
        return cls(used=frozenset(used), words=frozenset(words - used),
                   files=frozenset(files), folders=frozenset(folders),
                   reply=frozenset(reply), kinds=families.kinds_of(commands),
                   results=tuple(results),
                   broad=broad, asked=asked, offered=offered, shell=shell,
                   members=families.members_used(commands), changed=frozenset(changed),
                   edited=frozenset(edited),
                   wrote="\n".join(wrote))

    @functools.cached_property
    def magnitudes(self) -> tuple[tuple[str, float], ...]:
        """What the tools reported (the tail of each output), read only when a prompt names a
        magnitude: reading a result's text redacts it, and most are never needed."""
        return tuple(m for result in self.results
                     for m in magnitudes(result.text[-MAX_OUTPUT_CHARS:], spelled=False))

    def relation(self, text: str) -> str | None:
        """"strong", "weak" or None: how `text` points back at these actions."""
        lowered = text.lower()
        tokens = _tokens(lowered)
        named = tokens & (self.words | self.files | self.reply)
        if (named or tokens & self.folders or _POINTS_BACK.search(lowered)
                or any(mentions(lowered, w) or w.lstrip("-") in tokens for w in self.used)
                or families.alternative(lowered, self.members) is not None
                or echoes(lowered, self.magnitudes)):
            return "strong"
        if families.names_kind(lowered, self.kinds) or (
                self.broad and families.names_whole_tree(lowered)):
            return "weak"
        return None


def _command_words(command: str, plain: frozenset[str] = _PLAIN) -> set[str]:
    found = set()
    for word in _WORD.findall(command.lower()):
        word = word.strip(".:")
        for part in {word, *re.split(r"[.:+]+", word)}:
            if len(part) >= 3 and part not in plain and not part.isdigit():
                found.add(part)
    return found


def _touched(tool_input: str) -> list[str]:
    patched = re.findall(r"^\*\*\* (?:Update|Add|Delete) File: (.+)$", tool_input, re.MULTILINE)
    return patched or [tool_input.strip().split("\n", 1)[0]]


def _add_paths(paths: Iterable[str], cwd: str | None, files: set[str],
               folders: set[str]) -> None:
    """File names (and their stems) into `files`, the folders above them into `folders`."""
    for path in paths:
        path = path.strip().strip("'\"")
        if cwd and path.startswith(cwd.rstrip("/") + "/"):
            path = path[len(cwd.rstrip("/")) + 1:]
        *above, name = path.lower().rstrip("/").split("/")
        folders.update(p for p in above if len(p) >= 3 and p not in _PLAIN
                       and not p.startswith("~"))
        if len(name) >= 3 and name not in _PLAIN:
            files.add(name)
            stem = name.rsplit(".", 1)[0] if not name.startswith(".") else name
            if len(stem) >= 4 and stem not in _PLAIN:
                files.add(stem)


# A command that only shows one file (no pipe, no redirect, no second command).
_FILE_VIEW = re.compile(r"""(?:cat|nl(?:\s+-\w+)*|head(?:\s+-n?\s*\d+)?|tail(?:\s+-n?\s*\d+)?
    |sed\s+-n\s+['"]?\d+(?:,\d+)?p['"]?)\s+['"]?[\w./@~-]+['"]?""", re.VERBOSE)
# The user pointing at the agent's own actions: "the files you touched", "what you ran".
_POINTS_BACK = re.compile(r"\b(?:you|u)\s+(?:just\s+)?(?:touched|changed|edited|modified|ran"
                          r"|added|installed|created|deleted|removed|generated)\b")
_TOKEN = re.compile(r"[\w.@:/+-]*\w|\.\w+")


def _tokens(text: str) -> frozenset[str]:
    """The words of a lower-cased text as names: "--privileged" -> privileged, ".Result" ->
    .result and result, "uv.lock" -> uv.lock, uv and lock, "scaffolds" -> also scaffold."""
    found: set[str] = set()
    for raw in _TOKEN.findall(text):
        token = raw.lstrip("-").rstrip(".:")
        if not token:
            continue
        found.add(token)
        found.update(p for p in re.split(r"[.:@/+]+", token) if len(p) >= 3)
        if token.endswith("s") and len(token) > 4:
            found.add(token[:-1])
    return frozenset(found)


def _code_names(text: str) -> set[str]:
    """Names the agent's text marks as code: `ticked`, dotted/called, camelCase, Proper."""
    names: set[str] = set()
    pieces = _TICKED.findall(text) + _CODEISH.findall(text) + _PROPER.findall(text)
    for piece in pieces:
        for word in re.findall(r"[A-Za-z_][A-Za-z0-9_-]{2,}", piece):
            if word.lower() not in _PLAIN:
                names.add(word.lower())
    return names


# -- magnitudes: durations, sizes and counts a tool reported, and their echo in a prompt --

_UNIT_SECONDS = {"ms": 0.001, "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1,
                 "m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60,
                 "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600}
_UNIT_BYTES = {"kb": 1e3, "mb": 1e6, "gb": 1e9, "tb": 1e12}
_NUMBER_WORDS: dict[str, float] = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty".split())}
_NUMBER_WORDS.update({"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
                      "eighty": 80, "ninety": 90, "hundred": 100, "a": 1, "an": 1,
                      "half": 0.5, "a couple of": 2, "a few": 3})
_WORDS = "|".join(sorted(map(re.escape, _NUMBER_WORDS), key=len, reverse=True))
_UNITS = r"\s*(ms|secs?|seconds?|s|mins?|minutes?|m|hrs?|hours?|h)\b"


def _patterns(number: str) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """(duration, size, count) patterns for numbers spelled as `number`."""
    return (re.compile(number + _UNITS, re.I), re.compile(number + r"\s*(kb|mb|gb|tb)\b", re.I),
            re.compile(r"(?<![\w.:/-])(" + number.strip("()") + r")(?![\w.:/%-])", re.I))


_DIGITS = _patterns(r"(\d+(?:\.\d+)?)")
_SPELLED = _patterns(r"(\d+(?:\.\d+)?|" + _WORDS + r")")
_CLOCK = re.compile(r"(?<![\d:/-])(\d{1,2}):(\d\d)(?::(\d\d))?(?:\.\d+)?(?![\d:])")
DURATION_RATIO, SIZE_RATIO, COUNT_RATIO = 1.7, 1.6, 1.15


def _number(word: str) -> float:
    word = word.lower()
    return float(_NUMBER_WORDS[word]) if word in _NUMBER_WORDS else float(word)


def magnitudes(text: str, *, spelled: bool = True) -> list[tuple[str, float]]:
    """("seconds" | "bytes" | "count", value) for every magnitude in `text`; adjacent
    duration parts add up ("3m 41s" is 221 seconds), a clock reads as [h:]mm:ss. Numbers
    may be spelled out ("four minutes") when `spelled`; tools print digits."""
    duration, size, count = _SPELLED if spelled else _DIGITS
    if not any(ch.isdigit() for ch in text) and not spelled:
        return []
    found: list[tuple[str, float]] = []
    total, last_end = 0.0, -10
    for match in duration.finditer(text):
        value = _number(match.group(1)) * _UNIT_SECONDS[match.group(2).lower()]
        if match.start() - last_end <= 2 and total:
            total += value
        else:
            if total:
                found.append(("seconds", total))
            total = value
        last_end = match.end()
    if total:
        found.append(("seconds", total))
    for match in _CLOCK.finditer(text):
        a, b, c = match.groups()
        found.append(("seconds", int(a) * 3600 + int(b) * 60 + int(c) if c else
                      int(a) * 60 + int(b)))
    found += [("bytes", _number(m.group(1)) * _UNIT_BYTES[m.group(2).lower()])
              for m in size.finditer(text)]
    found += [("count", _number(m.group(1))) for m in count.finditer(text)
              if _number(m.group(1)) >= 10]
    return found


def echoes(text: str, reported: Sequence[tuple[str, float]]) -> bool:
    """Whether `text` names a magnitude close to one the tools reported."""
    if not reported:
        return False
    limits = {"seconds": DURATION_RATIO, "bytes": SIZE_RATIO, "count": COUNT_RATIO}
    for kind, value in magnitudes(text):
        if kind == "seconds" and value < 10:
            continue
        for other_kind, other in reported:
            if other_kind == kind and other > 0 and value > 0 and (
                    max(value, other) / min(value, other) <= limits[kind]):
                return True
    return False
