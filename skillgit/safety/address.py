"""Words aimed at the agent or the reviewer: addressing a model or a reviewer by name, telling
it to ignore its instructions (in English and the other languages an attacker may use), to act
in secret, or to wave a change through unread. Read on normalized text (see text.normalize)."""

from __future__ import annotations

import re

from skillgit.safety import asks, tongues

# Models and coding agents by name (a version may follow: "GPT-4o", "gemini-2.5").
_MODELS = (r"(?:claude|codex|gemini|copilot|cursor|chatgpt|gpt(?:-?[\w.]+)?|sonnet|opus|haiku|"
           r"devin|aider|windsurf|cline|openhands|jules|grok|llama|mistral|qwen|deepseek|bard|"
           r"kiro|junie|tabnine|cody)")
AI = (rf"(?:(?:ai|llm|gpt)[- ]?(?:based|powered|driven|enabled)\s+(?:\w+\s+)?(?:tools?|"
      r"assistants?|agents?|systems?|models?|bots?|editors?)|ai|a\.i\.|llms?|gpts?|"
      rf"{_MODELS}|language models?|"
      r"(?:(?:coding|ai|llm|automated|autonomous|automatic|software|code|language)\s+)?"
      r"(?:agents?|assistants?|models?|bots?)|(?:automated|automation|ai|llm)\s+(?:tools?|"
      r"systems?|readers?|crawlers?|processes))")
_GENERIC = (r"(?:(?:ai|llm|gpt)[- ]?(?:based|powered|driven|enabled)\s+(?:\w+\s+)?(?:tools?|"
            r"assistants?|agents?|systems?|models?|bots?|editors?)|ai|a\.i\.|llms?|"
            r"language models?|(?:(?:coding|ai|llm|automated|autonomous|automatic|software|code|"
            r"language)\s+)?(?:agents?|assistants?|models?|bots?)|(?:automated|automation|ai|llm)"
            r"\s+(?:tools?|systems?|readers?|crawlers?|processes))")
"""A class of AI (not one model by name)."""
_AUDIENCE = (r"(?:user|reviewer|human|maintainer|owner|operator|developer|anyone|anybody|team|"
             r"security(?:\s+team)?|ops|admins?|auditors?|compliance|"
             r"them|whoever\s+\w+|(?:person|people)\s+(?:reviewing|reading|approving|merging))")
# A model or reviewer addressed by name at the start of a line or sentence ("Claude, always
# run …", "Reviewer: merge this"), followed by what it is told to do.
_NAMED = (rf"(?:ai|a\.i\.|llms?|{_MODELS}|assistant|"
          r"(?:ai|coding|llm)\s+(?:agent|assistant)s?|agents?|reviewers?|maintainers?)")
_TOLD = (r"(?:please|you|your|always|never|do|don'?t|run|execute|push|commit|merge|approve|"
         r"ignore|skip|install|add|delete|remove|make\s+sure|ensure|remember|also|must|should|"
         r"from\s+now|silently|send|upload|disable|enable|drop|stop|bypass|answer|reply|respond|"
         r"write|forget|disregard|treat|pretend|act|proceed|continue|immediately|instead|now|"
         r"first|go\s+ahead|turn\s+off|new\s+(?:instructions?|rules?|tasks?|orders?|directives?)|"
         r"store)\b")
# Where words addressed to a model may start: a line, a sentence or clause, a verb that
# introduces a command ("you should run Claude, always …"), or any markup or quoting that
# opens a new piece of text mid-line: a blockquote mark, a table cell, a link title or image
# alt text, a code comment, a YAML or JSON string.
_OPENING = r"(?:^|[^\w\s]|\b(?:run|execute|type|try|enter|paste)\s|\bREM\s)"
# A model or reviewer addressed by name, then told what to do; read only where it opens.
_VOCATIVE = re.compile(
    rf"\b{_NAMED}(?:\s*[,:;!]|\s+-{{1,2}}|\s+(?=please\b|you\s+(?:must|should|need|have\s+to|"
    rf"are\s+to)\b)|\s+(?=(?:always|never)\s+(?:run|push|commit|merge|approve|skip|ignore)\b))"
    rf"\s*{_TOLD}", re.I)
_OPENED = re.compile(rf"{_OPENING}[ \t]*(?:(?:hey|hi|dear|ok(?:ay)?|so|note\s+to|attention|attn|"
                     r"psst)\s+)?(?:the\s+)?$", re.I)
