"""Files that hold credentials: one table, read in two forms.

Each row is a regular expression for a file or folder name. A `$` at a row's end means "the
name ends here". Two kinds of row:
- `ANYWHERE`: the name is distinctive (`.netrc`, `id_rsa`, `~/.aws/…`, `ntds.dit`): it counts
  wherever it stands, in a path or in prose;
- `LAST_PART`: the name is an ordinary word or a common extension (`credentials`, `secrets.yaml`,
  `tls.key`, `Cookies`): it counts only as the last part of a path (`~/x/credentials`), never
  as a word of prose or a name in code (`self.key`, "the cookies banner").

The table is read twice:
- `CREDENTIAL_FILES`: a pattern to find such files in free text (the effects engine's
  "a credential file sent" and the text screen's credential hunt);
- `is_sensitive(path)`: whether one path (a command's argument, a redirect's target, a working
  folder) is such a file.
"""

from __future__ import annotations

import re
from typing import Final

ANYWHERE: Final = "anywhere"
LAST_PART: Final = "last part"

_SAMPLE = r"(?:example|sample|template|dist|defaults?|schema)"
_BROWSER_PROFILE = r"(?:default|profile \d+)[/\\](?:cookies|login data|web data)$"

BROWSER_STORES = r"logins\.json|key[34]\.db|\blogin\s?data\b|\bcookies\.sqlite\b"
"""A browser's saved passwords, the key that decrypts them, and its cookies (Firefox, Chrome)."""

CREDENTIAL_FILE_ROWS: tuple[tuple[str, str, str], ...] = (
    # (name, kind, what it holds)
    (rf"\.env(?:\.(?!{_SAMPLE}\b)[\w-]+)?(?![\w.-])", ANYWHERE,
     "dot-env files, but their samples"),
    (r"\.(?:aws|ssh|kube|docker|gnupg|azure|password-store|config[/\\](?:gcloud|gh|hub))"
     r"(?![\w-])(?:[/\\][\w.*-]*)*", ANYWHERE,
     "cloud, SSH, cluster, registry, GPG and CLI folders"),
    (r"id_(?:rsa|ed25519|ecdsa|dsa)\b(?!\.pub)", ANYWHERE, "SSH private keys, not `.pub`"),
    (r"ssh_host_\w+_key\b(?!\.pub)|etc[/\\]ssl[/\\]private\b|letsencrypt[/\\](?:live|archive)"
     r"[/\\][^\s/\\]+[/\\]privkey\d*\.pem|privkey\d*\.pem", ANYWHERE,
     "the system's private keys: SSH host keys, TLS private keys"),
    (r"wireguard[/\\][\w.-]+\.conf\b|\bwg\d*\.conf\b|ipsec\.secrets\b|openvpn[/\\][\w./-]*\.key\b|"
     r"\.storage[/\\]auth\b|restic[-_]?password\w*", ANYWHERE,
     "tunnels' and apps' own credential stores: WireGuard and IPsec keys, Home Assistant's auth"),
    (r"[._](?:npmrc|pypirc|netrc|pgpass|git-credentials|my\.cnf|s3cfg|boto|terraformrc|"
     r"vault-token)\b", ANYWHERE, "package manager, database, storage and Vault credentials"),
    (r"rclone\.conf\b|\.(?:gem|cargo)[/\\]credentials\b|\.m2[/\\]settings(?:-security)?\.xml|"
     r"\.gradle[/\\]gradle\.properties\b|\.dbt[/\\]profiles\.ya?ml\b|"
     r"\.(?:config[/\\])?composer[/\\]auth\.json\b",
     ANYWHERE, "sync, gem, crate, Maven, Gradle, dbt and Composer logins in the user's home"),
    (r"credentials\.json|service[-_]?account[\w.-]*\.json|\bkubeconfig\b", ANYWHERE,
     "OAuth client secrets, cloud service accounts, cluster configs"),
    (r"[\w.-]+\.(?:pem|p12|pfx|jks|keystore|kdbx|ppk)\b|[\w.-]+\.keychain(?:-db)?\b|"
     r"login\.keychain", ANYWHERE, "key stores, password databases, keychains"),
    (BROWSER_STORES, ANYWHERE, "browser password and cookie stores"),
    (r"unseal[_-]?keys?\b|(?:/var)?/run/secrets/[\w./-]*|serviceaccount[/\\]token\b",
     ANYWHERE, "Vault unseal keys, mounted container secrets, a service account's token"),
    (r"\bntds\.dit\b|\bhklm[/\\]+(?:sam|security)\b|\blsass\.(?:exe|dmp)\b", ANYWHERE,
     "Windows credential stores and the memory of lsass"),
    (r"\bsys1\.racf\w*|\b(?:racf|acf2)\s+(?:data\s?base|db)\b", ANYWHERE,
     "a mainframe's security database (every user's password hash)"),
    (r"\.(?:ethereum|bitcoin|electrum|solana|monero)(?:[/\\][\w.*-]*)*|\bkeystore[/\\]|"
     r"\bwallet\.dat\b", ANYWHERE, "wallets"),
    (r"\bpass(?:word)?s?\.(?:txt|csv)\b|etc[/\\](?:shadow|passwd|sudoers)\b", ANYWHERE,
     "password lists and the system's password files"),
    (r"\.?wrangler[/\\]config[/\\][\w.-]+|\.config[/\\](?:doctl|stripe|configstore|netlify)"
     r"[/\\][\w.-]+|\.(?:fly|railway)[/\\]config\.(?:ya?ml|json)\b|"
     r"\.supabase[/\\]access-token\b|com\.vercel\.cli[/\\]auth\.json\b|"
     r"\.steam[/\\][\w./\\*-]*?config\.vdf\b|\bssfn[\w*]*", ANYWHERE,
     "CLIs' and app clients' saved logins: deploy CLIs' OAuth tokens, Steam's sentry files"),
    (r"\.codex[/\\]auth\.json|\.claude[/\\]\.credentials(?:\.json)?|\.\w+_history\b", ANYWHERE,
     "coding agents' logins and shell histories"),
    (_BROWSER_PROFILE, LAST_PART, "a browser profile's cookie and password files"),
    (r"[\w.-]*credentials?(?:\.json|\.ya?ml|\.csv|\.db)?$|secrets?\.(?:ya?ml|json|env|toml|txt)$|"
     r"(?:access|api|auth|secret)[-_]?(?:token|key)s?(?:\.txt|\.json)?$", LAST_PART,
     "files named for credentials, secrets or tokens"),
    (r"[\w.-]+\.key$|[\w.-]*keychain(?:-db)?$|cookies(?:\.sqlite)?$|local state$|"
     r"[.\w-]*_history$|(?:keys|secrets|private)[/\\]$", LAST_PART,
     "private keys, keychains, cookies, a browser's key file, histories, key folders"),
)
"""One vocabulary of credential files: dot-env files but their samples, cloud, SSH, cluster,
registry and GPG folders (anyone's home), private keys but `.pub`, package manager and Git
credential files, key stores, browser password and cookie stores, mounted container secrets,
Windows' credential stores (the SAM and SECURITY hives, `ntds.dit`, the memory of `lsass`),
wallets, coding agents' logins and shell histories."""

