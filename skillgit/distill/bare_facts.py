"""Implicit corrections told as bare facts of the environment the agent's change meets.

A follow-up that only *states* how things are where the change will run — who still uses an
old platform, what hardware the cluster has, which build target or pinned version is real,
how big and busy a table is in production, which library the batch runs from — and asks
nothing, approves nothing and plans nothing, tells the agent its last change assumed
otherwise. The user gives the fact instead of the objection.

A turn is such a correction when all of it holds:

- every sentence is a statement: no question mark, no approval or thanks (`_VERDICT`:
  "good call", "fine", "right one", "thanks", "not bad", "matches it"; "right now" is no
  "right"), no request ("can you", "now …", "let's", an imperative opening a sentence, not
  a subject that looks like one: "lint jobs run on …"), no plan or doing of the user's own
  ("I'll", "ill watch it", "Shipping.") and no story or musing of the user's ("I had no
  idea", "didn't expect …");
- one sentence states a **constraint** (`_CONSTRAINT`, as data): "still", "only", "all",
  "the whole", "the one", "pins", "gets built for", "never / no / doesn't / has no",
  production or live, the users or CI, a bound ("a limit of", "up to", "quota"), or a size
  ("400M rows", "~9h", "8%", "6 years"); or it names the **platform** the change runs on
  with a model or version the agent wrote nowhere ("the training box is an M2 Ultra", "this
  robot runs ROS 2 Humble");
- the agent asked nothing, or only offered its next step ("want me to run it on the
  cluster?": a fact in reply tells why that step would be wrong);
- the turn is in English (its word tables are; `foreign` reads the other languages);
- and the turn is **about the change**: it names a word of the agent's commands, files or
  reply (`ActionContext.relation`), or a version, a count or a unit with digits ("pg13",
  "V100s", "net6.0", "Android 7") — the platform fact that makes the change wrong (MERGE on
  pg13, bf16 on V100s) needs knowledge no table holds, so a measured platform with a
  constraint word stands for it; a name the agent wrote with the same version agrees
  (a one-letter name is none: "s3").

Not a correction: the same fact with a verdict ("~8% still on android 7, good call keeping
minSdk"), with a question ("orders is 400M rows. how long will the build take?"), with the
user's plan ("argo will sync that, I'll watch it"), or a fact about nothing the agent did.
"""

from __future__ import annotations

import re

from skillgit.distill import languages
from skillgit.distill.action_context import ActionContext
from skillgit.distill.user_phrases import rx

MAX_SENTENCES = 3
_SENTENCE = re.compile(r"(?:[^.!?;\n]|[.!?;](?=\S))+[.!?;]*")

# Words that make a statement a verdict on the agent's work, not a fact it missed.
_VERDICT = rx(r"""\b(?:good|great|nice|cool|fine|perfect|lgtm|thanks?|thx|ty|cheers|awesome
    |neat|correct|right(?!\ now)|yes|yeah|yep|yup|sure|ok(?:ay)?|agreed?|exactly|ship\ it|lines\ up
    |safe|harmless
    |makes\ sense|works?|worked|green|passe[sd]|interesting|surprised?|glad|love
    |clean(?!\ (?:build|checkout|clone|install|slate|tree|run|copy|cache|machine|env\w*))
    |not\ bad|match(?:es|ed)?|consistent\ with|in\ line\ with|as\ expected|spot\ on)\b""")
# A request, a plan of the user's own, or a story of the user's.
_REQUEST = rx(r"""(?:^|(?<=[.!?;,]\s))\W*(?:please\s+|pls\s+|now\s+|so\s+|then\s+)?(?:can|could
    |would|will)\s+you\b|\b(?:let's|lets|let\ me|please|pls)\b|\bi(?:'ll|\ will|'m\ going\ to
    |\ am\ going\ to)\b|\bill\b|\bnow\b(?<!\bright\ now)|\bdo\s+(?:the\s+same|it|that|this)\b
    |\bi\ (?:had|didn't|did\ not|thought|was|wonder|guess|think|assume|suppose|wanted)\b
    |\bno\ idea\b|\bnever\s?mind\b|\bcarry\ on\b|\bmy\ (?:bad|mistake)\b|\bnext\b
    |\bno\ (?:worries|problem|rush)\b
    |\b(?:didn't|did\ not|never|wasn't)\ (?:expect|expecting|think|know|realize)\b
    |\b(?:i|we)\ expected\b
    |(?:^|(?<=[.!?]\s))(?:merging|shipping|approving|approved|merged)\b""")
_IMPERATIVE = rx(r"""^\W*(?:add|create|implement|write|build|make|generate|update|refactor
    |rename|move|delete|remove|fix|show|explain|review|run|open|submit|send|bump|keep|go
    |continue|revert|undo|change|use|try|check|deploy|merge|push|wire|port|drop|split|extract
    |inline|wrap|replace|convert|rewrite|hook|set|switch|point|pin|rerun|retry|call|put|leave
    |skip|stop|start|restart|roll|apply|plan|test|lint|format|document|do|give|tell|ask)\b
    (?!\.\w|\s+\w+s\s+(?:go|are|is|need|get|live|stay|land|run|must|should|have|never|always
        |only|don't|can't|end)\b)""")  # "lint jobs run on …", "build agents have …": a
