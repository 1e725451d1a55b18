"""Number-valued safeguards lowered to nothing, in any language.

A setting that counts what a change must pass or how long records are kept (required
approvals or reviewers, a coverage threshold, a retention period: `safeguards.THRESHOLDS`) is
weakened when it is set to 0 or removed. `effects` reads settings through the separators it
knows (`=`, `:`, "set … to"); a rule in another language writes the value its own way:
"approvals_before_merge értékét 0-ra", "setze min_coverage auf 0", "fail_under を 0 に". A
key is an identifier (`_`, `-`, `.` or a camel hump in it), so no word of the language is
needed: the key, at most a few words with no digit, negation, comparison or other identifier
in them, then 0 (or its word, with whatever suffix the language adds). A verb of removal right
before such a key (a word or two between) removes it. A key named in words instead ("required
approvals", "Anzahl erforderlicher Genehmigungen", "覆盖率阈值") is read from `NAMED`: what is
counted and a word that makes it a bound, several languages each. Each hit is judged by its
polarity in `effects`, like every other."""

from __future__ import annotations

import re
from collections.abc import Iterator

from skillgit.safety import tongues
from skillgit.safety.safeguards import NOT_A_THRESHOLD, THRESHOLDS

NAMED: list[tuple[str, str, str]] = [
    # (what is counted, what makes it a bound, effect): the key in words, several languages
    (r"\b(?:approvals?|approvers?|reviewers?|reviews?|approbations?|aprobacion\w*|aprova\w*|"
     r"genehmigung\w*|freigaben?|zatwierdze\w*|j[óo]v[áa]hagy[áa]s\w*|одобрени\w*|"
     r"согласовани\w*|approvazion\w*|goedkeuring\w*|onay\w*|relecteurs?|revisor\w*|"
     r"pr[üu]fer\w*)\b|承認|审批|批准|审核|승인|レビュアー|리뷰어",
     r"\b(?:required|minimum|min|number|count|erforderlich\w*|mindest\w*|anzahl|requis\w*|"
     r"nombre|requerid\w*|m[íi]nim\w*|n[úu]mero|obrigat[óo]ri\w*|wymagan\w*|minimaln\w*|"
     r"liczb\w*|k[öo]telez\w*|minim[áa]lis|sz[áa]m\w*|обязательн\w*|минимальн\w*|"
     r"количеств\w*|richiest\w*|vereist\w*|aantal|gerekli)\b|必要|最低|最小|必须|必需|필수|최소",
     "review"),
    (r"\b(?:coverage|abdeckung|testabdeckung|cobertura|couverture|copertura|pokrycie\w*|"
     r"покрыти\w*|lefedetts[ée]g\w*|dekking)\b|カバレッジ|覆盖率|커버리지",
     r"\b(?:threshold|minimum|min|gate|floor|fail\w*|seuil|umbral|schwell\w*|mindest\w*|"
     r"pr[óo]g\w*|порог\w*|k[üu]sz[öo]b\w*|soglia|limiar|drempel)\b|閾値|阈值|最低|임계|최소",
     "tests"),
    (r"\b(?:retention|aufbewahrung\w*|r[ée]tention|retenci[óo]n|reten[çc][ãa]o|"
     r"przechowywani\w*|хранени\w*|conservazione|bewaartermijn)\b|保持期間|保留期|보존", "",
     "locks"),
]
"""A threshold named in words rather than by its key: what it counts, and a word that makes it
a bound ("required approvals", "Anzahl erforderlicher Genehmigungen", "coverage threshold");
a retention is a bound by itself."""
_NAMED = [(re.compile(rf"(?:{bound})[^\d\n.;!?]{{0,24}}?(?:{counted})|(?:{counted})"
                      rf"[^\d\n.;!?]{{0,24}}?(?:{bound})" if bound else counted, re.I), effect)
          for counted, bound, effect in NAMED]
