"""One lesson per thing a candidate teaches, distilled from its evidence without a model.

A lesson is what several signals say in different words: "no, use pnpm not npm", "don't use
npm here, always use pnpm" and "again: pnpm, not npm" (each time after `npm install`, then
`pnpm install` worked) are one lesson. Its `statement` is one imperative sentence built from
what the user said and what the agent ran: the corrected command and the one that then
succeeded (from the tool calls), or the failing command and its fix. Commands are written
exactly, as code; the user's words, when a rule needs them, as plain text.
"""

from __future__ import annotations

import operator
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from skillgit.distill.tool_families import NEXT_STEPS
from skillgit.mine.identity import Identities, Key, about_its_words, identities
from skillgit.mine.lesson_commands import (
    CD_FIRST,
    agreed_do,
    common,
    flat,
    told_command,
    writer,
)
from skillgit.mine.lesson_commands import command_tool as command_tool
from skillgit.mine.lesson_commands import program as program
from skillgit.mine.lesson_groups import NO_IDENTITY, Item, cluster
from skillgit.mine.lesson_identity import (
    CARRIED,
    carries,
    focused,
    related,
    same_program,
    shared_key,
)
from skillgit.mine.named_rules import about_elsewhere, rule_for
from skillgit.mine.shell_command import parse
from skillgit.mine.terms import terms
from skillgit.proposal import Candidate, Signal

MAX_LESSONS = 8
MAX_CLUSTERED = 400        # signals of one kind that may open a new lesson (see _clusters)
MIN_VARIANTS = 3           # distinct command pairs of one switch that make it general
INLINE_MAX = 90            # longer commands go into a fenced block
_PAUSE = r"(?:\s[-\u2013\u2014]\s|[\s,.:;!?])*"
# Lead words dropped from a rule. A negation goes only when punctuation closes it ("no, use X"),
# so "no rspec here" and "stop using npm" keep their meaning; a flag's "--" is never eaten.
_INTERJECTION = re.compile(
    rf"^(?:(?:hmm+|ugh|ok(?:ay)?|so|well|wait|actually|again|please)\b{_PAUSE}"
    rf"|(?:no+|nope|nah|stop)(?=\s*[,.:;!?\u2013\u2014]|\s+-\s){_PAUSE})+", re.I)
_ASKED = re.compile(r"^asked \d+ times: ", re.I)
_STOPPED = re.compile(r"^after the user stopped the agent: ", re.I)


def plain_text(text: str) -> str:
    """One line of prose that Markdown renders as text (no links, no inline code). A
    redaction marker keeps its brackets: `(REDACTED:…)` would be a value no screen knows as a
    marker (`?secret=(REDACTED:…)` reads as a secret, and the proposal would be withheld)."""
    text = " ".join(text.split())
    parts = _MARKER.split(text)
    return "".join(part if index % 2 else _plain_part(part) for index, part in enumerate(parts))


_MARKER = re.compile(r"(\[REDACTED:[a-z0-9-]{1,40}\])")


def _plain_part(text: str) -> str:
    return text.replace("`", "'").replace("[", "(").replace("]", ")").replace("<", "\u2039")


# What would make a rule's first words Markdown structure: a quote, heading, table or list
# marker ("> use pnpm" would be a quote block inside the bullet, "# x" a heading).
_BLOCK_START = re.compile(r"^(?:[>#|=+*\s]+|[-*+]\s+|\d{1,9}[.)]\s+)+")
_CURLY = str.maketrans({"\u201c": '"', "\u201d": '"', "\u201e": '"', "\u00ab": '"',
                        "\u00bb": '"'})


def rule_text(summary: str) -> str:
    """A user's words as a rule: leading interjections and Markdown block markers dropped,
    typographic quotes made plain, first letter capitalized."""
    plain = plain_text(summary).translate(_CURLY)
    text = _BLOCK_START.sub("", plain).strip()
    text = _BLOCK_START.sub("", _INTERJECTION.sub("", text).strip()).strip()
    text = text or _BLOCK_START.sub("", plain).strip() or "Follow this rule"
    return text[:1].upper() + text[1:]


def inline(command: str) -> bool:
    """True when a command reads well as inline code (one short line without backticks)."""
    return "\n" not in command.strip() and "`" not in command and len(command) <= INLINE_MAX


