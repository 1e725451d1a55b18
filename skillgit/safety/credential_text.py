"""Credentials in prose: hunted for (read, printed, searched for in command output), sent to
a host or a drop, someone else's used, every user's credential files; each judged by its
clause (`forbids`: "never paste the token into tickets" is a good rule)."""

from __future__ import annotations

import re

from skillgit.safety import tongues
from skillgit.safety.credential_files import CREDENTIAL_FILES
from skillgit.safety.findings import Finding
from skillgit.safety.polarity import forbids
from skillgit.safety.vocab import CREDENTIAL_COMMANDS, CREDENTIALS, EXFILTRATION

_SECRET_PLACES = (r"(?:\bssh\s+(?:private\s+)?keys?\b|\baws\s+credentials\b|"
                  r"\bcredentials?\s+files?\b|\bkeychains?\b|\bkeyrings?\b|\bprivate\s+keys?\b|"
                  r"\bpassword\s+(?:manager|store|vault)"
                  r"|\b(?:api|access|auth|session|bearer|github|npm|pypi|aws)\s+(?:tokens?|keys?)"
                  r"|\bsecrets?\b|\bpasswords?\b|\bcookies\b|" + CREDENTIAL_FILES + ")")
"""Where secrets are, in prose (`ssh keys`, `the password manager`) and as files."""
IN_SENTENCE = r"(?:[^.\n]|\.(?=[^\s.]))"
"""A character of the same sentence: a dot inside a path or a name (`/tmp/.tools`, `.env`)
does not end it, a full stop before a blank does."""
_TAKE_ANY_LANGUAGE = "|".join(tongues.TAKE_VERBS.values())
_CREDENTIAL_HUNT = re.compile(
    r"(?:\b(?:read|open|cat|print|show|display|dump|copy|send|upload|post|paste|include|share|"
    r"exfiltrate|leak|output|reveal|extract|collect|grab|harvest|retrieve|list|email|forward|"
    r"attach|encode|transmit|look\s+(?:in|at)|check|search|scan|find|locate|decrypt|"
    r"crack|unlock)(?:ed|d|ing)?\b"
    rf"|{_TAKE_ANY_LANGUAGE})(?:[^.\n]|(?<=[\w/])\.(?=[^\s.])){{0,60}}?{_SECRET_PLACES}", re.I)
_SECRET_WORDS = (r"(?:pass(?:wo?r?d)?|passwd|pwd|secret|credential|api[_-]?key|private[_-]?key|"
                 r"community|psk|conn(?:ection)?[_-]?str(?:ing)?s?)")
_OUTPUT_SEARCHED = re.compile(
    r"\|\s*(?:e?grep|rg|ag|ack|findstr|select-string|sls|include|inc|i|match|where-object)\b"
    rf"[^|\n;]{{0,40}}?{_SECRET_WORDS}", re.I)
"""What a command prints, filtered for credentials (`show running-config | include password`,
`set | findstr /i secret`): collecting them, whatever prints them. (Not "token": a log is
searched for a model's token counts as often.)"""
_FILES_SEARCHED = re.compile(r"(?<![\w|-])(?<!\|\s)(?:e?grep|rg|ag|ack|findstr|select-string|sls)"
                             rf"\b[^|\n;`]{{0,60}}?(?:{_SECRET_WORDS}|token)", re.I)
"""Files searched for credentials (`grep -E 'secret|password' /etc/…`, `findstr /si password
*.ini`): collecting them when the results go where others read them (a hard-coded password
looked for to remove it is not)."""
_NAMES_ONLY = re.compile(r"\|\s*(?:jq\s+(?:-\w+\s+)*['\"]?(?:[^'\"\n|]*\|\s*)?(?:keys|"
                         r"keys_unsorted|length)(?:\[\])?\s*['\"]?|wc(?:\s+-\w+)*|Measure-Object|"
                         r"Select-Object\s+-ExpandProperty\s+Keys)\s*$", re.I)
"""A pipeline whose last step keeps only the names or the count of what it was given
(`… | jq 'keys'`, `… | jq '.data | keys'`, `… | wc -l`): no value is printed."""
_COMMAND_END = re.compile(r"[`\n;)]|\s[\u2014\u2013-]{1,2}\s|[.,](?=\s)|$")
"""Where a command shown in prose ends: a code span's end, a line's, a `;`, or the prose that
goes on after it (a dash between blanks, a clause's comma or full stop)."""


_OBJECT_FIELDS_ONLY = re.compile(r"(?:path|-template)?\s*=?\s*['\"]?"
                                 r"(?:\{+\s*\.(?:metadata|kind|type)\b[^}'\"\n]*\}+\s*)+"
                                 r"['\"]?(?=[\s`;)]|$)")
"""An output template that selects only what the object is, not what it holds
(`-o jsonpath='{.metadata.name}'`, `{{.metadata.creationTimestamp}}`): no value is printed."""


