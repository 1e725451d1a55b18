"""Where a new lesson goes in an existing SKILL.md body: the step it changes, else the
section it concerns.

A lesson that replaces a command ("Use `pnpm install`, not `npm install`") *amends* the list
item running exactly that command (`amend_step`): the item's `npm install` becomes
"`pnpm install` (not `npm install`)" and the item keeps its number, its words and its place,
so the skill never says "run X" in one step and "run Y instead of X" in the next. Steps to
take "before `pytest`" go right before the item running pytest, and a replacement whose
command only shares the program with an item goes right after it (`at_step`), in that list's
style. Otherwise:
The body is cut into sections at its headings (outside code fences). A lesson goes into the
section whose text shares the most specific words with it (a command's program, an
identifier, then plain words): a numbered step list gets the next step, a bulleted list a
bullet with the same marker, prose a bullet after its last line. Only when no section shares
enough does it go under LEARNED_HEADING (created at the end if missing). Every other existing
byte is kept: apart from the amended command, lines are only inserted.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from skillgit.mine.placeholders import generic, instance_of
from skillgit.mine.terms import prior, terms

LEARNED_HEADING = "## Learned from sessions"
MIN_SHARED = 1.0           # one plain word, or one identifier/tool
_HEADING = re.compile(r"^ {0,3}(#{1,6})(?:\s+(.*?))?\s*#*\s*$")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_ITEM = re.compile(r"^( {0,3})(?:(\d{1,9})([.)])|([-*+]))( +)(?=\S)")


@dataclass
class Section:
    start: int        # index of the heading line (or 0 for the text before any heading)
    end: int          # index after its last line
    heading: str


def _strip(line: str) -> str:
    return line.rstrip("\r\n")


def sections(lines: list[str]) -> list[Section]:
    """The body's sections; headings inside fenced code blocks do not count."""
    found = [Section(0, len(lines), "")]
    fence = ""
    for i, raw in enumerate(lines):
        line = _strip(raw)
        opened = _FENCE.match(line)
        if fence:
            if opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence):
                fence = ""
            continue
        if opened:
            fence = opened.group(1)
            continue
        if _HEADING.match(line):
            found[-1].end = i
            found.append(Section(i, len(lines), line.strip()))
    return [s for s in found if s.end > s.start or s.heading]


def _weight(shared: frozenset[str]) -> float:
    return sum(prior(t) for t in shared)


def best_section(found: list[Section], lines: list[str], lesson: str) -> Section | None:
    """The section a lesson concerns, or None when none shares enough with it."""
    words = terms(lesson)
    best: tuple[float, int] | None = None
    for n, section in enumerate(found):
        if section.heading.strip("# ").lower() == LEARNED_HEADING.strip("# ").lower():
            continue
        text = "".join(lines[section.start:section.end])
        weight = _weight(words & terms(text))
        if weight >= MIN_SHARED and (best is None or weight > best[0]):
            best = (weight, n)
    return None if best is None else found[best[1]]


def _in_fence(lines: list[str], start: int, end: int) -> list[bool]:
    inside, fence = [], ""
    for raw in lines[start:end]:
        line = _strip(raw)
        opened = _FENCE.match(line)
        inside.append(bool(fence) or bool(opened))
        if fence and opened and opened.group(1)[0] == fence[0]:
            fence = ""
        elif not fence and opened:
            fence = opened.group(1)
    return inside


def insertion(lines: list[str], section: Section, lesson: list[str]) -> tuple[int, list[str]]:
    """(line index to insert at, the lines to insert) for a lesson ("- …" plus continuation
    lines indented by two spaces) in `section`, matching its last list."""
    fenced = _in_fence(lines, section.start, section.end)
    last_item, match = None, None
    for offset, raw in enumerate(lines[section.start:section.end]):
        found = _ITEM.match(_strip(raw))
        if found and not fenced[offset] and (match is None or len(found.group(1)) <= len(
                match.group(1))):
            last_item, match = section.start + offset, found
    body = [line[2:] if line.startswith("  ") else line for line in lesson[1:]]
    first = lesson[0][2:] if lesson[0].startswith("- ") else lesson[0]
    end = section.end
    while end > section.start + 1 and not _strip(lines[end - 1]).strip():
        end -= 1
    if match is None or last_item is None:
        return end, ["", f"- {first}", *(f"  {line}" for line in body)]
    return _next_to(lines, last_item, match, end, lesson, before=False)


