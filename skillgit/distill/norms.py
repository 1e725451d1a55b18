"""Team norms and reminders: a rule about the project or its toolchain, stated as a rule.

A follow-up may state how things are done in the repository without reacting to the last
action at all; that is still a lesson (a *preference*). A sentence states a norm when,
outside questions, it holds

- a **marker** of a rule, one of
  - a ban: "no <things> in/under/for <place>" opening a clause;
  - a universal quantifier opening a clause ("every", "each", "any", "all", "nothing",
    "nobody", "no <thing>", "anything you/we …") followed by a habitual verb (`HABITUAL`:
    "needs", "goes", "gets …ed", "declares", "lives") or a modal;
  - a modal of obligation ("must", "has to", "is required", "is not allowed", "belongs in",
    "goes through", "lives in", "is kept in") whose subject is a class of things, not one
    thing just shown ("migrations here must …", not "the function must …", "it must …");
    "should" and "needs to" only with a quantifier or "always/never/every time" (alone they
    describe a feature: "the banner should fade after a while");
  - "every time", "whenever", "each time", "always", "never" with a modal or "need(s)"
    ("every time I run it, it hangs" tells a story);
  - a reminder opening the turn ("Reminder:", "Remember:", "Heads up", "FYI", "Note:",
    "PSA") followed by a modal ("fyi, X is what CI calls" informs);
- and a **thing of the repository**: a path, a file name, `code`, a call `f()`, or a noun of
  software work (`THINGS`: code, package, module, migration, container, endpoint, commit,
  secret, lockfile…), a snake_case name or a `key=value` setting.

A habit also reads in the passive ("queues here are always declared durable") and
after "nobody" ("nobody edits …").

Not a norm: a sentence about things just shown ("those", "these", "of them"), about now
("anymore", "right now", "currently", "yet", "so far"), about the past ("should have been
…"), a hypothetical ("would", "might", "if we ever …"), a state praised at its end ("no
raw SQL anywhere, nice."), a request opening with a task verb, a quantifier over a state
("all pods healthy", "each job is green now", "each single check green in the last build":
a noun after a determiner is no verb), and any rule-like sentence in a turn that asks to
build what it says ("… must be cached for an hour. Add that.", "… needs a header, add it"):
a feature (the user's own plan, "I'll add it …", asks nothing).
"""

from __future__ import annotations

import re

from skillgit.distill.user_phrases import rx

THINGS = r"""(?:code|codebase|library|libraries|lib|libs|package|packages|module|modules|crate
    |crates|function|functions|method|methods|class|classes|item|items|endpoint|endpoints|route
    |routes|handler|handlers|test|tests|spec|specs|suite|migration|migrations|schema|schemas
    |table|tables|query|queries|column|columns|index|indexes|container|containers|pod|pods
    |image|images|dockerfiles?|manifests?|charts?|values|resources?|buckets?|services?
    |deployments?|jobs?|crons?|commits?|prs?|pull\ requests?|merge\ requests?|branch|branches
    |main|master|changelog|changelogs|releases?|versions?|dependenc(?:y|ies)|deps|lock\ ?files?
    |config|configs|configuration|settings|env|environment\ variables?|secrets?|credentials?
    |keys|tokens|logs?|logging|logger|print|prints|strings?|comments?|docs?|docstrings?|types?
    |annotations?|imports?|files?|folders?|director(?:y|ies)|repo|repository|ci|pipelines?
    |workflows?|builds?|lint|linters?|formatter|scripts?|components?|hooks?|apis?|clients?
    |structs?|interfaces?|fields?|feature\ flags?|flags?|drafts?|unwraps?|panics?|exceptions?
    |errors?
    |warnings?|todos?|cli|commands?|providers?|variables?|outputs?|state|namespaces?|limits
    |requests|probes?|dtos?|models?|views?|controllers?|templates?|assets?|styles?|binar(?:y|ies)
    |artifacts?|sdks?|protos?|fixtures?|mocks?|snapshots?|vendor|toolchain|runtime|compiler
    |statements?|literals?|queries|storage|database|databases|db|infra|terraform|helm|docker
    |kubernetes|k8s|helpers?|utils?|tables?|stubs?|wrappers?|handlers?|timeouts?|retr(?:y|ies)
    |locks?|transactions?|timestamps?|dates|timezones?|ports?|urls?|queues?|topics?|events?
    |messages?|emails?|notifications?|translations?|i18n|icons?|props|reducers?|selectors?
    |stories|fonts?|responses?|payloads?|headers?|cookies?|sessions?|passwords?|personal\ data
    |pii|blocks?|macros?|traits?|enums?|generics?|goroutines?|threads?|async|awaits?|callbacks?
    |promises?|mutex(?:es)?|allocations?|queries|indices|keys?|schemas?|backups?|volumes?
    |nodes?|clusters?|environments?|workspaces?|stacks?|playbooks?|roles?|tasks?|modules?)"""