def code(text: str) -> str:
    return f"`{flat(text)}`"


@dataclass(frozen=True)
class Lesson:
    """What a group of signals teaches, once."""

    kind: str                   # "rule" (correction/preference), "fix" (env), "ask"
    said: str                   # the user's words (or the failure summary), plain text
    do: str | None = None       # the command to run
    dont: str | None = None     # the command not to run, or that fails
    error: str | None = None    # what the failing command printed
    setup: bool = False         # `do` holds steps to run before `dont`, then `dont` itself
    sessions: int = 1
    switch: tuple[str, str] | None = None   # (from, to): the programs its words switch

    @property
    def commands(self) -> list[str]:
        return [c for c in (self.do, self.dont) if c]

    @property
    def steps(self) -> list[str]:
        """The setup steps of a setup fix (its last line is the failing command again)."""
        lines = [line.strip() for line in (self.do or "").splitlines() if line.strip()]
        return lines[:-1] if self.setup else lines


_POLITE_END = re.compile(r"(?:[\s,;:.!]+(?:please|pls|plz|thanks|thank you|thx|ty))+[\s.!]*$",
                         re.I)


def _said(signal: Signal) -> str:
    text = _STOPPED.sub("", _ASKED.sub("", signal.summary))
    return _POLITE_END.sub("", rule_text(text)).rstrip(" .;:,!")


def _rule_lesson(group: Sequence[Signal]) -> Lesson:
    pairs = Counter((flat(s.succeeded_command) or None, flat(s.corrected_command) or None)
                    for s in group)
    key = shared_key(group)  # what the sessions share: the commands carrying it speak first
    ranked = sorted(pairs.items(), key=lambda kv: (key is not None and not carries(kv[0][0], key),
                                                   -(kv[0][0] is not None) - (kv[0][1] is not None),
                                                   -kv[1], not same_program(*kv[0])))
    (do, dont), _n = ranked[0]  # the commands most sessions agree on
    speaker = next((s for s in group if (flat(s.succeeded_command) or None, flat(
        s.corrected_command) or None) == (do, dont)), group[0])
    switches = Counter(key[1:] for s in group for key in identities(s).strong
                       if key[0] == "switch")
    switch = switches.most_common(1)[0][0] if switches else None
    do_now = (speaker.succeeded_command or "").strip() or None
    dont_now = (speaker.corrected_command or "").strip() or None
    agreed = agreed_do(group) if pairs[(do, dont)] < 2 else None
    if agreed is not None:  # no pair recurs, but what the agent then ran does
        do_now, dont_now = agreed
    do_now = told_command(speaker, dont_now) or do_now
    both = [pair for pair in pairs.elements() if None not in pair]
    if switch and len(set(both)) >= MIN_VARIANTS and 2 * pairs[(do, dont)] <= len(both):
        # no run of commands speaks for the lesson: its identity does ("Use `pnpm add`, not
        # `npm add`"), not one session's arguments
        do_now, dont_now = common(switch[1], [p[0] for p in both]), common(
            switch[0], [p[1] for p in both])
    if key is not None and carries(do_now, key):  # `php artisan horizon:terminate`, not the
        do_now, dont_now = focused(do_now, dont_now, key)  # `&& sleep 5 && …` around it
        speaker = writer(group, do_now) or speaker
    dont_now = related(dont_now, do_now)  # not the `which flutter` run beside `flutter …`
    return Lesson(kind="rule", said=_said(speaker),  # commands as run, not flattened
                  do=do_now, dont=dont_now, sessions=len({s.session_id for s in group}),
                  switch=(switch[0], switch[1]) if switch else None)


def _fix_lesson(group: Sequence[Signal]) -> Lesson:
    first = group[0]
    fix = (first.fix or "").strip()
    command = (first.command or "").strip()
    lines = [line.strip() for line in fix.splitlines() if line.strip()]
    if len(lines) == 1:  # `docker compose up -d db && cargo sqlx prepare && <the command>`
        parts = [p for p in re.split(r"\s+&&\s+", lines[0]) if p.strip()]
        if len(parts) > 1 and flat(parts[-1]) == flat(command):
            lines = parts
            fix = "\n".join(parts)
    setup = len(lines) > 1 and flat(lines[-1]) == flat(command)
    error = re.sub(r"^E\s+", "", " ".join(first.quote.split()))[:120] or None
    return Lesson(kind="fix", said=_said(first), do=fix or None, dont=command or None,
                  error=error, setup=setup, sessions=len({s.session_id for s in group}))


