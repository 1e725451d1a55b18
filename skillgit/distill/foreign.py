"""Corrections in other languages: the tables of `languages`, and a fallback anchored on
commands, flags and paths.

A follow-up that reads as a table language (`languages.languages_of`) is, outside its
questions:
- a *correction* when it opens with the language's plain "no" (unless the agent had asked
  something), says "instead of", rejects the result ("wrong", "not what I asked"),
  challenges it ("why did you …?", "not like that", "undo", questions included) or reminds
  the agent ("I already told you", "stop doing …");
- a *preference* when a clause opens with "always" / "never" / "from now on";
- a *correction* when it negates, restricts ("only"), names what to use, or says "always /
  never" inside a clause, in a sentence with an *anchor*.

An anchor is what ties a sentence to the agent's actions in any language: a program,
subcommand, flag, file or folder the agent used or touched, a code-like name from its reply
(a strong relation, see `action_context`), production named in the language when the agent
changed something in production ("niet in productie" after editing `flags.prod.json`), or
a concrete flag, path or `code` span after a shell command ran. "Only" also counts after a
command that ran over the whole tree ("only the files of this PR" after `isort .`).

In any language, a sentence with a scope ("here", "in this repo", "we"), a rule word and a
thing of the work is a *preference*, and an undo ("верни", "元に戻して") a *correction*
(`scoped_rules`).

A follow-up in any other language (`languages.OTHER_*`: negation, "instead", "always /
never" and "only" words of many languages) is a correction only when such a word and an
anchor share a sentence, or when it names a long flag the agent's commands did not pass
after it ran one ("… przez --amend"): what the tables cannot read is never guessed from
tone. In any language but English, a number of the same shape named beside one the agent
used ("… va en el 8081, el 8080 es …") tells the agent's value apart from the right one.
"""

from __future__ import annotations

import re

from skillgit.distill import languages, scoped_rules
from skillgit.distill.action_context import ActionContext
from skillgit.distill.evidence import sentence_span
from skillgit.distill.target_pointers import names_production_target

_QUESTION = re.compile("[^.!?\u3002\uff01\n]*[?\uff1f]")  # also the full-width marks
# "… is the (team) rule" in the table languages: a norm wherever it stands in the sentence.
_RULE_NOUN = re.compile(r"r[èe]gle|regel|regla|regra|regola", re.IGNORECASE)
# A flag, a path, `code`, a snake_case identifier or a run of upper-case keywords (SQL).
_CONCRETE = re.compile(r"(?<![\w/.@-])(?:--?[A-Za-z][\w-]*|[\w.~-]*/[\w./@*-]*|`[^`\n]+`"
                       r"|[a-z][a-z0-9]*_[a-z0-9_]+\b|[A-Z]{3,}(?:\s+[A-Z]{2,})+\b)")


# A turn opening with thanks or praise in another language: what follows is a remark unless
# an objection ("but") turns it (the twin of English approval before "but").
_THANKED = re.compile(r"""^\W*(?:(?:super|top|prima|genial|parfait|perfecto|perfetto|perfeito
    |perfekt|świetnie|skvěle|harika|bra|отлично|отл|great|nice|ok)\W+)*(?:danke|merci|gracias
    |grazie|obrigad[oa]|valeu|bedankt|dank\s+je|dankjewel|dzięki|dziękuję|díky|děkuji
    |teşekkürler|sağ\s+ol|tack|спасибо|ありがとう|谢谢|감사합니다|고마워)\b""",
                      re.IGNORECASE | re.VERBOSE)
# Thanks closing the turn, in a sentence of its own.
_THANKS_LAST = re.compile(r"""(?:^|[.!?\u3002\uff01\n])[^.!?\u3002\uff01\n]*(?:ありがとう|谢谢
    |감사합니다|고마워|merci|danke|gracias|grazie|obrigad[oa]|valeu|bedankt|dzięki|dziękuję
    |спасибо|teşekkürler|tack)[^.!?\u3002\uff01\n]*[.!?\u3002\uff01\s]*$""",
                          re.IGNORECASE | re.VERBOSE)
# What objects in any language beside thanks: a rule noun, "must", a negation of a row.
_OBJECTS = re.compile(r"""r[èe]gle|regel|regla|regra|regola|決まり|ルール|規則|规则|规范|규칙
    |必ず|必须|반드시|\b(?:pas|nicht|kein\w*|no|não|non|niet|geen|nunca|jamais|mai|nie|nooit)\b""",
                      re.IGNORECASE | re.VERBOSE)
