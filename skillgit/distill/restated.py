"""A follow-up that restates the agent's command with other arguments: a redirect.

After the agent ran `cargo clippy`, a reply naming clippy with flags it did not pass; after
`go get -u ./...`, one naming a single module to fetch; after `python -m pytest`, one naming
a test file to run; after `npm run dev`, one giving a flag to add. None of these needs a
stock phrase: the structure is an instruction that re-specifies what just ran. The rule:

- a clause (questions and the user's own stories already blanked out) holds an *anchor*: a
  program, subcommand or command word the agent used, or an instruction verb opening the
  clause ("use", "pass", "add", "give it", "set", "run", "try", "point … at", "with");
- the same clause holds an *argument the agent did not use*: a flag
  (`-j 8`, `--locked`), a path or package spec (`tests/unit/`, `example.org/mod@v1`)
  that names nothing it touched, or any path after a command that ran over the whole
  tree (`src/billing/` after `mypy .`);
- the turn points back at the actions (a strong relation: see `action_context`), except
  that a flag right after a verb that modifies a command ("use --verbose", "give it -j 8",
  "pass --locked") is enough on its own: a flag is always about a command, and a shell
  command just ran ("run it with --verbose" starts another run, and needs more);
- an additive clause ("… too", "also …", "as well", "next", "then", "after that") asks for
  one more step, not another way, and a sentence that informs ("fyi, …", "for the record,
  …", "note: …") instructs nothing: neither counts.
"""

from __future__ import annotations

import re

from skillgit.distill.action_context import ActionContext
from skillgit.distill.user_phrases import rx

_CLAUSE = re.compile(r"[^,;:.!?\n\u2014]+(?:[.:](?=\S)[^,;:.!?\n\u2014]*)*")
_HEAD = rx(r"""^\W*(?:(?:please|pls|plz|just|and|but|so|then)\s+)*
    (?:(?P<modify>use|pass|add|with|give\s+it|set)|run|try|point\s+\S+\s+at|call|invoke)\b""")
_ADDITIVE = rx(r"""\b(?:too|also|as\ well|next|then|afterwards|after\ that|additionally
    |in\ addition)\b""")
_ARGUMENT = re.compile(r"(?<![\w/.@-])(?:--?[A-Za-z][\w-]*(?:=\S+)?|[\w.~-]*/[\w./@*-]*"
                       r"|[\w.-]+\.(?:py|rs|go|js|ts|tsx|jsx|rb|java|kt|json|ya?ml|toml|md|sh"
                       r"|sql|proto|c|h|cpp|cs|php|swift)\b|[\w.-]+@[\w.-]+)")
_WORD = re.compile(r"[a-z][\w.+-]*")
# A sentence that informs rather than instructs ("fyi, …", "for the record, …", "note: …").
_INFORMS = rx(r"""(?:^|(?<=[.!?\n]))\s*(?:for\ the\ record|for\ reference|for\ context|fyi
    |btw|by\ the\ way|just\ so\ you\ know|note|for\ info(?:rmation)?)\b[^.!?\n]*""")


def restated(text: str, context: ActionContext) -> int | None:
    """Where `text` (asides blanked) restates the agent's command with other arguments."""
    if not context.shell:
        return None
    anchors = _anchors(context)
    text = _INFORMS.sub(lambda m: " " * len(m.group()), text)
    strong = context.relation(text) == "strong"
    for clause in _CLAUSE.finditer(text):
        body = clause.group()
        if not body.strip() or _ADDITIVE.search(body):
            continue
        head = _HEAD.match(body)
        start = _anchor_in(body, anchors)
        if start is None and head is None:
            continue
        new = [m for m in _ARGUMENT.finditer(body) if _is_new(m.group(), context)]
        if not new:
            continue
        flag_after_verb = (head is not None and head.group("modify") is not None
                           and new[0].start() == _next_token(body, head.end()))
        if strong or flag_after_verb:
            return clause.start() + (start if start is not None else len(body)
                                     - len(body.lstrip()))
    return None


def _next_token(body: str, position: int) -> int:
    return position + len(body[position:]) - len(body[position:].lstrip())


def _anchors(context: ActionContext) -> frozenset[str]:
    """Programs and subcommands the agent ran ("cargo", "clippy"), never flags."""
    words: set[str] = set()
    for used in context.used:
        if not used.startswith("-"):
            words.update(used.split())
    return frozenset(w for w in words if len(w) >= 2)


def _anchor_in(body: str, anchors: frozenset[str]) -> int | None:
    for match in _WORD.finditer(body.lower()):
        if match.group().rstrip(".") in anchors:
            return match.start()
    return None


def _is_new(argument: str, context: ActionContext) -> bool:
    """Whether the agent's commands and touched files hold no part of `argument`."""
    lowered = argument.lower().rstrip(".")
    if lowered.startswith("-"):
        flag = lowered.split("=", 1)[0]
        return flag not in context.used and flag.lstrip("-") not in context.words
    if context.broad:  # a path after a run over the whole tree narrows it, touched or not
        return True
    known = context.words | context.files | context.folders
    parts = {p for p in re.split(r"[/@]+", lowered.strip("./~")) if p}
    return bool(parts) and not parts & known and lowered.strip("./") not in known