def _ask_lesson(group: Sequence[Signal]) -> Lesson:
    return Lesson(kind="ask", said=_said(group[0]), sessions=len({s.session_id for s in group}))


def _key(signal: Signal) -> tuple[str, str] | None:
    if signal.kind in ("env-fix", "env-error"):
        return (flat(signal.command), flat(signal.fix)) if signal.command and signal.fix \
            else None
    if signal.corrected_command or signal.succeeded_command:
        return (flat(signal.succeeded_command), flat(signal.corrected_command))
    return None


def _programs(key: tuple[str, str]) -> tuple[str | None, ...]:
    return tuple(program(c) for c in key)


def _clusters(signals: Sequence[Signal]) -> list[list[Signal]]:
    """Signals grouped by lesson, in the order seen: by identity first (`identity`: what the
    correction changes), then by words (`lesson_groups`). A lesson repeated by thousands of
    sessions (a team's digests) is clustered from its first `MAX_CLUSTERED` signals; the rest
    join the first cluster that takes them, or stay out (they add sessions, never a rule)."""
    items = []
    for signal in signals:
        key = _key(signal)
        if signal.kind in ("env-fix", "env-error"):
            ident = NO_IDENTITY if key is None else Identities(
                frozenset({("fix", *key)}), frozenset(), frozenset(), True)
        else:
            ident = identities(signal)
        items.append(Item(signal, key, _programs(key) if key else None, ident,
                          frozenset(terms(_said(signal)))))
    return cluster(items, MAX_CLUSTERED)


_COMPUTED: dict[int, tuple[Candidate, tuple[Signal, ...], tuple[Lesson, ...]]] = {}
_MEMO_SIZE = 64
_RUNS = [0]  # candidates whose lessons were computed in this process (see `computed`)


def computed() -> int:
    """How many times lessons were computed from signals in this process (a run's cost)."""
    return _RUNS[0]


def lessons(candidate: Candidate) -> list[Lesson]:
    """The candidate's lessons, each once: rules, then failures with their fix, then asks;
    within each, the ones more sessions taught first (ties: the order they were seen in).
    Computed once per candidate: naming, description, body and summary all ask for them,
    and get the same lessons again (a candidate whose signals change is computed anew)."""
    signals = tuple(candidate.signals)   # held, so no id of them is reused while cached
    known = _COMPUTED.get(id(candidate))
    if known is not None and known[0] is candidate and len(known[1]) == len(signals) and all(
            map(operator.is_, known[1], signals)):
        return list(known[2])
    found = _lessons(candidate)
    if len(_COMPUTED) >= _MEMO_SIZE:
        del _COMPUTED[next(iter(_COMPUTED))]
    _COMPUTED[id(candidate)] = (candidate, signals, tuple(found))
    return found


def _lessons(candidate: Candidate) -> list[Lesson]:
    _RUNS[0] += 1
    out: list[Lesson] = []
    stated: set[Key] = set()   # the identities the rules state: a fix of one is no 2nd rule
    for kinds, build in ((("correction", "preference"), _rule_lesson),
                         (("env-fix",), _fix_lesson), (("ask",), _ask_lesson)):
        groups = [group for group in _clusters([about_its_words(s)
                                                for s in candidate.of_kind(*kinds)])
                  if kinds[0] != "env-fix" or not _carried(group) & stated]
        if kinds[0] == "correction":
            stated = set().union(*map(_carried, groups))
        found = [build(group) for group in groups]
        found = [lesson for lesson in found if lesson.said or lesson.commands]
        # more sessions first; among equals, one that names its command (its identity)
        # before one made of words alone; then the order seen (a stable sort)
        out += sorted(found, key=lambda lesson: (-lesson.sessions, not lesson.commands))
    return out[:MAX_LESSONS]


def _carried(group: Sequence[Signal]) -> set[Key]:
    """The identity keys a command can carry (a flag, a task, a switch, a setting) that the
    group's signals hold: a failure fixed by the move a correction states is that lesson."""
    return {key for signal in group for key in identities(signal).strong
            if key[0] in CARRIED}


