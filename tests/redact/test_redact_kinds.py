"""One case per secret kind: the raw secret disappears, the kind is named, the context stays.

Fake secrets are assembled at run time from a seeded generator, so this file holds no string
that a secret scanner would (rightly) flag, and every run uses the same values.
"""

from __future__ import annotations

import base64
import string
from dataclasses import dataclass

import pytest
from fakes import ALNUM, B64, B64URL, HEX, Fakes

from skillgit.redact import Redactor, find_secrets

_FAKES = Fakes(20240611)
_RNG = _FAKES.rng
rand = _FAKES.rand
BASE32 = string.ascii_uppercase + "234567"
BECH32 = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"


@dataclass(frozen=True)
class Case:
    id: str
    kind: str
    secret: str
    template: str = "found {secret} in the log"
    """Where the secret sits; everything around `{secret}` must survive redaction."""

    @property
    def text(self) -> str:
        return self.template.format(secret=self.secret)


def _pem(label: str, end: bool = True) -> str:
    body = "\n".join(rand(B64, 64) for _ in range(4))
    head = f"-----BEGIN {label}-----\n{body}\n"
    return head + (f"-----END {label}-----" if end else "")


_JWT = ".".join((
    "eyJ" + rand(B64URL, 30),
    "eyJ" + rand(B64URL, 60),
    rand(B64URL, 43),
))
_BASIC = base64.b64encode(b"deploy:" + rand(ALNUM, 16).encode()).decode()

CASES = [
    Case("openai-legacy", "openai-api-key", "sk-" + rand(ALNUM, 48)),
    Case("openai-project", "openai-api-key", "sk-proj-" + rand(B64URL, 120),
         "export OPENAI_API_KEY={secret}"),
    Case("anthropic", "anthropic-api-key", "sk-ant-api03-" + rand(B64URL, 93) + "AA"),
    Case("openrouter", "openrouter-api-key", "sk-or-v1-" + rand(HEX, 64)),
    Case("github-ghp", "github-token", "gh" + "p_" + rand(ALNUM, 36)),
    Case("github-gho", "github-token", "gh" + "o_" + rand(ALNUM, 36)),
    Case("github-ghu", "github-token", "gh" + "u_" + rand(ALNUM, 36)),
    Case("github-ghs", "github-token", "gh" + "s_" + rand(ALNUM, 36),
         "git remote set-url origin https://x-access-token:{secret}@github.com/o/r.git"),
    Case("github-ghr", "github-token", "gh" + "r_" + rand(ALNUM, 36)),
    Case("github-fine-grained", "github-fine-grained-pat",
         "github" + "_pat_" + rand(ALNUM, 22) + "_" + rand(ALNUM, 59)),
    Case("gitlab", "gitlab-token", "gl" + "pat-" + rand(B64URL, 20)),
    Case("aws-akia", "aws-access-key-id", "AK" + "IA" + rand(BASE32, 16),
         "aws_access_key_id = {secret}"),
    Case("aws-asia", "aws-access-key-id", "AS" + "IA" + rand(BASE32, 16)),
    Case("aws-secret", "aws-secret-access-key", rand(B64, 40),
         "aws_secret_access_key = {secret}"),
    Case("aws-secret-json", "aws-secret-access-key", rand(B64, 40),
         '{{"AccessKeyId": "x", "SecretAccessKey": "{secret}"}}'),
    Case("google-api-key", "google-api-key", "AI" + "za" + rand(B64URL, 35)),
    Case("google-oauth", "google-oauth-client-secret", "GOC" + "SPX-" + rand(B64URL, 28)),
    Case("slack-bot", "slack-token",
         "xo" + "xb-" + rand(string.digits, 12) + "-" + rand(string.digits, 13) + "-"
         + rand(ALNUM, 24)),
    Case("slack-user", "slack-token",
         "xo" + "xp-" + rand(string.digits, 12) + "-" + rand(string.digits, 12) + "-"
         + rand(ALNUM, 32)),
    Case("slack-webhook", "slack-webhook-url",
         "T" + rand(string.ascii_uppercase + string.digits, 10) + "/B"
         + rand(string.ascii_uppercase + string.digits, 10) + "/" + rand(ALNUM, 24),
         "curl -X POST https://hooks.slack.com/services/{secret} -d @msg.json"),
    Case("discord-webhook", "discord-webhook-url", rand(B64URL, 68),
         "https://discord.com/api/webhooks/123456789012345678/{secret}"),
    Case("stripe-live", "stripe-secret-key", "sk" + "_live_" + rand(ALNUM, 24)),
    Case("stripe-test", "stripe-secret-key", "sk" + "_test_" + rand(ALNUM, 24)),
    Case("stripe-restricted", "stripe-restricted-key", "rk" + "_live_" + rand(ALNUM, 24)),
    Case("stripe-webhook", "stripe-webhook-secret", "wh" + "sec_" + rand(ALNUM, 32)),
    Case("twilio", "twilio-api-key", "SK" + rand(HEX, 32)),
    Case("sendgrid", "sendgrid-api-key", "SG." + rand(B64URL, 22) + "." + rand(B64URL, 43)),
    Case("npm", "npm-token", "np" + "m_" + rand(ALNUM, 36),
         "//registry.npmjs.org/:_authToken={secret}"),
    Case("pypi", "pypi-token", "py" + "pi-AgEIcHlwaS5vcmc" + rand(B64URL, 70),
         "password = {secret}"),
    Case("huggingface", "huggingface-token", "h" + "f_" + rand(string.ascii_letters, 34)),
    Case("digitalocean", "digitalocean-token", "do" + "p_v1_" + rand(HEX, 64)),
    Case("shopify", "shopify-token", "shp" + "at_" + rand(HEX, 32)),
    Case("databricks", "databricks-token", "da" + "pi" + rand(HEX, 32)),
    Case("groq", "groq-api-key", "gs" + "k_" + rand(ALNUM, 52)),
    Case("linear", "linear-api-key", "lin" + "_api_" + rand(ALNUM, 40)),
    Case("age", "age-secret-key", "AGE-SECRET-KEY-1" + rand(BECH32, 58)),
    Case("telegram", "telegram-bot-token", "AA" + rand(B64URL, 33),
         "https://api.telegram.org/bot1234567890:{secret}/getMe"),
    Case("azure-storage", "azure-storage-account-key", rand(B64, 86) + "==",
         "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey={secret};"
         "EndpointSuffix=core.windows.net"),
    Case("jwt", "jwt", _JWT, "cookie: session={secret}; Path=/"),
    Case("pem-rsa", "private-key-block", _pem("RSA PRIVATE KEY"), "$ cat id_rsa\n{secret}\n$ ls"),
    Case("pem-openssh", "private-key-block", _pem("OPENSSH PRIVATE KEY")),
    Case("pem-truncated", "private-key-block", _pem("PRIVATE KEY", end=False),
         "head -5 key.pem\n{secret}"),
    Case("bearer", "bearer-token", rand(ALNUM + "._-", 40),
         'curl -H "Authorization: Bearer {secret}" https://api.example.com'),
    Case("bearer-jwt", "jwt", _JWT, "Authorization: Bearer {secret}"),
    Case("github-token-scheme", "bearer-token", rand(ALNUM, 40),
         "Authorization: token {secret}"),
    Case("basic-header", "basic-auth", _BASIC, "Authorization: Basic {secret}"),
    Case("basic-curl", "basic-auth", rand(ALNUM, 14), "curl -s -u deploy:{secret} https://ci"),
    Case("env-password", "secret-assignment", rand(ALNUM, 14), "DB_PASSWORD={secret}"),
    Case("export-token", "secret-assignment", rand(ALNUM, 30), 'export SERVICE_TOKEN="{secret}"'),
    Case("json-client-secret", "secret-assignment", rand(ALNUM, 24),
         '{{"client_id": "abc", "client_secret": "{secret}"}}'),
    Case("yaml-password", "secret-assignment", "s3cr3t-" + rand(ALNUM, 8), "  password: {secret}"),
    Case("python-api-key", "secret-assignment", rand(ALNUM + "!#%", 20),
         "API_KEY = '{secret}'"),
    Case("url-query-token", "secret-assignment", rand(ALNUM, 24),
         "GET /v1/items?access_token={secret}&page=2"),
    Case("postgres", "connection-string-password", rand(ALNUM, 16),
         "DATABASE_URL=postgres://app:{secret}@db.internal:5432/app"),
    Case("mongodb-srv", "connection-string-password", rand(ALNUM, 16),
         "mongodb+srv://admin:{secret}@cluster0.example.mongodb.net/test"),
    Case("redis-no-user", "connection-string-password", rand(ALNUM, 16),
         "REDIS_URL=redis://:{secret}@cache:6379/0"),
    Case("high-entropy", "high-entropy", rand(ALNUM, 40),
         "the signing value is {secret} and it rotates weekly"),
]


