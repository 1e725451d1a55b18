"""Keep transcript text that could harm a reader out of everything skillgit writes.

Everything in a transcript is untrusted, and so is a model's answer. A skill is read by an
agent that may act on it, and by a reviewer who may copy from it. The screen reads text by
its *structure* — a forgiving shell parser (quotes, escapes, continuations, substitutions,
wrappers, `$SHELL`, `$(which bash)`) and a data-flow check over the commands — not by a list of
spellings. It refuses, by class:

- **download-and-run**: anything fetched from the network (curl, wget, iwr, `python -c
  urllib…`, `git clone`, …) that reaches something that executes or installs it: a pipe into
  any shell or interpreter, `-c "$(…)"`, `<(…)`, `eval`, a saved file later run or sourced,
  a clone later built, `pip install git+…`, `npm i user/repo`, `go run host/mod@v`;
- **obfuscated code run**: decoded blobs run the same ways (`base64 -d | sh`, `-enc`);
- **exfiltration**: local files or credentials sent out (`curl -F f=@.env`, `-T file`,
  `wget --post-file`, `scp ~/.ssh/id_rsa host:`, `nc host < file`, `$(cat .env)` in a URL);
  data wired to another host (an exporter, a run hook, an unload) with its redaction off or
  for someone else: a partner, a vendor, a public bucket (`egress`);
- **credential access**: reading `~/.ssh`, `.env`, credential files, keychains, tokens, secret
  stores; printing secrets from the environment (`env`, `echo $GITHUB_TOKEN`, `print(os.environ)`)
  unless filtered to harmless names (`env | grep PATH`); a home or credential folder mounted
  into a container (and served over HTTP, as exfiltration);
- **instruction aimed at the agent** (or the reviewer), and **hidden text** (invisible or
  bidi characters, hidden comments addressing the model);
- **persistence hook**: shell rc files, `$PROFILE`, git hooks, `.pth`, crontab, systemd and
  launchd units, `authorized_keys`, `LD_PRELOAD`, `NODE_OPTIONS=--require`, `BASH_ENV`, …;
- **destructive command**: `rm -rf ~`, `mkfs`, `dd of=/dev/sda`, a fork bomb, ….
- **weakening a safeguard** and **adding a code source** (`effects`, over the tables of
  `safeguards`): hooks skipped, TLS or checksums off, tests or CI disabled, reviews or branch
  protection removed, security software off, permissions widened, agent permission bypasses,
  a policy's enforcement lowered to audit or warn, a security mode set to None, checkers
  silenced for a whole file or for everything and a tool's own secret check overridden
  (`checkers`),
  a count a change must pass (approvals, reviewers, coverage, retention) set to 0 or removed
  in any language (`thresholds`); new package indexes, packages run unseen or named like a
  well-known one in a command, a manifest or prose of any language (`lookalike`, `packages`,
  `named`), MCP servers, git dependencies, binaries saved to run. An exact release of a
  package run as a README documents it (`npx tool@2.13.4 …`) is no new source. Judged by
  polarity: a rule that forbids the weakening ("never use --no-verify") passes.

Words aimed at an agent are read in any language (`tongues`), and hidden characters by class.

A download piped into a program as data is fine (`curl … | jq .`). Lower-risk text — a URL to
a host the repository never names, `sudo` — is not refused: `notes` lists it for a visible
"Review carefully" section. The screen is deliberately broad: a false alarm drops one quote or
one proposal, a miss puts a harmful line in front of an agent.
"""

from __future__ import annotations

import functools
import re

from skillgit.safety import effects as _effects
from skillgit.safety import plain as _plain
from skillgit.safety import polarity as _polarity
from skillgit.safety import text as _text
from skillgit.safety.address import opening_vocative
from skillgit.safety.decoded import decoded_texts
from skillgit.safety.findings import Finding
from skillgit.safety.flow import analyse
from skillgit.safety.review import ELEVATION, UNKNOWN_HOST, Note, hosts_in, notes
from skillgit.safety.shell import parse
from skillgit.safety.vocab import AGENT, HIDDEN

__all__ = ["ELEVATION", "UNKNOWN_HOST", "Finding", "Note", "findings", "hosts_in",
           "is_unsafe", "new_text", "notes", "refused", "unsafe_lines", "without_vocative"]

MAX_SCREENED = 200_000
_ALWAYS = frozenset({HIDDEN, AGENT})  # read in the text as written
_TABLE_ROW = re.compile(r"^[ \t]*\|.*\|[ \t]*$", re.M)


def _cells(row: re.Match[str]) -> str:
    """A Markdown table row: each cell is its own line (a cell's `\\|` is a pipe again)."""
    cells = re.split(r"(?<!\\)\|", row.group(0).strip().strip("|"))
    return "\n".join(cell.replace("\\|", "|") for cell in cells)