def taught(found: list[Lesson]) -> list[Lesson]:
    """The lessons a new skill states: its main lesson and every other one taught in two
    sessions or more (a one-off grouped with them by its words is a distractor, not a rule
    of this skill)."""
    return found[:1] + [lesson for lesson in found[1:] if lesson.sessions >= 2]


def statement(lesson: Lesson) -> str:
    """The lesson as one imperative sentence (Markdown, commands as inline code); a command
    too long or multi-line for a sentence is named "the command below" (see `rule_lines`)."""
    do, dont = lesson.do, lesson.dont
    if lesson.kind == "fix" and do and dont:
        error = f" with `{lesson.error[:100]}`" if lesson.error and "`" not in lesson.error \
            else ""
        if lesson.setup:
            steps = lesson.steps
            first = " then ".join(code(s) for s in steps) if all(map(inline, steps)) \
                else "the commands below"
            target = code(dont) if inline(dont) else "the failing command"
            them = "it" if len(steps) == 1 else "them"
            return f"Run {first} before {target}: without {them}, it fails{error}."
        if inline(do) and inline(dont):
            return f"Run {code(do)} instead of {code(dont)}, which fails here{error}."
        return f"Run the command below instead of the one that fails here{error}."
    if lesson.kind == "rule" and do and dont:
        if inline(dont) and about_elsewhere(lesson.said, do):  # "fly.toml has release_command"
            return rule_for(lesson.said, flat(dont))  # not the command the agent ran next
        if not (inline(do) and inline(dont)):
            return "Run the first command below, not the second."
        if next_step(do, dont):  # `terraform plan -out=tfplan` told before `terraform apply`
            return f"Run {code(do)} before {code(CD_FIRST.sub('', dont))}."
        if program(do) != program(dont):
            return f"Use {code(do)}, not {code(dont)}."
        return f"Run {code(do)} instead of {code(dont)}."
    said = lesson.said.rstrip(" .")
    if lesson.kind == "rule" and do and inline(do):
        return f"{_ticked(said, do)}." if flat(do) in said else f"{said}: run {code(do)}."
    if lesson.kind == "rule" and dont and inline(dont):
        return f"{_ticked(said, dont)}." if flat(dont) in said else f"{said}, not {code(dont)}."
    return f"{said}."


def next_step(do: str, dont: str) -> bool:
    """Whether `dont` is the step that follows `do` (`terraform apply` after `terraform
    plan`): the lesson orders them, it replaces neither."""
    first, then = parse(CD_FIRST.sub("", do)), parse(CD_FIRST.sub("", dont))
    if first is None or then is None or first.program != then.program:
        return False
    pair = (f"{first.program} {first.subcommand}", f"{then.program} {then.subcommand}")
    return pair in NEXT_STEPS


def _ticked(said: str, command: str) -> str:
    one_line = flat(command)
    return re.sub(rf"'?{re.escape(one_line)}'?", lambda _m: code(one_line), said, count=1)


def _fenced(text: str, indent: str = "  ") -> list[str]:
    """A fenced block no line of `text` can close (its fence is longer than any run of
    backticks in it)."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return [f"{indent}{fence}sh", *(f"{indent}{line}" for line in text.strip().splitlines()),
            f"{indent}{fence}"]


def lesson_lines(lesson: Lesson) -> list[str]:
    """The lesson as a Markdown bullet ("- …"), with fenced blocks for long commands."""
    lines = [f"- {statement(lesson)}"]
    if lesson.kind == "fix" and lesson.do and lesson.dont:
        if lesson.setup and not all(map(inline, lesson.steps)):
            lines += _fenced("\n".join(lesson.steps))
        elif not lesson.setup and not (inline(lesson.do) and inline(lesson.dont)):
            lines += _fenced(lesson.do)
    elif lesson.kind == "rule" and lesson.do and lesson.dont and not (
            inline(lesson.do) and inline(lesson.dont)):
        lines += _fenced(lesson.do) + _fenced(lesson.dont)
    return lines


def rule_lines(candidate: Candidate) -> list[str]:
    """Markdown bullets for the lessons of a candidate, one per lesson."""
    return [line for lesson in lessons(candidate) for line in lesson_lines(lesson)]
