"""A rule stated up front and then followed: the user opens a task and says, in passing, how
a thing is done here ("fastlane needs `--env prod` now", "schema changes here always go the
same way: bump schemaVersion, make-migrations, …", "(en local nunca prod)" beside the dev
entry point), and the agent then does it.

No correction cue marks such a sentence: it reacts to no action. It is a standing rule (a
*preference*) when

- it holds a rule marker (`MARKER`: "always", "never", "every time", "whenever", a modal of
  obligation, or any language's own "always / never" words, `languages`),
- it is no question and no one-off ("for this run", "this one time", `ONE_OFF`),
- and it writes out a thing (a long flag, a dashed word, a path to a file: `WRITTEN`) that a
  shell command the agent then ran without error, before the user spoke again, holds.

The agent's command holding what the sentence names is what tells a rule of the work from a
wish or a remark ("a colleague says we should always use `--split-per-abi`. what does it
do?" names a flag nobody ran). The quote is that sentence.
"""

from __future__ import annotations

from collections.abc import Sequence

from skillgit.distill.commands_around import WRITTEN
from skillgit.distill.evidence import sentence_span
from skillgit.distill.facts import tool_kind
from skillgit.distill.languages import LANGUAGES
from skillgit.distill.user_phrases import rx
from skillgit.transcripts.model import Turn, TurnKind

MARKER = rx(r"""\b(?:always|never|every\ time|each\ time|whenever|must|has\ to|have\ to
    |needs?(?!\ (?:you|me|us)\b)|no\ longer|from\ now\ on|nothing\ but)\b""")
ONE_OFF = rx(r"""\b(?:this\ one\ time|(?:just\ )?this\ once|for\ this\ (?:run|time|one)
    |this\ time\ only|only\ this\ time|for\ now)\b""")
# Someone else's advice reported, not the rule of this repository ("a friend says we should
# always use --atomic"): the turn is about it, it does not state it.
REPORTED = rx(r"""\b(?:says|said|thinks|claims|suggests|suggested|reckons|swears
    |according\ to)\b""")
MIN_THING_CHARS = 5
_USER = (TurnKind.USER, TurnKind.SLASH_COMMAND)


def _ran_after(turns: Sequence[Turn], at: int) -> list[str]:
    """The shell commands the agent ran without error after `turns[at]`, up to the next
    user turn."""
    ran = []
    for turn in turns[at + 1:]:
        if turn.kind in _USER:
            break
        if (turn.kind is TurnKind.TOOL_CALL and tool_kind(turn) == "shell"
                and turn.result is not None and not turn.result.is_error
                and turn.result.exit_code in (None, 0)):
            ran.append(turn.tool_input or "")
    return ran


def _marked(sentence: str) -> bool:
    return bool(MARKER.search(sentence)) or any(
        language.rule.search(sentence) for language in LANGUAGES)


def followed_rule(turns: Sequence[Turn], at: int) -> tuple[int, int] | None:
    """(start, end) of the sentence of the user turn `turns[at]` that states a rule the
    agent then followed (see the module's docstring), or None."""
    text = turns[at].text
    ran = _ran_after(turns, at)
    if not ran:
        return None
    held = {m.group(1) for command in ran for m in WRITTEN.finditer(command)}
    position = 0
    while position < len(text):
        start, end = sentence_span(text, position)
        if end <= position:
            break
        sentence = text[start:end]
        position = end + 1
        if sentence.rstrip().endswith("?") or ONE_OFF.search(sentence) \
                or REPORTED.search(sentence) or not _marked(sentence):
            continue
        things = {m.group(1) for m in WRITTEN.finditer(sentence)}
        if any(len(thing) >= MIN_THING_CHARS and thing in held for thing in things):
            return start + len(sentence) - len(sentence.lstrip()), end
    return None
