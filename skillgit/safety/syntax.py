"""What the screening shell parser produces: pipelines of commands of words, each word made of
literal text, variables and substituted scripts; and `walk`, every command of a script."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property


@dataclass
class Part:
    """A piece of a word: literal text, a variable, or a substituted script."""

    kind: str                            # "lit" | "var" | "sub" | "proc_in" | "proc_out"
    text: str = ""                       # the literal text, or the variable's name
    default: str = ""                    # ${NAME:-default}
    script: list[Pipeline] | None = None
    backtick: bool = False               # `…` or a bare `(…)`: in prose, more often not code


@dataclass
class Word:
    parts: list[Part] = field(default_factory=list)
    quoted: bool = False
    raw: str = ""                        # the source text, as written (set once complete)

    @property
    def path(self) -> str:
        """The word as a file path: the literal, or the text as written when an expansion or a
        backslash makes the literal lose it (`$f`, `$HOME/x.sh`, `.\\x.ps1`, `C:\\t\\x.exe`)."""
        if "\\" in self.raw or any(p.kind == "var" for p in self.parts):
            return self.raw.strip("\"'")
        return self.literal

    @cached_property
    def literal(self) -> str:
        """The literal text, expansions left out (read once the word is complete)."""
        return "".join(p.text for p in self.parts if p.kind == "lit")

    @cached_property
    def static(self) -> str | None:
        """The text when the word has no expansion at all."""
        if any(p.kind != "lit" for p in self.parts):
            return None
        return self.literal

    def scripts(self, *kinds: str, backticks: bool = True) -> list[list[Pipeline]]:
        wanted = kinds or ("sub", "proc_in", "proc_out")
        return [p.script for p in self.parts if p.kind in wanted and p.script is not None
                and (backticks or not p.backtick)]

    def variables(self) -> list[Part]:
        return [p for p in self.parts if p.kind == "var"]


@dataclass
class Redirect:
    op: str
    target: Word
    body: str = ""                       # a here-document's text


@dataclass
class Command:
    words: list[Word] = field(default_factory=list)
    redirects: list[Redirect] = field(default_factory=list)
    group: list[Pipeline] | None = None  # `( … )` or `{ …; }`


@dataclass
class Pipeline:
    commands: list[Command] = field(default_factory=list)
    line: int = 0


Script = list[Pipeline]


def walk(script: Script) -> list[Command]:
    """Every command of a script, nested ones (groups, substitutions) included."""
    out: list[Command] = []
    for pipeline in script:
        for command in pipeline.commands:
            out.append(command)
            if command.group is not None:
                out += walk(command.group)
            for word in command.words + [r.target for r in command.redirects]:
                for inner in word.scripts():
                    out += walk(inner)
    return out
