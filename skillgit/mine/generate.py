"""Turn an accepted verdict into skill content, from templates that quote the evidence.

A new skill gets a valid name, a description saying what it holds and when to use it, and a
body with the concrete rules, failures + fixes (commands in fenced blocks) and recurring asks.
An update appends only a "Learned from sessions" section to the existing SKILL.md, leaving its
frontmatter and every existing byte alone, so the diff is a handful of added lines.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

import yaml

from skillgit.mine.judge import KnownSkill
from skillgit.mine.terms import GENERIC_TERMS, name_words, surface_forms
from skillgit.proposal import Candidate, Signal, Verdict
from skillgit.skills.document import SkillDocument
from skillgit.skills.names import NAME_MAX, name_from_text

LEARNED_HEADING = "## Learned from sessions"
MAX_ITEMS = 8
MAX_QUOTES = 3


_ENV_ASSIGN = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
_WRAPPERS = frozenset({"sudo", "env", "npx", "pnpx", "bunx", "uv", "uvx", "poetry", "pipenv",
                       "run", "exec", "time", "nice", "python", "python3", "-m"})
# Lead words dropped from a rule. A negation goes only when punctuation closes it ("no, use X"),
# so "no rspec here" and "stop using npm" keep their meaning; a flag's "--" is never eaten.
_PAUSE = r"(?:\s[-\u2013\u2014]\s|[\s,.:;!?])*"
_INTERJECTION = re.compile(
    rf"^(?:(?:hmm+|ugh|ok(?:ay)?|so|well|wait|actually|again|please)\b{_PAUSE}"
    rf"|(?:no+|nope|nah|stop)(?=\s*[,.:;!?\u2013\u2014]|\s+-\s){_PAUSE})+", re.I)


def command_tool(command: str | None) -> str | None:
    """The program a shell command runs (skipping env assignments and wrappers like npx)."""
    for word in (command or "").split():
        if _ENV_ASSIGN.match(word) or word.lower() in _WRAPPERS:
            continue
        tool = word.rsplit("/", 1)[-1].lower()
        return tool if re.fullmatch(r"[a-z][a-z0-9._-]*", tool) else None
    return None


def rule_text(summary: str) -> str:
    """A user's words as a rule: leading interjections dropped, first letter capitalized."""
    text = _INTERJECTION.sub("", plain_text(summary)).strip() or plain_text(summary)
    return text[:1].upper() + text[1:]


def skill_name(candidate: Candidate, taken: Iterable[str]) -> str:
    """A spec-valid, unused name from the candidate's most specific shared terms."""
    words = [t for t in candidate.terms if t not in GENERIC_TERMS] or list(candidate.terms)
    tools = [command_tool(s.command) for s in candidate.of_kind("env-fix", "env-error")]
    tool = next((t for t in tools if t), None)
    if tool:
        words = [tool] + [w for w in words if w != tool]
    base = "-".join(name_words(words, [f"{s.summary} {s.quote}" for s in candidate.signals]))
    base = name_from_text(base, NAME_MAX - 8) or "session-lessons"  # room for a -N suffix
    used = set(taken)
    name, n = base, 2
    while name in used:
        name, n = f"{base}-{n}", n + 1
    return name


def plain_text(text: str) -> str:
    """One line of prose that Markdown renders as text (no links, no inline code)."""
    text = " ".join(text.split())
    return text.replace("`", "'").replace("[", "(").replace("]", ")").replace("<", "\u2039")


def _lesson_key(signal: Signal) -> tuple[str, ...]:
    """One lesson per failing command and fix, however each session (or agent) phrased it."""
    if signal.command and signal.fix:
        return (" ".join(signal.command.split()), " ".join(signal.fix.split()))
    return (" ".join(signal.summary.lower().split()),)


def _evidence_key(signal: Signal) -> tuple[str, ...]:
    return (signal.session_id, " ".join(signal.quote.lower().split()))


def _unique(signals: Iterable[Signal], limit: int,
            key: Callable[[Signal], tuple[str, ...]] = _lesson_key) -> list[Signal]:
    seen: set[tuple[str, ...]] = set()
    out = []
    for signal in signals:
        if (k := key(signal)) not in seen:
            seen.add(k)
            out.append(signal)
    return out[:limit]


def _fenced(text: str) -> list[str]:
    fence = "~~~~" if "```" in text or "~~~" in text else "```"
    return [f"  {fence}sh", *(f"  {line}" for line in text.splitlines()), f"  {fence}"]


def rule_lines(candidate: Candidate) -> list[str]:
    """Markdown bullets for the lessons and asks of a candidate."""
    lines: list[str] = []
    for s in _unique(candidate.of_kind("correction", "preference"), MAX_ITEMS):
        lines.append(f"- {rule_text(s.summary)}")
    for s in _unique(candidate.of_kind("env-fix"), MAX_ITEMS):  # a failure alone teaches nothing
        lines.append(f"- {rule_text(s.summary)}")
        if s.command:
            lines.append("  Failing command:")
            lines += _fenced(s.command)
        if s.fix:
            lines.append("  What worked instead:")
            lines += _fenced(s.fix)
    for s in _unique(candidate.of_kind("ask"), MAX_ITEMS):
        lines.append(f"- {rule_text(s.summary)}")
    return lines


