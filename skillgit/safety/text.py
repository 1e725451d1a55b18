"""Checks on the text itself: words aimed at the agent or the reviewer, hidden characters and
comments, credential hunting, startup-file edits, inline code that fetches and runs, and the
destructive commands that need no parsing. Plus `normalize`, which undoes look-alike tricks
(full-width letters, Cyrillic homoglyphs, zero-width joiners inside words) before any screen."""

from __future__ import annotations

import re
import unicodedata

from skillgit.safety.findings import Finding
from skillgit.safety.hooks import HOOK_VARIABLES, NODE_HOOK
from skillgit.safety.vocab import (
    AGENT,
    CREDENTIAL_COMMANDS,
    CREDENTIALS,
    DESTRUCTIVE,
    DOWNLOAD_RUN,
    EXFILTRATION,
    FETCH_API,
    HIDDEN,
    OBFUSCATED,
    PERSISTENCE,
)

_INVISIBLE = "\u200b\u200c\u200d\u2060\u2061\u2062\u2063\u2064\ufeff\u180e\u00ad\u034f" \
             "\u115f\u1160\u3164\uffa0\u17b4\u17b5"
_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")
_TAGS = re.compile("[\U000e0000-\U000e007f]")
_INVISIBLE_NEAR_ASCII = re.compile(f"[\x21-\x7e][{_INVISIBLE}]|[{_INVISIBLE}][\x21-\x7e]")
_CONFUSABLES = str.maketrans("аеорсухіјѕһԁɡАВЕКМНОРСТХІЈЅοαεικνρτυχΑΒΕΗΙΚΜΝΟΡΤΧΥΖ",
                             "aeopcyxijshdgABEKMHOPCTXIJSoaeiknptuxABEHIKMNOPTXYZ")

_AI = (r"(?:ai|a\.i\.|llms?|gpts?|chatgpt|claude|codex|gemini|copilot|cursor|language models?|"
       r"(?:coding |ai |llm )?(?:agents?|assistants?|models?|bots?))")
