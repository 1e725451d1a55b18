"""Credentials a command takes without a flag that names them: the positionals of known tools
(`htpasswd -b FILE USER PASS`, `rabbitmqctl add_user USER PASS`), `--from-literal=KEY=VALUE` of
`kubectl create secret`, `config set <secret-name> VALUE`, and a value piped or here-stringed
into a command that reads a secret from stdin (`echo X | docker login --password-stdin`,
`… | sudo -S`, `… --with-token <<< X`), and a secret's file made from a literal
(`--vault-password-file <(echo X)`). Flags that name a secret: `flags.py`."""

from __future__ import annotations

import re
from collections.abc import Iterator

from skillgit.redact.flag_values import _REACH, _SEGMENT_BREAK, _acceptable, _value_at

_POSITIONAL_TOOL = re.compile(r"htpasswd|rabbitmqctl|rabbitmqadmin")


_WORD = re.compile(r"""\\?(["'])(?:(?!\1).){0,512}\\?\1|[^\s|;&"'\\]+""")


_CONFIG_SECRET = r"(?:password|passwd|secret|token|api[_-]?key|apikey|_auth)"
_CONFIG_SET = re.compile(
    r"config(?:ure)?(?:(?:[ \t]+(?:set|--global|--local|--system|--add))+[ \t]+[\w./:@\-]*"
    + _CONFIG_SECRET + r"|[ \t]+[\w@\-]*[./:_][\w./:@\-]*" + _CONFIG_SECRET + r")[ \t]+")
"""`npm config set //r/:_authToken X`, `git config github.token X`, `aws configure set
aws_secret_access_key X`; not prose such as "the config token value"."""


def _positionals(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    """`htpasswd -b[c] FILE USER PASS` / `-nb USER PASS`; `rabbitmqctl add_user U P`."""
    tools = "htpasswd" in lowered or "rabbitmq" in lowered  # two finds spare a regex pass
    for anchor in _POSITIONAL_TOOL.finditer(lowered) if tools else ():
        end_of_line = lowered.find("\n", anchor.end(), anchor.end() + _REACH)
        stop = min(len(text), anchor.end() + _REACH) if end_of_line < 0 else end_of_line
        for brk in _SEGMENT_BREAK.finditer(lowered, anchor.end(), stop):
            stop = brk.start()
            break
        words = [w.span() for w in _WORD.finditer(text, anchor.end(), stop)]
        options = [lowered[a:b] for a, b in words if text[a] == "-"]
        values = [(a, b) for a, b in words if text[a] != "-"]
        wanted = -1
        if anchor.group() == "htpasswd" and any("b" in o for o in options):
            wanted = 1 if any("n" in o for o in options) else 2
        elif anchor.group().startswith("rabbitmq") and values and lowered[
                values[0][0]:values[0][1]] in ("add_user", "change_password"):
            wanted = 2
        if 0 <= wanted < len(values):
            start, end = values[wanted]
            if text[start] in "\"'" and end - start >= 2:
                start, end = start + 1, end - 1
            if _acceptable(text[start:end]):
                yield start, end
    literal = lowered.find("--from-literal=")
    while literal >= 0:
        span = _value_at(text, literal + len("--from-literal="))
        literal = lowered.find("--from-literal=", literal + 1)
        if span is not None:
            value = text[span[0]:span[1]]
            cut = value.find("=")
            if cut > 0 and _acceptable(value[cut + 1:]):
                yield span[0] + cut + 1, span[1]
    if "config" not in lowered:
        return
    for setting in _CONFIG_SET.finditer(lowered):
        span = _value_at(text, setting.end())
        if span is not None and _acceptable(text[span[0]:span[1]]):
            yield span


_STDIN_SINK = re.compile(r"(?:pass(?:word|phrase)?|token|secret|key)[\w-]*-stdin|--with-token"
                         r"|sudo[ \t]+(?:-[a-z]+[ \t]+)*-[a-z]*s\b|chpasswd|passwd[ \t]+--stdin"
                         r"|--passphrase-fd[ \t]+0|secret[ \t]+create|login[ \t]+-(?=\s|$)")
_STDIN_HINTS = ("-stdin", "with-token", "sudo ", "chpasswd", "passphrase-fd", "secret create",
                "login -")
_PRODUCER = re.compile(r"(?:^|[\s;&(\"'`]|\\n)(?:echo|printf)((?:[ \t]+-[a-z]+)*)[ \t]+")
_FORMAT = re.compile(r"""(["'])%s(?:\\n)?\1[ \t]+""")


def _piped_into_stdin(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    """`echo X | docker login --password-stdin`, `printf '%s' X | …`, `… <<< X`."""
    sinks: list[re.Match[str]] = []
    for needle in _STDIN_HINTS:
        found = lowered.find(needle)
        while found >= 0:
            window = max(0, found - 64)
            sinks.extend(sink for sink in _STDIN_SINK.finditer(lowered, window, found + 32)
                         if sink.start() <= found < sink.end())
            found = lowered.find(needle, found + 1)
    for sink in {sink.start(): sink for sink in sinks}.values():
        window = max(0, sink.start() - _REACH)
        line_start = lowered.rfind("\n", window, sink.start()) + 1 or window
        line_end = lowered.find("\n", sink.end(), sink.end() + _REACH)
        line_end = min(len(lowered), sink.end() + _REACH) if line_end < 0 else line_end
        pipe = lowered.rfind("|", line_start, sink.start())
        if pipe > line_start:
            producers = list(_PRODUCER.finditer(lowered, max(0, line_start - 1), pipe))
            if producers:
                producer = producers[-1]
                position = producer.end()
                fmt = _FORMAT.match(text, position)
                if fmt is not None:
                    position = fmt.end()
                span = _value_at(text, position)
                if span is not None and span[0] < pipe < span[1]:
                    span = (span[0], pipe)  # `echo X|docker login --password-stdin`
                if span is not None and span[1] <= pipe and _acceptable(
                        text[span[0]:span[1]].strip()):
                    yield span
        here = lowered.find("<<<", sink.end(), line_end)
        if here >= 0:
            position = here + 3
            while position < line_end and text[position] in " \t":
                position += 1
            span = _value_at(text, position)
            if span is not None and _acceptable(text[span[0]:span[1]]):
                yield span


_SUBSTITUTED = re.compile(r"(?:pass(?:word|phrase)?|token|secret|key|cred\w*)[\w-]*(?:[ \t]+|=)"
                          r"<\([ \t]*(?:echo|printf)((?:[ \t]+-[a-z]+)*)[ \t]+")
"""`--vault-password-file <(echo X)`, `--token-file=<(printf '%s' X)`: a file a flag names as
a secret's, made by process substitution from a literal: the literal is the secret."""


def _substituted_files(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    if "<(" not in lowered:
        return
    for flag in _SUBSTITUTED.finditer(lowered):
        position = flag.end()
        fmt = _FORMAT.match(text, position)
        span = _value_at(text, fmt.end() if fmt is not None else position)
        if span is not None:
            start, end = span
            while end > start and text[end - 1] == ")":
                end -= 1  # the substitution's own closing parenthesis
            if _acceptable(text[start:end]):
                yield start, end
