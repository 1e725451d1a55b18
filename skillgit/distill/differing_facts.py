"""Implicit corrections by comparison: the user states a fact about a thing the agent just
used, with a value other than the one the agent used.

Each rule compares a *named thing* of the statement with the facts of the last actions
(`ActionContext`); the statement must be a statement (no question), agree with nothing
("the same", "also", "right"), and be no plan for later ("once …", "next sprint", "will"):

- **a version of a named thing**: "<name> <version>" or "<name> … is/sets/pins <version>",
  where the agent wrote a version for the same name — a runtime, a code name from its reply
  or command ("tokio 0.2"), or a version file it changed (`.nvmrc` is node's) — and none
  equal to the user's ("Cargo.lock has tokio 1.38.0");
- **a sibling of the file it changed**: the statement names a file of the same kind beside
  one the agent edited (same folder and extension, the same name with another suffix, or
  the same stem prefix) — "mix test loads config/test.exs" after `config/dev.exs` was
  edited, "ls printed build.gradle.kts" after `app/build.gradle` was written;
- **another entry of a listing it read**: the statement names an entry of a list an
  inspection command printed (remotes, contexts, workspaces) other than the entry the
  agent's changing command used ("the remote called mine" after `git push origin`);
- **a count it did not mention**: "that's 43 updates" echoing a count (>= 10) its tools
  reported that its reply left out;
- **another value of a kind its flags set**, or production as the default it relied on
  (`value_kinds`): "my scratch stack is sandbox-ines" after `--stack dev`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from skillgit.distill import value_kinds
from skillgit.distill.action_context import ActionContext
from skillgit.distill.contradictions import (
    AGREES,
    PLAN,
    approved_at,
    family,
    is_runtime,
    names_changed,
)
from skillgit.distill.evidence import sentence_span
from skillgit.distill.user_phrases import rx

# A file that pins one runtime's version: its versions are that runtime's.
VERSION_FILES = {".nvmrc": "node", ".node-version": "node", ".python-version": "python",
                 ".ruby-version": "ruby", ".java-version": "java", ".go-version": "go",
                 "rust-toolchain": "rust", "rust-toolchain.toml": "rust",
                 ".terraform-version": "terraform", ".tool-versions": ""}
# Settings that name a platform's minimum version, by the platform they version.
VERSION_KEYS = {"iphoneos_deployment_target": "ios", "macosx_deployment_target": "macos",
                "minsdkversion": "android", "minsdk": "android", "min_sdk_version": "android",
                "targetsdkversion": "android", "jvmtarget": "java", "go_version": "go",
                "node_version": "node", "python_version": "python", "python_requires": "python",
                "requires-python": "python", "engines.node": "node", "rust-version": "rust",
                "msrv": "rust", "tvos_deployment_target": "tvos", "api": "android"}
# Words that take a number without being a thing that has versions.
_NOT_NAMES = frozenset("""to in at on is of for from by and or the a an than about over under
only all every each step steps line lines page pages port ports test tests item items row
rows column col attempt attempts retry retries pr issue issues version versions v was are
has have had with took take takes after before since until up down top last first next
minute minutes second seconds hour hours day days week weeks run runs exit code status
node_modules""".split())
_NAME_VERSION = re.compile(r"(?<![\w.-])([a-z][\w.+#-]*?)(?:[\s:@=v-]{1,3}|\s+(?:(?:in|of|for)"
                           r"\s+(?:the\s+|this\s+|our\s+)?[\w.-]+\s+)?(?:is|was|are|=|sets?"
                           r"|pins?|has|at|uses)\s+(?:still\s+)?(?:on\s+)?v?)"
                           r"(\d+(?:\.\d+){0,2})(?![\w]|\.\d)", re.IGNORECASE)
_BARE_VERSION = re.compile(r"(?<![\w.])v?(\d+(?:\.\d+){1,2}|\d+)(?![\w]|\.\d)")
_FILE = re.compile(r"(?<![\w@])(?:[\w.-]+/)*[\w-]*\.?[\w-]+\.[a-z][a-z0-9]{0,4}(?:\.[a-z]{1,4})?"
                   r"(?![\w/])|(?<![\w@])(?:[\w.-]+/)+[\w.-]+", re.IGNORECASE)
_AGREES = rx(r"""\b(?:same|right|correct|good|great|fine|perfect|matches|as\ expected
    |makes\ sense|thanks|thank\ you|nice|safe|harmless)\b""")
# A sentence opening with an instruction is a request, not a statement of fact.
_IMPERATIVE = rx(r"""^\W*(?:please\W+)?(?:now|do|add|update|make|change|edit|fix|run|apply
    |put|create|move|copy|repeat|open|check|look|let's|lets|can|could|would|try|use|set
    |bump|also|and|then|go|write|remove|delete|rename)\b""")
_DEICTIC_COUNT = rx(r"""^\W*(?:but\W+)?(?:that(?:'s|\ is|\ was)|those\ (?:are|were)|this\ is
    |you\ (?:did|made|pulled|changed|touched|updated|upgraded))\s+(?:like\ |almost\ |over\ )?
    (\d{2,})\s+[a-z]""")


# An incident told with its recent time ("… restarted around 3am last night"): a report of
# what happened, no fact the change meets (a lasting change keeps its older date: "dropped
# API 25 last year").
_PAST_EVENT = rx(r"""\b(?:last\ night|yesterday|this\ morning|earlier\ today|overnight
    |\d+\ (?:minutes?|hours?)\ ago)\b""")


def differing_fact(text: str, context: ActionContext) -> int | None:
    """Where `text` states a fact about something the agent used with another value."""
    for start, sentence in statements(text):
        for finder in (_version, _sibling_file, _listed_alternative, _unmentioned_count,
                       _held_what_was_destroyed, _consequence_of_the_change,
                       value_kinds.other_value, value_kinds.production_by_default,
                       value_kinds.respelled):
            at = finder(sentence, context)
            if at is not None and not approved_at(text, start + at):
                return start + at
    at = value_kinds.other_than_the_default(text, context)
    return None if at is None or approved_at(text, at) else at


def statements(text: str) -> Iterator[tuple[int, str]]:
    """(start, sentence) of the sentences that state a present fact: no question, no
    agreement, no plan for later, no instruction."""
    position = 0
    while position < len(text):
        start, end = sentence_span(text, position)
        sentence = text[start:end]
        if (sentence.strip() and not sentence.rstrip().endswith("?")
                and not (_AGREES.search(sentence) or AGREES.search(sentence)
                         or PLAN.search(sentence) or _PAST_EVENT.search(sentence))
                and not _IMPERATIVE.match(sentence)):
            yield start, sentence
        position = end
        while position < len(text) and text[position].isspace():
            position += 1
        position = max(position, end + 1) if end == start else position


def agent_versions(context: ActionContext) -> set[tuple[str, str]]:
    """(name, version) pairs the agent wrote: a name followed by a version, and the versions
    of a sentence naming a version file it changed (as that runtime's)."""
    found: set[tuple[str, str]] = set()
    for match in _NAME_VERSION.finditer(context.wrote):
        name = _name(match.group(1))
        if name not in _NOT_NAMES and (len(name) >= 3 or is_runtime(name)):
            found.add((name, match.group(2)))
    for file, runtime in VERSION_FILES.items():
        if runtime and file in context.changed:
            for line in context.wrote.splitlines():
                for sentence in re.split(r"(?<=[.;!?])\s", line):
                    if file in sentence.lower():
                        found |= {(runtime, m.group(1)) for m in _BARE_VERSION.finditer(
                            sentence.replace(file, " "))}
    return found


def _name(raw: str) -> str:
    name = raw.lower().rstrip(".-:")
    return family(VERSION_KEYS.get(name, name))


def _same(a: str, b: str) -> bool:
    return a == b or a.startswith(b + ".") or b.startswith(a + ".")


def _version(sentence: str, context: ActionContext) -> int | None:
    theirs = agent_versions(context)
    if not theirs:
        return None
    for match in _NAME_VERSION.finditer(sentence):
        name, number = _name(match.group(1)), match.group(2)
        same = [v for n, v in theirs if n == name]
        if name not in _NOT_NAMES and same and not any(_same(number, v) for v in same):
            return match.start()
    return None


def _split(path: str) -> tuple[str, str, str]:
    """(folder, name, extension) of a path, lower-cased."""
    folder, _slash, name = path.lower().strip("'\"`").rpartition("/")
    extension = name.rsplit(".", 1)[-1] if "." in name.lstrip(".") else ""
    return folder.rsplit("/", 1)[-1], name, extension


def _sibling_file(sentence: str, context: ActionContext) -> int | None:
    edited = [n for n in context.changed if "." in n.lstrip(".")]
    if not edited:
        return None
    for match in _FILE.finditer(sentence):
        folder, name, extension = _split(match.group())
        if not extension or name in context.changed or extension.isdigit():
            continue
        for other in edited:
            other_extension = other.rsplit(".", 1)[-1]
            stem, other_stem = name.split(".")[0], other.split(".")[0]
            beside = (folder and folder in context.folders and extension == other_extension)
            suffixed = name.startswith(other + ".") or other.startswith(name + ".")
            prefixed = (extension == other_extension and len(other_stem) >= 4
                        and (stem == other_stem
                             or stem.startswith((other_stem + "-", other_stem + "_"))))
            if beside or suffixed or prefixed:
                return match.start()
    return None


def _listed_alternative(sentence: str, context: ActionContext) -> int | None:
    """An entry of a listing the agent's tools printed, other than the one it used."""
    if not context.changed:
        return None
    words = {m.group().lower(): m.start()
             for m in re.finditer(r"\w[\w.-]*\w(?<=\w{3})|\w{3,}", sentence)}
    for result in context.results:
        firsts = []
        for line in result.text[-2000:].splitlines():
            fields = line.replace("*", " ").split()
            if fields:
                firsts.append(fields[0].lower())
        entries = set(firsts)
        if len(entries) < 2 or not entries & context.changed:
            continue
        for word, at in words.items():
            if word in entries and word not in context.changed and word not in context.used:
                return at
    return None


# Commands that destroy their targets, and "it held / there was" in the table languages.
_DESTROYS = frozenset({"rm", "rmdir", "shred", "dropdb", "git clean", "git reset",
                       "docker rm", "docker rmi", "docker volume", "kubectl delete",
                       "terraform destroy", "helm uninstall"})
_HELD = rx(r"""\b(?:was|were|had|held|contained|there\ (?:was|were)|kept
    |il\ y\ avait|contenait|avait|war|waren|lag|lagen|enthielt|hatte|había|habían|contenía
    |tenía|tinha|havia|continha|c'era|c'erano|conteneva|aveva|zat|zaten|stond|stonden
    |bevatte)\b""")


def _held_what_was_destroyed(sentence: str, context: ActionContext) -> int | None:
    """"in Builds there was the signed release candidate" after `rm -rf … Builds/`: what a
    destroyed target held, told back, is a correction of the destruction."""
    if not context.used & _DESTROYS or not names_changed(sentence, context):
        return None
    held = _HELD.search(sentence)
    return None if held is None else 0


def _unmentioned_count(sentence: str, context: ActionContext) -> int | None:
    match = _DEICTIC_COUNT.match(sentence)
    if match is None:
        return None
    number = match.group(1)
    reported = any(re.search(rf"(?<![\d.]){number}(?![\d.])", r.text[-2000:])
                   for r in context.results)
    if reported and not re.search(rf"(?<![\d.]){number}(?![\d.])", context.wrote):
        return match.start(1)
    return None


_CONSEQUENCE = rx(r"""\b(?:gets?\s+|is\s+|are\s+)?(?:re-?generated|auto-?generated|generated
    |re-?built\s+from|re-?created\s+from|synced\s+from|mirrored\s+from|copied\s+from
    |(?:an?\s+)?(?:local\s+)?(?:\w+\s+)?cache\b|(?:is|are)n't\s+(?:even\s+)?in\s+git
    |not\s+(?:even\s+)?(?:in|tracked\s+by)\s+git|git-?ignored
    |overwritten|vendored|read-?only|frozen|immutable|checked\s+in\s+by|owned\s+by
    |(?:is|are)\s+included\s+by|(?:is|are)\s+referenced\s+by|(?:is|are)\s+used\s+by
    |reference[sd]?\s+(?:\w+\s+){0,3}by|include[sd]?\s+by|depends?\s+on\s+(?:it|them|that|those)
    |the\s+(?:live|prod(?:uction)?|shared)\s+one|(?:is|are)\s+(?:live|shared|prod(?:uction)?))\b""")
"""What makes a change wrong without saying so: the thing is generated, overwritten, vendored,
read-only, someone else's, included or referenced elsewhere, or the live one."""


def _consequence_of_the_change(sentence: str, context: ActionContext) -> int | None:
    """"That folder gets regenerated from openapi.yaml on every build" after an edit in it;
    "CUSTREC is included by 14 batch programs" after the copybook changed: a fact about a
    thing the agent changed that makes the change wrong, told without a verdict."""
    if not context.changed or (not names_changed(sentence, context) and not _DEMONSTRATIVE.match(
            sentence)):
        return None
    found = _CONSEQUENCE.search(sentence)
    return None if found is None else found.start()


_DEMONSTRATIVE = rx(r"\s*(?:that|this|those|these)\s+(?:[\w.-]+\s+)?(?:folder|directory|dir"
                    r"|file|files|module|table|copybook|class|schema|config|package|code)\b")
"""A sentence that points at what was just changed ("that folder", "those files")."""