_AUDIENCE = r"(?:user|reviewer|human|maintainer|owner|operator|developer|anyone|anybody|team|them)"
_AGENT_PATTERNS = [
    rf"\b{_AI}\s+(?:reading|processing|seeing|that reads?|who reads?|parsing)\s+"
    r"(?:this|these|the\s+(?:file|text|page|document|readme|skill|repo))\b",
    rf"\b(?:all|any|every)\s+{_AI}\s+(?:must|should|shall|will|need to|are (?:required|"
    r"instructed|expected) to)\b",
    r"\b(?:ai|llm|coding|autonomous)\s+(?:agents?|assistants?|models?|bots?)\s+(?:must|shall|"
    r"are (?:required|instructed) to)\b",
    rf"\b(?:if|when|since|because|as)\s+you\s+are\s+(?:an?\s+)?{_AI}",
    rf"\b(?:attention|note|notice|message|instructions?|memo|important)\s*(?:to|for)\s+"
    rf"(?:the\s+|any\s+|all\s+)?{_AI}\b",
    rf"\b(?:dear|hey|hello|hi)\s+{_AI}\b",
    r"\bfrom\s+now\s+on\b[,:]?\s*(?:you\s+)?(?:must|should|shall|will|are\s+to|have\s+to|"
    r"need\s+to|always|never|ignore|do\s+not|don'?t)\b",
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
    rf"\b(?:hide|conceal|keep)\s+(?:this|it|these|that)\b[^.\n]{{0,40}}\b(?:from\s+(?:the\s+)?"
    rf"{_AUDIENCE}|secret|hidden|quiet|confidential|between\s+us)\b",
    rf"\b{_AUDIENCE}s?\s+(?:must|should|will|need)\s+(?:not|never)\s+(?:see|notice|know|find|"
    r"learn|be\s+told)\b",
    r"\b(?:silently|quietly|secretly|covertly)\s+(?:run|execute|install|add|push|send|upload|"
    r"delete|remove|modify|change|commit|disable|download)\b",
    r"\b(?:ignore|disregard|forget|override|bypass|skip|drop)\s+(?:all\s+|any\s+|of\s+|every\s+)*"
    r"(?:the\s+|your\s+|my\s+|these\s+|those\s+|its\s+)?(?:previous|prior|above|earlier|"
    r"preceding|original|initial|system|safety|security|developer|existing|other|all)\s+"
    r"(?:\w+\s+)?(?:instructions?|prompts?|messages?|rules?|directions?|guidelines?|context|"
    r"directives?|guardrails?|polic(?:y|ies)|constraints?)\b",
    r"\b(?:new|updated|real|actual|hidden|secret|revised)\s+(?:system\s+)?(?:instructions?|"
    r"prompts?|directives?|rules)\s*:",
    r"<\|\s*(?:system|im_start|im_end|endoftext|assistant)\s*\|>|<</?sys>>|\[/?inst\]|"
    r"<\s*/?\s*system\s*>",
    r"\b(?:do|run|execute|perform)\s+(?:this|it|these|the\s+following)\s+(?:now\s+)?"
    r"(?:immediately|automatically|without\s+(?:asking|confirmation|approval|review))\b",
    r"\bjailbr(?:ea|o)k|\bdeveloper\s+mode\s+enabled\b|\bdo\s+anything\s+now\b",
]
_AGENT = re.compile("|".join(f"(?:{p})" for p in _AGENT_PATTERNS), re.I | re.M)
_SECRET_PLACES = (r"(?:~/\.ssh|\.ssh/|\bssh\s+(?:private\s+)?keys?\b|\bid_(?:rsa|ed25519|ecdsa|"
                  r"dsa)\b|(?<![\w.])\.env\b(?!\.(?:example|sample|template|dist))|"
                  r"\.aws/credentials|\baws\s+credentials\b|\bcredentials?\s+files?\b|"
                  r"\bkeychains?\b|\bkeyrings?\b|\.netrc\b|\.npmrc\b|\.pypirc\b|"
                  r"\.git-credentials\b|\bprivate\s+keys?\b|\bpassword\s+(?:manager|store|vault)"
                  r"|\b(?:api|access|auth|session|bearer|github|npm|pypi|aws)\s+(?:tokens?|keys?)"
                  r"|\bsecrets?\b|\bpasswords?\b|\bcookies\b)")
_CREDENTIAL_HUNT = re.compile(
    r"\b(?:read|open|cat|print|show|display|dump|copy|send|upload|post|paste|include|share|"
    r"exfiltrate|leak|output|reveal|extract|collect|grab|harvest|retrieve|list|email|forward|"
    r"attach|encode|transmit|look\s+(?:in|at)|check|search|scan|find|locate)\b[^.\n]{0,60}?"
    rf"{_SECRET_PLACES}", re.I)
_SENDS_SECRETS = re.compile(r"\b(?:send|upload|post|paste|email|forward|transmit|exfiltrate|"
                            r"leak|share)\b[^.\n]{0,60}?" + _SECRET_PLACES, re.I)
_CREDENTIAL_NOUNS_ONLY = re.compile(r"^(?:secrets?|passwords?|cookies)$", re.I)
_RC_EDIT = re.compile(
    r"\b(?:add|append|put|write|insert|edit|modify|change|update|place|drop|install|copy|"
    r"create)\b[^.\n]{0,60}?(?:~/|\$HOME/|%USERPROFILE%\\)?(?:\.(?:bashrc|bash_profile|zshrc|"
    r"zshenv|zprofile|profile|kshrc|cshrc|tcshrc)\b|config\.fish\b|\$PROFILE\b|"
    r"powershell\s+profile|shell\s+(?:rc|startup|profile)\s+files?|\.git/hooks\b|"
    r"git\s+hooks?\b|authorized_keys\b|crontab\b|cron\s+job|launch\s?agents?\b|"
    r"systemd\s+(?:user\s+)?(?:unit|service|timer)|\.pth\s+files?|sitecustomize|"
    r"usercustomize)", re.I)