def _next_to(lines: list[str], at: int, match: re.Match[str], end: int, lesson: list[str],
             before: bool) -> tuple[int, list[str]]:
    """A new item with `lesson`'s text in the style of the item at `at` (`match`), right
    before it or after its own lines."""
    body = [line[2:] if line.startswith("  ") else line for line in lesson[1:]]
    first = lesson[0][2:] if lesson[0].startswith("- ") else lesson[0]
    indent = match.group(1)
    number = match.group(2)
    marker = (f"{int(number) + (0 if before else 1)}{match.group(3)}" if number
              else match.group(4))
    pad = " " * (len(indent) + len(marker) + 1)
    added = [f"{indent}{marker} {first}", *(f"{pad}{line}" for line in body)]
    if before:
        return at, added
    return _item_end(lines, at, match, end), added


def _item_end(lines: list[str], at: int, match: re.Match[str], end: int) -> int:
    """The index after the own lines of the list item at `at` (`match`)."""
    indent = match.group(1)
    marker = f"{match.group(2)}{match.group(3)}" if match.group(2) else match.group(4)
    pad = " " * (len(indent) + len(marker) + 1)
    stop = at + 1
    while stop < end:  # the item's own lines: indented, or lazy ones before a blank line
        line = _strip(lines[stop])
        if not line.strip():
            following = _strip(lines[stop + 1]) if stop + 1 < end else ""
            if following.startswith(pad) or following.startswith("\t"):
                stop += 1
                continue
            break
        item = _ITEM.match(line)
        if item and len(item.group(1)) <= len(indent):
            break
        if _HEADING.match(line):
            break
        stop += 1
    return stop


# What a rule changes: the command it replaces ("not `X`", "instead of `X`") goes right after
# the step running X; steps to take "before `X`" go right before it.
_REPLACES = re.compile(r"(?:\bnot|\binstead of)\s+`([^`\n]+)`")
_PRECEDES = re.compile(r"\bbefore\s+`([^`\n]+)`")
# "`new` … not / instead of `old`": the command a rule puts in place of another.
_NEW_FOR_OLD = re.compile(r"`([^`\n]+)`[^`\n]{0,40}?(?:\bnot|\binstead of)\s+`([^`\n]+)`")
_SPAN = re.compile(r"`([^`\n]+)`")
# A rule stated from its words in place of a command ("`fly.toml` has `release_command` …
# (not `fly ssh console …`)."): the step running that command carries the rule.
_RULE_FOR_OLD = re.compile(r"^- (?P<rule>.+) \(not `(?P<old>[^`\n]+)`\)\.$")
_SEPARATOR = re.compile(r"&&|\|\||;|\|")   # another command beside the old one, not a flag


def _same(a: str, b: str) -> bool:
    return " ".join(a.split()) == " ".join(b.split())


def _runs_within(old: str, new: str) -> bool:
    """Whether `new` still runs all of `old`, word for word (`old` a run of its words)."""
    small, big = old.split(), new.split()
    return any(big[i:i + len(small)] == small for i in range(len(big) - len(small) + 1))


def amend_step(lines: list[str], lesson: list[str], newline: str) -> bool:
    """Amend, in place, the list item whose code runs exactly the command `lesson` replaces:
    its `old` becomes "`new` (not `old`)" and the lesson's further lines go under it. True
    when the item was amended or already says so; False when no item runs that command."""
    ruled = _RULE_FOR_OLD.match(lesson[0])
    if ruled is not None:
        return _amend_with_rule(lines, ruled.group("rule"), ruled.group("old"))
    found = _NEW_FOR_OLD.search(lesson[0])
    if found is None or _PRECEDES.search(lesson[0]):
        return False
    new, old = found.group(1), found.group(2)
    if _runs_within(old, new) and _SEPARATOR.search(new):
        return False  # `prepare && old` keeps the step and adds one: no replacement
    fenced = _in_fence(lines, 0, len(lines))
    for n, raw in enumerate(lines):
        item = _ITEM.match(_strip(raw))
        if not item or fenced[n]:
            continue
        end = next((s.end for s in sections(lines) if s.start <= n < s.end), len(lines))
        stop = _item_end(lines, n, item, end)
        own = range(n, stop)
        if any(_same(s, new) for i in own for s in _SPAN.findall(lines[i])):
            if any(_same(s, old) for i in own for s in _SPAN.findall(lines[i])):
                return True  # amended before: the item names both, the new one first
            continue
        for i in own:
            spans = _SPAN.findall(lines[i])
            span, written = next((s for s in spans if _same(s, old)), None), new
            if span is None:  # the step's `deploy --branch=<branch>` for `… --branch=feat/x`
                filled = next(((s, f) for s in spans if (f := instance_of(s, old))), None)
                if filled is not None:
                    span, written = filled[0], generic(new, filled[1])
            if span is None or fenced[i]:
                continue
            if f"(not `{span}`)" in lines[i]:
                return True  # amended by another lesson replacing the same command
            lines[i] = lines[i].replace(f"`{span}`", f"`{written}` (not `{span}`)", 1)
            marker = f"{item.group(2)}{item.group(3)}" if item.group(2) else item.group(4)
            pad = " " * (len(item.group(1)) + len(marker) + 1)
            more = [line[2:] if line.startswith("  ") else line for line in lesson[1:]]
            lines[stop:stop] = [f"{pad}{line}{newline}" for line in more]
            return True
    return False