_BUT = re.compile(r"""(?<!\w)(?:aber|mais|pero|però|ma|mas|porém|maar|ale|ama|fakat|men|но
    |однако|でも|但是|不过|하지만|그런데|doch|jedoch|sin\s+embargo|tuttavia|cependant)(?!\w)""",
                  re.IGNORECASE | re.VERBOSE)


def correction(text: str, context: ActionContext) -> tuple[str, int] | None:
    """("correction" | "preference", position) for a follow-up in another language."""
    found, other = languages.languages_of(text)
    if not found and not other:
        return None
    said = _QUESTION.sub(lambda m: " " * len(m.group()), text)
    said = languages.ASIDE_CLAUSE.sub(lambda m: " " * len(m.group()), said)  # "juste curieux"
    if _THANKED.match(said) and not _BUT.search(said):
        # thanks and a remark ("super, danke. die kommen immer montags …"): only a rule of a
        # named place or team still counts ("Merci. Chez nous, chaque endpoint a aussi …")
        position = scoped_rules.rule(said, context, placed=True)
        return None if position is None else ("preference", position)
    if _THANKS_LAST.search(said) and not (_BUT.search(said) or _OBJECTS.search(said)
                                          or languages.OTHER_NEGATION.search(said)):
        return None  # a remark closed by thanks, objecting nowhere (the twin of English praise)
    for lang in found:
        challenged = lang.challenge.search(text)  # questions included: "why did you …?"
        if challenged is not None:
            return "correction", challenged.start()
        hit = _table(lang, said, context)
        if hit is not None:
            return hit
    if other and languages.WRONG_OPENER.match(said) and not context.asked:
        return "correction", 0  # "不对 …": a verdict opening the turn
    position = scoped_rules.rule(said, context)  # "en este repo todo endpoint va bajo …"
    if position is not None:
        return "preference", position
    position = scoped_rules.undo(said)  # "верни настройку", "元に戻して"
    if position is not None:
        return "correction", position
    if other:
        for pattern in (languages.OTHER_NEGATION, languages.OTHER_INSTEAD,
                        languages.OTHER_RULE, languages.OTHER_ONLY):
            for match in pattern.finditer(said):
                if _anchored(said, match.start(), context):
                    return "correction", match.start()
        flag = _new_flag(said, context)  # "Popraw przez --amend": run it with that flag
        if flag is not None:
            return "correction", flag
    position = _variant(said, context)
    if position is None:
        position = _value_beside_its_own(said, context)
    return None if position is None else ("correction", position)


_NUMBER = re.compile(r"(?<![\w.:/-])\d+(?:\.\d+)*(?![\w/-]|\.\d)")


def _shape(number: str) -> tuple[int, int]:
    parts = number.split(".")
    return len(parts), len(parts[0])


def _value_beside_its_own(text: str, context: ActionContext) -> int | None:
    """Where a turn in another language names, beside a number the agent used, another
    number of the same shape (the same parts and digits: "8081" beside its "8080", "5433"
    beside its "5432"): the user tells the value apart from the agent's, in any language."""
    wrote = context.wrote
    numbers = [m for m in _NUMBER.finditer(text) if len(m.group()) >= 2]
    used = {m.group() for m in numbers
            if re.search(rf"(?<![\w.]){re.escape(m.group())}(?![\w]|\.\d)", wrote)}
    for match in numbers:
        if match.group() not in used and any(_shape(match.group()) == _shape(u) for u in used):
            return match.start()
    return None


_LONG_FLAG = re.compile(r"(?<![\w-])--[a-z][\w-]+(?![\w-])")


def _new_flag(text: str, context: ActionContext) -> int | None:
    """Where a turn no table reads, in letters beyond ASCII, names a long flag the agent's
    commands did not pass after it ran one: whatever the words around it, it asks for the
    command with that flag."""
    if not context.shell or not any(ch.isalpha() and not ch.isascii() for ch in text):
        return None  # terse English may read as no table language ("so try --x if …")
    for match in _LONG_FLAG.finditer(text):
        if match.group().lower() not in context.used:
            return match.start()
    return None


# A code-like token: camelCase, snake_case, kebab or colon words ("assembleRelease",
# "build:prod", "test-e2e").
_CODE_TOKEN = re.compile(r"(?<![\w./-])[a-z]+(?:[A-Z][a-z0-9]+)+\b|(?<![\w./-])[a-z0-9]+"
                         r"(?:[_:-][a-z0-9]+)+\b")
MIN_SHARED_PREFIX = 5