def _names_only(text: str, m: re.Match[str]) -> bool:
    """Whether the command `m` starts ends in a step that keeps only names or a count, or
    asks for an output template of its metadata only."""
    end = _COMMAND_END.search(text, m.end())
    return bool(_NAMES_ONLY.search(text, m.end(), end.start() if end else len(text))
                or _OBJECT_FIELDS_ONLY.match(text, m.end()))
_SENDS_SECRETS = re.compile(r"\b(?:send|upload|post|paste|email|forward|transmit|exfiltrate|"
                            r"leak|share)\b[^.\n]{0,60}?" + _SECRET_PLACES, re.I)
_TOKEN_VARIABLE = (r"\$?\{?\b[A-Z][A-Z0-9_]*(?:TOKEN|SECRET|PASSWORD|PASSWD|PWD|CREDENTIALS?|"
                   r"(?<!PRIMARY)(?<!FOREIGN)(?<!SORT)(?<!PARTITION)(?<!CACHE)(?<!ROUTING)"
                   r"(?<!HASH)(?<!RANGE)(?<!IDEMPOTENCY)(?<!LOOKUP)(?<!UNIQUE)(?<!INDEX)_KEY)\b")
"""A variable named for a credential: a token, a secret, a password, credentials, or a key
that is no database's or cache's key (`OPEN_CLOUD_KEY`, not `PRIMARY_KEY`)."""
_SENDS_TO_A_HOST = re.compile(
    r"\b(?:send|sends|sending|upload|post|ship|forward|transmit|attach|include|pass|add)\b"
    + IN_SENTENCE + r"{0,120}?(?:https?://|\b[\w-]+\.[\w.-]+\.(?:com|net|io|dev|org|app|xyz)\b)"
    + IN_SENTENCE + r"{0,80}?(?:" + _TOKEN_VARIABLE + r"|" + _SECRET_PLACES + r")|"
    r"\b(?:send|upload|post|forward|transmit)\b" + IN_SENTENCE + r"{0,60}?(?:"
    + _TOKEN_VARIABLE + r")" + IN_SENTENCE + r"{0,80}?(?:https?://|\bto\s+[\w-]+\.[\w.-]+\b)")
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
_SECRETS_PLURAL = re.compile(r"(?i)\b(?:(?:client|app|api|service)(?:'s)?[\s_-]?secrets?|secrets|"
                             r"passwords|(?:access|api|auth|bearer)\s+tokens|api[\s_-]keys|"
                             r"private[\s_-]keys|credentials)\b|(?:~|\$HOME)/\.(?:aws|kube|ssh)/\S+")
"""Credentials as a collection ("every client's secret", "the API keys") or a home's own."""
_SHARED_PLACE = re.compile(r"(?i)\b(?:PR|pull[\s-]request|merge[\s-]request|MR)\s+(?:description|"
                           r"body|comments?)\b|\b(?:the\s+)?(?:issue|ticket|wiki|confluence|"
                           r"slack|readme|changelog|commit\s+message|(?:[\w#-]+\s+)?(?:channel|"
                           r"chat)|teams|discord|mattermost|notion|jira|spreadsheet)\b|"
                           r"\bdocs?/[\w./-]+\.md\b")
"""Where everyone with access to the repository or the team's tools reads."""
_WRITTEN_TO_SHARED = re.compile(r"(?i)\b(?:list|put|paste|add|write|include|copy|post|dump|"
                                r"share|record|document)\w*(?:\s+\S+){0,6}?\s+(?:in|into|to|"
                                r"under|on)\s+(?:the\s+|a\s+|our\s+)?(?:"
                                + _SHARED_PLACE.pattern[4:] + ")")
"""Something written into such a place ("list them in the PR description")."""


def _sentence_around(text: str, match: re.Match[str]) -> str:
    start = max(text.rfind(". ", 0, match.start()), text.rfind("\n", 0, match.start())) + 1
    ends = [i for i in (text.find(". ", match.end()), text.find("\n", match.end())) if i >= 0]
    return text[start:min(ends) if ends else len(text)]
_DROP = re.compile(r"(?i)[\w.+-]+@(?!example\.)[\w-]+\.[a-z]{2,}\b|\b(?:transfer\.sh|"
                   r"gist\.github|gists?\b|pastebin|paste\.ee|hastebin|0x0\.st|file\.io|"
                   r"webhook\.site|requestbin|pipedream|ngrok|dropbox|drive\.google|wetransfer|"
                   r"mega\.nz|discord(?:app)?\.com/api/webhooks|hooks\.slack\.com)")
"""A place outside to drop a file: an e-mail address, a paste or file-drop service, a
personal cloud folder, a chat webhook."""
_HOME_FILE = re.compile(r"(?:^|[\s`'\"(])(?:~|\$\{?HOME\}?|%(?:USERPROFILE|APPDATA)%|/Users/\w+|"
                        r"/home/\w+)[/\\]")