_THING = rx(r"\b" + THINGS + r"\b|`[^`\n]+`|\b\w+\(\)|(?<![\w/])[\w.~-]*/[\w./-]*"
            r"|\b[\w-]+\.(?:py|rs|go|js|ts|tsx|rb|java|kt|tf|ya?ml|json|toml|lock|sql|sh|md|cfg"
            r"|ini|proto|gradle|xml)\b|\b[a-z][a-z0-9]*_[a-z0-9_]+\b|\b\w+=\w+")
HABITUAL = r"""(?:needs?|go(?:es)?|gets?|lives?|belongs?|stays?|runs?|uses?|requires?|comes?
    |takes?|pass(?:es)?|follows?|declares?|defines?|has|have|carr(?:y|ies)|ships?|lands?
    |hits?|calls?|touch(?:es)?|applies|apply|imports?|returns?|logs?|prints?|reads?|writes?
    |depends?|points?|references?|edits?|changes?|modif(?:y|ies)|commits?|push(?:es)?
    |merges?|deploys?|builds?|tests?|includes?|contains?|exposes?|wraps?|owns?|handles?
    |starts?|ends?|sits?|matches|match|panics?|throws?|raises?|talks?|sends?|stores?
    |keeps?|lists?|links?|sets?|puts?|cop(?:y|ies)|specif(?:y|ies)|pins?|exports?|registers?
    |inherits?|extends?|implements?|creates?|adds?|bumps?|gets?\s+\w+ed
    |(?:is|are)\s+(?:\w+ed|\w+en|kept|built|run|made
    |done|set|put|held|split|read|written|driven|given|taken|shown|meant|bound|spread))\b"""
# "must" stating a rule, not a guess ("must be enough", "must be the cache", "must have been").
_EPISTEMIC = r"""\s+(?:be\s+(?:enough|sufficient|plenty|fine|ok|okay|right|correct|wrong|it|that
    |the\s+(?:cause|reason|problem|issue|culprit)|why|because|caused|related|coming|from|due
    |somewhere|something)|have\s+(?:been|\w+ed))\b"""
_OBLIGATION = r"""(?:must(?:n't|\s+not)?(?!""" + _EPISTEMIC + r""")|ha(?:s|ve)\s+to
    |(?:is|are)\s+(?:required|mandatory|not\ allowed|forbidden|banned|disallowed|expected\ to)
    |(?:is|are)\s+(?:never|not|no\ longer)\s+(?:acceptable|allowed|ok|okay|permitted|fine
        |an\ option)
    |belongs?\s+(?:in|to|under|with)|go(?:es)?\s+(?:in|into|through|under|via)\b
    |lives?\s+in|(?:is|are)\s+kept\s+in|only\s+(?:go|goes|live|lives|belong|belongs))\b"""