def test_the_table_covers_at_least_25_kinds() -> None:
    assert len({case.kind for case in CASES}) >= 25


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_secret_is_found_with_its_kind(case: Case) -> None:
    text = case.text
    matches = find_secrets(text)
    start = text.index(case.secret)
    covering = [m for m in matches if m.start <= start and m.end >= start + len(case.secret)]
    assert [m.kind for m in covering] == [case.kind], matches


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_redaction_removes_the_secret_and_keeps_the_context(case: Case) -> None:
    redacted = Redactor().redact(case.text)
    assert case.secret not in redacted
    before, after = case.template.split("{secret}")
    assert redacted == (before + f"[REDACTED:{case.kind}]" + after).format()


def test_key_value_keeps_the_key_and_the_quotes() -> None:
    value = rand(ALNUM, 20)
    redactor = Redactor()
    assert redactor.redact(f"DB_PASSWORD={value}") == "DB_PASSWORD=[REDACTED:secret-assignment]"
    assert (redactor.redact(f'  "apiKey": "{value}",')
            == '  "apiKey": "[REDACTED:secret-assignment]",')
    assert (redactor.redact(f"export MY_SECRET='{value}'")
            == "export MY_SECRET='[REDACTED:secret-assignment]'")


def test_vendor_token_in_an_assignment_is_named_by_the_vendor() -> None:
    token = "gh" + "p_" + rand(ALNUM, 36)
    assert Redactor().redact(f"GITHUB_TOKEN={token}") == "GITHUB_TOKEN=[REDACTED:github-token]"


def test_several_secrets_in_one_text_are_all_replaced_in_order() -> None:
    first, second = CASES[0], CASES[4]
    text = f"a {first.secret} b {second.secret} c"
    matches = find_secrets(text)
    assert [m.kind for m in matches] == [first.kind, second.kind]
    assert [text[m.start:m.end] for m in matches] == [first.secret, second.secret]
    assert Redactor().redact(text) == (
        f"a [REDACTED:{first.kind}] b [REDACTED:{second.kind}] c")
