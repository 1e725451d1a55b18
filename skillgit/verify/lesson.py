"""The lessons a proposal teaches, read from its SKILL.md: each rule line it adds, with the
command it asks for and the one it replaces when the rule names them.

Rules are written in a few shapes (`mine/generate.py`): "Use `pnpm install`, not `npm
install`.", "Run `X` instead of `Y`, which fails here …", "Never run `Y`.". A span in
backticks after a negation ("not", "instead of", "rather than", "never", "don't") is the
avoided command; the first other span is the expected one. A rule with no span is a prose
lesson, for the grounded judge.
"""

from __future__ import annotations

import re

from skillgit.verify.case import Expectation

_SPAN = re.compile(r"`([^`\n]{1,300})`")
_RULE = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?P<text>\S.*)$")
_NEGATION = re.compile(r"(?:\bnot|\binstead of|\brather than|\bnever|\bdon't|\bdo not|\bavoid)"
                       r"[\s,:]*(?:run(?:ning)?|use|call)?\s*$", re.IGNORECASE)
_FENCE = re.compile(r"^(`{3,}|~{3,})[\w-]*$")
_NOT_SECOND = re.compile(r"\bnot the second\b", re.IGNORECASE)
_STARTS_NEGATIVE = re.compile(r"^\s*(?:never|don't|do not|avoid)\b", re.IGNORECASE)


def rule_lines(before: str | None, after: str) -> list[str]:
    """The rule lines (bullets and numbered steps) of the body of `after` that `before` does
    not have (all of them for a new skill), in order."""
    return [rule for rule, _blocks in added_rules(before, after)]


def added_rules(before: str | None, after: str) -> list[tuple[str, list[str]]]:
    """Each added rule line with the fenced blocks indented under it (commands too long for
    the sentence: "Run the first command below, not the second.")."""
    old = {rule for rule, _ in _rules(before)} if before is not None else set()
    return [(rule, blocks) for rule, blocks in _rules(after) if rule not in old]


def _rules(text: str) -> list[tuple[str, list[str]]]:
    out: list[tuple[str, list[str]]] = []
    fence: str | None = None
    for line in _body(text).splitlines():
        stripped = line.strip()
        if fence is not None:
            if stripped == fence:
                fence = None
            elif out and stripped:
                blocks = out[-1][1]
                blocks[-1] = f"{blocks[-1]}\n{stripped}" if blocks[-1] else stripped
            continue
        if out and line.startswith((" ", "\t")) and (m := _FENCE.match(stripped)):
            fence = m.group(1)
            out[-1][1].append("")
        elif m := _RULE.match(line):
            out.append((m.group("text").strip(), []))
    return out


def _body(text: str) -> str:
    if text.startswith("---"):
        end = text.find("\n---", 3)
        if end != -1:
            return text[end + 4:]
    return text


def expectation_of(rule: str, blocks: list[str] | None = None) -> Expectation:
    """What following `rule` looks like; `blocks`: the commands fenced under it, for a rule
    that names them as "the command below" ("the first …, not the second")."""
    if blocks and not _SPAN.search(rule):
        first = blocks[0].splitlines()[0] if blocks[0] else None
        second = blocks[1].splitlines()[0] if len(blocks) > 1 and blocks[1] else None
        return Expectation(rule=rule, expected=first,
                           avoided=second if _NOT_SECOND.search(rule) else None)
    expected: str | None = None
    avoided: str | None = None
    negative_rule = bool(_STARTS_NEGATIVE.match(rule))
    for match in _SPAN.finditer(rule):
        span = match.group(1).strip()
        before = rule[:match.start()]
        if _NEGATION.search(before) or (negative_rule and expected is None and avoided is None):
            avoided = avoided or span
        elif expected is None:
            expected = span
    return Expectation(rule=rule, expected=expected, avoided=avoided)


def best_rule(rules: list[Expectation], hints: list[str]) -> Expectation | None:
    """The rule an evidence item is about: the one whose commands share most words with the
    action taken and the quote (`hints`), else the first."""
    if not rules:
        return None
    words = {w for hint in hints for w in re.findall(r"[A-Za-z0-9_.-]{2,}", hint.lower())}

    def overlap(rule: Expectation) -> int:
        spans = " ".join(t for t in (rule.expected, rule.avoided, rule.rule) if t).lower()
        return len(words & set(re.findall(r"[A-Za-z0-9_.-]{2,}", spans)))

    return max(rules, key=lambda r: (overlap(r), -rules.index(r)))