# subject; "build.sbt says …", "test.env is …": a file name
# Words that state a constraint of where the change runs (one alternation, as data).
_CONSTRAINT_WORDS = (
    r"still", r"only", r"all", r"the\ whole", r"whole", r"the\ one", r"pins?", r"pinned",
    r"gets?\ built\ for", r"built\ for", r"runs?\ (?:from|on|in)", r"never", r"no",
    r"doesn't", r"don't", r"does\ not", r"do\ not", r"isn't", r"aren't", r"can't",
    r"cannot", r"limits?", r"capped", r"caps?", r"max(?:imum)?", r"quota", r"up\ to",
    r"at\ most", r"locks?", r"locked",
    r"has\ no", r"have\ no", r"lacks?", r"without", r"prod", r"production",
    r"live", r"users?", r"customers?", r"fleet", r"devices?", r"constantly", r"ends?\ up",
    # a floor the change must meet
    r"msrv", r"minimum", r"min\ (?:version|sdk|api)", r"floor",
    # something depends on what the change touched
    r"references?", r"depends?\ on", r"rel(?:y|ies)\ on", r"reads?\ (?:from|it|them)",
    r"(?:is|are)\ (?:read|used|loaded|imported)\ by",
    # another one than the change used: "bench/ has its own Project.toml"
    r"(?:its|their)\ own", r"a\ separate", r"separate",
)
_CONSTRAINT = rx(r"\b(?:" + "|".join(_CONSTRAINT_WORDS) + r")\b")
_SIZE = rx(r"""(?:~|\babout\s+|\baround\s+)?\d[\d.,]*\s*(?:%|[kmbt]\b|k?\s*rows|million
    |billion|h\b|hours?|days?|years?|tb|gb|requests|qps|rps)""")
_MEASURED = re.compile(r"(?<![\w.])(?:[A-Za-z][\w-]*\d[\w.-]*|\d+(?:\.\d+)+|[A-Za-z]+\s\d+"
                       r"(?:\.\d+)*)(?![\w])")


# A name with a separator or an inner capital: "NEXT_PUBLIC_", "CLMS.PROD", "AddressForm".
_NAME = re.compile(r"(?<![\w.])[A-Za-z][\w.]*(?:[_.][\w.]*|[a-z][A-Z][\w.]*)(?![\w])")


def _names_what_it_wrote(text: str, context: ActionContext) -> bool:
    """Whether `text` names (a part of) a name the agent wrote in a command, edit or reply."""
    return any(len(name) >= 4 and name.strip("._") and name.lower() in context.wrote.lower()
               for name in (m.group().rstrip(".") for m in _NAME.finditer(text)))


_VERSIONED = re.compile(r"(?<![\w.-])([A-Za-z][\w-]*[A-Za-z])\s*v?(\d+(?:\.\d+)*)\b")  # not "s3"


def _agrees_on_version(text: str, context: ActionContext) -> bool:
    """Whether `text` names a versioned thing the agent wrote with the same version, or one
    of its releases ("pydantic 2.7.1" after "pydantic 2.7"): agreement, not a constraint."""
    theirs = {(name.lower(), version) for name, version in _VERSIONED.findall(context.wrote)}
    return any(f"{stated}.".startswith(f"{wrote}.") or f"{wrote}.".startswith(f"{stated}.")
               for name, stated in _VERSIONED.findall(text)
               for other, wrote in theirs if name.lower() == other)


_VALUE_TOKEN = re.compile(r"(?<![\w.:-])[\w.:-]*\d[\w.:-]*[\w]")


def _names_its_value(text: str, context: ActionContext) -> bool:
    """Whether `text` repeats a value the agent wrote or said ("23:00 sits in the backup
    window" after it scheduled the job at 23:00)."""
    wrote = context.wrote
    return any(len(token) >= 3 and re.search(rf"(?<![\w.:-]){re.escape(token)}(?![\w:-])", wrote)
               for token in _VALUE_TOKEN.findall(text))


_DURATION = rx(r"\b(\d+(?:\.\d+)?)\s*(seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?)\b")
_UNIT = {"sec": 1, "min": 60, "hou": 3600, "hrs": 3600, "hr": 3600, "day": 86400,
         "wee": 604800}


def _seconds(number: str, unit: str) -> float:
    return float(number) * _UNIT.get(unit.lower()[:3], _UNIT.get(unit.lower()[:2], 1))


def _other_duration(text: str, context: ActionContext) -> int | None:
    """Where `text` states a duration where the agent's change set another ("prices change
    every 15 minutes" after it cached them for 24 hours): the same kind, another value."""
    theirs = {_seconds(n, u) for n, u in _DURATION.findall(context.wrote)}
    if not theirs:
        return None
    for match in _DURATION.finditer(text):
        if _seconds(match.group(1), match.group(2)) not in theirs:
            return match.start()
    return None


