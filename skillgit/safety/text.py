"""Checks on the text itself: words aimed at the agent or the reviewer, hidden characters and
comments, credential hunting, startup-file edits, inline code that fetches and runs, and the
destructive commands that need no parsing. Plus `normalize`, which undoes look-alike tricks
(full-width letters, Cyrillic homoglyphs, zero-width joiners inside words) before any screen."""

from __future__ import annotations

import html
import re
import unicodedata

from skillgit.safety.address import AI as _AI
from skillgit.safety.address import addressed
from skillgit.safety.effects import forbids
from skillgit.safety.credential_files import CREDENTIAL_FILES
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
_SELECTORS = re.compile("[\ufe00-\ufe0f\U000e0100-\U000e01ef]")
_INVISIBLE_CLASS = re.compile("[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f"
                              "\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0"
                              "\ufff9-\ufffb\U0001d173-\U0001d17a\U000e0000-\U000e0fff]")
_TYPESET = frozenset({0x0600, 0x0601, 0x0602, 0x0603, 0x0604, 0x0605, 0x06DD, 0x070F, 0x08E2})
_INVISIBLE_NEAR_ASCII = re.compile(f"[\x21-\x7e][{_INVISIBLE}]|[{_INVISIBLE}][\x21-\x7e]")
_HTML_TAG = re.compile(
    r"<!--|-->|</?(?:code|pre|kbd|samp|tt|var|span|div|p|br|hr|b|i|u|s|em|strong|small|mark|"
    r"del|ins|sub|sup|details|summary|blockquote|li|ul|ol|dl|dt|dd|table|thead|tbody|tr|td|th|"
    r"h[1-6]|a|img|font|section|article|aside|header|footer|nav|main|figure|figcaption|center|"
    r"abbr|cite|q|label|button|script|style|template|noscript|textarea|iframe|object|svg|body|"
    r"html|head|title)(?:\s[^<>]*)?/?>", re.I)
# A blockquote mark: at a line's start, or where prose hands over to a quoted command
# ("first: > curl …", "you should run > curl …").
_QUOTE_MARK = re.compile(r"^[ \t]*>(?:[ \t]*>)*[ \t]+|(?:(?<=[:.!?,\u2014-][ \t])|(?<=\brun[ \t])|"
                         r"(?<=\bexecute[ \t])|(?<=\btype[ \t])|(?<=\bpaste[ \t]))>[ \t]+", re.M)
# Look-alikes of shell punctuation (NFKC leaves these alone).
_PUNCTUATION = str.maketrans("\u01c0\u2223\u2758\u2502\u2503\u23d0\u05c0\u2016\u2010\u2011"
                             "\u2012\u2013\u2014\u2212\ufe63",
                             "|||||||||-----" "-")
_WORD = re.compile(r"[^\W\d_]+")
_CONFUSABLES = str.maketrans("аеорсухіјѕһԁɡАВЕКМНОРСТХІЈЅοαεικνρτυχΑΒΕΗΙΚΜΝΟΡΤΧΥΖ",
                             "aeopcyxijshdgABEKMHOPCTXIJSoaeiknptuxABEHIKMNOPTXYZ")

_SECRET_PLACES = (r"(?:\bssh\s+(?:private\s+)?keys?\b|\baws\s+credentials\b|\bcredentials?\s+files?\b|"
                  r"\bkeychains?\b|\bkeyrings?\b|\bprivate\s+keys?\b|\bpassword\s+(?:manager|store|vault)"
                  r"|\b(?:api|access|auth|session|bearer|github|npm|pypi|aws)\s+(?:tokens?|keys?)"
                  r"|\bsecrets?\b|\bpasswords?\b|\bcookies\b|" + CREDENTIAL_FILES + ")")
"""Where secrets are, in prose (`ssh keys`, `the password manager`) and as files."""
_IN_SENTENCE = r"(?:[^.\n]|\.(?=[^\s.]))"
"""A character of the same sentence: a dot inside a path or a name (`/tmp/.tools`, `.env`)
does not end it, a full stop before a blank does."""
_CREDENTIAL_HUNT = re.compile(
    r"\b(?:read|open|cat|print|show|display|dump|copy|send|upload|post|paste|include|share|"
    r"exfiltrate|leak|output|reveal|extract|collect|grab|harvest|retrieve|list|email|forward|"
    r"attach|encode|transmit|look\s+(?:in|at)|check|search|scan|find|locate|decrypt|"
    r"crack|unlock)(?:ed|d|ing)?\b(?:[^.\n]|(?<=[\w/])\.(?=[^\s.])){0,60}?"
    rf"{_SECRET_PLACES}", re.I)
