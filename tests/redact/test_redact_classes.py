"""The classes that closed the first sweep's open cases, each in spellings the sweeps do not
hold: escapes at every depth, names that are values, ids before their secret, PINs, user and
password side by side, values after a marker. Fakes are built at run time."""

from __future__ import annotations

import json
import random
import string

import pytest

from skillgit.redact import Redactor
from skillgit.redact.escapes import unescaped_with_spans
from skillgit.redact.screen import screen_text

_RNG = random.Random(77)


def _fake(size: int = 12) -> str:
    while True:
        value = "".join(_RNG.choice(string.ascii_letters + string.digits) for _ in range(size))
        if any(c.isdigit() for c in value) and any(c.isupper() for c in value) and any(
                c.islower() for c in value):
            return value[:5] + "#" + value[5:]


def _hidden(secret: str, text: str) -> None:
    for redacted in (Redactor(home="/home/nobody").redact(text), screen_text(text)):
        assert secret not in redacted, redacted
        assert secret[:8] not in redacted and secret[-8:] not in redacted, redacted


def _encoded(text: str, depth: int) -> str:
    for _ in range(depth):
        text = json.dumps(text)
    return text


@pytest.mark.parametrize("depth", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("shape", [
    '{{"password": "{s}"}}', "log line\npassword={s}\nnext line", "\tapi_token:\t{s}\n",
    '{{"env": [{{"name": "DB_PASSWORD", "value": "{s}"}}]}}'])
def test_a_secret_is_found_at_any_escape_depth(depth: int, shape: str) -> None:
    secret = _fake()
    _hidden(secret, _encoded(shape.format(s=secret), depth))


@pytest.mark.parametrize("template", [
    "{{\\u0022password\\u0022: \\u0022{s}\\u0022}}", "&quot;password&quot;: &quot;{s}&quot;",
    "{{\\\\u0022token\\\\u0022:\\\\u0022{s}\\\\u0022}}", "password\\x3d{s}"])
def test_unicode_and_html_escapes_are_read(template: str) -> None:
    secret = _fake()
    _hidden(secret, template.format(s=secret))


def test_the_escape_view_maps_back_to_whole_escapes() -> None:
    text = 'a\\\\\\"b\\u0022c'
    view = unescaped_with_spans(text)
    assert view is not None
    read, starts, ends = view
    assert read == 'a"b"c'
    pieces = [text[s:e] for s, e in zip(starts, ends, strict=True)]
    assert pieces == ["a", '\\\\\\"', "b", "\\u0022", "c"]
    assert unescaped_with_spans('plain "json" text\\n') is None


@pytest.mark.parametrize("template", [
    "env:\n  - name: STRIPE_SECRET\n    value: {s}\n  - name: LOG_LEVEL\n    value: info",
    '[{{"value": "{s}", "name": "smtp_password"}}]',
    "aws ssm put-parameter --name /prod/db_password --value {s} --type SecureString",
    "aws cloudformation deploy --parameter-overrides ParameterKey=DbPassword,ParameterValue={s}",
    '<entry key="mail.smtp.password">{s}</entry>'.replace(">{s}<", ' value="{s}"/><'),
    'variable "api_token" {{\n  description = "the token"\n  default     = "{s}"\n}}',
    "<param><name>jdbc.password</name><value>{s}</value></param>"])
def test_a_name_that_is_a_value_names_the_value_after_it(template: str) -> None:
    secret = _fake()
    _hidden(secret, template.format(s=secret))


@pytest.mark.parametrize("template", [
    "Client('SK{h32}', '{s}')", "twilio api --account-sid AC{h32} {s}",
    "boto3.client('s3', aws_access_key_id='AKIA{u16}', aws_secret_access_key='{b40}')",
    "creds = ('AKIA{u16}', '{b40}')"])
def test_a_secret_after_its_id_is_found(template: str) -> None:
    hexes = "".join(_RNG.choice("0123456789abcdef") for _ in range(32))
    secret_hex = "".join(_RNG.choice("0123456789abcdef") for _ in range(32))
    b40 = "".join(_RNG.choice(string.ascii_letters + string.digits + "/+") for _ in range(40))
    upper = "".join(_RNG.choice(string.ascii_uppercase + string.digits) for _ in range(16))
    text = template.format(h32=hexes, s=secret_hex, u16=upper, b40=b40)
    _hidden(secret_hex if "{s}" in template else b40, text)


@pytest.mark.parametrize(("template", "secret"), [
    ("my bank PIN is {s}", "4821"), ("SIM_PIN={s}", "90412"), ("pin code: {s}", "774120"),
    ("the door access code is {s}", "55190"), ("user deploy pass {s}", _fake()),
    ("login: root / pw: {s}", _fake()), ("username=ops password {s}", _fake()),
    ("my passphrase {s} unlocks it", _fake()), ("passwd: lemon {s} tree", _fake(8)),
    ("API_KEY: [REDACTED:secret-assignment] {s}", _fake()),
    ("MAILGUN_KEY={s}", _fake(20)), ("export SMTPPASS={s}", _fake())])
def test_loose_shapes_are_found(template: str, secret: str) -> None:
    _hidden(secret, template.format(s=secret))
