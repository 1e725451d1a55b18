"""A forgiving shell tokenizer for screening: text → pipelines → commands → words.

It follows what a POSIX shell (and, loosely, PowerShell) would do with quotes, backslash
escapes (`ba\\sh` is `bash`), line continuations, `$'…'`, variables with defaults
(`${SHELL:-sh}`), command substitution (`$(…)`, backticks), process substitution (`<(…)`,
`>(…)`), groups, redirections and here-documents, and the separators `;`, `&&`, `||`, `&`,
`|` and newlines. It never fails: transcript text mixes prose and commands, so a quote that is
never closed is a literal character, and unknown syntax is kept as literal text.
"""

from __future__ import annotations

import re

from skillgit.safety.syntax import Command, Part, Pipeline, Redirect, Script, Word, walk

__all__ = ["CLAUSE_END", "MAX_DEPTH", "Command", "Pipeline", "Script", "Word", "parse", "walk"]

MAX_DEPTH = 12
# A word that ends a clause of prose: what follows may be a command ("before you build:",
# "Actually,", "first -", "run"). Dashes are folded to "-" before parsing.
CLAUSE_END = re.compile(r"^[^\s'\"]*[:,]$|^(?:-|--|->|=>|\u2192)$|^(?:run|execute|exec|type|try|"
                        r"enter|paste|invoke|running|executing)$", re.I)
_LEADING_PIPE = re.compile(r"[ \t]*\|(?![|])")  # a line that goes on with `| …`
_IFS = re.compile(r"\$\{IFS\}|\$IFS\b(?:\$[0-9@*])?")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-]")
_REDIRECT = re.compile(r"(\d*)(<<<|<<-|<<|<>|<&|>>|>&|>\||&>>|&>|<|>)")
_ANSI = {"n": "\n", "t": "\t", "r": "\r", "e": "\x1b", "a": "\a", "\\": "\\", "'": "'", '"': '"'}
# Characters that are literal text inside a word whatever comes next: none of them starts a
# quote, an escape, an expansion, a separator, a redirection, a group or a closing bracket
# (a digit is a literal once its word has begun; the loop reads a word's first character).
_PLAIN_RUN = re.compile(r"[^ \t\r\n\\'\"$`&|;<>(){}]+")