def _variant(text: str, context: ActionContext) -> int | None:
    """Where a turn in another language names a variant of a command word the agent ran
    ("assembleRelease" after `./gradlew assembleDebug`, "build:prod" after `npm run
    build:dev`): the same stem with another ending is the command it should have run."""
    ran = {w for w in context.words | context.used if len(w) > MIN_SHARED_PREFIX}
    for match in _CODE_TOKEN.finditer(text):
        token = match.group().lower()
        if token in ran:
            continue
        for word in ran:
            shared = len(_common_prefix(token, word))
            if shared >= MIN_SHARED_PREFIX and shared < min(len(token), len(word)) and \
                    _at_boundary(match.group(), shared):
                return match.start()
    return None


def _common_prefix(a: str, b: str) -> str:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return a[:n]


def _at_boundary(token: str, at: int) -> bool:
    """Whether `token` changes word at `at` (a capital or a separator starts its ending)."""
    return token[at].isupper() or token[at - 1] in "_:-" or token[at] in "_:-"


def _table(lang: languages.Language, said: str, context: ActionContext
           ) -> tuple[str, int] | None:
    opener = lang.no.match(said)
    if opener is not None and not context.asked and _stands_alone(lang, said, opener):
        return "correction", 0
    forbid = languages.FORBID.get(lang.code)
    for pattern in (lang.instead, lang.reject, lang.reminder, *([forbid] if forbid else [])):
        for match in pattern.finditer(said):
            if pattern is not lang.reject or not (
                    _negated(lang, said, match.start())
                    or languages.CAUSE_AFTER.match(said, match.end())):
                return "correction", match.start()
    for match in lang.rule.finditer(said):
        before = said[max(0, match.start() - languages.NEGATED_WINDOW):match.start()]
        if (languages.PAST_AFTER_RULE.match(said, match.end())
                or languages.PAST_BEFORE_RULE.search(before)):
            continue  # "never had I seen …": the user's own past
        if _opens_clause(said, match.start()) or _RULE_NOUN.search(match.group()):
            return "preference", match.start()
        if _anchored(said, match.start(), context):
            return "correction", match.start()
    narrowed = lang.only.search(said) if context.broad else None
    if narrowed is not None:
        return "correction", narrowed.start()  # narrowing a run over the whole tree
    for pattern in (lang.negation, lang.only, lang.use):
        for match in pattern.finditer(said):
            if pattern is lang.negation and languages.PAST_AFTER_RULE.match(said, match.end()):
                continue  # "non mi era mai capitato": the user's own past
            if _anchored(said, match.start(), context):
                return "correction", match.start()
    return None


_NEXT_WORD = re.compile(r"\s*(?:(?P<stop>[,.!;:\u2014-]|$)|(?P<word>[^\W\d_]+(?:'[^\W\d_]*)?))")


def _stands_alone(lang: languages.Language, text: str, opener: re.Match[str]) -> bool:
    """Whether the "no" opening the turn is a plain no. A word that only says no ("nein",
    "nee") always is; one that also negates a verb ("não", "non") is when punctuation or a
    word of its own language follows ("não, …", "não é isso"), not a verb of the user's own
    account ("Não deu erro nenhum dessa vez")."""
    word = "".join(ch for ch in opener.group() if ch.isalpha())
    if lang.negation.search(word) is None:
        return True
    after = _NEXT_WORD.match(text, opener.end())
    if after is None or after.group("stop") is not None:
        return True
    following = after.group("word").lower()
    return following in lang.words or lang.no.match(following) is not None or "'" in following


def _negated(lang: languages.Language, text: str, position: int) -> bool:
    """Whether the clause negates the verdict word at `position` ("nicht falsch")."""
    before = text[max(0, position - languages.NEGATED_WINDOW):position]
    before = re.split(r"[,;:.!?\n]", before)[-1]
    return lang.negation.search(before) is not None


def _opens_clause(text: str, position: int) -> bool:
    before = text[:position].rstrip(" \t\"'(*_")
    return not before or before[-1] in ".!?;:,\n\u2014\u3002\uff01\u3001\uff0c"


def _anchored(text: str, position: int, context: ActionContext) -> bool:
    """Whether the sentence around `position` points at the agent's actions."""
    start, end = sentence_span(text, position)
    sentence = text[start:end]
    if context.relation(sentence) == "strong" or names_production_target(sentence, context):
        return True
    return context.shell and any(len(m.group().strip("`-/.")) >= 2
                                 for m in _CONCRETE.finditer(sentence))