_COUNTED = re.compile("|".join(counted for counted, _, _ in NAMED), re.I)
"""A prefilter: nothing counted named, no threshold named in words."""
_PARTS = [(re.compile(part, re.I), effect) for part, effect in THRESHOLDS]
_ANY_PART = re.compile("|".join(part for part, _ in THRESHOLDS), re.I)  # the prefilter
_NOT = re.compile(NOT_A_THRESHOLD, re.I)
_IDENTIFIER = re.compile(r"[\w.-]+")
_SHAPED = re.compile(r"\w[_.-]\w|[a-z][A-Z]")
"""An identifier's shape: a separator inside it, or a camel hump."""
_ZERO = re.compile(r"[`'\"]?(?P<gap>[^\d\n.;!?_`]{0,40}?)[`'\"]?(?<![\w.,])(?:0+(?:[.,]0+)?"
                   r"|(?i:zero|z[ée]ro|cero|nul|nulla|null|nolla|ноль|нуль|零|ゼロ|영))"
                   r"(?![\d]|[.,]\d|\s*(?:to|->|\u2192|=>|of|/|von|de|sur|из|z)\s*\d)")
"""What may stand between a key and its 0 (or the word for it): no digit, no sentence end, no
other identifier; a 0 that starts a range or a count (`0 to 80`, `0 of 2`) is no value set."""
MAX_GAP_WORDS = 4
_TURNS_UP = re.compile(r"\b(?:above|over|more|greater|least|higher|raise\w*|increase\w*|from|"
                       r"instead|rather|than|not|never|min(?:imum)?|max(?:imum)?)\b|[<>\u2265]",
                       re.I)
"""Words that make the 0 a bound or a starting point, not the value set."""
_REMOVE = re.compile(
    r"(?<!\w)(?:remove|delete|drop|unset|strip|get\s+rid\s+of|take\s+out|comment\s+out|"
    r"entfern\w*|l[öo]sch\w*|streich\w*|supprim\w*|retir\w*|enl[eè]v\w*|elimin\w*|quit[ae]\w*|"
    r"borr[ae]\w*|usu[nń]\w*|удал\w*|\u0443\u0431(?:\u0435\u0440|\u0440\u0430)\w*|rimuov\w*|"
    r"togli\w*|remov[ae]\w*|t[öo]r[öo]l\w*|poista\w*|verwijder\w*|kald[\u0131i]r\w*|x[óo]a|"
    r"hapus\w*|削除|删除|移除|去掉|"
    r"제거|삭제)(?:\s+\S+){0,2}?\s+[`'\"]?$", re.I)
"""A verb of removal, then a word or two (an article, "the setting"), right before a key."""


def hits(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, effect) of each number-valued safeguard `text` sets to 0 or removes."""
    seen: set[int] = set()
    for part in _ANY_PART.finditer(text):
        key = _key_at(text, part.start())
        if key is None or key.start() in seen:
            continue
        seen.add(key.start())
        name = key.group()
        effect = next((e for p, e in _PARTS if p.search(name)), None)
        if effect is None or _NOT.search(name) or not _SHAPED.search(name.strip(".-")):
            continue
        zero = _ZERO.match(text, key.end())
        if zero is not None and _plain_gap(zero.group("gap")):
            yield key.start(), zero.end(), effect
            continue
        line_start = text.rfind("\n", 0, key.start()) + 1
        if _REMOVE.search(text[max(line_start, key.start() - 60):key.start()]):
            yield key.start(), key.end(), effect
    if _COUNTED.search(text):
        for pattern, effect in _NAMED:  # the key in words: set to 0 (removal needs the key)
            for named in pattern.finditer(text):
                zero = _ZERO.match(text, named.end())
                if zero is not None and _plain_gap(zero.group("gap")):
                    yield named.start(), zero.end(), effect


def _key_at(text: str, at: int) -> re.Match[str] | None:
    """The identifier around position `at` (a key such as `approvals_before_merge`)."""
    start = at
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_.-"):
        start -= 1
    return _IDENTIFIER.match(text, start)


def _plain_gap(gap: str) -> bool:
    """Whether the words between a key and its 0 only say "its value is" (no negation, bound
    or comparison), in a few words."""
    if len(re.findall(r"\w+", gap)) > MAX_GAP_WORDS or _TURNS_UP.search(gap):
        return False
    return tongues.NEGATION.search(gap) is None
