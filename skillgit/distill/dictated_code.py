"""A follow-up that dictates code: the user answers the agent's edit with the code to write.

Right after the agent edited code, a short turn made only of code names — a type and its
variable, a call, a member access — joined by a few glue words ("then", "and", "with",
"not", "instead") tells the agent what its edit should have said ("IClock clock, then
clock.UtcNow()" after it wrote `DateTime.UtcNow`). It is a correction when

- the agent changed a file in its last actions (an edit; a command alone is not code);
- every word of the turn is a code name (`_CODE`: a call `f()`, a dotted access `a.b`, a
  CamelCase or snake_case name, a generic `List<T>`), a lowercase name that one of those
  code names uses (`clock` beside `clock.UtcNow()`), or a glue word (`GLUE`, as data);
- at least one code name is a call or a type (an inner capital), and one is nowhere in what
  the agent wrote: the turn adds code, it does not repeat the agent's;
- it holds two words at least (one bare name may name what to work on next), is no
  question, holds no error words ("exception", "error", "failed", "line 12": a
  pasted failure reports, it dictates nothing), and is at most `MAX_CHARS` long.
"""

from __future__ import annotations

import re

from skillgit.distill.action_context import ActionContext
from skillgit.distill.user_phrases import rx

MAX_CHARS = 120
GLUE = frozenset("""then and with not instead of in the a an use via or also plus
into from to on for as so""".split())
_TOKEN = re.compile(r"[^\s,;]+")
_CODE = re.compile(r"""^(?:[A-Za-z_$][\w$]*(?:<[^>]*>)?(?:\.[A-Za-z_$][\w$]*(?:<[^>]*>)?)*
    (?:\([^()]*\))?)$""", re.VERBOSE)
_CALL_OR_TYPE = re.compile(r"\(\)|\([^()]*\)$|(?<![A-Z])[a-z0-9][A-Z]|^[A-Z][a-z0-9]+[A-Z]")
_ERROR = rx(r"""\b(?:exception|error|errors|failed|failing|fails|traceback|stack\ ?trace|panic
    |line\ \d+|cannot|can't|undefined|null\ ?reference)\b""")


def dictated(text: str, context: ActionContext) -> int | None:
    """Where a turn dictating code after the agent's edit starts, or None (see the module
    docstring)."""
    stripped = text.strip()
    if (not stripped or len(stripped) > MAX_CHARS or "?" in stripped or _ERROR.search(stripped)
            or not context.edited):
        return None
    tokens = [t.strip("`'\".:!") for t in _TOKEN.findall(stripped)]
    tokens = [t for t in tokens if t]
    code = [t for t in tokens if t.lower() not in GLUE and _CODE.match(t)
            and (_CALL_OR_TYPE.search(t) or "." in t or "_" in t)]
    if not code or not any(_CALL_OR_TYPE.search(t) for t in code):
        return None
    if len(code) < 2 and len(tokens) < 2:
        return None  # one bare name ("ReminderTests") may name what to do next
    parts = {p.lower() for t in code for p in re.split(r"[.()<>]+", t) if p}
    for token in tokens:
        if token in code or token.lower() in GLUE or token.lower() in parts:
            continue
        return None
    wrote = context.wrote
    if all(t in wrote for t in code):
        return None  # the agent's own code repeated: no correction
    return len(text) - len(text.lstrip())