_PROJECT_FOLDER = re.compile(r"(?:^|[\s`'\"(])(?:\./)?(?:[A-Za-z_][\w.-]*/)+(?=[\s`'\",;)]|$)")
"""A credential file in someone's home, and a folder of the project (`tests/fixtures/`): the
file copied into the repository, where everyone who reads it reads the login, in any words."""
_SWEPT = re.compile(r"[^\n|;&`]*?(?<![\w./-])(?:~/?|\$\{?HOME\}?/?|/etc/?|/|/home/?|/Users/?|"
                    r"/root/?|[A-Z]:\\?)(?=[\s`'\";|&)]|$)")
"""Where a search for credential names sweeps a whole home or the system's configuration."""
_EVERY_HOME = re.compile(r"(?:/home|/Users|[A-Za-z]:\\Users|/var/lib|/root/\.\.)[/\\]\*")
"""A path through every user's home (`/home/*/…`): their credentials, and any dot-folder there
(where programs keep them: `/home/*/.globus/*.json`), are not the agent's."""
_METADATA_ONLY = re.compile(r"(?:^|[\s;|&(`])(?:du|ls|stat|df|chmod|chown|chgrp|setfacl|"
                            r"getfacl|find)\s[^\n|;&]*$")
"""A command that reads only names, sizes or modes where it stands (`du -sh /home/*/.cache`)."""
_CREDENTIAL_NOUNS_ONLY = re.compile(r"^(?:secrets?|passwords?|cookies)$", re.I)
_DETERMINER_BEFORE = re.compile(r"(?i)\b(?:the|a|an|our|your|its|their|this|that|my)[ \t]+$")
"""A hunting verb after an article or a possessive is a noun or a modifier ("the upload key",
"our check job"), not an instruction."""

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


def forbidden_span(text: str, start: int, end: int) -> bool:
    """`_forbidden` for `text[start:end]`."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line = text[line_start:line_end if line_end >= 0 else len(text)]
    return forbids(line, start - line_start, min(len(line), end - line_start))


_ASSIGNED = re.compile(r"(?:^|[\s;&|(`])(?:(?:export|local|readonly|declare(?:\s+-\w+)*)\s+)?"
                       r"([A-Za-z_]\w*)=[\"']?\$\(\s*$")
_REST_OF_SUBSTITUTION = re.compile(r"[^()|;&`<>\n]*\)")
_SHARED_PATH = re.compile(r"prod\w*|\bprd\b|\blive\b", re.I)


def _kept_in_variable(text: str, m: re.Match[str]) -> bool:
    """Whether a secret-printing command only sets a variable for the program's own use: it
    is the whole of `NAME=$(…)`, names no production path, and `$NAME` is never expanded
    in the text (so it is not printed, written or sent by anything the rule shows)."""
    named = _ASSIGNED.search(text, 0, m.start())
    rest = _REST_OF_SUBSTITUTION.match(text, m.end())
    if named is None or rest is None or _SHARED_PATH.search(text, m.start(), rest.end()):
        return False
    return re.search(rf"\$\{{?{named.group(1)}\b", text) is None


def credential_findings(text: str) -> list[Finding]:
    out = []
    if any(not _kept_in_variable(text, m) and not _names_only(text, m)
           for m in CREDENTIAL_COMMANDS.finditer(text)):
        out.append(Finding(CREDENTIALS, "a command that prints credentials"))
    if any(not _own_service(text[m.start():m.end() + 200].split("\n")[0])
           and not _forbidden(text, m) for m in _SENDS_TO_A_HOST.finditer(text)):
        out.append(Finding(EXFILTRATION, "a credential sent to a host"))
    for pattern, what in ((_SHARED_DATA, "production data"),
                          (_CREDENTIAL_FILE, "a credential file")):  # and a drop, any language
        if any((_DROP.search(clause := _clause_around(text, m)) or (
                pattern is _CREDENTIAL_FILE and _HOME_FILE.search(clause)
                and _PROJECT_FOLDER.search(clause))) and not _forbidden(text, m)
               for m in pattern.finditer(text)):
            out.append(Finding(EXFILTRATION, f"{what} and a place to drop it"))
    if any(_WRITTEN_TO_SHARED.search(_sentence_around(text, m)) and not _forbidden(text, m)
           for m in _SECRETS_PLURAL.finditer(text)):
        out.append(Finding(EXFILTRATION, "credentials written where others read them"))
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
        if _DETERMINER_BEFORE.search(text, max(0, m.start() - 8), m.start()):
            continue  # "the upload key", "an upload token": a noun, no instruction
        noun = re.search(_SECRET_PLACES + r"\s*$", m.group(0), re.I)
        if _forbidden(text, m) or (noun is not None and forbidden_span(
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
    if any(_SWEPT.match(text, m.end()) and not _forbidden(text, m)
           for m in _FILES_SEARCHED.finditer(text)):
        out.append(Finding(CREDENTIALS, "a home or /etc searched for credentials"))
    if any(not _forbidden(text, m) for m in _FILES_SEARCHED.finditer(text)) and any(
            not _forbidden(text, m) for m in _WRITTEN_TO_SHARED.finditer(text)):
        out.append(Finding(CREDENTIALS, "files searched for credentials, the results shared"))
    return out