def findings(text: str | None, *, user_voice: bool = False,
             _decoding: bool = False) -> list[Finding]:
    """Every reason `text` may not be copied into a proposal (one finding per detail); text
    that base64 or hex runs decode to is screened too (`decoded`), one level deep.

    `user_voice`: `text` is a message the user typed (not a tool's output, a file or a
    model's answer): it is read without the name it opens with (`without_vocative`); every
    class is judged the same on the rest.

    The screen is a pure function of (`text`, `user_voice`): a text of up to
    `MEMO_MAX_CHARS` is screened once per process (`_memo`, keyed by the exact text), however
    many stages show it (a candidate's signals, its quotes, a commit message's fragments)."""
    if not text:
        return []
    if _decoding:
        return _screen(text, user_voice=user_voice, decoding=True)
    if len(text) > MEMO_MAX_CHARS:
        return _screen(text, user_voice=user_voice)
    return list(_memo(text, user_voice))


MEMO_MAX_CHARS = 4_000   # longer texts are rare twice and would make the memo large
MEMO_ENTRIES = 1 << 14   # at most 16,384 texts kept, the least recently used dropped first


@functools.lru_cache(maxsize=MEMO_ENTRIES)
def _memo(text: str, user_voice: bool) -> tuple[Finding, ...]:
    """`_screen`, once per distinct (text, mode); findings are frozen, so shared safely."""
    return tuple(_screen(text, user_voice=user_voice))


def _screen(text: str, *, user_voice: bool, decoding: bool = False) -> list[Finding]:
    """The screen itself (see `findings`), never memoized. What a clause forbids is not what a
    text recommends: the text is read with forbidden code spans blanked; only when that finds
    something is it read again with what negations reach in prose blanked too (most texts
    find nothing, and blanking can only take findings away)."""
    text = without_vocative(text[:MAX_SCREENED]) if user_voice else text[:MAX_SCREENED]
    plain = _plain.normalize(text)
    out, effects = _read(text, plain, prose=False)
    if any(f.risk not in _ALWAYS for f in out):
        narrowed = set(_read(text, plain, prose=True)[0])
        out = [f for f in out if f.risk in _ALWAYS or f in narrowed]
    out += effects
    closed = closed_at_end(text)
    if closed != text:  # a quote cut short, or typed so: read as closed at the end too
        out += _screen(closed, user_voice=False, decoding=True)
    if not decoding:
        for hidden in decoded_texts(text):  # an encoded instruction is read as its plain text
            out += [Finding(f.risk, f"encoded: {f.detail}")
                    for f in findings(hidden, _decoding=True)]
    return list(dict.fromkeys(out))


def _read(text: str, plain: str, *, prose: bool) -> tuple[list[Finding], list[Finding]]:
    """(text and command findings, effect findings) of `text` read with what a clause forbids
    blanked (`polarity.unforbidden`; in prose too with `prose`). Effects are read only
    without `prose`: a look-alike's judge needs the name a rule sets it against."""
    blanked = _polarity.unforbidden(plain, prose=prose)
    out = _text.findings(text, plain)
    if blanked != plain:  # a command or a place shown only to forbid it: what else is there?
        still = set(_text.findings(_polarity.unforbidden(text, prose=prose), blanked))
        out = [f for f in out if f.risk in _ALWAYS or f in still]
    shown = _TABLE_ROW.sub(_cells, _plain.unmarked(blanked))
    # A quote and an apostrophe read differently may hide a command: both readings are
    # analysed, the second only when it parses differently (`analyse` is a pure function of
    # the parse, and the findings are deduplicated, so an equal parse adds nothing).
    as_code = parse(shown, prose=False)
    out += analyse(as_code)
    as_prose = parse(shown, prose=True)
    if as_prose != as_code:
        out += analyse(as_prose)
    return out, ([] if prose else _effects.findings(shown))


_APOSTROPHE = re.compile(r"(?<=\w)'(?=\w)")


def closed_at_end(text: str) -> str:
    """`text` with each code span or quotation it leaves open closed at its end (a quote
    capped to its length, or a message typed so, must not hide its command: the shell reads
    an unclosed quote as a literal character, and the command after it as prose). An
    apostrophe inside a word (`don't`) opens nothing."""
    quotes = _APOSTROPHE.sub("", text)
    open_at = {mark: quotes.rfind(mark) for mark in ("`", '"', "'") if quotes.count(mark) % 2}
    return text + "".join(sorted(open_at, key=open_at.__getitem__, reverse=True))


def refused(text: str | None, *, user_voice: bool = False) -> list[str]:
    """The classes of risk `text` carries, sorted (empty when it may be copied)."""
    return sorted({f.risk for f in findings(text, user_voice=user_voice)})


def without_vocative(text: str) -> str:
    """`text` without the name it opens with ("Claude, please run …" → "please run …"): a
    user's message to their agent, written down as a rule for any agent."""
    found = opening_vocative(text)
    return text[found.end():] if found is not None else text


def is_unsafe(text: str | None) -> bool:
    """True when the text carries something that must never be written into a proposal."""
    return bool(findings(text))


def new_text(text: str, ignore: str = "") -> str:
    """The lines of `text` that are not already lines of `ignore`."""
    known = set(ignore.splitlines())
    return "\n".join(line for line in text.splitlines() if line not in known)


def unsafe_lines(text: str, *, ignore: str = "") -> bool:
    """`is_unsafe` for the lines of `text` that are not already lines of `ignore`.

    An update appends to an existing `SKILL.md`; what was there before is the owner's text
    (an install skill may well say `curl … | sh`), so only the new lines are screened.
    """
    return is_unsafe(new_text(text, ignore))