_MODAL = r"(?:" + _OBLIGATION + r"|should(?:n't|\s+not)?|shall|needs?\s+to)\b"
_CLAUSE = r"""(?:^|(?<=[.!?;:,\n\u2014(])\s*|\s-\s)\W*(?:(?:fyi|btw|note|remember|reminder
    |heads\ up|psa|also|and|but|so|ok(?:ay)?|well|again|here|around\ here
    |(?:in|across|for)\ (?:this|our|the\ whole)\ (?:repo(?:sitory)?|project|solution|codebase
        |workspace|monorepo|team|shop|service|app|code))\b\W*)*"""
_STOP_AFTER_NO = r"""(?:idea|worries|worry|problem|problems|rush|need|luck|way|clue|change
    |changes|difference|thanks|doubt|matter|hurry|issue|issues|big\ deal|pressure|longer|one
    |more)\b"""
_BAN = rx(_CLAUSE + r"""no\s+(?!""" + _STOP_AFTER_NO + r""")(?:[\w\x27-]+\s+){0,3}?
    (?:in|inside|under|on|outside|within|for|at|from|across|anywhere)\s+\S""")
# A verb, not a noun after a determiner ("each check green in the last build": "build" names).
_VERB_HERE = "".join(rf"(?<!\b{word}\s)" for word in (
    "the", "a", "an", "first", "last", "next", "one", "this", "that", "my", "our", "your",
    "each", "every", "its", "their", "second", "same", "whole", "single"))
_QUANTIFIED = rx(_CLAUSE + r"""(?:(?:(?:every|each|any|all)\b(?!\s+(?:of\s+)?(?:those|these|them
    |that|this|time|single\s+time)\b)(?:\s+single)?
    |no\s+(?!""" + _STOP_AFTER_NO + r"""))\s*[^\s.!?;]+
    |nothing\b(?!\s+(?:wrong|else|new|much|to|changed|happened|yet|special))|nobody\b
    |anything\s+(?:you|we|that|which)\b
    |no\ one\b)[^.!?;\n]{0,60}?\s""" + _VERB_HERE
                 + r"(?<!\bto\s)(?:" + HABITUAL + "|" + _MODAL + ")")  # "2 to add": no habit
# A clause whose subject is a class of things, not one thing just shown or a person.
_GENERIC_SUBJECT = _CLAUSE + r"""(?!(?:the|this|that|it|its|these|those|my|your|his|her|i
    |you|he|she|we|u|there|which|what|who|why|how|then|so|now|also|just|can|could|would
    |will)\b)(?:[\w\x27./-]+\s+){1,5}?"""
_GENERIC_MODAL = rx(_GENERIC_SUBJECT + r"(?:never\s+|always\s+|only\s+)?" + _OBLIGATION)
# "<things> always/never <verb>": a habit of a class of things ("the tests never pass" is
# one thing's story: a definite subject does not count).
_GENERIC_HABIT = rx(_GENERIC_SUBJECT + r"""(?:(?:always|never)\s+""" + HABITUAL + r"""
    |(?:is|are|gets?)\s+(?:always|never|only)\s+(?:\w+ed|\w+en|kept|built|run|made|done|set|put
        |held|written)\b)""")
# The team's own ban ("we don't allow `!!` outside tests", "we never merge without a
# changelog entry"): the rule holds for every case, whoever the subject is.
# ("we don't accept the cookie banner" is what the user does: only a repository accepts).
_TEAM_BAN = rx(_CLAUSE + r"""(?:we\s+(?:don't|do\ not|never|won't|will\ not)\s+(?:allow|permit
    |merge)|this\ (?:team|repo|repository|project|codebase)\s+(?:doesn't|does\ not|never
    |won't|will\ not)\s+(?:allow|permit|accept|tolerate|merge))\b""")
_UNIVERSAL_TIME = rx(r"""\b(?:every\ time|each\ time|whenever|every\ single\ time
    |(?<![,.])\balways\b|\bnever\b)""")
_WITH_VERB = rx(r"\b(?:" + _MODAL + r"|need|needs)\b")
_REMINDER = rx(r"""^\W*(?:(?:friendly|quick|just\ a|a|as\ a)\s+)?(?:reminder|remember|heads[\s-]up
    |fyi|psa|note|n\.b\.|nb|for\ the\ record)\b[\s:,!.\u2014-]*""")
