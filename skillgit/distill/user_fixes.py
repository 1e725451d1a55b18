"""A working command the user gave right after a failure: the fix came from the user.

When a shell command fails and the user's next prompt gives the command to run instead,
that prompt is the failure's fix, as much as a command the agent found itself. A command
in the prompt is
- a code span or block (`` `uv run pytest -p no:randomly` ``), or a `$ ` line;
- or plain text starting with the failed command's program ("use go generate -tags tools
  ./... instead"), up to the end of its clause, with an argument no word of prose looks like
  (a flag, a path, a value: "pass it to curl here" gives no command).
It is the fix when it differs from the failed command and runs the same program or shares
most of its words (`SIMILARITY`), or when the user says to run it first ("Run `make db-up`
first": a setup step, whatever its program). A setup step may also be told as a clause of
its own, a command of any program with a flag or an env assignment ("podman compose up -d
db"), when it shares an argument with the failed command or the turn runs the failed
program after it ("…, then pytest passes"). Flags the user says to add ("add --upload-port
/dev/ttyACM1", never in a question) are the failed command with them; env assignments and a
path before the program ("JAVA_HOME=/usr/lib/jvm/temurin-17 ./gradlew assembleDebug") belong
to the command. Beyond a command, the fix is the part the error names: a setting
(`OPENSSL_STATIC=1` after a link error naming openssl, `QUEUE=short` after "QUEUE=batch
not permitted"; an env name goes before the failed command) or flags given alone
(`--port 3100` after "port 3000 is already in use"), whose name or value the failure's
output names. A plain-text command inside a question about the failure ("why would make
need the network here?") is none; a question asking for the work ("did you try pnpm
install --frozen-lockfile?") still gives one.
Text from the transcript is never run: the command is only quoted, with the user's turn as
evidence.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from skillgit.distill.runner_table import PREFIX

SIMILARITY = 0.4
MAX_COMMAND_CHARS = 300
_BLOCK = re.compile(r"```[\w+-]*\n(?P<body>.+?)```", re.DOTALL)
_SPAN = re.compile(r"`(?P<body>[^`\n]{2,300})`")
_PROMPT_LINE = re.compile(r"^[ \t]*\$[ \t]+(?P<body>\S.*)$", re.MULTILINE)
# A placeholder in a command the user wrote out: <path>, {file}, ..., FILE.
_PLACEHOLDER = re.compile(r"^(?:<[^>]*>|\{[^}]*\}|\.\.\.|\[[^]]*\]|[A-Z][A-Z_]{2,})$")
# Where a command written in plain text ends.
_PLAIN_END = re.compile(r"[,;!?\n]|(?<![./])\.(?=\s|$)|\s(?:instead|rather|first|then|so"
                        r"|because|otherwise|or|not|please|pls|works?|worked|will|is|does|did"
                        r"|should)\b"
                        r"|[`'\"]", re.IGNORECASE)


def given_command(text: str, failed: str, program: str,
                  succeeded: Sequence[str] = (), *, error: str = "") -> tuple[str, int] | None:
    """(command, position in `text`) of the working command the user gave for the failed
    shell command `failed` (whose program, prefixes skipped, is `program`), or None.
    `succeeded` is what the agent ran without error after the prompt: a quoted command it
    then ran (placeholders such as `<path>` filled in) is the fix whatever its program;
    `error` is the failure's output: a setting or flags the user gives are the fix only
    when it names them."""
    base = program.split(" ", 1)[0]
    if not base:
        return None
    for raw, start in _candidates(text, base):
        command = re.sub(r"(?<![./])\.$", "", _unwrapped(raw))[:MAX_COMMAND_CHARS]
        if not command or command == failed.strip():
            continue
        first = _program_of(_RUNNER_FIRST.sub("", command))  # `fvm flutter …` runs flutter
        if (first == base or _similarity(command, failed) >= SIMILARITY
                or any(_runs(command, later) for later in succeeded)
                or (_FIRST.match(text, start + len(raw)) and _RUN_BEFORE.search(text, 0, start))):
            return command, start
    for added in _ADD_FLAGS.finditer(text):
        flags = re.sub(r"[.:]$", "", added.group("flags").strip())
        asked = _IN_QUESTION.match(text, added.end())  # "can you rerun it with -v …?"
        looking = _TO_SEE.match(text, added.end())  # "… so we can see the whole error"
        if failed.strip() and flags.split()[0] not in failed and not asked and not looking:
            return f"{failed.strip()} {flags}", added.start("flags")
    step = _setup_step(text, failed)
    if step is not None:
        return step
    ran = _flags_then_run(text, failed, succeeded)
    if ran is not None:
        return ran
    if not error:
        return None
    return (_named_by_the_error(text, failed.strip(), error.lower())
            or _replaced_values(text, failed.strip(), error.lower()))


_RUNNER_FIRST = re.compile(rf"^{PREFIX}")
_GIVEN_FLAG = re.compile(r"(?<![\w/.-])(--?[A-Za-z][\w-]*)(?:[= ]+(?!-)([^\s,;`'\"]+))?")
_SEPARATORS = re.compile(r"\s*(?:&&|\|\||;|\|)\s*")


def _flags_then_run(text: str, failed: str, succeeded: Sequence[str]) -> tuple[str, int] | None:
    """Flags the user gives alone after the failure ("--flavor dev -t lib/main_dev.dart"),
    not in a question nor to look closer, that the agent's next successful command adds to
    the failed one, each with its value: that command (the part running the failed
    program) is the fix the user gave."""
    given = [(m.group(1), m.group(2), m.start()) for m in _GIVEN_FLAG.finditer(text)
             if not _wonders(text, m.start())]
    before = failed.split()
    new = [(flag, value, at) for flag, value, at in given if flag not in before]
    if not new or _TO_SEE.match(text, new[-1][2]) or not failed.strip():
        return None
    program = _program_of(failed)
    for later in succeeded:
        for part in _SEPARATORS.split(later.split("\n", 1)[0]):
            words = part.split()
            if _program_of(part) != program or words[:2] != before[:2]:
                continue
            if all(flag in words and (value is None or value.rstrip(".") in words)
                   for flag, value, _at in new):
                return part.strip(), new[0][2]
    return None


_VALUE = re.compile(r"(?<![\w./-])[a-z][a-z0-9]*[-_][\w-]*[a-z0-9](?![\w/-]|\.\w)", re.I)


def _replaced_values(text: str, failed: str, error: str) -> tuple[str, int] | None:
    """The failed command with the values the user gives in place of the arguments the error
    names ("the cluster is aks-stg-weu in rg-stg-weu" after `… -g rg-staging -n aks-staging`
    failed with "aks-staging … not found"): a value of the same kind shares its prefix
    ("aks-", "rg-"), outside questions."""
    named = [a for a in failed.split() if _VALUE.fullmatch(a) and a.lower() in error]
    fixed, first = failed, -1
    for argument in named:
        prefix = re.split(r"[-_]", argument, maxsplit=1)[0].lower()
        for match in _VALUE.finditer(text):
            value = match.group()
            if (value.lower().startswith(prefix) and value[len(prefix):][:1] in "-_"
                    and value not in failed and not _wonders(text, match.start())):
                fixed = re.sub(rf"(?<!\S){re.escape(argument)}(?!\S)", value, fixed)
                first = match.start() if first < 0 else min(first, match.start())
                break
    return (fixed, first) if first >= 0 else None


# A clause that is a command of any program with a flag ("docker compose up -d db"), or
# with an env assignment before it: the user telling the working setup.
_SETUP_CLAUSE = re.compile(r"(?:^|(?<=[.;:!\n])|(?<=[.;:!,]\s))\s*[`'\"]?(?P<cmd>(?:[A-Za-z_]"
                           r"\w*=\S+\s+)*[a-z][\w.-]*(?:\s+[^\s,;`'\"]+){1,6}?)"
                           r"(?=[`'\"]?(?:[,;!\n]|\.(?:\s|$)|\s+(?:then|and)\b|$))")
_FLAG_WORD = re.compile(r"^--?[A-Za-z]")
_FIRST_LAST = re.compile(r"\s+(?:first|beforehand)\s*$", re.IGNORECASE)  # a step before it
_THEN_RUNS = re.compile(r"\bthen\s+(?:run\s+)?[`'\"]?([\w.-]+)", re.IGNORECASE)


def _setup_step(text: str, failed: str) -> tuple[str, int] | None:
    """A command of another program the user gives as a setup step for the failed one, not
    in a question: it shares an argument with the failed command ("docker compose up -d db"
    before `bin/rails db:migrate`), or the turn runs the failed program after it ("…, then
    rspec works")."""
    failed_words = {w for w in re.split(r"[\s:/=.,'\"]+", failed.lower()) if len(w) >= 2}
    for match in _SETUP_CLAUSE.finditer(text):
        command = match.group("cmd")
        first = _FIRST_LAST.search(command)  # "pip install -r docs/requirements.txt first"
        command = command[:first.start()] if first else command
        words = command.split() or [""]
        if _wonders(text, match.start("cmd")) or not (
                _ENV_WORD.match(words[0]) or any(_FLAG_WORD.match(w) for w in words[1:])):
            continue
        arguments = {w.lower() for w in words[1:] if not _FLAG_WORD.match(w)}
        then_runs = any(w.lower() in failed_words - {"run", "the"}
                        for w in _THEN_RUNS.findall(text, match.end()))
        if command.strip() != failed.strip() and (arguments & failed_words or then_runs
                                                  or first):
            return command, match.start("cmd")
    return None


def _named_by_the_error(text: str, failed: str, error: str) -> tuple[str, int] | None:
    """A setting (`OPENSSL_STATIC=1`, `QUEUE=short,MEM=4G`) or flags (`--port 3100`)
    the user gives, not in a question, that the failed command lacks and whose name the
    error names: the failed command with them, or the setting itself."""
    for match in _SETTING.finditer(text):
        setting = match.group().rstrip(".:")
        pairs = [pair.split("=", 1) for pair in setting.split(",")]
        keys = [pair[0] for pair in pairs]
        named = any(_names(error, key) or (value and len(value[0]) >= 3
                                           and value[0].lower() in error)
                    for key, *value in pairs)
        if (setting not in failed and named
                and not _wonders(text, match.start())):
            shell = _ENV_NAME.match(keys[0]) and len(keys) == 1 and failed
            return (f"{setting} {failed}" if shell else setting), match.start()
    for match in _FLAGS.finditer(text):
        flags = re.sub(r"[.:]$", "", match.group("flags").strip())
        name = flags.split()[0].lstrip("-").split("=", 1)[0]
        values = [t for t in re.split(r"[^\w]+", flags.replace(name, " ", 1))
                  if len(t) >= 4 and t.lower() not in _URL_WORDS]
        named = _names(error, name) or any(_names(error, value) for value in values)
        if (failed and name not in failed and named
                and not _wonders(text, match.start())):
            return f"{failed} {flags}", match.start("flags")
    return None


def _names(error: str, name: str) -> bool:
    """Whether the error (lower case) names `name` or a word of it (3 letters or more)."""
    words = [w for w in re.split(r"[-_.]", name.lower()) if len(w) >= 3] or [name.lower()]
    return any(re.search(rf"(?<![a-z]){re.escape(word)}(?![a-z])", error) for word in words)


_PAIR = r"[A-Za-z_][A-Za-z0-9_]*=[^\s,;'\"`]+"
_SETTING = re.compile(rf"(?<![\w=-]){_PAIR}(?:,{_PAIR})*")
_ENV_NAME = re.compile(r"^[A-Z][A-Z0-9]*_[A-Z0-9_]+$")
_URL_WORDS = frozenset({"http", "https", "www", "com", "org", "net", "html", "json", "true",
                        "false", "none"})


def _program_of(command: str) -> str:
    """The program a command runs, env assignments skipped, without its path."""
    words = [w for w in command.split() if not _ENV_WORD.match(w)] or [""]
    return words[0].rsplit("/", 1)[-1]


_IN_QUESTION = re.compile(r"[^.!\n]*\?")
# Flags asked for to look closer, not to fix: "… so we can see the whole error", "to see why".
_TO_SEE = re.compile(r"[^.!?\n]*?\b(?:so\s+(?:that\s+)?(?:we|i|you)\s+(?:can|could)\s+(?:see"
                     r"|read|tell|find)|to\s+(?:see|find\s+out|get\s+more)|for\s+(?:more|the\s+"
                     r"full|verbose)\s+(?:output|logs?|details))\b", re.IGNORECASE)
_ENV_WORD = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
# "Run `make db-up` first": the user's command is a step before the failed one (told as an
# instruction: "`make docs` first please" orders the work, it fixes nothing).
_RUN_BEFORE = re.compile(r"\b(?:run|start|execute|call)\s+[`'\"]?$", re.I)
_FIRST = re.compile(r"[`'\"]?\s*(?:first|beforehand|before\s+(?:that|it|running))\b", re.I)
_PROSE_WORD = (r"(?:to|for|the|a|an|on|in|at|here|there|and|or|with|when|if|so|too|as|"
               r"instead|please|now|again|it|this|that|every|each|always)\b")
"""A word of the sentence after a flag ("pass --insecure to curl"), never the flag's value."""
# "add --upload-port /dev/ttyACM1", "pass --vault-id prod@~/.vault": flags for the failed
# command, each with its value when one follows.
# ... also quoted as code ("use `--context prod-ro`"): the quote is no part of a value.
_ADD_FLAGS = re.compile(r"(?:^|(?<=[\s,.;:]))(?:add|pass|append|use|with|try)\s+[`'\"]?(?P<flags>"
                        r"(?:--?[A-Za-z][\w-]*(?:[= ](?!-|" + _PROSE_WORD + r")[^\s,;`'\"]+)?"
                        r"\s*)+)", re.I)
# Flags given alone ("--port 3100"): only those whose name or value the error names.
_FLAGS = re.compile(r"(?:^|(?<=[\s,.;:]))(?P<flags>(?:--[A-Za-z][\w-]*(?:[= ](?!-|"
                    + _PROSE_WORD + r")[^\s,;]+)?\s*)+)", re.I)


def _runs(given: str, ran: str) -> bool:
    """Whether `ran` is the command `given` (its words before any placeholder) with
    arguments added: `npx vitest --run <path>` and `npx vitest --run src/a.test.ts`."""
    words = []
    for word in given.split():
        if _PLACEHOLDER.match(word):
            break
        words.append(word)
    return len(words) >= 2 and ran.split()[:len(words)] == words


def _candidates(text: str, base: str) -> Iterator[tuple[str, int]]:
    for match in _BLOCK.finditer(text):
        for line in match.group("body").splitlines():
            if line.strip():
                yield line.strip().removeprefix("$ "), match.start("body")
    for pattern in (_SPAN, _PROMPT_LINE):
        for match in pattern.finditer(text):
            yield match.group("body"), match.start("body")
    # (a runner in front is part of it: "fvm flutter pub get" after `flutter pub get` failed)
    for match in re.finditer(rf"(?<![\w./`'\"-])(?:[A-Za-z_][A-Za-z0-9_]*=\S+\s+)*"
                             rf"(?P<runner>{PREFIX})?(?:\.?\.?/)?{re.escape(base)}\s+\S", text):
        if _wonders(text, match.start()):
            continue  # "why would make need the network?": a question about the failure
        end = _PLAIN_END.search(text, match.end())
        while end and end.group() in "\"'" and (close := _closing(text, end.start())) > 0:
            end = _PLAIN_END.search(text, close + 1)  # a quoted argument: `exec "a b"`
        command = text[match.start():end.start() if end else len(text)]
        words = command.split()
        if _ENV_WORD.match(words[0]) or match.group("runner") or any(
                _ARGUMENT.search(word) for word in words[1:]):
            yield command, match.start()  # (not "curl here": prose after a program's name)


def _unwrapped(raw: str) -> str:
    """`raw` without the quotes around it, keeping the one that closes its last argument."""
    command = raw.strip(" \t`'\"")
    tail = raw.rstrip(" \t`")[-1:]
    if tail in ("\"", "'") and command.count(tail) % 2 == 1:
        command += tail
    return command


def _closing(text: str, opening: int) -> int:
    """Where the quote opened at `opening` closes on its line, or -1."""
    line_end = text.find("\n", opening)
    return text.find(text[opening], opening + 1, len(text) if line_end < 0 else line_end)


_SENTENCE_START = re.compile(r"(?:^|[.!?\n])\s*(?=[^.!?\n]*$)")
_ASKS_FOR_WORK = re.compile(r"(?:(?:so|and|ok|okay|maybe|then)\W+)*(?:(?:can|could|would|will)"
                            r"\s+(?:you|u)|please|pls|try|how\s+about|what\s+about"
                            r"|(?:did|have)\s+(?:you|u)\s+(?:try|tried)|why\s+not)\b", re.I)


def _wonders(text: str, position: int) -> bool:
    """Whether the sentence holding `position` is a question that asks for no work ("why does
    X need Y?"; "could you run X instead?" asks the agent to run it)."""
    end = re.compile(r"[.!?\n](?=\s|$)|$").search(text, position)
    if end is None or text[end.start():end.start() + 1] != "?":
        return False
    start = _SENTENCE_START.search(text[:position])
    begin = start.end() if start else 0
    return _ASKS_FOR_WORK.match(text, begin) is None


_ARGUMENT = re.compile(r"[-/=.:@\d_$~]")
"""What an argument in plain text has and a word of prose has not: a flag, a path, a value."""


def _similarity(a: str, b: str) -> float:
    left, right = set(a.split()), set(b.split())
    return len(left & right) / len(left | right) if left and right else 0.0
