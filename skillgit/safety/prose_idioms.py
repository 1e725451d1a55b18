"""The prose table: a verb, then what it acts on ("disable the pre-commit hooks", "add the
internal registry"), and a code source taken in place of the official one. Each row is (regex,
effect); `effects` reads them with the same polarity as every other row (`idioms.py` holds the
code, CI and system idioms)."""

from __future__ import annotations

# A code source taken in place of the official one: a command that fetches another repository's
# code (`git submodule add <url>`), on a line that sets it against the official, upstream or
# stock source, in any language ("not from the official directory", "al posto del chart
# ufficiale"); the same command alone vendors an ordinary dependency.
FETCHES_A_REPOSITORY = (r"\bgit\s+submodule\s+add\s+(?:-\S+\s+(?:\S+\s+)?)*(?:\w+://|git@)\S+|"
                        r"\bgit\s+subtree\s+add\s+[^\n]*?(?:\w+://|git@)\S+")
OFFICIAL = (r"(?i)(?<!\w)(?:official\w*|upstream|stock|vanilla|oficial\w*|offiziell\w*|"
            r"ufficial\w*|uffiċjal\w*|officiel\w*|oficjaln\w*|officieel|officiell\w*|"
            r"официальн\w*|офіційн\w*|resmi|chính\s+thức)(?!\w)|公式|官方|공식")

_V = r"(?:disable|disabling|turn(?:ing)?\s+off|switch(?:ing)?\s+off|skip(?:ping)?|bypass(?:ing)?|" \
     r"ignor(?:e|ing)|get(?:ting)?\s+around|circumvent(?:ing)?|deactivat(?:e|ing)|remov(?:e|ing)|" \
     r"delet(?:e|ing)|kill(?:ing)?|stop(?:ping)?|comment(?:ing)?\s+out|deselect(?:ing)?|" \
     r"uninstall(?:ing)?|lift(?:ing)?|drop(?:ping)?|no\s+longer\s+(?:run|require|check))"
_ADD = r"(?:add(?:ing)?|install(?:ing)?|register(?:ing)?|configur(?:e|ing)|enabl(?:e|ing)|" \
       r"connect(?:ing)?|set(?:ting)?\s+up|us(?:e|ing)|point(?:ing)?\s+\S+\s+(?:at|to)|" \
       r"switch(?:ing)?\s+to)"
_CODE_NOUNS = (r"(?:columns?|fields?|tables?|models?|class(?:es)?|methods?|functions?|"
               r"attributes?|propert(?:y|ies)|variables?|enums?|types?|migrations?|fixtures?|"
               r"components?|endpoints?|buttons?|pages?|routes?|views?|templates?|tests?|specs?|"
               r"imports?|files?)\b")