# Patterns that start with a name: tried only where a name starts (one scan finds them all).
_NAME_LED_PATTERNS = [
    rf"\b{_NAMED}\s*[,:]\s*(?:this|it|these|the\s+\w+)\s+(?:is|was|are|were|has|have)\s+(?:been\s+)?"
    r"(?:already\s+)?(?:approved|reviewed|vetted|audited|verified|checked|signed\s+off)\b",
    rf"\b{_NAMED}\b(?:[^.\n]|\.\S){{0,40}}\b(?:should|must|always|will|shall|can|may)\b"
    r"(?:[^.\n]|\.\S){0,40}\b(?:run|push|commit|merge|deploy|install|delete|remove|approve|"
    r"execute|publish|release|upload|send)\b(?:[^.\n]|\.\S){0,40}\bwithout\s+(?:asking|"
    r"confirmation|confirming|approval|permission|reviews?|reviewing|telling|checking\s+with|"
    r"prompting)\b",
    rf"\b{AI}\s+(?:reading|processing|seeing|that reads?|who reads?|parsing)\s+"
    r"(?:this|these|the\s+(?:file|text|page|document|readme|skill|repo))\b",
]
_AGENT_PATTERNS = [
    rf"\bas\s+an?\s+{AI}\s*,?\s+you\s+(?:must|should|shall|are|need|will|have)\b",
    r"\b(?:ignore|disregard|forget)\s+(?:all\s+(?:of\s+)?)?(?:the\s+|everything\s+)?(?:above|"
    r"preceding|prior)(?:\s+(?:text|content|lines?|ones?|messages?))?\s*(?:[,;.!]|\band\b|$)",
    rf"\byou\s*,\s*(?:the\s+|an?\s+)?{AI}\s*,",
    r"\bto\s+(?:the\s+)?(?:person|people|whoever|anyone)\s+(?:reviewing|reading|approving|"
    r"merging|checking)\b",
    r"\b(?:merge|approve|accept|ship|sign\s+off\s+on|land)\b[^.\n]{0,40}\bwithout\s+(?:"
    r"reading|reviewing|review|looking|checking|inspecting|testing|scrutiny|questions?|"
    r"comments?|discussion|delay|hesitation|objection)\b",
    r"\bpre-?approved\b|\b(?:system|admin(?:istrator)?|developer|security|priority|root)\s+"
    r"override\b",
    r"\bno\s+need\s+to\s+(?:review|inspect|audit|scrutini[sz]e|look\s+(?:at|into|over))\s+"
    r"(?:this|these|it|them|the\s+(?:hooks?|scripts?|changes?|diff|pr|pull\s+request|commands?"
    r"|code))\b",
    r"\b(?:do\s*n[o']t|don'?t|never)\s+(?:bring\s+(?:it|this|that)\s+up|mention\s+(?:it|this|"
    r"that)\s+(?:to\s+anyone|again|at\s+all)|tell\s+anyone)\b",
    r"\b(?:forget|ignore|disregard)\s+(?:everything|all|anything)\s+(?:(?:that\s+)?you\s+"
    r"(?:were|'ve\s+been|have\s+been|had\s+been)\s+(?:told|taught|given|instructed)|"
    r"(?:said|written|stated)\s+(?:above|before|earlier))",
    rf"\b(?:when|if|once|whenever)\s+(?:an?\s+|the\s+|any\s+)?{AI}\s+(?:reads|sees|processes|"
    r"parses|ingests|encounters|finds)\s+this\b",
]
# Agents addressed as a class, where a piece of text opens: a note for them, a heading, a key.
# Refused unless all the note asks is ordinary project work (`asks.ordinary`): an AGENTS.md
# shown in a tool's output that says "run `make test`, keep PRs small" is the project's own.
_ADDRESS_PATTERNS = [
    rf"\b(?:for|to)\s+(?:all\s+|any\s+|the\s+)?{AI}\W{{0,3}}:\s*{_TOLD}",
    rf"\b(?:all|any|every)\s+{AI}\s+(?:must|should|shall|will|need to|are (?:required|"
    r"instructed|expected) to)\b",
    r"\b(?:ai|llm|coding|autonomous)\s+(?:agents?|assistants?|models?|bots?)\s+(?:must|shall|"
    r"are (?:required|instructed) to)\b",
    r"\b(?:ai|llm|coding|autonomous|automated)\s+(?:agents|assistants|bots|tools)\s+(?:should|"
    r"ought\s+to|need\s+to|have\s+to|are\s+(?:expected|asked)\s+to)\b",
    # addressed where a piece of text opens: a heading, a comment, a key, "Attention …:"
    rf"^[ \t]*#+[ \t]*(?:(?:notes?|instructions?|guidance|rules|hints?)\s+)?(?:for|to)\s+"
    rf"(?:all\s+|any\s+|the\s+)?{AI}\b",
    rf"\battention\s*[,:]?\s*(?:all\s+|any\s+)?{AI}\s*[:,!]",
    # (a comment, a key: "# AI assistant instructions: when editing this module, also …")
    rf"^[ \t]*(?:#|//|/\*|\*|--|;|>)[ \t]*(?:note\s+(?:for|to)\s+)?{AI}(?:\s*/\s*{AI})*"
    r"(?:\s+(?:instructions?|notes?|guidance|directives?|rules|hints?|tasks?|memo))?"
    r"\s*:\s*\S+\s+\S+\s+\S+",
    # a note for agents in general (a list may name a model first: "To Copilot and other AI
    # assistants:"); a person's "To Claude: thanks" names one model and no class of them
    rf"(?:^|[#/*>-]\s*|\(\s*)(?:note\s+|notes\s+|hint\s+)?(?:for|to)\s+(?:all\s+|any\s+|the\s+)?"
    rf"(?:{_MODELS}\s*(?:,|/|and|or|&)\s*(?:other\s+|all\s+|any\s+)?)*{_GENERIC}"
    rf"(?:\s*(?:,|/|and|or|&)\s*(?:other\s+|all\s+|any\s+)?{AI})*\s*\)?\s*:",
    rf"\b{_MODELS}(?:\s*/\s*{_MODELS}){{1,}}\s*:",  # "Claude/Codex/Copilot: persist …"
    rf"\[\s*(?:notes?|hints?|message|instructions?|tips?)\s+(?:for|to)\s+{AI}(?:\s*/\s*{AI})*\s*\]",
    r"\b(?:TODO|NOTE|FIXME|HACK|XXX)\s*\(\s*(?:agents?|ai|assistants?|claude|copilot|codex|llms?|"
    r"cursor|gemini)\s*\)\s*:",
    r"(?:^|[.!?]\s+)(?:AI\s+)?(?:assistants|llms|copilots|ai\s+models)\b(?:\s+\w+){0,5}?\s+(?:must|"
    r"should|shall|are\s+(?:required|expected|asked)\s+to)\b",
    rf"\b(?:attention|note|notice|message|instructions?|memo|important|section|part|text)\s*"
    r"(?:(?:is|are)\s+(?:only\s+)?)?(?:to|for)\s+"
    rf"(?:the\s+|any\s+|all\s+)?{AI}\b",
    rf"\b(?:dear|hey|hello|hi)\s+{AI}\b",
]
_AGENT_PATTERNS += [
    # a key of data named for agents' instructions: a disguise, not a project's note
    r"(?<![\w-])[\"']?_*(?:ai|llm|agents?|assistants?|copilot|claude|gpt|codex|gemini|cursor)[_-]?"
    r"(?:agents?[_-]?|assistants?[_-]?)?(?:instructions?|rules|notes?|directives?|prompts?|"
    r"guidance|memory)[\"']?\s*[:=]",
    rf"\b(?:if|when|since|because|as)\s+you\s+are\s+(?:an?\s+)?{AI}",
    # "from now on, always …" is the user's own voice stating a standing rule — the lesson
    # itself. What the rule would make the agent do is judged by its effect (effects.py), not
    # by the phrase that introduces it.
    r"\b(?:henceforth|going\s+forward|in\s+all\s+future\s+(?:sessions|tasks|responses)),?\s+"
    r"you\s+(?:must|should|shall|will|are\s+to)\b",
    r"\byou\s+are\s+now\s+(?:an?\s+|in\s+|the\s+|allowed|free|permitted|authori[sz]ed|DAN)\b",
    r"\byour\s+(?:new|real|true|actual|hidden|secret|primary)\s+(?:task|instructions?|role|"
    r"goal|purpose|job|objective|directive)s?\b",
    rf"\b(?:never|do\s*n[o']t|don'?t|must\s+not|should\s+not|shall\s+not)\s+(?:ever\s+)?"
    rf"(?:mention|tell|inform|notify|alert|reveal|disclose|report|show|say|explain|warn)"
    rf"[^.\n]{{0,50}}?\b(?:to\s+)?(?:the\s+|your\s+|any\s+)?{_AUDIENCE}s?\b",
    rf"\bwithout\s+(?:telling|informing|asking|notifying|alerting|warning|mentioning\s+it\s+to|"
    rf"letting)\s+(?:the\s+|your\s+|any\s+)?{_AUDIENCE}",
    rf"\b(?:hide|conceal|keep)\s+(?:this|it|these|that|the\s+following)\b[^.\n]{{0,40}}\b(?:from\s+(?:the\s+)?"
    rf"{_AUDIENCE}|secret|hidden|quiet|confidential|between\s+us)\b",
    rf"\b{_AUDIENCE}s?\s+(?:(?:must|should|will|need|does|do)\s*(?:not|never|n't)"
    r"(?:\s+need\s+to)?|need\s+not|needn't)\s+(?:see|notice|know|find|"
    r"learn|be\s+told)\b",
    # kept from the people who would stop it: "… so security doesn't remove it", "so the
    # reviewers won't notice"
    rf"\bso\s+(?:that\s+)?(?:the\s+)?{_AUDIENCE}s?\s+(?:doesn'?t|don'?t|won'?t|can'?t|will\s+not|"
    r"does\s+not|do\s+not|never)\s+(?:notice|see|find|remove|revert|flag|catch|spot|ask|know)\b",
    r"\b(?:silently|quietly|secretly|covertly)\s+(?:run|execute|install|add|push|send|upload|"
    r"delete|remove|modify|change|commit|disable|download)\b",
    r"\b(?:ignore|disregard|forget|override|bypass|skip|drop|discard|abandon|set\s+aside|"
    r"pay\s+no\s+(?:attention|heed|mind)\s+to|stop\s+following|no\s+longer\s+follow)\s+"
    r"(?:all\s+|any\s+|of\s+|every\s+)*(?:(?:the\s+|my\s+|these\s+|those\s+|its\s+)?"
    r"(?:previous|prior|above|earlier|preceding|original|initial|system|safety|security|"
    r"developer|existing|other|all)\s+|your\s+(?:\w+\s+)?)"
    r"(?:\w+\s+)?(?:instructions?|prompts?|messages?|rules?|directions?|guidelines?|context|"
    r"guidance|orders|"
    r"directives?|guardrails?|polic(?:y|ies)|constraints?)\b",
    r"\b(?:new|updated|real|actual|hidden|secret|revised)\s+(?:system\s+)?(?:instructions?|"
    r"prompts?|directives?|rules)\s*:",
    r"<\|\s*(?:system|im_start|im_end|endoftext|assistant)\s*\|>|<</?sys>>|\[/?inst\]|"
    r"<\s*/?\s*system\s*>",
    r"\b(?:do|run|execute|perform)\s+(?:this|it|these|the\s+following)\s+(?:now\s+)?"
    r"(?:immediately|automatically|without\s+(?:asking|confirmation|approval|review))\b",
    r"\bjailbr(?:ea|o)k|\bdeveloper\s+mode\s+enabled\b|\bdo\s+anything\s+now\b",
]
# "Ignore all previous instructions" in the other languages an attacker reaches for.
_FOREIGN_VERB = (r"(?:ignorier\w*|ignora\w*|ignorez|ignorar|ignore\s+(?:toutes|tous|les|todas|"
                 r"todos|tutte|tutti|alle|las|los|as|os|le|gli)|"
                 r"vergiss\w*|vergessen\s+sie|missacht\w*|olvid\w*|esquec\w*|oubli\w*|"
                 r"dimentic\w*|negeer\w*|vergeet|zignoruj|zapomnij|игнорир\w*|забуд\w*|"
                 r"не\s+обращай\w*|忽略|忽视|无视|無視|忘记|忘掉|忘れ|무시|잊어)")