_OUTPUT_SEARCHED = re.compile(
    r"\|\s*(?:e?grep|rg|ag|ack|findstr|select-string|sls|include|inc|i|match|where-object)\b"
    r"[^|\n;]{0,40}?(?:pass(?:wo?r?d)?|passwd|pwd|secret|credential|api[_-]?key|"
    r"private[_-]?key|community|psk)", re.I)
"""What a command prints, filtered for credentials (`show running-config | include password`,
`set | findstr /i secret`): collecting them, whatever prints them. (Not "token": a log is
searched for a model's token counts as often.)"""
_SENDS_SECRETS = re.compile(r"\b(?:send|upload|post|paste|email|forward|transmit|exfiltrate|"
                            r"leak|share)\b[^.\n]{0,60}?" + _SECRET_PLACES, re.I)
_TOKEN_VARIABLE = r"\$?\{?\b[A-Z][A-Z0-9_]*(?:TOKEN|SECRET|PASSWORD|PASSWD|API_KEY|ACCESS_KEY)\b"
_SENDS_TO_A_HOST = re.compile(
    r"\b(?:send|sends|sending|upload|post|ship|forward|transmit|attach|include|pass|add)\b"
    + _IN_SENTENCE + r"{0,120}?(?:https?://|\b[\w-]+\.[\w.-]+\.(?:com|net|io|dev|org|app|xyz)\b)"
    + _IN_SENTENCE + r"{0,80}?(?:" + _TOKEN_VARIABLE + r"|" + _SECRET_PLACES + r")|"
    r"\b(?:send|upload|post|forward|transmit)\b" + _IN_SENTENCE + r"{0,60}?(?:"
    + _TOKEN_VARIABLE + r")" + _IN_SENTENCE + r"{0,80}?(?:https?://|\bto\s+[\w-]+\.[\w.-]+\b)")
"""A credential (a token's variable, a secret file) sent to a host named in the same sentence:
"send build logs to https://… with the GITHUB_TOKEN as a header"."""
_HOST = re.compile(r"https?://([\w.-]+)|\b([\w-]+\.[\w.-]+)\b")


def _own_service(sentence: str) -> bool:
    """A token sent to the service it is named for (`CODECOV_TOKEN` to codecov.io): its use,
    not its leak."""
    variable = re.search(_TOKEN_VARIABLE, sentence)
    host = _HOST.search(sentence)
    if variable is None or host is None:
        return False
    vendor = variable.group().strip("${").split("_")[0].lower()
    return len(vendor) >= 3 and vendor in (host.group(1) or host.group(2) or "").lower()


_SHARED_DATA = re.compile(
    r"(?i)\b(?:prod(?:uction)?|prd|customers?|clients?|patients?|claims|payroll|users?)\b"
    r"[^.;\n]{0,60}?\b(?:tables?|exports?|dumps?|database|db|data|records|backups?|snapshots?|"
    r"csv)\b|\b(?:raft\s+snapshot|snapshot\s+save|pg_dump|mysqldump|mongodump|\.sql\.gz|\.dump)"
    r"\b|\b(?:card\s*(?:holder\s+)?(?:data|numbers?)|cardholder|pans?\b|cvv|authorization\s+"
    r"headers?|session\s+cookies?|bearer\s+tokens?|pii|personal\s+data|health\s+records?)\b")
"""Production or customer data, or a whole store's dump or snapshot (a Vault snapshot holds
every secret), card data, an authorization header or a session, personal or health data."""
_BORROWED = re.compile(
    r"(?i)\b(?:grab|take|steal|borrow|use|copy|reuse|log\s+in\s+with)\b[^.;\n]{0,40}?"
    r"\b(?:(?:the\s+)?(?:cluster-admin|admin|root|superuser)|another\s+user'?s|someone\s+else'?s|"
    r"a\s+colleague'?s|other\s+users'?|[A-Z][a-z]+'s)\s+(?:service[- ]account\s+)?"
    r"(?:tokens?|passwords?|credentials?|accounts?|kubeconfig|keys?|sessions?)\b")