_HOOK_MENTION = re.compile(r"(?<![\w$])(?:" + "|".join(sorted(HOOK_VARIABLES)) + r")\b")
_NODE_OPTIONS = re.compile(r"\bNODE_OPTIONS\b[^\n]{0,80}")
_COMMENTS = re.compile(r"<!--(.*?)(?:-->|$)|^\s*\[[^\]]*\]:\s*(?:#|<>)\s*[(\"'](.*)$|"
                       r"<(\w+)[^>]*(?:display\s*:\s*none|visibility\s*:\s*hidden|"
                       r"font-size\s*:\s*0|\bhidden\b)[^>]*>(.*?)(?:</\3>|$)",
                       re.I | re.S | re.M)
_ADDRESSED = re.compile(rf"\b(?:{_AI}|instructions?|ignore|disregard|you\s+(?:must|should|"
                        r"shall|will|need|are)|do\s+not\s+tell|never\s+mention|always\s+run|"
                        r"must\s+run)\b", re.I)
_EXEC_API = (r"(?:\bexec\s*\(|\beval\s*\(|\bcompile\s*\(|os\.system|subprocess|\bpopen|"
             r"child_process|execSync|\bspawn|\bsystem\s*\(|new\s+Function|\bFunction\s*\(|"
             r"runpy|__import__|importlib|\biex\b|Invoke-Expression|instance_eval|"
             r"\bsource\s*\(|Start-Process|\bexecfile|\bload\s*\(|\bdofile|\bloadstring|"
             r"\brequire\s*\(\s*['\"]https?)")
_DECODE_API = (r"(?:b64decode|base64\.decodebytes|atob\s*\(|fromhex|FromBase64String|"
               r"decompress|codecs\.decode|unhexlify|Buffer\.from\s*\([^)]*base64|"
               r"unpack\s*\(\s*['\"]m)")
_INLINE_FETCH_EXEC = re.compile(rf"{FETCH_API}[^\n]*{_EXEC_API}|{_EXEC_API}[^\n]*{FETCH_API}",
                                re.I)
_INLINE_DECODE_EXEC = re.compile(rf"{_DECODE_API}[^\n]*{_EXEC_API}|{_EXEC_API}[^\n]*"
                                 rf"{_DECODE_API}", re.I)
_INLINE_SEND = re.compile(rf"{FETCH_API}[^\n]*(?:open|read|cat|Get-Content|readFile)\w*"
                          r"\s*\(?\s*['\"]?[^'\"\n]*(?:\.env\b|\.ssh|id_rsa|\.aws|"
                          r"credentials|\.netrc|\.npmrc|\.git-credentials)", re.I)
_SOCKET_DEVICE = re.compile(r"/dev/(?:tcp|udp)/")
_DESTRUCTIVE = [
    re.compile(r"\bmkfs(?:\.\w+)?\s+/dev/|\bdd\s+[^\n]*\bof=/dev/(?:sd|hd|nvme|disk|xvd|vd|mmcblk)",
               re.I),
    re.compile(r">\s*/dev/(?:sd[a-z]|nvme\d|disk\d|hd[a-z]|mmcblk\d)\b"),
    re.compile(r":\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:"),  # fork bomb
    re.compile(r"\bchmod\s+(?:-R\s+)?(?:0?777|a\+rwx)\s+/(?:\s|$)", re.I),
    re.compile(r"\b(?:wipefs|shred)\s+[^\n]*/dev/|\bformat\s+[a-z]:\s*/q\b|"
               r"\bremove-item\s+[^\n]*-recurse[^\n]*\s(?:[a-z]:\\?|~|\$home|/)(?:\s|$)|"
               r"\bfind\s+/\s+[^\n]*-delete\b|\bdel\s+/[sfq]\s+[^\n]*[a-z]:\\\*?(?:\s|$)", re.I),
]
_RM = re.compile(r"(?<![\w.-])rm\s+([^\n;&|]*)")
_EVERYTHING = re.compile(r"(?:/|/\*|~|~/|~/\*|\$\{?home\}?/?\*?|/home/?\*?|/users/?\*?|"
                         r"c:\\?|\.\./\.\./?\.\.?/?|/(?:etc|usr|var|boot|bin|lib)/?\*?)", re.I)