_FOREIGN_NOUN = (r"(?:anweisung\w*|instruktion\w*|instru[cç]\w*|istruzion\w*|indicaç\w*|"
                 r"indicacion\w*|consign\w*|regeln|reglas|règles|regras|regole|richtlijn\w*|"
                 r"instrukcj\w*|polecen\w*|инструкц\w*|указани\w*|правил\w*|指令|指示|说明|"
                 r"規則|规则|提示|命令|지시|규칙)")
_FIRST_LETTERS = "[aicdegmnoprvz\u0400-\u04ff\u3000-\u9fff\uac00-\ud7af]"  # of verbs and nouns
_FOREIGN = re.compile(rf"(?={_FIRST_LETTERS})(?:{_FOREIGN_VERB}[^.\n。]{{0,50}}?{_FOREIGN_NOUN}|"
                      rf"{_FOREIGN_NOUN}[^.\n。]{{0,20}}?{_FOREIGN_VERB})", re.I)
_AGENT_TAG = (r"\[(?:agent|ai|assistant|llm|copilot|claude|codex|bot)[-_ ]?(?:guidance|"
              r"instructions?|notes?|directive|hint|system|message)\]")
"""A bracketed tag that labels what follows as meant for the agent (`[agent-guidance]`)."""
_AGENT = re.compile("|".join(f"(?:{p})" for p in (*_AGENT_PATTERNS, _AGENT_TAG)), re.I | re.M)
_ADDRESS = re.compile("|".join(f"(?:{p})" for p in _ADDRESS_PATTERNS), re.I | re.M)
_NAME_LED = re.compile("|".join(f"(?:{p})" for p in _NAME_LED_PATTERNS), re.I)
# The first words of a name in AI or _NAMED: a word scan finds where a name may start.
_FIRST_WORDS = frozenset({
    "ai", "llm", "llms", "gpt", "gpts", "chatgpt", "claude", "codex", "gemini", "copilot",
    "cursor", "sonnet", "opus", "haiku", "devin", "aider", "windsurf", "cline", "openhands",
    "jules", "grok", "llama", "mistral", "qwen", "deepseek", "bard", "kiro", "junie", "tabnine",
    "cody", "language", "coding", "automated", "automation", "autonomous", "automatic",
    "software", "code", "agent", "agents", "assistant", "assistants", "model", "models", "bot",
    "bots", "reviewer", "reviewers", "maintainer", "maintainers"})
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*")