"""Credentials that are not the agent's to use: an administrator's, another person's."""
_BORROWED_ELSEWHERE = re.compile(
    r"(?i)\b(?:utilis\w*|prend\w*|emprunt\w*|us[ae]\w*|utiliz\w*|pega\w*|tom[ae]\w*|prendi|"
    r"benutz\w*|verwend\w*|nimm|nehmen|gebruik\w*|neem|nemen)\b[^.;\n]{0,30}?\b"
    r"(?:(?:le|les|la|l')\s*(?:compte|mot\s+de\s+passe|identifiants|session|jeton)\s+d(?:e\s+|')"
    r"|(?:la|las|el|os|as|a|o)\s+(?:cuenta|contrase(?:ñ|n)a|credenciales|sesi[oó]n|conta|senha|"
    r"credenciais|sess[aã]o)\s+d[eoa]s?\s+"
    r"|(?:l'account|la\s+password|le\s+credenziali|la\s+sessione)\s+di\s+"
    r"|(?:das\s+(?:konto|passwort|kennwort)|die\s+zugangsdaten)\s+(?:von|des)\s+"
    r"|(?:het\s+(?:account|wachtwoord)|de\s+inloggegevens)\s+van\s+)"
    r"(?-i:[A-Z])")
"""The same in French, Spanish, Portuguese, Italian, German and Dutch ("utiliser le compte de
Marie"): a verb of using, then a person's account, password or session by name."""
_CREDENTIAL_FILE = re.compile(CREDENTIAL_FILES)
_CLAUSE_ENDS = (". ", "; ", "! ", "? ", "\n", "\u3002")
_DROP = re.compile(r"(?i)[\w.+-]+@(?!example\.)[\w-]+\.[a-z]{2,}\b|\b(?:transfer\.sh|"
                   r"gist\.github|gists?\b|pastebin|paste\.ee|hastebin|0x0\.st|file\.io|"
                   r"webhook\.site|requestbin|pipedream|ngrok|dropbox|drive\.google|wetransfer|"
                   r"mega\.nz|discord(?:app)?\.com/api/webhooks|hooks\.slack\.com)")
"""A place outside to drop a file: an e-mail address, a paste or file-drop service, a
personal cloud folder, a chat webhook."""
_EVERY_HOME = re.compile(r"(?:/home|/Users|[A-Za-z]:\\Users|/var/lib|/root/\.\.)[/\\]\*")
"""A path through every user's home (`/home/*/…`): their credentials, and any dot-folder there
(where programs keep them: `/home/*/.globus/*.json`), are not the agent's."""
_METADATA_ONLY = re.compile(r"(?:^|[\s;|&(`])(?:du|ls|stat|df|chmod|chown|chgrp|setfacl|"
                            r"getfacl|find)\s[^\n|;&]*$")
"""A command that reads only names, sizes or modes where it stands (`du -sh /home/*/.cache`)."""
_HOOKS_PATH = re.compile(r"(?i)\bcore\.hooks[Pp]ath\b[^\n]{0,40}?(?:\s|=|\b)(?:/|[A-Za-z]:\\|~/)")
"""Git's hook folder pointed at a path outside the repository, in any language: every
checkout then runs what is there."""
_CREDENTIAL_NOUNS_ONLY = re.compile(r"^(?:secrets?|passwords?|cookies)$", re.I)
_RC_EDIT = re.compile(
    r"\b(?:add|append|put|write|insert|edit|modify|change|update|place|drop|install|copy|"
    r"create)\b" + _IN_SENTENCE + r"{0,160}?(?:~/|\$HOME/|%USERPROFILE%\\)?(?:\.(?:bashrc|"
    r"bash_profile|zshrc|"
    r"zshenv|zprofile|profile|kshrc|cshrc|tcshrc)\b|config\.fish\b|\$PROFILE\b|"
    r"powershell\s+profile|shell\s+(?:rc|startup|profile)\s+files?|\.git/hooks\b|"
    r"git\s+hooks?\b|authorized_keys\b|crontab\b|cron\s+job|launch\s?agents?\b|"
    r"systemd\s+(?:user\s+)?(?:unit|service|timer)|\.pth\s+files?|sitecustomize|"
    r"usercustomize|start\s*menu[\\/]+programs[\\/]+startup|shell:(?:common\s*)?startup)", re.I)