"""What a code change acts on: removing an `approval_status` column is no control removed."""
# Prose: a verb, then what it acts on (within a few words).
PROSE: list[tuple[str, str]] = [
    (rf"\b{_V}\s+(?:the\s+|all\s+|any\s+)?(?:\S+\s+)?(?:tls|ssl|https|certificate|cert|"
     r"signature|checksum|host\s+key)s?\s+(?:verification|validation|checks?|checking|errors?|"
     r"warnings?)\b", "tls"),
    (rf"\b{_V}\s+(?:the\s+|all\s+|any\s+|our\s+)?(?:git\s+|pre-commit\s+|pre-push\s+|commit\s+|"
     r"husky\s+|lefthook\s+|lint-staged\s+)+(?:hooks?|checks?)\b|\b" + _V +
     r"\s+(?:the\s+)?(?:git\s+)?hooks\b", "hooks"),
    (r"\bmark(?:ing)?\s+(?:them|it|those|these|(?:the\s+)?(?:\w+\s+)?tests?)\s+(?:as\s+)?"
     r"(?:xfail|skip(?:ped)?)\b", "tests"),
    (rf"\b{_V}\s+(?:the\s+|all\s+|any\s+|those\s+)?(?:failing|broken|flaky|red|failed)\s+"
     r"(?:tests?|specs?|checks?|jobs?)\b|\b(?:mark|marking)\s+(?:the\s+)?(?:failing|broken)\s+"
     r"tests?\s+(?:as\s+)?(?:skip(?:ped)?|xfail)|\b" + _V +
     r"\s+(?:the\s+)?(?:ci|ci\s+(?:jobs?|checks?|pipeline)|required\s+(?:status\s+)?checks?|"
     r"status\s+checks?|test\s+suite)\b", "tests"),
    # a pipeline's steps, jobs or stages taken out when what they run is a test, a check or a
    # scan ("comment out the `moodle-plugin-ci phpunit` and `… behat` steps"), and a checker's
    # checks turned off when they hunt vulnerabilities ("deactivate the Code Vulnerability
    # Analyzer checks")
    (rf"\b{_V}\s+(?:the\s+|all\s+|those\s+|these\s+)?(?=[^.\n]{{0,80}}?(?:test|spec|lint|"
     r"check|scan|audit|unit|behat|phpunit|cypress|selenium|sonar|coverage|sast|verif|"
     r"(?<![\w.])ci\b|-ci\b))[^.\n]{0,80}?\b(?:steps?|jobs?|stages?)\b(?!\s*(?:name|id)\b)",
     "tests"),
    (rf"\b{_V}\s+(?:the\s+|all\s+)?(?:[\w-]+\s+){{0,3}}?(?:vulnerabilit\w+|security|secrets?|"
     r"malware|injection|sast|dast|license)\s+(?:[\w-]+\s+){0,2}?(?:checks?|scans?|rules?|"
     r"analy[sz]ers?|scanners?|findings|gates?)\b", "security"),
    # a control of the process itself, whatever it guards: an audit trail, an approval, a
    # sign-off, a signature, an attestation ("disable the audit trigger", "skip the approval
    # step", `DISABLE TRIGGER audit_trail_trg`)
    (rf"\b{_V}\s+(?:the\s+|all\s+|any\s+|its\s+|our\s+)?(?:(?!(?:and|or|then|but|to)\s)[\w-]+\s+)"
     r"{0,3}?(?:\w*[_-])?(?:audit|"
     r"approv|sign-?off|compliance|qa\b|signing|signatures?\b|integrity|attestation|provenance|"
     r"notari[sz]|four-eyes|two-person|maker-checker)[\w-]*(?![\w-]|\s+(?:[\w-]+\s+)?" + _CODE_NOUNS
     + r")", "review"),
    (rf"\b{_V}\s+(?:the\s+)?(?:branch\s+protections?|required\s+(?:reviews?|approvals?|"
     r"reviewers?)|code\s*owners?\s+reviews?|review\s+requirements?)\b", "review"),
    (r"\b(?:push|pushing|pushed|commit|committing|merge|merging|land|landing)\s+(?:\S+\s+)?"
     r"(?:directly|straight|right)\s+(?:in)?to\s+(?:the\s+)?(?:main|master|trunk|prod|production|"
     r"release|default\s+branch|protected\s+branch)\b", "review"),
    (r"\b(?:push|pushing|deploy|deploying|release|releasing|publish|publishing|apply|applying|"
     r"merge|merging)\w*\s+(?:\S+\s+){0,3}?(?:with|using|via|passing)\s+(?:`)?--force\b(?!-)",
     "review"),
    (rf"\b{_V}\s+(?:the\s+)?(?:antivirus|anti-virus|windows\s+defender|defender|real-?time\s+"
     r"protection|selinux|apparmor|gatekeeper|system\s+integrity\s+protection|firewall|"
     r"edr|endpoint\s+protection|seccomp)\b", "security"),
    (rf"\b{_V}\s+(?:the\s+|all\s+)?(?:permission|approval|confirmation)\s+(?:prompts?|checks?|"
     r"requests?|dialogs?)\b|\byolo\s+mode\b|\bfull[- ]auto\s+mode\b|\bbypass\s*permissions\b|"
     r"\bauto-?approv\w*\s+(?:all\s+|every\s+|any\s+)?(?:tool\s+calls?|tools?|commands?|actions?|"
     r"edits?|requests?)\b|\b" + _V + r"\s+(?:the\s+|its\s+|your\s+)?(?:agent'?s?\s+)?"
     r"sandbox(?:ing)?\b", "agent"),
    (r"\bworld[- ]writable\b", "perms"),
    # the cluster handed to a default or any service account (`… cluster-admin … default SA`)
    (r"\bcluster-?admin\b[^.\n]{0,80}?\b(?:default|any|every|all)\s+(?:sa|service\s*accounts?|"
     r"serviceaccounts?)\b|\b(?:default|any|every|all)\s+(?:sa|service\s*accounts?|"
     r"serviceaccounts?)\b[^.\n]{0,80}?\bcluster-?admin\b|clusterrolebinding\b[^\n]{0,200}?"
     r"--clusterrole[= ]cluster-admin\b[^\n]{0,200}?--serviceaccount[= ]\S+:default\b",
     "perms"),
    (r"\b(?:add(?:ing)?|install(?:ing)?|register(?:ing)?|configur(?:e|ing)|enabl(?:e|ing)|"
     r"connect(?:ing)?|set(?:ting)?\s+up|hook(?:ing)?\s+up|plug(?:ging)?\s+in)\s+(?:the\s+|this\s+|"
     r"an?\s+|our\s+|my\s+)?(?:[\w.@/-]+\s+){0,2}mcp\s+servers?\b", "mcp"),
    (r"\b(?:post|upload|send|ship|push|forward|submit|mirror|sync|copy|pipe)\w*\s+(?:[^.\n]|\.\S)"
     r"{0,80}?(?:\b|(?<=[\s`'\"]))(?:package\.json|lockfile|lock\s+file|source(?:\s+code)?|"
     r"repo(?:sitory)?|code\s*base|git\s+log|history|diffs?|env(?:ironment)?(?:\s+variables)?|"
     r"\.env|secrets?|credentials?|keys?|dumps?)\b(?:[^.\n]|\.\S){0,80}?\bto\s+[`'\"<]?"
     r"https?://", "send"),
    (rf"\b{_ADD}\s+[^.\n]{{0,30}}?(?<![-.])\b(?:extra\s+index|index\s+url|(?:package|npm|pypi|pip|"
     r"cargo|gem|private|internal|custom|alternative|mirror)(?:'s)?\s+(?:registry|index|mirror|"
     r"feed))\b", "index"),
]