class _Lexer:
    def __init__(self, text: str, prose: bool) -> None:
        self.text, self.prose, self.pos, self.line = text, prose, 0, 0
        self.heredocs: list[tuple[Redirect, str, bool]] = []

    def peek(self, n: int = 0) -> str:
        i = self.pos + n
        return self.text[i] if i < len(self.text) else ""

    def starts(self, s: str) -> bool:
        return self.text.startswith(s, self.pos)

    def script(self, depth: int, close: str = "") -> Script:
        out: Script = []
        pipeline = Pipeline(line=self.line)
        command = Command()
        word: Word | None = None
        word_start = 0
        piped = False  # a `|` ends the line: the pipeline goes on on the next one

        def end_word() -> None:
            nonlocal word
            if word is not None and word.parts:
                word.raw = self.text[word_start:self.pos]
                command.words.append(word)
            word = None

        def end_command() -> None:
            nonlocal command
            end_word()
            if command.words or command.redirects or command.group is not None:
                pipeline.commands.append(command)
            command = Command()

        def end_pipeline() -> None:
            nonlocal pipeline
            end_command()
            if pipeline.commands:
                out.append(pipeline)
            pipeline = Pipeline(line=self.line)

        while self.pos < len(self.text):
            c = self.peek()
            if close and self.starts(close):
                self.pos += len(close)
                end_pipeline()
                return out
            if c == "\\" and self.peek(1) == "\n":
                self.pos += 2
                self.line += 1
            elif c in " \t\r":
                clause = self.prose and word is not None and not word.quoted and \
                    self.text[self.pos - 1] in ":,"
                end_word()
                if clause:  # prose: "before you build: (curl …) | sh" starts a new command
                    end_pipeline()
                self.pos += 1
            elif c == "\n" and ((piped and not command.words and command.group is None) or
                               _LEADING_PIPE.match(self.text, self.pos + 1)):
                self.pos += 1
                self.line += 1
            elif c == "\n":
                end_pipeline()
                self.pos += 1
                self.line += 1
                self._read_heredocs()
                pipeline.line = self.line
            elif self.starts("&&") or self.starts("||") or c == ";":
                end_pipeline()
                self.pos += 1 if c == ";" else 2
            elif self.starts("|&") or (c == "|"):
                end_command()
                piped = True
                self.pos += 2 if self.starts("|&") else 1
            elif c == "&" and not self.starts("&>"):
                end_pipeline()
                self.pos += 1
            elif c in "<>" and self.peek(1) == "(" and depth < MAX_DEPTH:
                if word is None:
                    word, word_start = Word(), self.pos
                self.pos += 2
                word.parts.append(Part("proc_in" if c == "<" else "proc_out",
                                       script=self.script(depth + 1, ")")))
            elif (c in "<>&" or c.isdigit()) and (m := _REDIRECT.match(self.text, self.pos)) \
                    and (c != "&" or m.group(2).startswith("&>")) \
                    and (not c.isdigit() or word is None):
                end_word()
                self.pos = m.end()
                self._redirect(command, m.group(2), depth, close)
            elif c in "({" and word is None and depth < MAX_DEPTH and (
                    c == "(" or self.peek(1) in " \t\n"):
                if self.prose and command.words and CLAUSE_END.search(command.words[-1].raw):
                    end_pipeline()  # prose: "first do this - (curl …) | sh"
                self.pos += 1
                inner = self.script(depth + 1, ")" if c == "(" else "}")
                if command.words:  # `iex (iwr …)`: an argument that is a script
                    command.words.append(Word([Part("sub", script=inner, backtick=True)]))
                else:
                    command.group = inner
            elif (m := _IFS.match(self.text, self.pos)) is not None:
                end_word()  # `curl${IFS}-s`: $IFS splits words like a space
                self.pos = m.end()
            else:
                if word is None:
                    word, word_start = Word(), self.pos
                run = _PLAIN_RUN.match(self.text, self.pos)
                if run is not None:  # what `_word_char` would add one by one, at once
                    _lit(word, run.group())
                    self.pos = run.end()
                else:
                    self._word_char(word, depth)
                piped = False
        end_pipeline()
        return out

    def _redirect(self, command: Command, op: str, depth: int, close: str = "") -> None:
        while self.pos < len(self.text) and self.peek() in " \t":
            self.pos += 1
        target, start = Word(), self.pos
        while self.pos < len(self.text) and self.peek() not in " \t\n;|&<>)" and not (
                close and self.starts(close)):  # (a target ends where its substitution does)
            self._word_char(target, depth)
        target.raw = self.text[start:self.pos]
        if op.startswith("<<") and op != "<<<":
            redirect = Redirect(op, target)
            self.heredocs.append((redirect, target.literal, target.quoted))
        else:
            redirect = Redirect(op, target)
        command.redirects.append(redirect)

    def _read_heredocs(self) -> None:
        for redirect, delimiter, _quoted in self.heredocs:
            lines = []
            while self.pos < len(self.text):
                end = self.text.find("\n", self.pos)
                end = len(self.text) if end < 0 else end
                line = self.text[self.pos:end]
                self.pos = min(end + 1, len(self.text))
                self.line += 1
                if line.strip() == delimiter:
                    break
                lines.append(line)
            redirect.body = "\n".join(lines)
        self.heredocs = []

    def _closes(self, quote: str) -> bool:
        """Whether a quote at pos is closed later (else it is a literal character)."""
        if self.prose and quote == "'" and self.pos > 0 and self.text[self.pos - 1].isalnum() \
                and self.peek(1).isalnum():
            return False  # an apostrophe: don't, it's
        return self.text.find(quote, self.pos + 1) >= 0

    def _word_char(self, word: Word, depth: int) -> None:
        c = self.peek()
        if c == "\\":
            nxt = self.peek(1)
            self.pos += 2 if nxt else 1
            if nxt != "\n":
                _lit(word, nxt)
        elif c == "'" and self._closes("'"):
            end = self.text.find("'", self.pos + 1)
            _lit(word, self.text[self.pos + 1:end])
            self.line += self.text.count("\n", self.pos, end)
            self.pos, word.quoted = end + 1, True
        elif c == "$" and self.peek(1) == "'" and self.text.find("'", self.pos + 2) >= 0:
            end = self.text.find("'", self.pos + 2)
            _lit(word, _ansi(self.text[self.pos + 2:end]))
            self.pos, word.quoted = end + 1, True
        elif c == '"' and self._closes('"'):
            self.pos += 1
            word.quoted = True
            while self.pos < len(self.text) and self.peek() != '"':
                if self.peek() == "\\" and self.peek(1) and self.peek(1) in '$`"\\\n':
                    if self.peek(1) != "\n":
                        _lit(word, self.peek(1))
                    self.pos += 2
                elif self.peek() in "$`":
                    self._expansion(word, depth)
                else:
                    if self.peek() == "\n":
                        self.line += 1
                    _lit(word, self.peek())
                    self.pos += 1
            self.pos += 1
        elif c in "$`":
            self._expansion(word, depth)
        else:
            _lit(word, c)
            self.pos += 1

    def _expansion(self, word: Word, depth: int) -> None:
        if self.starts("$(("):
            end = self.text.find("))", self.pos)
            end = len(self.text) if end < 0 else end + 2
            _lit(word, "0")
            self.pos = end
        elif (self.starts("$(") or self.peek() == "`") and depth < MAX_DEPTH:
            backtick = self.peek() == "`"
            if backtick and self.text.find("`", self.pos + 1) < 0:
                _lit(word, "`")
                self.pos += 1
                return
            self.pos += 1 if backtick else 2
            word.parts.append(Part("sub", script=self.script(depth + 1, "`" if backtick
                                                               else ")"), backtick=backtick))
        elif self.starts("${"):
            end = self.text.find("}", self.pos)
            end = len(self.text) if end < 0 else end
            body = self.text[self.pos + 2:end]
            m = re.match(r"[#!]?([A-Za-z_][A-Za-z0-9_]*|\d+|[@*#?$!-])(?:(:?[-=+?])(.*))?$",
                         body, re.S)
            name, default = (m.group(1), (m.group(3) or "").strip("\"'")) if m else (body, "")
            word.parts.append(Part("var", name, default))
            self.pos = end + 1
        elif self.peek() == "$" and (m := _NAME.match(self.text, self.pos + 1)):
            word.parts.append(Part("var", m.group(0)))
            self.pos = m.end()
        else:
            _lit(word, self.peek())
            self.pos += 1


def _lit(word: Word, text: str) -> None:
    if word.parts and word.parts[-1].kind == "lit":
        word.parts[-1].text += text
    else:
        word.parts.append(Part("lit", text))


def _ansi(body: str) -> str:
    out, i = [], 0
    while i < len(body):
        if body[i] == "\\" and i + 1 < len(body):
            nxt = body[i + 1]
            if nxt in "xu" and (m := re.match(r"[0-9a-fA-F]{1,4}", body[i + 2:i + 6])):
                hexed = m.group(0)[:2] if nxt == "x" else m.group(0)
                out.append(chr(int(hexed, 16)))
                i += 2 + len(hexed)
                continue
            if (m := re.match(r"[0-7]{1,3}", body[i + 1:i + 4])):
                out.append(chr(int(m.group(0), 8)))
                i += 1 + len(m.group(0))
                continue
            out.append(_ANSI.get(nxt, nxt))
            i += 2
        else:
            out.append(body[i])
            i += 1
    return "".join(out)


def parse(text: str, *, prose: bool = False) -> Script:
    """The pipelines of `text`. `prose` reads an apostrophe between letters as one, not as
    a quote (both readings are screened: a quote can hide a command either way)."""
    return _Lexer(text, prose).script(0)
