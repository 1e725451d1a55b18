"""The adversarial sweep (`sweep_kinds.py`): every case is redacted whole by the first detector
(`Redactor.redact`) and by the final screen, wherever it stands: in user text, in a tool's
input (plain, and JSON-encoded as a tool's other inputs are), in a long tool output (where the
sieve is at work) and in a primed batch (which must give the same result as `redact` alone).
The second detector alone catches the dangerous shapes: provider tokens, private keys, URL
passwords."""

from __future__ import annotations

import json

import pytest
from sweep_kinds import CASES, Case

from skillgit.redact import Redactor
from skillgit.redact.screen import screen_text
from skillgit.redact.second import second_opinion

OPEN: set[str] = set()
"""Cases the detectors do not catch yet (see the sweep report); every other case must hold."""
SECOND_CATCHES = {
    "stripe-restricted", "slack-user", "slack-refresh", "slack-app", "pypi", "openai-svcacct",
    "anthropic-admin", "jwt-in-cookie", "git-clone-oauth2", "psql-url", "git-credentials",
    "url-encoded-userinfo", "pem-openssh", "pem-ec", "pem-encrypted", "pgp-private",
    "pem-json-escaped", "azure-conn-string"}
"""Provider tokens, private keys and URL passwords: the second detector's own classes."""

_FILL = "\n".join(f"  step {i}: compiled module_{i}.py in 0.{i}s" for i in range(12))
CHECKED = [case for case in CASES if case.name not in OPEN]


def leaked(secret: str, text: str) -> list[str]:
    """The secret (or its JSON-escaped form), or any 8-character piece of it, in `text`."""
    forms = {secret, json.dumps(secret, ensure_ascii=False)[1:-1]}
    pieces = {form[i:i + 8] for form in forms for i in range(max(1, len(form) - 7))}
    return sorted(piece for piece in pieces if piece.strip() and piece in text)


def places(case: Case) -> dict[str, str]:
    user = (f"for the record:\n{case.line}" if case.group == "config"
            else f"for the record, {case.line}")
    return {"user text": user, "tool input": case.line,
            "tool input (JSON)": json.dumps({"content": case.line}, ensure_ascii=False),
            "tool output": f"$ run\n{_FILL}\n{case.line}\n{_FILL}\nok"}


def test_the_sweep_is_large_and_new() -> None:
    from secret_kinds import KINDS
    assert len(CHECKED) >= 60
    assert {case.name for case in CASES} >= OPEN
    known = {kind.line for kind in KINDS}
    assert not any(case.line in known for case in CASES)


@pytest.mark.parametrize("case", CHECKED, ids=[case.name for case in CHECKED])
def test_the_first_detector_redacts_every_case_everywhere(case: Case) -> None:
    for place, text in places(case).items():
        redacted = Redactor(home="/home/nobody").redact(text)
        assert leaked(case.secret, redacted) == [], (place, redacted)
        primed = Redactor(home="/home/nobody")
        primed.prime([_FILL, text, "hello world"])
        assert primed.redact(text) == redacted, place


@pytest.mark.parametrize("case", CHECKED, ids=[case.name for case in CHECKED])
def test_the_final_screen_redacts_every_case_everywhere(case: Case) -> None:
    for place, text in places(case).items():
        screened = screen_text(text)
        assert leaked(case.secret, screened) == [], (place, screened)
        assert screen_text(screened) == screened, place


@pytest.mark.parametrize("name", sorted(SECOND_CATCHES))
def test_the_second_detector_alone_catches_tokens_keys_and_url_passwords(name: str) -> None:
    case = next(case for case in CASES if case.name == name)
    text = case.line
    for match in reversed(second_opinion(text)):
        text = text[:match.start] + "\0" + text[match.end:]
    assert leaked(case.secret, text) == [], text


def test_hidden_characters_outside_a_secret_stay_for_the_injection_screen() -> None:
    text = "DB_PASS\u200bWORD=Xk9#mQ2vL7 and use the v19\u200b\u200bcache"
    for redacted in (Redactor(home="/home/nobody").redact(text), screen_text(text)):
        assert "Xk9#mQ2vL7" not in redacted
        assert redacted.endswith("v19\u200b\u200bcache")
    assert Redactor(home="/home/nobody").redact("v19\u200bcache") == "v19\u200bcache"


@pytest.mark.parametrize("text", [
    "cd app\necho Xk9mQ2vL7abc | docker login -u me --password-stdin r.io",
    "make build\nprintf '%s' 'Xk9mQ2vL7abc' | gh auth login --with-token"])
def test_a_value_piped_into_stdin_on_any_line_is_found(text: str) -> None:
    assert "Xk9mQ2vL7abc" not in Redactor(home="/home/nobody").redact(text)


@pytest.mark.parametrize("text", [
    # (the value after a near-miss word has three classes, not four: a token mixing lower
    # case, upper case, digits and a symbol is masked by its shape alone, wherever it is)
    "bypass Qz7x-Tq9Lm", "compass N3xT9q", "you can pass Qz7x-Tq9Lm to it",
    '"Fail-Open" Secret Detection:**', "to bypass Qz7x-Tq9Lm\nnext",
    'fields = ("password", "username")', "the password \"field\" is required",
    "00:11:22:33:44:55", "src/x.py:12:5: error: bad", "<token>access_token</token>",
    "password: str = Field(...)", "das Passwort ist falsch", "the token on github.com expired",
    "${DB_PASSWORD:-}", "requirepass yes", "creds are stored in the vault",
    # look-alikes of the rules that closed the first sweep's open cases
    "pip install foo --pin-version 3", "make sure it can pass the tests", "PIN the version to 1.2",
    "pin: 3.11", "version pin is 2024", "spin is 1234", "the pin is in the drawer",
    "SORT_KEY=name", "PRIMARY_KEY=id", "CACHE_KEY=user:42", "export FOREIGN_KEY=user_id",
    "S3_KEY=uploads/2024/report_v2.pdf", "ROUTING_KEY=orders.created.v2", "hash_key=order_id",
    '<add key="Logging" value="Debug" />', '{"name": "LOG_LEVEL", "value": "debug"}',
    '{"key": "api_token", "value": "string"}', "- name: API_TOKEN\n  value: ${API_TOKEN}",
    "- name: DB_PASSWORD\n  valueFrom:\n    secretKeyRef:\n      name: db\n      key: password",
    'variable "db_password" {\n  type = string\n  sensitive = true\n}',
    "<key>db.password</key><value>${DB_PASS}</value>", "--name db_password --value-file s.txt",
    "key = 'Version'; value = 'v2.10.3-rc1'", "line1\\nline2\\tcol 3\\n",
    '{\\"path\\":\\"C:\\\\new\\\\temp\\"}', 'echo "a\\\\nb"',
    "the user admin must pass the tests", "user root pass through the proxy",
    "password: see the vault entry", "password: 8 characters minimum", "the passcode screen opens",
    "token: [REDACTED:jwt] expires soon", "login: admin / password: [REDACTED:x]"])
def test_near_misses_stay(text: str) -> None:
    assert Redactor(home="/home/nobody").redact(text) == text
    assert screen_text(text) == text