_HOOK_MENTION = re.compile(r"(?<![\w$])(?:" + "|".join(sorted(HOOK_VARIABLES)) + r")\b")
_NODE_OPTIONS = re.compile(r"\b(?:NODE_OPTIONS|node-options)\b[^\n]{0,80}")
_AUTO_TASK = re.compile(r"[\"']?runOn[\"']?\s*:\s*[\"']folderOpen", re.I)
_PACKAGE_HOOK = re.compile(r"\b(?:script-shell|onload-script)\s*[=:\s]\s*\S", re.I)
_COMMENTS = re.compile(r"<!--(.*?)(?:-->|\Z)|^\s*\[[^\]]*\]:\s*(?:#|<>)\s*[(\"'](.*)$|"
                       r"<(\w+)[^>]*(?:display\s*:\s*none|visibility\s*:\s*hidden|"
                       r"font-size\s*:\s*0|\bhidden\b)[^>]*>(.*?)(?:</\3>|\Z)",
                       re.I | re.S | re.M)
_ADDRESSED = re.compile(rf"\b(?:{_AI}|instructions?|ignore|disregard|you\s+(?:must|should|"
                        r"shall|will|need|are)|do\s+not\s+tell|never\s+mention|always\s+run|"
                        r"must\s+run)\b", re.I)
_EXEC_API = (r"(?:\bexec\s*\(|\beval\b|\bcompile\s*\(|os\.system|subprocess|\bpopen|"
             r"child_process|execSync|\bspawn|\bsystem\s*[($\"']|new\s+Function|\bFunction\s*\(|"
             r"runpy|__import__|importlib|\biex\b|Invoke-Expression|instance_eval|"
             r"\bsource\s*\(|Start-Process|\bexecfile|\bload\s*\(|\bdofile|\bloadstring|"
             r"\brequire\s*\(\s*['\"]https?://)")
_DECODE_API = (r"(?:b64decode|\bpack\s*\(?\s*['\"][Hhmu]\*?['\"]|"
               r"base64\.decodebytes|atob\s*\(|fromhex|FromBase64String|"
               r"decompress|codecs\.decode|unhexlify|Buffer\.from\s*\([^)]*base64|"
               r"unpack\s*\(\s*['\"]m)")
_FETCH = re.compile(FETCH_API, re.I)
_EXEC = re.compile(_EXEC_API, re.I)
_DECODE = re.compile(_DECODE_API, re.I)
_INLINE_SEND = re.compile(rf"{FETCH_API}[^\n]*(?:open|read|cat|Get-Content|readFile)\w*"
                          r"\s*\(?\s*['\"]?[^'\"\n]*(?:\.env\b|\.ssh|id_rsa|\.aws|"
                          r"credentials|\.netrc|\.npmrc|\.git-credentials)", re.I)
# Inline code (python -c, node -e, vim -c, …) that writes a startup file or hook.
_STARTUP_FILE = (r"(?:\.(?:bashrc|bash_profile|bash_login|profile|zshrc|zshenv|zprofile|zlogin|"
                 r"kshrc|cshrc|tcshrc)\b|config\.fish\b|\.git[/\\]hooks\b|authorized_keys\b|"
                 r"\bcrontab\b|[\w-]+\.pth\b|(?:site|user)customize\.py\b|"
                 r"powershell_profile\.ps1\b|LaunchAgents\b|systemd[/\\]user\b)")
_WRITE_API = (r"(?:\bopen\s*\(|\bfopen\b|writefile|appendfile|writefilesync|appendfilesync|"
              r"write_text|write_bytes|File\.(?:write|open|append)|file_put_contents|"
              r"Add-Content|Set-Content|Out-File|>>)")
_STARTUP = re.compile(_STARTUP_FILE, re.I)
_INLINE_PERSIST = re.compile(rf"{_WRITE_API}[^\n]{{0,120}}?{_STARTUP_FILE}|{_STARTUP_FILE}"
                             rf"[^\n]{{0,60}}?(?:['\"]\s*,\s*['\"][aw]\+?['\"]|\.write\b)", re.I)
_SOCKET_DEVICE = re.compile(r"/dev/(?:tcp|udp)/")
# A CI workflow run for any fork's pull request with the repository's secrets that checks out
# and so runs the fork's code (`pull_request_target` / `workflow_run` + the head's ref).
_PR_TARGET = re.compile(r"\b(?:pull_request_target|workflow_run)\b")
_PR_HEAD = re.compile(r"\$\{\{\s*github\.(?:event\.(?:pull_request|workflow_run)\.head[\w.]*|"
                      r"head_ref)\s*\}\}|refs/pull/", re.I)
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


