"""Commands whose output is a credential: one table, read by redaction and by the screen.

A row is a program (a regex: `op`, `(?:go)?pass`, `docker-credential-\\w+`), what follows it
(subcommands, options, arguments; empty when the program's own pattern says it all), and which
readers use it:
- `PRINTS`: what the command prints is secret line by line — `redact/blocks.py` masks every
  output line under such a command line in a log, whatever the value's shape;
- `GRANTS`: a rule that recommends the command grants credential access — `safety` refuses it.
Most rows are both. A command that decodes or shows what it is given (`base64 -d`, `terraform
output`, `kubectl get secret` without an output format, `cat` of a file named for a secret)
prints secrets but recommending it is no theft (`cat` of a credential file is judged by the
screen's own file rules); one that exports a whole store (`bw export`, `gpg
--export-secret-keys`) or hands out a token to a script is theft to recommend, while its
output seldom lands in a transcript's log.

Each reader joins a row its own way: redaction reads one command line (the program, blanks,
then the rest; `case_blind` rows ignore case), the screen reads prose and lets options stand
between a program and its subcommand (`kubectl -n prod get secret …`), ignoring case."""

from __future__ import annotations

import re
from dataclasses import dataclass

PRINTS = "prints"
GRANTS = "grants"
BOTH = frozenset({PRINTS, GRANTS})


@dataclass(frozen=True)
class CommandRow:
    program: str            # a regex for the program (with its own syntax when `rest` is "")
    rest: str               # a regex for what follows it, or "" for none
    readers: frozenset[str]  # PRINTS, GRANTS or both
    case_blind: bool = False  # (redaction: most programs are lower-case; the screen ignores case)


def _row(program: str, rest: str, readers: frozenset[str] | str = BOTH,
         case_blind: bool = False) -> CommandRow:
    return CommandRow(program, rest,
                      frozenset({readers}) if isinstance(readers, str) else readers, case_blind)


CREDENTIAL_COMMANDS: tuple[CommandRow, ...] = (
    # a file named for a secret, read whole
    _row(r"(?:cat|type|more|less|head|tail|bat|strings|get-content|gc)\b[^\n|;&]*"
         r"(?:recovery|backup[-_ ]?codes?|passw|secret|token|credential|\.env\b|\.pem\b|\.key\b|"
         r"id_rsa|id_ed25519|id_ecdsa|\.netrc|\.pgpass|htpasswd|\.p12\b|\.pfx\b|keyfile|"
         r"master\.key|otp|2fa|mfa)", "", PRINTS, case_blind=True),
    # password managers, vaults, OS and browser stores
    _row("op", r"(?:read|item\s+get)\b"),
    _row("pass", r"(?:show[ \t]+)?[\w@.-]+/", PRINTS), _row(r"(?:go)?pass", r"show\s", GRANTS),
    _row("gopass", r"(?:show|cat)\b", PRINTS),
    _row("bw", r"get\b"), _row("bw", r"export\b", GRANTS),
    _row("lpass", r"show\b"), _row("lpass", r"export\b", GRANTS),
    _row("keepassxc-cli", r"show\b"), _row("keepassxc-cli", r"export\b", GRANTS),
    _row("vault", r"(?:kv[ \t]+get|read)\b", PRINTS), _row("vault", r"(?:kv\s+)?(?:get|read)\s",
                                                        GRANTS),
    _row("security", r"find-(?:generic|internet)-password\b"),
    _row("security", r"(?:dump-keychain|export)\b", GRANTS),
    _row("secret-tool", r"lookup\b"), _row("cmdkey", r"/list\b"),
    _row(r"get-(?:secret|storedcredential)\b", "", PRINTS, case_blind=True),
    _row(r"docker-credential-\w+", r"(?:get|list)\b", GRANTS), _row("keyring", r"get\b", GRANTS),
    _row(r"reg(?:\.exe)?", r"save\s+hklm\\+(?:sam|security|system)\b", GRANTS),
    _row("netsh", r"wlan[ \t]+show[ \t]+profile\b[^\n]*key=clear", PRINTS),
    _row("netsh", r"wlan\s+show\s+profiles?\b[^\n]*key\s*=\s*clear", GRANTS),
    _row("doppler", r"secrets[ \t]+get\b", PRINTS), _row("doppler", r"secrets\b", GRANTS),
    _row(r"(?:credstash|chamber)", r"(?:get|read)\b", PRINTS),
    _row("sops", r"(?:-d|--decrypt|decrypt)\b", PRINTS),
    # cloud secret managers, cluster secrets, tokens a CLI hands out
    _row("aws", r"secretsmanager\s+get-secret-value\b"),
    _row("aws", r"ssm\s+get-parameters?\b[^\n]*--with-decryption"),
    _row("aws", r"configure\s+(?:get\s+\S*(?:secret|key|token)|export-credentials)\b", GRANTS),
    _row("gcloud", r"secrets\s+versions\s+access\b"),
    _row("gcloud", r"auth\s+(?:application-default\s+)?print-[\w-]*token\b", GRANTS),
    _row("az", r"keyvault\s+secret\s+(?:show|download)\b"),
    _row("az", r"account\s+get-access-token\b", GRANTS),
    _row("kubectl", r"get[ \t]+secrets?\b", PRINTS),
    _row("kubectl", r"get\s+secrets?\s[^\n]*-o\s*=?\s*(?:ya?ml|json|jsonpath|go-template)",
         GRANTS),
    _row("kubectl", r"config\s+view\s+[^\n]*--raw\b", GRANTS),
    _row("gh", r"auth\s+token\b"), _row("gh", r"auth\s+status\s+(?:-t|--show-token)\b", GRANTS),
    _row("git", r"credential(?:-\w+)?\s+(?:fill|get)\b", GRANTS),
    _row("heroku", r"config:get\b"), _row("heroku", r"(?:config\b|auth:token\b)", GRANTS),
    _row("vercel", r"env\s+pull\b", GRANTS), _row("netlify", r"env:(?:list|get)\b", GRANTS),
    _row("railway", r"variables\b", GRANTS),
    _row(r"kc(?:adm)?(?:\.sh)?", r"export\b", GRANTS),
    _row("gpg", r"(?:--export-secret-(?:sub)?keys)\b", GRANTS),
    _row(r"(?:npm|yarn|pnpm)", r"(?:config\s+get|token\s+list)\s+[^\n]*(?:_auth|token)", GRANTS),
    _row("redis-cli", r"[^\n]*\b(?:keys|scan|get|mget|dump)\s+['\"]?(?:sess|session)[:_*]",
         GRANTS),
    # decoders and tools that print what they were given to keep
    _row("base64", r"(?:-d|--decode|-D)\b", PRINTS), _row("openssl", r"enc[ \t]+-d\b", PRINTS),
    _row("terraform", r"output\b", PRINTS), _row("pulumi", r"config[ \t]+get\b", PRINTS),
)


def printing_rows() -> tuple[re.Pattern[str], ...]:
    """The rows whose output is secret, one regex each, as one command line reads them: the
    program, blanks, then the rest."""
    return tuple(re.compile(("(?i)" if row.case_blind else "") + (
        rf"\b{row.program}[ \t]+{row.rest}" if row.rest else rf"\b{row.program}"))
        for row in CREDENTIAL_COMMANDS if PRINTS in row.readers)


def granting_rows() -> tuple[tuple[str, str], ...]:
    """(program, rest) of the rows a rule may not recommend."""
    return tuple((row.program, row.rest) for row in CREDENTIAL_COMMANDS
                 if GRANTS in row.readers)