def _section_title(candidate: Candidate) -> str:
    if candidate.of_kind("env-fix") and not candidate.of_kind("correction", "preference"):
        return "## Known failures and what works"
    if candidate.of_kind("correction", "preference"):
        return "## Rules"
    return "## What the user keeps asking for"


def _evidence_lines(candidate: Candidate) -> list[str]:
    lines = []
    for s in _unique(candidate.signals, MAX_QUOTES, _evidence_key):  # per session + quote
        lines.append(f"- {s.session_ref}: \u201c{plain_text(s.quote)[:160]}\u201d")
    return lines


def _description(name: str, candidate: Candidate) -> str:
    forms = surface_forms(f"{s.summary} {s.quote}" for s in candidate.signals)
    specific = [t for t in candidate.terms if t not in GENERIC_TERMS] or list(candidate.terms)
    shown: list[str] = []
    covered: set[str] = set()
    for form in (forms.get(t, t) for t in specific):
        parts = set(re.split(r"[^a-z0-9]+", form.lower())) - {""}
        if parts and not parts <= covered and len(shown) < 4:
            shown.append(form)
            covered |= parts
    topic = ", ".join(shown)
    head = rule_text(candidate.title).rstrip(".")
    if candidate.of_kind("env-fix") and not candidate.of_kind("correction", "preference"):
        what = f"A recurring failure in this environment and how to get past it: {head}."
    elif candidate.of_kind("correction", "preference"):
        what = f"How the user wants this done, from corrections they repeated: {head}."
    else:
        what = f"A request the user keeps making: {head}."
    return f"{what} Use when working with {topic}."[:1000]


def skill_file_text(name: str, description: str, body: str) -> str:
    """A SKILL.md from its parts; the frontmatter is always written by skillgit."""
    frontmatter = yaml.safe_dump({"name": name, "description": " ".join(description.split())},
                                 sort_keys=False, allow_unicode=True, width=100)
    return f"---\n{frontmatter}---\n\n{body.strip()}\n"


def new_skill_text(name: str, candidate: Candidate, n_sessions: int) -> str:
    title = name.replace("-", " ").capitalize()
    lead = {"## Rules": "The user corrected this more than once; follow these rules.",
            "## Known failures and what works": "These failures recur here; use the fix "
            "that worked instead of rediscovering it.",
            }.get(_section_title(candidate), "The user keeps asking for this; do it their way.")
    frontmatter = yaml.safe_dump({"name": name, "description": _description(name, candidate)},
                                 sort_keys=False, allow_unicode=True, width=100)
    body = [f"# {title}", "",
            f"{lead} (Mined by skillgit from {n_sessions} sessions.)", "",
            _section_title(candidate), "", *rule_lines(candidate), "",
            "## Evidence", "", *_evidence_lines(candidate), ""]
    return f"---\n{frontmatter}---\n\n" + "\n".join(body)


def updated_skill_text(current: bytes, candidate: Candidate) -> bytes | None:
    """The existing SKILL.md with new lessons appended (None when it already says them all)."""
    return append_lessons(current, rule_lines(candidate))


def append_lessons(current: bytes, new_lines: list[str]) -> bytes | None:
    """Append bullet lines the body does not already hold under LEARNED_HEADING, keeping every
    existing byte (frontmatter, line endings); None when nothing is new."""
    document = SkillDocument.from_bytes(current)
    body_words = " ".join(document.body.lower().split())
    lines = [line for line in new_lines
             if not line.startswith("- ") or " ".join(line[2:].lower().split()) not in body_words]
    if not any(line.startswith("- ") for line in lines):
        return None
    nl = document.newline
    body = document.body
    if body and not body.endswith("\n"):
        body += nl
    if LEARNED_HEADING not in body:
        body += nl + LEARNED_HEADING + nl + nl
    body += nl.join(lines) + nl
    return document.model_copy(update={"body": body}).to_bytes()


def summary_for(kind: str, verdict: Verdict) -> str:
    c = verdict.candidate
    n = len(c.sessions)
    lessons = len(c.of_kind("correction", "preference", "env-fix", "env-error"))
    if kind == "update":
        return f"add {max(lessons, 1)} lesson{'s' if lessons != 1 else ''} from {n} sessions"
    dims = [d for d, r in (("feedback", verdict.feedback), ("repeated ask", verdict.repeated_ask))
            if r.holds]
    return f"new skill from {n} sessions ({' + '.join(dims)})"


def known_by_name(known: list[KnownSkill], name: str | None) -> KnownSkill | None:
    return next((k for k in known if k.name == name), None)