def _fold(word: re.Match[str]) -> str:
    """A look-alike in a Latin word is folded ("Ignore" spelt with a Cyrillic o), and so is a
    word made only of look-alikes ("exec" spelt all in Cyrillic); a real Cyrillic or Greek
    word is left as it is (a Russian sentence must stay Russian to be read)."""
    text = word.group(0)
    if text.isascii():
        return text
    folded = text.translate(_CONFUSABLES)
    return folded if folded.isascii() or re.search(r"[A-Za-z]", text) else text


def normalize(text: str) -> str:
    """The text as a shell or a reader would take it: look-alikes folded, invisibles gone."""
    text = _WORD.sub(_fold, unicodedata.normalize("NFKC", text)).translate(_PUNCTUATION)
    text = _TAGS.sub("", _BIDI.sub("", text)).replace("\u2028", "\n").replace("\u2029", "\n")
    text = _SELECTORS.sub("", text)
    return "".join(c for c in text if c not in _INVISIBLE)


def unmarked(text: str) -> str:
    """The text as a reader of the rendered Markdown sees it: HTML tags and comment markers
    gone (`<code>curl … | sh</code>`), entities decoded (`&#124;`), blockquote marks dropped
    (`> curl … | sh`, also after a clause ends: `first: > curl …`, is not a redirect to a file
    named curl)."""
    text = _HTML_TAG.sub(" ", text)
    if "&" in text and ";" in text:
        text = html.unescape(text)
    return _QUOTE_MARK.sub("", text)


def findings(original: str, text: str) -> list[Finding]:
    """Text-level findings; `text` is `normalize(original)`."""
    out: list[Finding] = []
    if _BIDI.search(original) or _TAGS.search(original) or \
            _INVISIBLE_NEAR_ASCII.search(original.lstrip("\ufeff")) or hidden_characters(original):
        out.append(Finding(HIDDEN, "invisible or direction-changing characters"))
    for m in _COMMENTS.finditer(text):
        if _ADDRESSED.search(" ".join(g for g in m.groups() if g)):
            out.append(Finding(HIDDEN, "a hidden comment with instructions"))
        elif m.group(4) and m.group(4).strip():  # shown to the agent, hidden from the reviewer
            out.append(Finding(HIDDEN, "text in an element styled to be invisible"))
    if addressed(text) or ("&" in text and ";" in text and addressed(html.unescape(text))):
        out.append(Finding(AGENT, "words addressed to the agent or the reviewer"))
    out += _credential_findings(text)
    if _RC_EDIT.search(text) or _HOOK_MENTION.search(text) or _HOOKS_PATH.search(
            text) or _AUTO_TASK.search(
            text) or _PACKAGE_HOOK.search(
            text) or (_STARTUP.search(text) and _INLINE_PERSIST.search(text)) or any(
            NODE_HOOK.search(m.group(0)) for m in _NODE_OPTIONS.finditer(text)):
        out.append(Finding(PERSISTENCE, "a startup file, hook or code-loading variable"))
    if _on_one_line(text, _FETCH, _EXEC):
        out.append(Finding(DOWNLOAD_RUN, "inline code that fetches and runs"))
    if _on_one_line(text, _DECODE, _EXEC):
        out.append(Finding(OBFUSCATED, "inline code that decodes and runs"))
    if _FETCH.search(text) and _INLINE_SEND.search(text):
        out.append(Finding(EXFILTRATION, "inline code that sends a credential file"))
    if _PR_TARGET.search(text) and _PR_HEAD.search(text):
        out.append(Finding(DOWNLOAD_RUN, "a fork's pull request checked out with secrets"))
    if _SOCKET_DEVICE.search(text):
        out.append(Finding(EXFILTRATION, "a raw network socket device"))
    if any(p.search(text) for p in _DESTRUCTIVE) or _removes_everything(text):
        out.append(Finding(DESTRUCTIVE, "a command that destroys data or the system"))
    return out


def hidden_characters(text: str) -> bool:
    """Whether `text` holds a character nobody sees, by class: a format character (Cf), a
    line or paragraph separator, a variation selector that selects nothing (not one after a
    symbol or emoji: `⚠️`), a Hangul filler; a joiner is fine between two emoji or two
    letters of a script that needs it (Persian, Devanagari)."""
    body = text.lstrip("\ufeff")
    if _INVISIBLE_CLASS.search(body) is None:
        return False
    for m in _INVISIBLE_CLASS.finditer(body):
        c, i = m.group(), m.start()
        before, after = body[i - 1:i], body[i + 1:i + 2]
        if c in "\ufe0e\ufe0f" and before and (_symbol(before) or before in "#*0123456789"):
            continue
        if c in "\u200c\u200d" and before and after and (
                ((_symbol(before) or before == "\ufe0f") and _symbol(after))
                or (_complex_letter(before) and _complex_letter(after))):
            continue
        if c == "\u200b" and _complex_letter(before or " ") and _complex_letter(after or " "):
            continue
        if unicodedata.category(c) == "Cf" and c not in _INVISIBLE and ord(c) in _TYPESET:
            continue  # Arabic number signs and the like: shown as they are
        return True
    return False


