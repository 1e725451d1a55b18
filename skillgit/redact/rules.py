"""Token rules: secrets recognisable by their own shape (a vendor prefix, a fixed layout).

Each rule is one compiled regex that starts with a literal (a vendor prefix), so the regex
engine's own prefix search is the prefilter: a rule costs one fast scan of the text and does
real work only where its prefix occurs. A rule whose regex has a named group `s` redacts only
that group (the rest of the match is context, e.g. a webhook host).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

# Characters that continue a token: a rule's match must not start or end next to one of them.
TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


@dataclass(frozen=True)
class TokenRule:
    kind: str
    pattern: re.Pattern[str]
    bounded: bool = True
    """Reject a match glued to other token characters (`xghp_...`, `AKIA...X`)."""
    accept: Callable[[str], bool] | None = None
    """Extra check on the redacted part, for shapes a regex alone cannot tell."""


def _has_digit(value: str) -> bool:
    return any(ch.isdigit() for ch in value)


def _rule(kind: str, pattern: str, *, bounded: bool = True,
          accept: Callable[[str], bool] | None = None) -> TokenRule:
    return TokenRule(kind, re.compile(pattern), bounded, accept)


_B64URL = r"[A-Za-z0-9_\-]"
# What can stand between BEGIN and END: base64, line breaks (also JSON-escaped `\n`) and the
# `Proc-Type: 4,ENCRYPTED` / `DEK-Info:` headers. A key cut short (no END line) is redacted up
# to the first character that cannot belong to it.
_PEM_BODY = r"[A-Za-z0-9+/=\s\\:,.\-]"

# Order matters only where two rules match the same text: the earlier rule names the kind.
TOKEN_RULES: tuple[TokenRule, ...] = (
    _rule("private-key-block",
          r"-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----"
          r"(?:" + _PEM_BODY + r"{0,16384}?-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----"
          r"|" + _PEM_BODY + r"{0,16384})", bounded=False),
    _rule("anthropic-api-key", r"sk-ant-[a-z]{2,10}\d{0,3}-" + _B64URL + r"{20,}"),
    _rule("openrouter-api-key", r"sk-or-v1-[0-9a-f]{40,}"),
    _rule("openai-api-key", r"sk-(?:proj-|svcacct-|admin-|None-)?" + _B64URL + r"{20,}",
          accept=_has_digit),
    _rule("github-token", r"gh[pousr]_[A-Za-z0-9]{36,255}"),
    _rule("github-fine-grained-pat", r"github_pat_[A-Za-z0-9_]{22,255}"),
    _rule("gitlab-token", r"gl(?:pat|dt|ptt|rt|soat|cbt|ft)-" + _B64URL + r"{20,}"
          r"(?:\.[A-Za-z0-9_\-]{2,})*"),
    _rule("aws-access-key-id", r"(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}"),
    _rule("google-api-key", r"AIza" + _B64URL + r"{35}"),
    _rule("google-oauth-client-secret", r"GOCSPX-" + _B64URL + r"{28}"),
    _rule("slack-webhook-url",
          r"https://hooks\.slack\.com/(?:services|workflows|triggers)/(?P<s>[A-Za-z0-9_/\-]{20,})"),
    _rule("slack-token", r"(?:xox[abposre]|xapp)-[A-Za-z0-9\-]{10,}", accept=_has_digit),
    _rule("discord-webhook-url",
          r"discord(?:app)?\.com/api/webhooks/\d{5,25}/(?P<s>" + _B64URL + r"{40,})",
          bounded=False),
    _rule("mailgun-api-key", r"key-[0-9a-z]{32}", accept=_has_digit),
    # PuTTY's .ppk: the private blob follows `Private-Lines: N` (plain or JSON-escaped line
    # breaks), then `Private-MAC:`; both are redacted, the public lines stay.
    _rule("putty-private-key",
          r"Private-Lines:[ \t]*\d+(?:\\r|\\n|\s)+(?P<s>[A-Za-z0-9+/=]+"
          r"(?:(?:\\r|\\n|\s)+(?!Private-MAC)[A-Za-z0-9+/=]+)*)", bounded=False),
    _rule("putty-private-key", r"Private-MAC:[ \t]*(?P<s>[0-9a-fA-F]{16,})", bounded=False),
    _rule("stripe-secret-key", r"sk_(?:live|test)_[A-Za-z0-9]{16,}"),
    _rule("stripe-restricted-key", r"rk_(?:live|test)_[A-Za-z0-9]{16,}"),
    _rule("stripe-webhook-secret", r"whsec_[A-Za-z0-9+/=]{24,}"),
    _rule("twilio-api-key", r"SK[0-9a-fA-F]{32}"),
    _rule("sendgrid-api-key", r"SG\." + _B64URL + r"{16,32}\." + _B64URL + r"{30,64}"),
    _rule("npm-token", r"npm_[A-Za-z0-9]{36}"),
    _rule("pypi-token", r"pypi-Ag" + _B64URL + r"{50,}"),
    _rule("huggingface-token", r"hf_[A-Za-z0-9]{30,}"),
    _rule("digitalocean-token", r"do[por]_v1_[0-9a-f]{64}"),
    _rule("shopify-token", r"shp(?:at|ss|ca|pa)_[0-9a-fA-F]{32}"),
    _rule("databricks-token", r"dapi[0-9a-f]{32}(?:-\d)?"),
    _rule("groq-api-key", r"gsk_[A-Za-z0-9]{48,}"),
    _rule("hashicorp-vault-token", r"hv[sbr]\." + _B64URL + r"{24,}"),
    _rule("linear-api-key", r"lin_api_[A-Za-z0-9]{40}"),
    _rule("age-secret-key", r"AGE-SECRET-KEY-1[02-9AC-HJ-NP-Z]{58}"),
    # Anchored on the colon (a literal); the bot id before it is not the secret part.
    _rule("telegram-bot-token", r":(?<=\d{8}:)(?P<s>AA" + _B64URL + r"{33})(?!" + _B64URL + ")",
          bounded=False),
    _rule("azure-storage-account-key", r"AccountKey=(?P<s>[A-Za-z0-9+/]{30,}={0,2})",
          bounded=False),
    _rule("azure-storage-account-key", r"SharedAccessKey=(?P<s>[A-Za-z0-9+/]{30,}={0,2})",
          bounded=False),
    # Discord bot token: the bot id in base64 (starts M, N or O), a timestamp, an HMAC.
    _rule("discord-bot-token",
          r"[MNO]" + _B64URL + r"{23,27}\." + _B64URL + r"{6}\." + _B64URL + r"{27,40}",
          accept=_has_digit),
    _rule("jwt", r"eyJ" + _B64URL + r"{8,}\.eyJ" + _B64URL + r"{8,}\." + _B64URL + r"*"),
)