_LEET = str.maketrans("013457@$", "oieastas")
_SPACED = re.compile(r"(?<!\w)\w(?: \w(?!\w)){2,}")  # "i g n o r e": one letter at a time


def _loose(text: str) -> str:
    """The text with spelling tricks undone: letters spaced out, words joined by `-` or `_`,
    digits for letters ("IGN0RE ALL PREVI0US")."""
    text = re.sub(r"[_*~`]+", " ", text)  # Markdown emphasis: `_If you are an AI_`
    text = re.sub(r"(?<=[A-Za-z0-9])[-.]+(?=[A-Za-z0-9])", " ", text)  # "C-l-a-u-d-e"
    return _SPACED.sub(lambda m: m.group(0).replace(" ", ""), text).translate(_LEET)


def addressed(text: str) -> bool:
    """Whether `text` (normalized) carries words aimed at the agent or the reviewer, in English
    (below) or in another language (`tongues`)."""
    return _addressed(text) or tongues.addressed(text)


def _addressed(text: str) -> bool:
    """Whether `text` (normalized) carries words aimed at the agent or the reviewer, as written
    or once its spelling tricks are undone (only the lines a trick changed are read again)."""
    loose = "\n".join(b for a, b in zip(text.split("\n"), _loose(text).split("\n"), strict=True)
                      if a != b)
    variants = [variant for variant in (text, loose) if variant]
    return any(_AGENT.search(variant) is not None or _FOREIGN.search(variant) is not None
               or _named(variant) for variant in variants) or (
        any(_ADDRESS.search(variant) is not None for variant in variants)
        and not asks.ordinary(text))