_TEXT_END = r"(?![\w/\\-]|\.[\w-])"
"""In free text a name ends before a blank, a quote, punctuation or a full stop."""
_PATH_START = r"(?:^|[/\\\s=:@'\"(<%{,])"


def _ends(row: str, end: str) -> str:
    return row.replace("$", end)  # no row holds a literal dollar


def _text_form() -> str:
    anywhere = "|".join(_ends(n, _TEXT_END) for n, kind, _ in CREDENTIAL_FILE_ROWS
                        if kind == ANYWHERE)
    last = "|".join(_ends(n, _TEXT_END) for n, kind, _ in CREDENTIAL_FILE_ROWS
                    if kind == LAST_PART)
    return rf"(?i:(?<![\w.-])(?:{anywhere})|(?<=[/\\])(?:{last}))"


def _path_form() -> re.Pattern[str]:
    names = "|".join(_ends(n, "$") for n, _, _ in CREDENTIAL_FILE_ROWS)
    return re.compile(rf"{_PATH_START}(?:{names})", re.I)


CREDENTIAL_FILES: Final = _text_form()
"""A pattern (text, to compose into other patterns) finding credential files in free text."""
SENSITIVE_PATH: Final = _path_form()


def is_sensitive(path: str) -> bool:
    """Whether a path names a credential file or folder (`~/.aws/credentials`, `./tls.key`)."""
    return SENSITIVE_PATH.search(path.replace("$HOME", "~").replace("${HOME}", "~")) is not None
