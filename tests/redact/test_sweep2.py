"""The second adversarial sweep (`sweep2_kinds.py`): every case is redacted whole by the first
detector (`Redactor.redact`) and by the final screen, in user text, tool input (plain and
JSON-encoded), a long tool output (where the sieve is at work) and a primed batch; redacting
again changes nothing. Ordinary look-alikes of each new rule stay as they are."""

from __future__ import annotations

import json

import pytest
from sweep2_kinds import CASES, Case
from test_sweep import leaked

from skillgit.redact import Redactor
from skillgit.redact.screen import screen_text

_FILL = "\n".join(f"  step {i}: compiled module_{i}.py in 0.{i}s" for i in range(12))


def places(case: Case) -> dict[str, str]:
    user = (f"for the record, {case.line}" if case.group in ("command", "code", "prose")
            else f"for the record:\n{case.line}")
    return {"user text": user, "tool input": case.line,
            "tool input (JSON)": json.dumps({"content": case.line}, ensure_ascii=False),
            "tool output": f"$ run\n{_FILL}\n{case.line}\n{_FILL}\nok",
            "JSON in a JSON string": json.dumps(json.dumps({"content": case.line}))}


def test_the_sweep_is_large_and_new() -> None:
    from secret_kinds import KINDS
    from sweep_kinds import CASES as FIRST
    assert len(CASES) >= 50
    assert len({case.name for case in CASES}) == len(CASES)
    known = {kind.line for kind in KINDS} | {case.line for case in FIRST}
    assert not any(case.line in known for case in CASES)


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_the_first_detector_redacts_every_case_everywhere(case: Case) -> None:
    for place, text in places(case).items():
        redacted = Redactor(home="/home/nobody").redact(text)
        assert leaked(case.secret, redacted) == [], (place, redacted)
        assert Redactor(home="/home/nobody").redact(redacted) == redacted, place
        primed = Redactor(home="/home/nobody")
        primed.prime([_FILL, text, "hello world"])
        assert primed.redact(text) == redacted, place


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_the_final_screen_redacts_every_case_everywhere(case: Case) -> None:
    for place, text in places(case).items():
        screened = screen_text(text)
        assert leaked(case.secret, screened) == [], (place, screened)
        assert screen_text(screened) == screened, place


@pytest.mark.parametrize("text", [
    "set PATH=C:\\tools", "setx PATH \"C:\\tools\"", "set -gx EDITOR vim",
    "ENV NODE_ENV production",
    "declare -x LANG=\"en_US.UTF-8\"", "$env:PATH = \"C:\\tools\"", "ARG NODE_VERSION=20",
    "name,email,role\nadmin,a@example.com,owner", "| key | value |\n|---|---|\n| color | blue |",
    "| field | type | note |\n|---|---|---|\n| password | string | required |",
    "from x import (\n    CREDENTIALS,\n    DOWNLOAD_RUN,\n)",
    "INSERT INTO users (email, name) VALUES ('a@example.com', 'Ann');",
    "INSERT INTO users (email, password) VALUES ('a@example.com', crypt('x'));",
    "CREATE USER app IDENTIFIED BY PASSWORD;", 'const passwordField = "password";',
    "total = 'abc' + 'def'", 'requests.get(url, auth=("admin", password))',
    'auth=("user", "Sign in")', "use `make test` as the password check",
    "the token is the one in the vault", "new password, as requested: see the vault",
    "Cookie: theme=dark; lang=en", "Set-Cookie: theme=dark; Path=/",
    "<password><![CDATA[${DB_PASSWORD}]]></password>", "--requirepass yes",
    "npx svgo --precision=1 --multipass icon.svg", "ffmpeg -i a.mp4 --twopass out.mp4",
    "BYPASS=1", "compass=north", "self.token = config.oauth2Token",
    'print("line one\\nline two")', '{\\"path\\": \\"C:\\\\\\\\temp\\\\\\\\new\\"}',
    "&quot;name&quot;: &quot;build&quot;"])
def test_ordinary_look_alikes_stay(text: str) -> None:
    assert Redactor(home="/home/nobody").redact(text) == text
    assert screen_text(text) == text
