"""Implicit corrections told as a fact *about the very thing the agent touched*.

After the agent changed something, a follow-up made only of facts (`bare_facts.fact_sentences`:
no question, verdict, request, plan, story or imperative) whose sentence has as its
**subject** a thing of the agent's last actions, and says something about it, tells the
agent its action assumed otherwise ("Ledger.pm is required by the month-end job too"
after it changed what a function of lib/Ledger.pm returns). No word list decides what
property is meant: that the user chose to state a fact about the touched thing, unasked and
without approving, is the correction. The subject names the touched thing when one of its
words is

- a file the agent read or edited, or its stem (`Ledger`, `site.mk`);
- a path prefix of one ("everything in charts/api/templates" after an edit below it): every
  part of the path is a folder or file of the touched paths;
- the manifest of a program it ran: a file whose stem or extension is that program
  (`poetry.lock` after `poetry add`, `Cargo.toml` after `cargo build`, `build.sbt` after
  `sbt compile`).

The subject is the sentence's opening noun phrase up to its first verb of being or state
("is", "are", "says", "gets", "lives", "stays", "reads", "needs", "must" …), after
optional determiners and a preposition ("anything under …", "the files in …"), up to four
words ("the edition in Cargo.toml says …"). A program alone as the subject ("poetry is slow
behind the proxy") is a remark about a tool, not about what was touched; what a folder
holds describes it ("tools/ holds the scripts"), and a concession ("… are public anyway")
says the change did no harm.

After the agent installed a dependency (a command of the install kind), a fact naming a
lockfile or manifest it did not touch ("there's a pnpm-lock.yaml at the root, CI installs
from that") is one too: the file the install should have gone through.
"""

from __future__ import annotations

import re

from skillgit.distill.action_context import ActionContext
from skillgit.distill.bare_facts import fact_sentences
from skillgit.distill.user_phrases import rx

MAX_SUBJECT_WORDS = 4
_DETERMINERS = r"""(?:the|that|this|these|those|our|your|its|their|every|each|any|all|anything
    |everything|whatever|stuff|files?|code|nothing)"""
_PREPOSITIONS = r"(?:under|in|inside|below|beneath|of|from|within)"
# The verbs that end a subject: being, state, and what something does to or with it; not
# what it holds ("tools/ holds the release scripts" describes the folder's contents).
_STATE_VERBS = r"""(?:is|are|was|were|gets?|got|says?|lives?|belongs?|stays?|comes?
    |goes|runs?|reads?|means|must|should|needs?|isn't|aren't|wasn't|doesn't|don't
    |can't|cannot|won't|depends?|points?|feeds?)"""
# A concession: the fact makes the change harmless ("those files are public anyway").
_CONCEDES = rx(r"\b(?:anyway|anyhow|regardless|either\ way|no\ harm|doesn't\ matter)\b")
_SUBJECT = rx(r"""^\W*(?:""" + _DETERMINERS + r"""\s+){0,2}(?:""" + _PREPOSITIONS + r"""\s+)?
    (?P<subject>(?:[^\s,;:]+\s+){0,""" + str(MAX_SUBJECT_WORDS - 1) + r"""}?[^\s,;:]+)\s+
    (?:(?:also|still|only|just|always|never|actually|really)\s+)?""" + _STATE_VERBS + r"""\b""")
_WORD = re.compile(r"[^\s`'\"()\[\]]+")


def touched_fact(text: str, context: ActionContext) -> int | None:
    """Where a turn made only of facts states one about a thing the agent just touched, or
    None (see the module docstring)."""
    if not context.changed:
        return None
    sentences = fact_sentences(text, context)
    if sentences is None or _CONCEDES.search(text):
        return None
    for sentence in sentences:
        head = _SUBJECT.match(sentence)
        if (head is not None and any(_names_touched(word, context) for word in
                                     _WORD.findall(head.group("subject")))) or (
                _names_bypassed_manifest(sentence, context)):
            at = text.find(sentence)
            return max(at, 0)
    return None


# A file that pins a project's dependencies: a lockfile or a manifest (as data).
_MANIFEST = rx(r"""(?<![\w.-])(?:[\w.-]+\.lock|[\w-]*lock\.(?:json|ya?ml|toml)|lock\ ?files?
    |requirements[\w.-]*\.(?:txt|in)|pyproject\.toml|pipfile|gemfile|package\.json|go\.(?:mod|sum)
    |cargo\.toml|environment\.ya?ml|description|[\w.-]+\.csproj|directory\.packages\.props
    |libs\.versions\.toml|pom\.xml|composer\.json|mix\.exs|podfile|pubspec\.yaml
    |deps\.edn|project\.clj|build\.sbt|conanfile\.(?:txt|py)|vcpkg\.json)(?![\w-])""")


def _names_bypassed_manifest(sentence: str, context: ActionContext) -> bool:
    """Whether, after the agent installed a dependency, the sentence names a lockfile or
    manifest it did not touch ("there's a pnpm-lock.yaml at the root" after `npm i x`): the
    file the install should have gone through."""
    if "install" not in context.kinds:
        return False
    return any(m.group().lower() not in context.files for m in _MANIFEST.finditer(sentence)
               if m.group().lower() != "description" or m.group() == "DESCRIPTION")


def _names_touched(word: str, context: ActionContext) -> bool:
    """Whether one word of a subject names a file, path prefix or program manifest the agent
    touched (see the module docstring)."""
    word = re.sub(r"['\u2019]s$", "", word.lower()).rstrip(".,;:!")  # ".pio/" keeps its dot
    if len(word) < 3:
        return False
    if "/" in word:
        parts = [p for p in word.strip("/").split("/") if p]
        return bool(parts) and all(p in context.folders or p in context.files for p in parts)
    if word in context.files:
        return True
    stem, dot, extension = word.partition(".")
    return bool(dot) and any(len(part) >= 3 and part in context.used
                             for part in (stem, extension.rsplit(".", 1)[-1]))