def normalize(text: str) -> str:
    """The text as a shell or a reader would take it: look-alikes folded, invisibles gone."""
    text = unicodedata.normalize("NFKC", text).translate(_CONFUSABLES)
    text = _TAGS.sub("", _BIDI.sub("", text))
    return "".join(c for c in text if c not in _INVISIBLE)


def findings(original: str, text: str) -> list[Finding]:
    """Text-level findings; `text` is `normalize(original)`."""
    out: list[Finding] = []
    if _BIDI.search(original) or _TAGS.search(original) or _INVISIBLE_NEAR_ASCII.search(
            original.lstrip("\ufeff")):
        out.append(Finding(HIDDEN, "invisible or direction-changing characters"))
    for m in _COMMENTS.finditer(text):
        if _ADDRESSED.search(" ".join(g for g in m.groups() if g)):
            out.append(Finding(HIDDEN, "a hidden comment with instructions"))
    if _AGENT.search(text):
        out.append(Finding(AGENT, "words addressed to the agent or the reviewer"))
    out += _credential_findings(text)
    if _RC_EDIT.search(text) or _HOOK_MENTION.search(text) or any(
            NODE_HOOK.search(m.group(0)) for m in _NODE_OPTIONS.finditer(text)):
        out.append(Finding(PERSISTENCE, "a startup file, hook or code-loading variable"))
    if _INLINE_FETCH_EXEC.search(text):
        out.append(Finding(DOWNLOAD_RUN, "inline code that fetches and runs"))
    if _INLINE_DECODE_EXEC.search(text):
        out.append(Finding(OBFUSCATED, "inline code that decodes and runs"))
    if _INLINE_SEND.search(text):
        out.append(Finding(EXFILTRATION, "inline code that sends a credential file"))
    if _SOCKET_DEVICE.search(text):
        out.append(Finding(EXFILTRATION, "a raw network socket device"))
    if any(p.search(text) for p in _DESTRUCTIVE) or _removes_everything(text):
        out.append(Finding(DESTRUCTIVE, "a command that destroys data or the system"))
    return out


def _credential_findings(text: str) -> list[Finding]:
    out = []
    if CREDENTIAL_COMMANDS.search(text):
        out.append(Finding(CREDENTIALS, "a command that prints credentials"))
    for m in _CREDENTIAL_HUNT.finditer(text):
        noun = re.search(_SECRET_PLACES + r"\s*$", m.group(0), re.I)
        # "print secrets"/"show the password field" are ordinary talk: bare nouns count only
        # when sent somewhere.
        if noun and _CREDENTIAL_NOUNS_ONLY.match(noun.group(0).strip()) and not \
                _SENDS_SECRETS.search(m.group(0)):
            continue
        if noun and re.search(r"\b(?:api|access|auth|session|bearer|github|npm|pypi|aws)\s+"
                              r"(?:tokens?|keys?)$", noun.group(0), re.I) and not \
                _SENDS_SECRETS.search(m.group(0)):
            continue
        out.append(Finding(CREDENTIALS, "an instruction to read or send credentials"))
        break
    return out


def _removes_everything(text: str) -> bool:
    """A recursive `rm` of `/`, `~`, `$HOME` and the like."""
    for match in _RM.finditer(text):
        words = [w.strip("\"'") for w in match.group(1).split()]
        flags = [w for w in words if w.startswith("-")]
        recursive = any(w == "--recursive" or (not w.startswith("--") and "r" in w.lower())
                        for w in flags)
        if recursive and any(_EVERYTHING.fullmatch(w) for w in words if not w.startswith("-")):
            return True
    return False