def _amend_with_rule(lines: list[str], rule: str, old: str) -> bool:
    """The list item whose code runs `old` says `rule` in its place ("<rule> (not `old`)");
    True when amended or when it already says so."""
    fenced = _in_fence(lines, 0, len(lines))
    for n, raw in enumerate(lines):
        if fenced[n]:
            continue
        if rule in raw:
            return True  # amended before
        span = next((s for s in _SPAN.findall(raw) if _same(s, old)), None)
        in_step = any(_ITEM.match(_strip(lines[i])) for i in range(max(0, n - 3), n + 1))
        if span is not None and in_step:  # the item's line or one of the lines under it
            lines[n] = raw.replace(f"`{span}`", f"{rule} (not `{span}`)", 1)
            return True
    return False


def at_step(lines: list[str], lesson: list[str]) -> tuple[int, list[str]] | None:
    """(where, lines) for a lesson that changes a step the body already has: the list item
    whose code runs the command the lesson replaces (or must precede); None when no item
    does."""
    first = lesson[0]
    found = _PRECEDES.search(first)
    before = found is not None
    found = found or _REPLACES.search(first)
    if found is None:
        return None
    command = " ".join(found.group(1).split())
    program = command.split()[0] if command.split() else ""
    fenced = _in_fence(lines, 0, len(lines))
    best: tuple[int, int, re.Match[str]] | None = None   # (how well, line, item)
    for n, raw in enumerate(lines):
        item = _ITEM.match(_strip(raw))
        if not item or fenced[n]:
            continue
        spans = [" ".join(span.split()) for span in re.findall(r"`([^`\n]+)`", raw)]
        score = 2 if any(command in span for span in spans) else 1 if any(
            span.split()[:1] == [program] for span in spans if span.split()) else 0
        if score and (best is None or score > best[0]):
            best = (score, n, item)
    if best is None:
        return None
    end = next((s.end for s in sections(lines) if s.start <= best[1] < s.end), len(lines))
    return _next_to(lines, best[1], best[2], end, lesson, before)


def place(body: str, newline: str, new_lessons: list[list[str]]) -> str:
    """`body` with each lesson inserted where it belongs (see the module docstring)."""
    lines = body.splitlines(keepends=True)
    if lines and not lines[-1].endswith(("\n", "\r")):
        lines[-1] += newline
    learned: list[list[str]] = []
    for lesson in new_lessons:
        if amend_step(lines, lesson, newline):
            continue
        step = at_step(lines, lesson)
        if step is not None:
            lines[step[0]:step[0]] = [line + newline for line in step[1]]
            continue
        section = best_section(sections(lines), lines, "\n".join(lesson))
        if section is None:
            learned.append(lesson)
            continue
        at, added = insertion(lines, section, lesson)
        lines[at:at] = [line + newline for line in added]
    if learned:
        existing = next((s for s in sections(lines) if s.heading.strip("# ").lower()
                         == LEARNED_HEADING.strip("# ").lower()), None)
        if existing is None:
            lines += [newline, LEARNED_HEADING + newline, newline]
            lines += [line + newline for lesson in learned for line in lesson]
        else:
            for lesson in learned:
                at, added = insertion(lines, existing, lesson)
                lines[at:at] = [line + newline for line in added]
                existing = next(s for s in sections(lines) if s.start == existing.start)
    return "".join(lines)
