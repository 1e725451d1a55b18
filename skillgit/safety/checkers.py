"""What a rule tells a checker to let pass, as data: a linter, analyzer or type checker silenced
for a whole file or for everything, a tool's own secret check overridden, a security mode set
to None by an enum or a URI fragment. Rows of (regex, effect), read by `effects` with the
polarity of every other row (`idioms.IDIOMS` takes them in). One targeted suppression (a rule
id, one line, a reason) is a decision and passes; all of them, or a whole file, is not."""

from __future__ import annotations

NO_ID = (r"(?:#|//|/\*|--|')\s*(?:type:\s*ignore|eslint-disable|noqa|nolint|NOSONAR|"
         r"pylint:\s*disable|pyright:\s*ignore|@ts-ignore|phpcs:(?:ignore|disable)|"
         r"rubocop:disable|swiftlint:disable|tslint:disable|stylelint-disable|"
         r"cppcheck-suppress\w*|shellcheck\s+disable|pragma\s+warning\s+disable|"
         r"luacheck:\s*ignore)"
         r"(?=\s*(?:$|\n|[`'\"*]|\s(?:at|to|in|on|as|and|or|so|for|every|each|then)\b))")
"""A suppression comment with no rule id after it (`# type: ignore`, `// eslint-disable`)."""
WHOLE_FILE = (r"(?i:\b(?:top|start|beginning|head|first\s+line)\s+of\s+(?:the\s+|each\s+|"
              r"every\s+|any\s+|a\s+|that\s+|this\s+)?(?:[\w#+]+\s+)?(?:files?|modules?|"
              r"sources?|headers?)\b|\b(?:every|each|all|any)\s+(?:[\w#+]+\s+){0,2}(?:files?|"
              r"modules?|sources?)\b|dateianfang|anfang\s+(?:der|jeder)\s+datei|d[ée]but\s+"
              r"(?:du|de\s+chaque)\s+fichier|(?:inicio|principio|comienzo)\s+(?:del|de\s+cada)\s+"
              r"archivo|in[íi]cio\s+d[oe]\s+(?:cada\s+)?arquivo|f[áa]jl\s+elej\w*|начал\w*\s+"
              r"(?:каждого\s+)?файла|початок\s+(?:кожного\s+)?файлу|文件(?:开头|顶部)|"
              r"ファイルの先頭)")
"""Where a suppression covers a whole file, or every file, in the screen's languages."""

CHECKER_IDIOMS: list[tuple[str, str]] = [
    # everything silenced: a wildcard or `all` for the rule, or a file-wide switch
    (r"\bcppcheck-suppress(?:-file)?\s+\*|--suppress=\*|\bNOLINT(?:NEXTLINE|BEGIN)?\(\s*\*\s*\)|"
     r"(?i:rubocop|swiftlint):disable\s+all\b|\bshellcheck\s+disable=all\b|"
     r"#\s*pylint:\s*skip-file\b|\bphpcs:ignoreFile\b|#\s*yamllint\s+disable-file\b|"
     r"/\*\s*(?:tslint:disable|stylelint-disable)\s*\*/|"
     r"#\s*pragma\s+warning\s+disable(?!\s*:?\s*[A-Za-z]*\d)|\bpylint\b[^\n]*--disable[= ]all\b|"
     r"--disable[= ]all\b[^.\n]{0,40}\bpylint\b|\bCHECKSTYLE:OFF\b|"
     r"markdownlint-disable(?:-file)?\s*-->|\bSuppressMessage\(\s*\"\*\"|"
     r"#\s*pragma\s+(?:GCC|clang)\s+diagnostic\s+ignored\s+\"-W(?:all|everything|extra)\"",
     "tests"),
    # a suppression with no rule id, told for a whole file or every file (either order)
    (rf"{NO_ID}[^.\n]{{0,80}}?{WHOLE_FILE}|{WHOLE_FILE}[^.\n]{{0,80}}?{NO_ID}", "tests"),
    # a packaging or push tool told to let through what its own secret check flagged
    (r"(?<![\w-])--(?:allow|include|permit|accept|force|keep|with)-(?:[a-z0-9]+-){0,2}"
     r"(?:secrets?|env-files?|dotenv|dot-env|credentials?|creds|private-keys?)(?![\w-])|"
     r"\bsecret[_-]push[_-]protection\.skip\w*", "secret-check"),
    # a security, encryption, signing or verification mode set to None by an enum or a URI
    # fragment (`SecurityMode.None`, `…/SecurityPolicy#None`); a comparison checks, not sets,
    # and a list of the enum's members names them all
    (r"(?<![=!]=\s)(?<![=!]=)(?-i:\b(?:[A-Z][A-Za-z0-9]*)?(?:Security|Encryption|Signing|"
     r"Signature|Protection|Authentication|Validation|Verification|Revocation)(?:Mode|Policy|"
     r"Level|Type|Options?|Flags?|Kind){0,2}(?:\.|#|::)(?:None_?|Off|Disabled|NoCheck|"
     r"NoSecurity|NoEncryption|Insecure|Unencrypted|NotRequired)\b"
     r"(?![`'\"]?\s*(?:,|/|\bor\b|\band\b)\s*[`'\"]?(?:\w+\.)?[A-Z]))", "tls"),
    # certificate checks replaced in code by ones that accept anything
    (r"\bDangerousAcceptAny\w*|\bNoopHostnameVerifier\b|\bALLOW_ALL_HOSTNAME_VERIFIER\b|"
     r"\bTrustAllStrategy\b|\bInsecureTrustManagerFactory\b|\bcheckServerIdentity\s*:\s*\(\s*\)"
     r"\s*=>\s*(?:undefined|null)|\bServerCertificate(?:Custom)?ValidationCallback\s*\+?=\s*"
     r"[^;\n]{0,80}?(?:=>\s*true|return\s+true)", "tls"),
    # a web application firewall or a build's sandbox told to let everything through
    (r"\bSecRuleEngine\s+(?:DetectionOnly|Off)\b|(?<![\w-])--(?:allow|enable|permit)-"
     r"(?:in|un)secure[\w-]*", "security"),
]