_ONLY = rx(r"\bonly\b")
_ALL_FLAGS = frozenset({"--all", "--everyone", "--all-users", "--all-namespaces", "-A"})


def _only_after_all(text: str, context: ActionContext) -> bool:
    """Whether `text` says only some can be reached where the agent's command acted on all
    ("… it only reaches opted-in users" after `notify --all`)."""
    return _ONLY.search(text) is not None and not _ALL_FLAGS.isdisjoint(context.used)


def _stem(word: str) -> str:
    for suffix, base in (("ies", "y"), ("ing", ""), ("es", ""), ("ed", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[:-len(suffix)] + base
    return word


def _inflects_what_it_ran(text: str, context: ActionContext) -> bool:
    """Whether `text` names a program or subcommand the agent ran in another inflection
    ("applies only happen from CI" after `terraform apply`)."""
    ran = {_stem(word) for used in context.used for word in used.split()
           if word.isalpha() and len(word) >= 3}
    return any(_stem(word) in ran for word in re.findall(r"[a-z]{3,}", text.lower()))


# "The training box is …", "this robot runs …", "the project is on …": where the change runs,
# named as a platform with a model or version.
_PLATFORM = rx(r"""^\W*(?:the|this|our|that|my)\s+(?:[\w-]+\s+){0,2}?(?:box|machine|host|server
    |robot|cluster|driver|runner|node|laptop|device|board|fleet|target|project|app|service
    |instance|vm|gpu|workstation|rig|mac|phone|tablet|controller|firmware|runtime|image|engine
    |database|db|os|kernel|toolchain|compiler|browser|environment|env)s?
    (?:\s+(?:for|of|on|in)(?:\s+[\w-]+){1,3}?)?\s+(?:is|are|runs|has|have|uses|targets)\b
    (?:\s+(?:still\s+)?(?:on|an?|the))?""")
# A model or version: a name with a digit ("M2", "H100s", "arm64"), a dotted number ("4.2")
# or a capitalized name and its number ("ROS 2"); not "with 8".
_PLATFORM_VALUE = re.compile(r"(?<![\w.])(?:[A-Za-z][\w-]*\d[\w.-]*|\d+(?:\.\d+)+"
                             r"|[A-Z][A-Za-z]*\s\d+(?:\.\d+)*)(?![\w])")


def _platform(sentences: list[str], context: ActionContext) -> bool:
    """Whether a sentence names the platform the change runs on with a model or version the
    agent wrote nowhere ("The training box is an M2 Ultra" after it wrote `cuda`)."""
    for sentence in sentences:
        head = _PLATFORM.match(sentence)
        if head is None:
            continue
        values = [m.group().rstrip(".-") for m in _PLATFORM_VALUE.finditer(sentence, head.end())]
        if values and not any(v.lower() in context.wrote.lower() for v in values):
            return True
    return False


def _sentences(text: str) -> list[str]:
    return [m.group().strip() for m in _SENTENCE.finditer(text) if m.group().strip()]


def fact_sentences(text: str, context: ActionContext) -> list[str] | None:
    """The sentences of a turn made only of facts after a change: no question, verdict,
    request, plan, story or imperative, in English, at most `MAX_SENTENCES`; else None."""
    if "?" in text or not context.changed or (context.asked and not context.offered):
        return None  # a fact after the agent's question answers it (not after its offer
        # to go on: "want me to run it on the cluster?" — "the driver has 16 GB")
    found, other = languages.languages_of(text)
    if found or (other and any(ch.isalpha() and not ch.isascii() for ch in text)):
        return None  # the word tables are English: "no pasa nada" is no "no" (terse English
        # with few function words, "orders takes 3k writes a second", stays English)
    sentences = _sentences(text)
    if not sentences or len(sentences) > MAX_SENTENCES:
        return None
    if _VERDICT.search(text) or _REQUEST.search(text):
        return None
    if any(_IMPERATIVE.match(s) for s in sentences):
        return None
    return sentences


def stated_constraint(text: str, context: ActionContext) -> int | None:
    """Where a turn made only of facts states a constraint the agent's change meets, or None
    (see the module docstring)."""
    sentences = fact_sentences(text, context)
    if sentences is None:
        return None
    constraint = next((m for s in sentences if (m := _CONSTRAINT.search(s)) or
                       (m := _SIZE.search(s))), None)
    if constraint is None:
        differing = _other_duration(text, context)  # another value of the same kind
        if differing is None and not _platform(sentences, context):
            return None
        return len(text) - len(text.lstrip())
    if _agrees_on_version(text, context):
        return None
    if context.relation(text) is None and not (_MEASURED.search(text) or _SIZE.search(text)
                                               or _names_what_it_wrote(text, context)
                                               or _names_its_value(text, context)
                                               or _only_after_all(text, context)
                                               or _inflects_what_it_ran(text, context)):
        return None
    return len(text) - len(text.lstrip())
