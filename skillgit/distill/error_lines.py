"""Which line of a failing call's output says what went wrong.

Every line (blank lines, exit-code lines and usage hints such as "See 'x --help'" aside) is
scored by what it says, not only by its shape:

- an error marker: an exception, `error:`, `fatal:`, `panic:`, pytest's `E   `, apt's `E: `;
- a root cause: the last (deepest) `Caused by:` of a chained exception, the statement under
  Gradle's `What went wrong:` (up to the next blank line or `* ` heading), a compiler-style
  `file:line[:col]: message`;
- a program speaking (`program: message`), and words of a failure (`error`, `missing`,
  `not found`, `unsupported`, `denied`, `refused`, `No such`, `cannot find`, ...);

and marked down when it only reports progress or information (`go: downloading`,
`Compiling`, `Resolving`, `Fetching`, `INFO`, `warning:`, `note:`, Gradle's `> Task`, a
compiler's `file:line: warning:`), when it heads an exception chain whose `Caused by:` is
known (the wrapper, such as Gradle's `TaskExecutionException`), or when it only reports
another command's exit status (`make: *** [all] Error 1`, `exited with code 1`). The best
line wins, the first of equals; without any error-like line, the last line that is not
progress (tools tend to end with the reason).

`signature` masks an error line so the same error groups across calls; `reported_errors`
finds the errors a user pasted or described in a prompt.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from skillgit.digest import Evidence, FeedbackItem
from skillgit.distill.evidence import excerpt
from skillgit.transcripts.model import Turn, TurnKind

MAX_REPORTED = 3

EXIT_LINE = re.compile(r"^\s*(?:exit code:? ?-?\d+|process exited with code -?\d+)\s*$",
                       re.IGNORECASE)
ERROR_WORDS = re.compile(
    r"error|fail|not found|denied|invalid|cannot|can't|could not|couldn't|no such|unknown|"
    r"missing|refused|timed? ?out|exception|traceback|fatal|unable|not permitted|"
    r"no matches|unrecognized|unsupported|requires|deprecated|does not exist", re.IGNORECASE)
_CAUSE_WORDS = re.compile(
    r"error|missing|not found|unsupported|denied|refused|no such|cannot find|could not find|"
    r"does not exist", re.IGNORECASE)
_STRONG = re.compile(
    r"^\s*(?:E(?:\s{2,}|:\s)|[\w.]*(?:Error|Exception|Exit|Interrupt)(?:\[\w+\])?:|"
    r"(?i:error|fatal|panic|critical)\b|npm ERR!)|"
    r"(?i:not found|no such file|permission denied|is not a \S+ command)")
_PROGRAM_SAYS = re.compile(r"^\s*(?!(?:warning|note|hint|info|tip):)(?:\S*/)?[a-z][\w.+-]*: \S")
_HINT = re.compile(r"^\s*(?:see\s.*\s--?help\b|run\s.*\bfor more information|try\s.*\s--?help\b|"
                   r"for more information|usage:|did you mean)", re.IGNORECASE)
_PROGRESS = re.compile(
    r"^\s*(?:\[?(?:info|debug|trace|notice)\]?(?::|\s)|(?:warning|warn|note|hint|tip)"
    r"(?:\[[\w-]+\])?:|>\s*task\s|npm (?:warn|notice|info)\b|"
    r"(?:(?!(?:error|fatal|panic)\b)[\w./-]+:\s+)?(?:downloading|downloaded|compiling|"
    r"resolving|fetching|installing|collecting|updating|unpacking|cloning|extracting|"
    r"preparing|waiting)\b)|^\s*\S+:\d+(?::\d+)?:\s*(?:warning|note)\b", re.IGNORECASE)
_FILE_LINE = re.compile(r"^\s*(?:[\w.@+-]*[/\\])*[\w.@+-]+\.[A-Za-z]\w*:\d+(?::\d+)?:\s*\S")
_EXIT_REPORT = re.compile(  # another command's exit status, not why it failed
    r"\*\*\* \[[^\]]*\] Error \d+|\b(?:exit(?:ed)? (?:with )?(?:code|status)|returned "
    r"non-zero exit status)\b:? ?-?\d+|\bELIFECYCLE\b", re.IGNORECASE)
_CAUSED_BY = re.compile(r"^\s*Caused by:\s*\S")
_WRAPPER = re.compile(r"^\s*(?:Exception in thread \"[^\"]*\"\s+)?[\w$.]*(?:Exception|Error)\b:")
_WENT_WRONG = re.compile(r"^\s*(?:\*\s*)?What went wrong:\s*$", re.IGNORECASE)
_SECTION_END = re.compile(r"^\s*(?:\*\s|$)")
_PREFIX = re.compile(r"^\s*(?:E(?::\s+|\s{2,})|Caused by:\s*|>\s+)")  # "E   ", "Caused by: "
_REPORTED = re.compile(
    r"^\s*(?:Traceback \(most recent call last\)|(?:[\w.]*(?:Error|Exception)):\s|"
    r"error(?:\[\w+\])?:\s|fatal:\s|panic:\s|npm ERR!)|command not found|permission denied|"
    r"no such file or directory|segmentation fault", re.IGNORECASE | re.MULTILINE)
_MASKS = ((re.compile(r"(['\"`]).*?\1"), "<q>"), (re.compile(r"\S*[/\\]\S*"), "<path>"),
          (re.compile(r"\b[0-9a-f]{6,}\b", re.IGNORECASE), "<hex>"), (re.compile(r"\d+"), "0"))
PROGRESS, WRAPPER, EXIT_REPORT, ROOT_CAUSE, GRADLE_CAUSE, FILE_LINE = 6, 4, 3, 6, 5, 3


def error_line(text: str) -> str:
    """The line of `text` (a failing call's output) most like its error, verbatim and cut
    to a quote's length; '' when `text` has no line at all."""
    raw = text.split("\n")
    gradle = _went_wrong(raw)
    kept = [(line, index in gradle) for index, line in enumerate(raw)
            if line.strip() and not EXIT_LINE.match(line) and len(line.strip()) > 3]
    kept = [pair for pair in kept if not _HINT.match(pair[0])] or kept
    if not kept:
        return ""
    lines = [line for line, _ in kept]
    scores = _scores(lines, [under for _, under in kept])
    top = max(scores)
    if top > 0:
        best = lines[scores.index(top)]
    else:  # nothing error-like: tools tend to end with the reason
        best = next((line for line in reversed(lines) if not _PROGRESS.match(line)), lines[-1])
    return excerpt(best)


def reason(line: str) -> str:
    """An error line as a reason in a summary, without markers ("E   ", "Caused by: ")."""
    return _PREFIX.sub("", line)


def signature(line: str) -> str:
    """`line` with quoted names, paths, hex ids and digits masked: the same error twice."""
    line = line.lower()
    for pattern, replacement in _MASKS:
        line = pattern.sub(replacement, line)
    return " ".join(line.split())[:160]


def reported_errors(turns: Sequence[Turn]) -> list[FeedbackItem]:
    """Errors the user pasted or described in a prompt (at most MAX_REPORTED)."""
    found: list[FeedbackItem] = []
    for turn in turns:
        if turn.kind is not TurnKind.USER or len(found) >= MAX_REPORTED:
            continue
        match = _REPORTED.search(turn.text)
        if match is None:
            continue
        start = turn.text.rfind("\n", 0, match.start()) + 1
        end = turn.text.find("\n", match.end())
        quote = excerpt(turn.text, start, end if end >= 0 else None)
        if quote:
            found.append(FeedbackItem(kind="failure", summary=f"reported by the user: {quote}",
                                      evidence=[Evidence(quote=quote, turn=turn.index)]))
    return found


def _scores(lines: list[str], gradle: list[bool]) -> list[int]:
    causes = [i for i, line in enumerate(lines) if _CAUSED_BY.match(line)]
    deepest = causes[-1] if causes else -1
    scores = []
    for index, line in enumerate(lines):
        progress = bool(_PROGRESS.match(line))
        score = (4 * bool(_STRONG.search(line)) + 2 * bool(_PROGRAM_SAYS.match(line))
                 + bool(ERROR_WORDS.search(line)) + bool(_CAUSE_WORDS.search(line))
                 + GRADLE_CAUSE * gradle[index] - PROGRESS * progress
                 - EXIT_REPORT * bool(_EXIT_REPORT.search(line)))
        if index == deepest:
            score += ROOT_CAUSE
        elif causes and _WRAPPER.match(line):
            score -= WRAPPER
        if _FILE_LINE.match(line) and not progress:
            score += FILE_LINE
        scores.append(score)
    return scores


def _went_wrong(lines: list[str]) -> set[int]:
    """Indexes of the lines under a `What went wrong:` heading, up to the next blank line
    or `* ` heading."""
    inside: set[int] = set()
    open_ = False
    for index, line in enumerate(lines):
        if _WENT_WRONG.match(line):
            open_ = True
        elif open_ and _SECTION_END.match(line):
            open_ = False
        elif open_:
            inside.add(index)
    return inside
