"""One lesson across wordings and languages: the rare code-like token its sessions share.

However a lesson is phrased ("compile with tpolecatCiMode first", a French reminder to
"relancer GenOpenApi", a quoted `sbt "api/runMain tidewater.api.GenOpenApi"`), its sessions
name the same thing of the repository in code: an identifier (`GenOpenApi`, `tpolecatCiMode`,
`cancelled_at`) or an environment variable. Such a name reads the same in every language;
when few of the run's sessions name it, it tells which lesson a signal is about better than
any word. (A flag
or a settings file is a tool's vocabulary, not the repository's: `--preset` and `vcpkg.json`
are named by several lessons of one project.) So, after the families are clustered (`group`):

- user-feedback clusters sharing a rare token are one lesson (the first one's);
- an ask said after the agent worked (not the request that opened its session) naming a rare
  token a lesson holds is that lesson said again (a reminder, a question, an implicit
  correction), and moves into it.

A token counts only where the user put it: in the user's words, or in the command the user
moved the agent to (a correction's succeeded command). A failure's output and the fix an agent
found itself are no one's words: environment lessons take no part, so a command two lessons'
fixes happen to run (`testOnly`) never chains them. A token is rare when at least two and at
most `RARE_MAX_SESSIONS` of the run's sessions name it: one many sessions name (`Test/compile`
in an sbt project) tells no lesson apart. Cost: one pass over the signals for the session
counts, one over the clusters with a token → lesson table; never pairwise.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from skillgit.mine.identity import Key, identities
from skillgit.proposal import Signal

# A token named in up to this many sessions is rare. A fixed count, not a share of the run:
# adding a session that never names a token must not change which lessons it joins.
RARE_MAX_SESSIONS = 5
USER_KINDS = frozenset({"correction", "preference", "ask"})
_LESSON_KINDS = frozenset({"correction", "preference"})

# Names the repository made, never a tool's vocabulary: a long flag (`--preset`) or a settings
# file (`vcpkg.json`) is named by many lessons of one tool, and would chain them into one.
_TOKEN = re.compile(
    r"(?<![\w-])(?:"
    r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+"              # ENV_NAME
    r"|[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+"         # camelCase
    r"|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+"         # PascalCase
    r"|[a-z][a-z0-9]*(?:_[a-z0-9]+)+"             # snake_case
    r")(?![\w-]|\.\w)")
_VALUE = re.compile(r"=[\"']?([\w.:/-]+)")

Members = list[tuple[Signal, frozenset[str]]]


def code_tokens(text: str | None) -> frozenset[str]:
    """The code-like tokens `text` names, lower-cased, inside a dotted or slashed path too
    (`tidewater.api.GenOpenApi` names `genopenapi`); plain words are none."""
    if not text:
        return frozenset()
    found = set()
    for match in _TOKEN.finditer(text):
        value = _VALUE.match(text, match.end())   # `CGO_ENABLED=0` and `=1` are two settings
        setting = value.group(1).rstrip(".:/-").lower() if value else ""
        found.add(match.group(0).lower() + (f"={setting}" if setting else ""))
    return frozenset(found)


def signal_tokens(signal: Signal) -> frozenset[str]:
    """The tokens of what the user said, or moved the agent to (none for an environment
    lesson: its texts are a tool's output and the agent's own fix)."""
    if signal.kind not in USER_KINDS:
        return frozenset()
    return (code_tokens(signal.summary) | code_tokens(signal.quote)
            | code_tokens(signal.succeeded_command))


def rare_tokens(signals: Iterable[Signal]) -> frozenset[str]:
    """The tokens named in at least two and at most `RARE_MAX_SESSIONS` of the signals'
    sessions."""
    named: dict[str, set[str]] = {}
    for signal in signals:
        for token in signal_tokens(signal):
            named.setdefault(token, set()).add(signal.session_id)
    return frozenset(t for t, where in named.items() if 2 <= len(where) <= RARE_MAX_SESSIONS)


def openings(signals: Iterable[Signal]) -> set[tuple[str, int]]:
    """(session, turn) of each session's first signal: the request that opened it."""
    first: dict[str, int] = {}
    for signal in signals:
        turn = first.get(signal.session_id)
        if turn is None or signal.turn < turn:
            first[signal.session_id] = signal.turn
    return set(first.items())


def join_by_rare_tokens(clusters: Sequence[tuple[str, Members]], rare: frozenset[str],
                        opened: set[tuple[str, int]]) -> list[tuple[str, Members]]:
    """Feedback clusters sharing a rare token merged (into the first), and follow-up asks
    naming a lesson's rare token moved into it; everything else as it was, in order."""
    out: list[tuple[str, Members]] = []
    owner: dict[str, int] = {}
    moves: dict[int, _Moves] = {}   # a cluster → its keys from commands, and its settings
    asks: list[tuple[int, Members]] = []
    for name, members in clusters:
        if name == "ask":
            asks.append((len(out), list(members)))
            out.append((name, []))
            continue
        tokens = set()
        mine = _NO_MOVES
        if name == "feedback":
            lesson = [s for s, _ in members if s.kind in _LESSON_KINDS]
            tokens = {t for s in lesson for t in signal_tokens(s) & rare}
            mine = _moves(lesson)
        into = min((owner[t] for t in tokens if t in owner
                    and _compatible(mine, moves.get(owner[t], _NO_MOVES))), default=None)
        if into is None:
            out.append((name, list(members)))
            into = len(out) - 1
        else:
            out[into] = (out[into][0], out[into][1] + list(members))
        theirs = moves.get(into, _NO_MOVES)
        moves[into] = (theirs[0] | mine[0], theirs[1] | mine[1])
        for token in tokens:
            owner.setdefault(token, into)
    for place, members in asks:
        kept: Members = []
        for member in members:
            signal = member[0]
            hit = [owner[t] for t in signal_tokens(signal) & rare if t in owner]
            if hit and (signal.session_id, signal.turn) not in opened:
                out[min(hit)][1].append(member)
            else:
                kept.append(member)
        out[place] = ("ask", kept)
    return [(name, members) for name, members in out if members]


_Moves = tuple[frozenset[Key], frozenset[Key]]
_NO_MOVES: _Moves = (frozenset(), frozenset())
_SETTING_KINDS = frozenset({"env", "option", "symbol"})


def _moves(lesson: Iterable[Signal]) -> _Moves:
    """(the keys of moves between commands, the settings written) of a lesson's signals."""
    commands: set[Key] = set()
    settings: set[Key] = set()
    for signal in lesson:
        ident = identities(signal)
        if ident.from_commands:
            commands |= ident.strong
        settings |= {k for k in ident.strong if k[0] in _SETTING_KINDS}
    return frozenset(commands), frozenset(settings)


def _compatible(mine: _Moves, theirs: _Moves) -> bool:
    """Whether two lessons may be one: corrections to different commands, or to different
    values of settings (`on_delete: :delete_all` and `: :restrict`), are two lessons whatever
    identifier both name (as in `lesson_groups`)."""
    return all(not a or not b or bool(a & b) for a, b in zip(mine, theirs, strict=True))