_NOT_A_NORM = rx(r"""\b(?:those|these|anymore|any\ more|right\ now|currently|at\ the\ moment
    |so\ far|yet|today|yesterday|tomorrow|last\ (?:week|time|night)|for\ now)\b
    |\b(?:was|were|did|had)\b|\bnow\b(?<!from\ now)|\bnone\ of\ (?:them|those|these)\b
    |\b(?:would|might)\b|\bif\ we\ ever\b
    |\b(?:should|must|would|could)(?:n't|\ not)?\ have\ (?:been|\w+ed)\b
    |\b(?:pass(?:es)?|works?|succeeds?|is\ green|are\ green)\s+(?:locally|now|fine|again|too
    |here)\b
    |,\s*(?:nice|great|good|perfect|awesome|sweet|love\ it|lovely)\W*$  # a state praised
    |^\W*(?:every|each|all)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:\w+ed|green|healthy|clean|done|fine|ok)
        \s*(?:[,;\u2014]|$)""")  # "every resource tagged, 2 to add": a state checked, no verb
_TASK = rx(r"""^\W*(?:(?:please|pls|now|also|next|then|and|ok(?:ay)?|so)\b[\s,]*)*
    (?:add|create|implement|write|build|make|generate|update|refactor|rename|move|delete
    |remove|fix|show|explain|review|investigate|find|list|open|can\ you|could\ you|let's)\b""")
_QUESTION = re.compile(r"[^.!?\n]*\?")
# A request to build what the sentence describes ("… must be cached for an hour. Add that."):
# the modal specifies a feature, it states no rule (nor is the user's own plan, "I'll add it …").
_SPEC_REQUEST = rx(r"""(?<!\bi.ll\s)(?<!\bwe.ll\s)(?<!\bi\swill\s)(?<!\bwe\swill\s)(?<!\bill\s)
    \b(?:add|implement|do|make|build|support|handle|write|code|wire)
    \s+(?:that|this|it)\b(?!\s+(?:again|by\ hand|manually))""")
# A request that makes the rule a habit ("… add that to both, and keep doing it for anything
# you add"): the spec is the team's norm, not one feature.
_HABIT_ASKED = rx(r"""\bkeep\s+doing\s+(?:it|that|this|so)\b
    |\b(?:for|with|in)\s+(?:anything|everything|whatever|any\s+\w+|every\s+\w+
        |all\s+(?:the\s+)?\w+)\s+(?:\w+\s+)?(?:you|we)\s+(?:add|write|create|touch|make|build)\b""")
# A sentence ends at a mark before a space or the end, not inside ".trigger" or "Ecto.Multi".
_SENTENCE = re.compile(r"(?:[^.!?;\n]|[.!?;](?=\S))+[.!?;]*")


def norm(text: str, *, new_task: bool) -> int | None:
    """Where a sentence of `text` states a rule about the project, or None. In a turn that
    opens a new task only a universal rule ("every …", "never …", "whenever …") counts."""
    said = _QUESTION.sub(lambda m: " " * len(m.group()), text)
    reminder = _REMINDER.match(said)
    for sentence in _SENTENCE.finditer(said):
        body = sentence.group()
        if not body.strip() or _NOT_A_NORM.search(body) or _TASK.match(body):
            continue
        if not _THING.search(body):
            continue
        universal = (_QUANTIFIED.search(body) or _BAN.search(body) or _GENERIC_HABIT.search(body)
                     or _TEAM_BAN.search(body)
                     or (_UNIVERSAL_TIME.search(body) and _WITH_VERB.search(body)))
        if _SPEC_REQUEST.search(text) and not _HABIT_ASKED.search(text):
            continue  # a feature the turn asks to build, not a rule
        if universal or (not new_task and (
                _GENERIC_MODAL.search(body)
                or (reminder is not None and sentence.start() <= reminder.end()
                    and _WITH_VERB.search(body)))):
            return sentence.start() + len(body) - len(body.lstrip())
    return None