def _symbol(c: str) -> bool:
    return unicodedata.category(c) in ("So", "Sk") or 0x1F000 <= ord(c) <= 0x1FAFF


def _complex_letter(c: str) -> bool:
    return c.isalpha() and not c.isascii() and 0x0590 <= ord(c) < 0x3000


def _on_one_line(text: str, first: re.Pattern[str], second: re.Pattern[str]) -> bool:
    """Whether one line holds both a match of `first` and one of `second` (each pattern is
    run once over the whole text first: most texts hold neither)."""
    if first.search(text) is None or second.search(text) is None:
        return False
    return any(first.search(line) and second.search(line) for line in text.splitlines())


def _clause_around(text: str, match: re.Match[str]) -> str:
    """The clause `match` stands in (between `_CLAUSE_ENDS`)."""
    start = max(text.rfind(mark, 0, match.start()) for mark in _CLAUSE_ENDS) + 1
    ends = [i for i in (text.find(mark, match.end()) for mark in _CLAUSE_ENDS) if i >= 0]
    return text[start:min(ends) if ends else len(text)]


def _forbidden(text: str, match: re.Match[str]) -> bool:
    """Whether the clause around `match` forbids what it says (`effects.forbids`)."""
    start = text.rfind("\n", 0, match.start()) + 1
    end = text.find("\n", match.end())
    line = text[start:end if end >= 0 else len(text)]
    return forbids(line, match.start() - start, min(len(line), match.end() - start))


def _forbidden_span(text: str, start: int, end: int) -> bool:
    """`_forbidden` for `text[start:end]`."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line = text[line_start:line_end if line_end >= 0 else len(text)]
    return forbids(line, start - line_start, min(len(line), end - line_start))


def _credential_findings(text: str) -> list[Finding]:
    out = []
    if CREDENTIAL_COMMANDS.search(text):
        out.append(Finding(CREDENTIALS, "a command that prints credentials"))
    if any(not _own_service(text[m.start():m.end() + 200].split("\n")[0])
           and not _forbidden(text, m) for m in _SENDS_TO_A_HOST.finditer(text)):
        out.append(Finding(EXFILTRATION, "a credential sent to a host"))
    for pattern, what in ((_SHARED_DATA, "production data"),
                          (_CREDENTIAL_FILE, "a credential file")):  # and a drop, any language
        if any(_DROP.search(_clause_around(text, m)) and not _forbidden(text, m)
               for m in pattern.finditer(text)):
            out.append(Finding(EXFILTRATION, f"{what} and a place to drop it"))
    borrowed = _BORROWED.search(text) or _BORROWED_ELSEWHERE.search(text)
    if borrowed is not None and not _forbidden(text, borrowed):
        out.append(Finding(CREDENTIALS, "someone else's or an admin's credentials used"))
    for m in _EVERY_HOME.finditer(text):
        rest = text[m.end():]
        line = text[text.rfind("\n", 0, m.start()) + 1:m.start()]
        dot_folder = rest.startswith(("/.", "\\.")) and not _METADATA_ONLY.search(line)
        if (dot_folder or re.match(r"[^\s\"'`]{0,80}?" + CREDENTIAL_FILES, rest)) \
                and not _forbidden(text, m):
            out.append(Finding(CREDENTIALS, "every user's credential files"))
            break
    for m in _CREDENTIAL_HUNT.finditer(text):
        noun = re.search(_SECRET_PLACES + r"\s*$", m.group(0), re.I)
        if _forbidden(text, m) or (noun is not None and _forbidden_span(
                text, m.start() + noun.start(), m.end())):
            continue  # "never attach ~/.kube/config to tickets", "… instead of reading .env"
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
    for m in _OUTPUT_SEARCHED.finditer(text):
        if not _forbidden(text, m):
            out.append(Finding(CREDENTIALS, "a command's output searched for credentials"))
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
