"""A value printed after a command or a REPL read a credential by name is masked (echoed.py)."""

from __future__ import annotations

import pytest

from skillgit.redact import Redactor
from skillgit.redact.echoed import iter_echoed_matches

REDACTOR = Redactor(home="/home/dev")

SECRETS = [
    ("$ echo $KIOSK_PASSWORD\nk)9q^x=m-2u)grz+_tf*6lnl#q\n$ ls", "k)9q^x=m-2u)grz+_tf*6lnl#q"),
    (">>> import os\n>>> os.environ['MAILER_TOKEN']\n'hunter2-kayak'\n>>> 1 + 1\n2",
     "hunter2-kayak"),
    ("irb(main):003:0> Rails.application.credentials.payment_secret\n=> \"x(7)q^n=vv_+p*3#l\"",
     "x(7)q^n=vv_+p*3#l"),
    ("iex(2)> System.get_env(\"LEDGER_API_KEY\")\n\"Hq=7t+Vx!2Rm\"", "Hq=7t+Vx!2Rm"),
    ('$ node -e "console.log(process.env.BELL_TOKEN)"\nmaple-Otter-77!', "maple-Otter-77!"),
    ("In [4]: cfg.db_password\nOut[4]: 'hunter2-kayak'", "hunter2-kayak"),
]

LOOK_ALIKES = [
    # a path, a number, nothing, a list, a word, a NAME=value line, a variable with no
    # credential word, an assignment at the prompt
    ("$ echo $TOKEN_FILE\n/run/secrets/token_file\n$ echo $TOKEN_TTL\n3600",
     ["/run/secrets/token_file", "3600"]),
    (">>> settings.SECRET_KEY_FALLBACKS\n[]\n>>> settings.API_TOKEN\nNone", ["[]", "None"]),
    ("$ echo $BUILD_ID\nb-20261128-4471x", ["b-20261128-4471x"]),
    (">>> password_policy = load()\n>>> print(len(password_policy.rules))\n12", ["12"]),
    ("$ echo $PASSWORD_HINT\nwinter", ["winter"]),
    ("$ cat tokens.md\nRotate-Every-90-Days", ["$ cat tokens.md"]),
]


@pytest.mark.parametrize(("text", "value"), SECRETS)
def test_a_value_printed_after_reading_a_credential_is_masked(text: str, value: str) -> None:
    out = REDACTOR.redact(text)
    assert value not in out
    assert REDACTOR.redact(out) == out


@pytest.mark.parametrize(("text", "keep"), LOOK_ALIKES)
def test_what_is_no_printed_credential_stays(text: str, keep: list[str]) -> None:
    out = REDACTOR.redact(text)
    assert all(piece in out for piece in keep), out


def test_only_the_output_of_the_reading_command_is_masked_exactly() -> None:
    text = ("$ echo $KIOSK_PASSWORD\n  maple-Otter-77!\n$ echo done\nbuild-ok-42-x\n"
            ">>> cfg.api_token\n=> 'x(7)q^n=vv_+p*3#l'\n>>> cfg.region\n'eu-north-1x'")
    assert REDACTOR.redact(text) == (
        "$ echo $KIOSK_PASSWORD\n  [REDACTED:printed-credential]\n$ echo done\nbuild-ok-42-x\n"
        ">>> cfg.api_token\n=> '[REDACTED:printed-credential]'\n>>> cfg.region\n'eu-north-1x'")


@pytest.mark.parametrize("text", [
    "$ export API_TOKEN=abc\nmaple-Otter-77!",          # a shell line that sets, not reads
    ">>> api_token = vault.read()\nmaple-Otter-77!",    # an assignment at a REPL
    "$ echo $API_TOKEN > token.txt\nmaple-Otter-77!",   # printed into a file, not the screen
    "$ ls secrets/\nmaple-Otter-77!",                   # no printing verb
])
def test_commands_that_print_no_credential_leave_the_next_line(text: str) -> None:
    assert list(iter_echoed_matches(text, text.lower())) == []