_GREETING = re.compile(r"[ \t]*(?:(?:hey|hi|hello|ok(?:ay)?|so|dear)[ \t,]+)?", re.I)


def opening_vocative(text: str) -> re.Match[str] | None:
    """The name a message opens with, and the punctuation after it ("Claude, ", "Hey Codex:
    "), when the message opens by calling its agent by name.

    In a message the user typed to their own agent, that is how people talk to an assistant,
    not text aimed at one (`safety.findings(user_voice=True)` reads the message without it).
    Everywhere else — a file, a tool's output, a name mid-text or in markup — it is read."""
    greeting = _GREETING.match(text)
    start = greeting.end() if greeting else 0
    return _OPENING_NAME.match(text, start)


_OPENING_NAME = re.compile(rf"(?:{_NAMED})\s*[,:;!]\s*|(?:{_NAMED})\s+-{{1,2}}\s*", re.I)


def _named(text: str) -> bool:
    """Words that start with a model's or reviewer's name: told what to do where a new piece
    of text opens (`Claude, always …` on a line, after a sentence, a run-verb, or markup and
    quoting mid-line: `| assistant, …`, `# AI: …`), or told it may act unasked, or that it was
    approved already."""
    for m in _WORD.finditer(text):
        word = m.group().lower().rstrip("0123456789")  # "GPT4", "llama3"
        if word not in _FIRST_WORDS and not (word == "a" and text.startswith(".i.", m.end())):
            continue
        start = m.start()
        if start and (text[start - 1].isalnum() or text[start - 1] == "_"):
            continue  # inside a word (`x1claude`)
        if _NAME_LED.match(text, start):
            return True
        if _VOCATIVE.match(text, start):
            before = text[text.rfind("\n", 0, start) + 1:start]
            if len(before) > 80:  # a line's start is not in view: `^` must not match
                before = "\0" + before[-80:]
            if _OPENED.search(before):
                return True
    return False
