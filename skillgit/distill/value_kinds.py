"""Implicit corrections by kind: the user names a value of the same kind as one the agent's
command set, and it is another value.

A flag says what kind of thing its value is (`--stack dev`: a stack, `-b nrf52840dk`: a
board, `--context`, `--region`, `--profile`, `-n`: a namespace …; `FLAG_KINDS`, as data).
A statement naming that kind ("my scratch stack is sandbox-ines", "the boards on the bench
are all nrf5340dk") with a value-like word that is not the agent's value is a correction:
the agent acted on another stack, board or region than the user's. So is a statement that
the *default* of such a kind is production ("current context on this jump box is prod-eu",
"the default workspace is production") after the agent ran a changing command without
naming one: it acted on production by default; and a turn saying the command ran with the
default of a kind and naming another value of it ("that used my default gcloud project …
our data is in the analytics-eu-2 project"), after a command that set none
(`other_than_the_default`).

A name the agent wrote, spelled by the user with other separators ("val_loss" after the
agent logged "val-loss"), is one too: the name something else reads is the user's.

Not a correction: the agent's own value named back ("the dev stack is fine"), a kind the
agent's commands did not set, a question, and a value-less mention ("which board?").
"""

from __future__ import annotations

import re

from skillgit.distill.action_context import ActionContext
from skillgit.distill.target_pointers import names_production_target
from skillgit.distill.user_phrases import rx

# flag (without dashes) -> the kind nouns its value is named by
FLAG_KINDS: dict[str, tuple[str, ...]] = {
    "stack": ("stack",), "s": ("stack",), "context": ("context", "cluster"),
    "kube-context": ("context", "cluster"), "cluster": ("cluster",),
    "region": ("region",), "profile": ("profile", "account"), "account": ("account",),
    "project": ("project",), "subscription": ("subscription",),
    "namespace": ("namespace", "ns"), "n": ("namespace", "ns"),
    "workspace": ("workspace",), "env": ("environment", "env"),
    "environment": ("environment", "env"), "b": ("board", "branch"), "board": ("board",),
    "fqbn": ("board",), "target": ("target", "board"), "port": ("port",),
    "upload-port": ("port",), "p": ("port", "profile"), "base": ("branch",),
    "branch": ("branch",), "device": ("device", "board"), "platform": ("platform",),
    "zone": ("zone",), "db": ("database", "db"), "database": ("database", "db"),
    "host": ("host", "server"), "f": ("framework",), "framework": ("framework",),
}
_KINDS = sorted({k for kinds in FLAG_KINDS.values() for k in kinds}, key=len, reverse=True)
_KIND = rx(r"\b(" + "|".join(map(re.escape, _KINDS)) + r")(?:e?s)?\b")
_FLAG_VALUE = re.compile(r"(?<![\w-])--?([A-Za-z][\w-]*)(?:=|\s+)(?!-)([^\s'\"]+)")
# A value: a word with a digit, a dash, an underscore, a colon or a slash, or a Capitalized
# name ("Nano Every").
_VALUE = re.compile(r"(?<![\w/.-])(?:[\w.:/-]*[\d_:/-][\w.:/-]*|[A-Z][a-z0-9]+(?:\s+[A-Z]"
                    r"[a-z0-9]+)*)(?![\w/-])")
_WINDOW = 48
_QUESTION = re.compile(r"\?\s*$")
_DEFAULT = rx(r"""\b(?:current|default|active|selected)\s+(?:\w+\s+){0,2}?(?:context|workspace
    |profile|stack|namespace|environment|account|project|subscription|cluster)\b""")
_CHANGING = rx(r"\b(?:apply|up|deploy|rollout|restart|delete|destroy|migrate|push|upgrade"
               r"|install|set|create|scale|patch|replace|import)\b")
_LIVE = rx(r"\b(?:prod\w*|production|live)\b")


def agent_values(context: ActionContext) -> dict[str, set[str]]:
    """Kind noun -> the values the agent's commands gave a flag of that kind."""
    found: dict[str, set[str]] = {}
    for flag, value in _FLAG_VALUE.findall(context.wrote):
        for kind in FLAG_KINDS.get(flag.lower(), ()):
            found.setdefault(kind, set()).add(value.lower())
    return found


def _differs(value: str, theirs: set[str]) -> bool:
    low = value.lower().strip(".:,")
    parts = {p for v in theirs for p in re.split(r"[:/_.]", v) if len(p) >= 2}
    return bool(low) and low not in theirs and low not in parts and not any(
        low in v or v in low for v in theirs)


def other_value(sentence: str, context: ActionContext) -> int | None:
    """Where `sentence` names another value of a kind the agent's flags set, or None."""
    if _QUESTION.search(sentence):
        return None
    values = agent_values(context)
    if not values:
        return None
    for kind in _KIND.finditer(sentence):
        theirs = values.get(kind.group(1).lower())
        if not theirs:
            continue
        window = sentence[kind.end():kind.end() + _WINDOW]
        for value in _VALUE.finditer(window):
            if _differs(value.group(), theirs):
                return kind.start()
    return None


def production_by_default(sentence: str, context: ActionContext) -> int | None:
    """Where `sentence` says the default context/workspace/profile is production after the
    agent ran a changing command that named none, or None."""
    default = _DEFAULT.search(sentence)
    if default is None or _QUESTION.search(sentence) or not _LIVE.search(sentence):
        return None
    if not _CHANGING.search(context.wrote) or names_production_target(sentence, context):
        return None  # it named production itself: another rule reads that
    named = agent_values(context)
    kind = default.group().split()[-1].lower()
    return None if named.get(kind) else default.start()


_VALUE_LIKE = r"[\w.:/-]*[\d_:/-][\w.:/-]*[\w/]"


def other_than_the_default(text: str, context: ActionContext) -> int | None:
    """Where a turn that says the agent's command ran with the *default* of a kind (profile,
    context, workspace …) names another value of that kind ("… used my default gcloud
    project. Our data is in the analytics-eu-2 project"), after a command that set none; or
    None. The agent acted on the default, not on the one the user names."""
    default = _DEFAULT.search(text)
    if default is None or "?" in text or not context.used:
        return None
    kind = default.group().split()[-1].lower()
    if agent_values(context).get(kind):
        return None  # the agent named one: `other_value` compares them
    named = re.compile(rf"(?<![\w-]){_VALUE_LIKE}\s+{kind}s?\b|\b{kind}s?\s+(?:is\s+|called\s+"
                       rf"|named\s+)?{_VALUE_LIKE}", re.IGNORECASE)
    found = named.search(text, default.end())
    return None if found is None else found.start()


_SEPARATED = re.compile(r"(?<![\w.-])[A-Za-z][A-Za-z0-9]*(?:[_-][A-Za-z0-9]+)+(?![\w-])")


def _key(name: str) -> str:
    return re.sub(r"[_-]", "", name.lower())


def respelled(sentence: str, context: ActionContext) -> int | None:
    """Where `sentence` names a name the agent wrote with other separators, or None."""
    if _QUESTION.search(sentence):
        return None
    theirs: dict[str, set[str]] = {}
    for match in _SEPARATED.finditer(context.wrote):
        theirs.setdefault(_key(match.group()), set()).add(match.group())
    for match in _SEPARATED.finditer(sentence):
        written = theirs.get(_key(match.group()))
        if written and match.group() not in written and len(match.group()) >= 5:
            return match.start()
    return None
