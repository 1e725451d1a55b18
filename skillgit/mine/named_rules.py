"""A rule whose identity is a named setting or file, not the command the agent ran next.

"drop that step. fly.toml has release_command = … under [deploy] now, don't run them again
by hand over ssh" corrects `fly ssh console … migrate`; the agent then ran `fly logs …` to
check. The lesson is not "use `fly logs`": it is what the words name — the settings file
(`fly.toml`) and the setting (`release_command`) — in place of the old command. So when a
rule's words name such an identity and the command after the correction carries none of
it, the rule is stated from its words, each named thing in code, at the step of the old
command ("… (not `fly ssh console …`)"), and placement amends that step.
"""

from __future__ import annotations

import re

from skillgit.mine.identity import bare_names, said

MAX_RULE_CHARS = 400


def named_things(text: str) -> list[str]:
    """The settings files and snake_case settings or functions `text` names, in order."""
    keys = said(text) | bare_names(text)
    names = {key[2] for key in keys if key[0] in ("file", "call")}
    return sorted(names, key=lambda name: _at(text, name))


def about_elsewhere(words: str, command: str) -> bool:
    """Whether `words` name a setting or file that `command` does not carry."""
    things = named_things(words)
    low = command.lower()
    return bool(things) and not any(thing.lower() in low for thing in things)


def rule_for(words: str, old: str) -> str:
    """The rule from `words` with its named things in code, in place of the command `old`."""
    text = " ".join(words.split())[:MAX_RULE_CHARS].rstrip(" .,;")
    for thing in named_things(text):
        text = re.sub(rf"(?<![\w`./-]){re.escape(thing)}(?![\w`-])", f"`{thing}`", text,
                      count=1, flags=re.IGNORECASE)
    return f"{text} (not `{old}`)."


def _at(text: str, name: str) -> int:
    found = text.lower().find(name.lower())
    return found if found >= 0 else len(text)
