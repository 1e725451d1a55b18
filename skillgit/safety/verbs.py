"""What a command does to what it names: a verb class by an object class, for any program.

The screen's other tables name programs (`safeguards.FLAGS`); a rule written for a tool nobody
listed (`bq rm -r -f -d analytics_prod`, `kafka-topics.sh … --delete --topic …` against a
production broker, `flyway -url=…db-prod… clean`) still says what it does in its words: a verb
of destruction and an object named production, or a verb of removal and an object whose own
name says it is a safeguard (`kubectl delete validatingwebhookconfiguration …`). So each
command of a line (a code span, a shell line, a part between `;`, `&&`, `|`) is read as words:
- a *verb* is a word among the first few after the program (a subcommand: `rm`, `delete`,
  `delete-db-instance`, `db:drop`, `FLUSHALL`) or an option that is one (`--delete`, `--purge`,
  Go's one-dash `-purge`);
- an *object* is any other word: one that names production (`prod`, `prd`, `production`,
  `live` as a part of a name, not a project file such as `build/prod-bundle.js`), or one whose
  own name says it guards (`validating`, `admission`, `protection`, `firewall`, `signing`).
A destruction of production is `destroy`; a removal of a safeguard is `security`. Git is read
by its own table (`push` with a `+refspec` forces it). Each hit is then judged by its polarity
like every other (`effects.forbids`): "never run `bq rm … prod`" passes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

DESTROY_PARTS = frozenset({
    "delete", "del", "rm", "remove", "drop", "dropdb", "destroy", "purge", "truncate", "wipe",
    "clean", "flush", "flushall", "flushdb", "erase", "nuke", "terminate", "rb", "rmdir",
    "prune", "reset", "uninstall", "unset", "detach", "expunge", "forget", "clear", "cl",
    "downgrade",
})
"""Parts of a word (split at `-`, `_`, `:`, `.`) that make it a verb of destruction."""
REMOVE_PARTS = frozenset({"delete", "del", "rm", "remove", "destroy", "purge", "uninstall",
                          "disable", "unset", "detach", "drop", "clear", "cl"})
"""Parts of a word that make it a verb of removal (of a safeguard)."""
_SQL_VERBS = frozenset({"drop", "truncate", "delete"})
_SQL_OBJECTS = frozenset({"TABLE", "DATABASE", "SCHEMA", "POLICY", "MASKING", "ROW", "NETWORK",
                          "INDEX", "VIEW", "USER", "ROLE", "FROM", "WAREHOUSE", "STAGE", "SHARE",
                          "STREAM", "TASK", "PIPE", "SEQUENCE", "FUNCTION", "PROCEDURE", "TRIGGER",
                          "SNAPSHOT", "BACKUP", "KEYSPACE", "COLLECTION", "BUCKET", "INTEGRATION"})
"""What a statement of SQL drops: `DROP MASKING POLICY …`, `drop table …` — a sentence that starts
with "delete backups older than …" is prose, not a statement."""
_SLASH_OPTIONS = frozenset({"auditpol", "wevtutil", "vssadmin", "wbadmin", "bcdedit", "schtasks",
                            "reg", "netsh", "net", "sc", "wmic", "icacls", "cipher", "del", "rd",
                            "rmdir", "fsutil", "manage-bde"})
"""Windows tools whose options start with `/` (`auditpol /clear`, `vssadmin delete shadows
/all`): elsewhere a word with a leading slash is a path or a chat command (`/clear`)."""
VERB_REACH = 5
"""Words after the program a subcommand may stand at (`gcloud sql instances delete`)."""

_PRODUCTION = re.compile(r"(?<![a-z])(?:prod|prd|production|live)(?![a-z])", re.I)
_SAFEGUARD = re.compile(r"validat|admission|protection|firewall|guard|signing|signature|"
                        r"verif|audit|scanner|constraint|securit|eventlog|(?:network|masking|access|password|"
                        r"security|session|authentication|conditional)[ _-]?polic", re.I)
_PROJECT_FILE = re.compile(r"\.(?:m?js|cjs|tsx?|jsx|json|py|css|scss|html|map|txt|md|log|zip|gz|"
                           r"lock|ya?ml|toml|sh|tf|env|ini|cfg|conf|properties|sql|rb|go|rs)$",
                           re.I)
_SEGMENT = re.compile(r"`([^`\n]+)`|[^`\n]+")
COMMAND_SEPARATORS = re.compile(r"\s*(?:;|&&|\|\|?|\$\(|\))\s*")
"""What separates the commands of one segment (`;`, `&&`, a pipe, a substitution's parens)."""
_PROMPT = re.compile(r"^\s*(?:\$|#|>|PS[^>]*>)\s+")
QUOTES = "\"'`,.;:()[]{}"
"""Marks around a word that are no part of it."""


def hits(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, effect) of each command in `text` that destroys production, removes a
    safeguard, or force-pushes with a `+refspec`."""
    offset = 0
    for line in text.split("\n"):
        if (_PRODUCTION.search(line) or _SAFEGUARD.search(line) or "+" in line
                or _BACKUPS.search(line) or "://" in line
                or ("--" in line and _REMOTE_TARGET.search(line))):
            for start, body in segments(line):
                base = offset + start
                code = start > 0 and line[start - 1] == "`"
                for part in _commands(body, prose=not code):
                    words = list(re.finditer(r"\S+", part))
                    verb, effect = _judge([w.group() for w in words])
                    if effect:  # the span starts at the verb: "don't run kubectl delete …"
                        at = body.find(part) + words[verb].start()
                        yield base + at, base + body.find(part) + len(part), effect
        offset += len(line) + 1


def segments(line: str) -> Iterator[tuple[int, str]]:
    """(offset in `line`, text) of each code span of `line`, and of each stretch between them."""
    for segment in _SEGMENT.finditer(line):
        if segment.group(1) is not None:
            yield segment.start(1), segment.group(1)
        else:
            yield segment.start(), segment.group(0)


_SENTENCE_END = re.compile(r"(?<=[a-z)][.!?])\s+(?=\S)")
"""Where a sentence of prose ends: a command said in prose stays inside its sentence ("the
scanner should prefill it. regenerate … with --delete-…" is two sentences)."""


def _commands(body: str, *, prose: bool = False) -> list[str]:
    parts = COMMAND_SEPARATORS.split(_PROMPT.sub("", body))
    if prose:
        parts = [sentence for part in parts for sentence in _SENTENCE_END.split(part)]
    return [p for p in parts if p.strip()]


def _parts(word: str) -> set[str]:
    return {p.lower() for p in re.split(r"[-_:.]+", word.strip(QUOTES).lstrip("-")) if p}


_GO_OPTION = re.compile(r"-[a-z]{3,}(?:-[a-z]+)*(?:=\S*)?")
"""A long option spelled with one dash, as Go's flag package and the tools built on it spell
every option (`nomad job stop -purge`, `terraform apply -destroy`): a word, not a cluster of
one-letter flags (`-rf`)."""
_REMOTE_TARGET = re.compile(r"--(?:linked|remote|prod|production|live)(?:=\S*)?", re.I)
"""An option that points a command at the shared, hosted copy rather than the local one
(`supabase db reset --linked`)."""
_BACKUPS = re.compile(r"backup|snapshot|archive|replica|shadow", re.I)
"""Objects whose loss is a loss of the copies themselves, whatever their names say of
production (`restic -r s3:…/pharma-backups forget --prune`)."""
_REMOTE = re.compile(r"^[a-z][\w+.-]*://(?!(?:localhost|127\.|\[?::1))|^[\w.-]+@[\w.-]+:|^(?:s3|gs|az):",
                     re.I)
_RECURSIVE = frozenset({"-r", "-R", "--recursive", "-rf", "-fr", "-Rf", "--recurse"})


_ENV_ASSIGNMENT = re.compile(r"[A-Za-z_]\w*=\S*")


def _judge(words: list[str]) -> tuple[int, str]:
    """(index of the verb, effect) of a command's words; effect "" when nothing is found.
    Variables set before the program (`AWS_PROFILE=prod cdk destroy`) are where it acts, as
    its options are: they are read as objects, and the program is the word after them."""
    prefix = 0
    while prefix < len(words) - 1 and _ENV_ASSIGNMENT.fullmatch(words[prefix]):
        prefix += 1
    if prefix:
        verb, effect = _judge_program(words[prefix:], words[:prefix])
        return verb + prefix, effect
    return _judge_program(words, [])


def _judge_program(words: list[str], env: list[str]) -> tuple[int, str]:
    if len(words) < 2:
        return 0, ""
    program = words[0].strip(QUOTES).rsplit("/", 1)[-1].lower().removesuffix(".exe")
    if program == "git":
        return 0, _git(words[1:])
    if program in _SLASH_OPTIONS:  # Windows' own tools spell an option `/clear`
        words = [words[0], *(w[1:] if w.startswith("/") and w[1:].isalpha() else w
                             for w in words[1:])]
    verbs = [i for i, w in enumerate(words[1:], 1)
             if ((i <= VERB_REACH and not w.startswith("-")) or w.startswith("--")
                 or _GO_OPTION.fullmatch(w)) and _parts(w) & DESTROY_PARTS]
    verbs += [i for i, w in enumerate(words[1:], 1) if _http_delete(words, i)]
    sql = program in _SQL_VERBS and (words[0].strip(QUOTES).isupper() or words[1].strip(
        QUOTES).upper() in _SQL_OBJECTS)
    if program in ("dropdb", "wipefs") or sql or (program != "delete" and program.endswith(
            ("delete", "destroy", "purge", "wipe"))):
        verbs.append(0)  # (a statement of SQL starts with its verb: `DROP MASKING POLICY …`;
        #                    a program named for it: `ldapdelete`)
    for i in verbs:
        objects = [*env, *(w.strip(QUOTES) for j, w in enumerate(words) if j not in (0, i))]
        if any(_PRODUCTION.search(o) and not _PROJECT_FILE.search(o) for o in objects) or any(
                _REMOTE_TARGET.fullmatch(o) for o in objects):
            return i, "destroy"
        if (_parts(words[i]) & DESTROY_PARTS or i == 0) and (
                any(_BACKUPS.search(o) for o in objects if not o.startswith("-")) or (
                    _RECURSIVE & set(words) and any(_REMOTE.match(o) for o in objects))):
            return i, "destroy"  # the copies themselves, or a tree on another host
        if i and (_parts(words[i]) & REMOVE_PARTS) and _SAFEGUARD.search(program):
            return i, "security"  # the program is the safeguard (`auditpol /clear`)
        if (_parts(words[i]) & REMOVE_PARTS or _http_delete(words, i)) and _SAFEGUARD.search(
                " ".join(o for o in objects if not o.startswith("-"))):
            return i, "security"
    return 0, ""


_HTTP_DELETE = re.compile(r"(?i)(?:-X|--request=?|-Method=?)?[\"']?(?:delete|purge)[\"']?")
_METHOD_OPTIONS = frozenset({"-x", "--request", "-method"})


def _http_delete(words: list[str], i: int) -> bool:
    """Whether `words[i]` asks an HTTP client for a DELETE (`-XDELETE`, `-X DELETE`,
    `--request DELETE`, `-Method Delete`): the method is the verb of the request."""
    word = words[i]
    if (word[:2] in ("-X", "-x") and len(word) > 2) or word.lower().startswith(
            ("--request=", "-method=")):
        return _HTTP_DELETE.fullmatch(word) is not None
    return i > 1 and words[i - 1].lower() in _METHOD_OPTIONS and word.strip(
        QUOTES).lower() in ("delete", "purge")


def _git(args: list[str]) -> str:
    """`git push origin +HEAD:release/x` forces the push as `--force` does."""
    plain = [a for a in args if not a.startswith("-")]
    if plain[:1] == ["push"] and any(a.startswith("+") and len(a) > 1 for a in plain[2:]):
        return "review"
    return ""
