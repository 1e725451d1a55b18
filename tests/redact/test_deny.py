"""The default-deny net (`redact/deny.py`): random tokens in every alphabet are masked in
every position; ordinary text and public look-alikes pass byte-identical.

Tokens come from a seeded generator (`fakes.Fakes`), so every run sees the same cases and no
secret is committed. Both places that apply the net are checked: the `Redactor` and the final
screen (`secret_findings`)."""

from __future__ import annotations

import string

import pytest
from fakes import Fakes

from skillgit.redact import Redactor, deny, find_secrets
from skillgit.redact.screen import screen_text, secret_findings

REDACTOR = Redactor(home="/home/dev")
FAKES = Fakes(20261127)
"""Reseeded by the autouse fixture below: every test sees the same tokens whatever runs
before it."""


@pytest.fixture(autouse=True)
def _reseeded() -> None:
    FAKES.rng.seed(20261127)

ALPHABETS = {
    "base62": string.ascii_letters + string.digits,
    "base64": string.ascii_letters + string.digits + "+/",
    "base58": "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz",
    "base32": "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567",
    "base36-lower": string.ascii_lowercase + string.digits,
    "base36-upper": string.ascii_uppercase + string.digits,
    "hex": "0123456789abcdef",
    "lower": string.ascii_lowercase,
    "upper": string.ascii_uppercase,
    "digits": string.digits,
}
SIZES = (16, 20, 24, 32, 40, 64)
MIN_DIGITS = 16


def _tokens(alphabet: str, count: int) -> list[str]:
    # hex shorter than 20 (64 bits) is an id by design (`deny.MIN_HEX`)
    least = 20 if alphabet == ALPHABETS["hex"] else MIN_DIGITS
    return [FAKES.rand(alphabet, max(SIZES[index % len(SIZES)], least))
            for index in range(count)]


POSITIONS = (
    "it printed {t} and exited",  # inside a sentence
    "{t}",  # a command's bare output, alone on a line
    "prod    {t}    2026-11-01",  # a whitespace table column
    "value: {t}",  # a generic field
    '{{"name": "db", "value": "{t}"}}',  # JSON, a field no rule names
    "> AUTH default {t}\n+OK",  # a protocol dialogue
    "send \"{t}\\r\"",  # an expect script
    "connect admin/{t}@orcl",  # a positional credential
    "line one\n  {t}\nline three",  # standing alone amid other output
)


@pytest.mark.parametrize("name", sorted(ALPHABETS))
def test_random_tokens_in_every_alphabet_are_masked_in_every_position(name: str) -> None:
    missed: dict[str, list[str]] = {}
    for token in _tokens(ALPHABETS[name], 24):
        for position in POSITIONS:
            text = position.format(t=token)
            if token in REDACTOR.redact(text):
                missed.setdefault(token, []).append(text)
    # Randomness is measured, not listed: a short token can read like a word now and then
    # (at most one in 24 here); one of 24 characters or more never may.
    assert len(missed) <= 1, missed
    assert all(len(token) < 24 for token in missed), missed


@pytest.mark.parametrize("name", sorted(set(ALPHABETS) - {"hex"}))
def test_the_final_screen_applies_the_net_too(name: str) -> None:
    for token in _tokens(ALPHABETS[name], 6)[2:]:  # 24 characters and more
        text = f"A rule built after parsing: run `tool --mode fast` then use {token} here."
        assert secret_findings(text), text
        assert token not in screen_text(text)


def test_prefixed_tokens_with_hex_or_lower_case_bodies_are_masked() -> None:
    for prefix in ("zq_", "acme_live_", "tok-", "xyzk_"):
        for body in (FAKES.rand(ALPHABETS["hex"], 32), FAKES.rand(ALPHABETS["lower"], 28)):
            text = f"export THING={prefix}{body}\nnext"
            assert body not in REDACTOR.redact(text), text
            assert body not in screen_text(text), text


def test_bare_hex_is_masked_at_parse_time_but_no_finding_of_the_final_screen() -> None:
    digest = FAKES.rand(ALPHABETS["hex"], 40)
    assert digest not in REDACTOR.redact(f"$ vault read -field=value kv/app\n{digest}\n")
    assert not secret_findings(f"Skillgit-Proposal: {digest[:16]}\nbased on {digest}")
    assert not secret_findings(f"{digest}#2")


def _mnemonic(count: int) -> str:
    letters = "bcdfghklmnprstvz"
    vowels = "aeiou"
    words = set()
    while len(words) < count:
        words.add("".join(FAKES.rng.choice(letters if i % 2 == 0 else vowels)
                          for i in range(FAKES.rng.randint(4, 7))))
    return " ".join(sorted(words, key=lambda _: FAKES.rng.random()))


def test_hex_on_one_line_is_judged_by_that_line_once(monkeypatch: pytest.MonkeyPatch) -> None:
    hexes = ["9f86d081884c7d659a2feaa0c55ad015", "3a7bd3e2360a3d29eea436fcfb7e44c7",
             "c3499c2729730a7f807efb8676a92dcb"]
    public = "sha256 digests: " + " ".join(hexes)
    private = "the private values: " + " ".join(hexes)
    text = "\n".join([public, private, public])
    asked: list[int] = []
    judge = deny._hash_line

    def counting(text: str, start: int, end: int) -> bool:
        asked.append(start)
        return judge(text, start, end)

    monkeypatch.setattr(deny, "_hash_line", counting)
    found = [(text[start:end], start) for _, start, end in deny.net_matches(text)]
    second = text.index("\n") + 1
    assert found == [(value, second + private.index(value)) for value in hexes]
    assert sorted(asked) == [0, second, text.rindex("\n") + 1]  # once per line
    for line in (public, private):  # each line alone: the same verdicts
        alone = [line[start:end] for _, start, end in deny.net_matches(line)]
        assert alone == ([] if line is public else hexes)


@pytest.mark.parametrize("count", [12, 24])
def test_word_list_mnemonics_are_masked(count: int) -> None:
    phrase = _mnemonic(count)
    for text in (phrase, f"seed phrase: {phrase}", f"Recovery words:\n{phrase}\n"):
        assert phrase not in REDACTOR.redact(text), text
        assert phrase.split()[5] not in REDACTOR.redact(text), text


def test_byte_arrays_and_hex_dumps_of_keys_are_masked() -> None:
    values = [FAKES.rng.randrange(256) for _ in range(64)]
    array = "[" + ",".join(str(v) for v in values) + "]"
    assert array[1:-1] not in REDACTOR.redact(f"cat ~/.config/solana/id.json\n{array}")
    pairs = [f"{FAKES.rng.randrange(256):02x}" for _ in range(32)]
    dump = ("Private-Key: (256 bit)\npriv:\n    " + ":".join(pairs[:15]) + ":\n    "
            + ":".join(pairs[15:30]) + ":\n    " + ":".join(pairs[30:]) + "\n")
    out = REDACTOR.redact(dump)
    assert ":".join(pairs[:15]) not in out and ":".join(pairs[15:30]) not in out
    hexes = ", ".join(f"0x{FAKES.rng.randrange(256):02x}" for _ in range(32))
    for code in (f"pub const K: [u8; 32] = [{hexes}];", f"static uint8_t k[] = {{{hexes}}};"):
        assert hexes not in REDACTOR.redact(code), code


@pytest.mark.parametrize("text", [
    "int primes[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53};",
    "widths = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150]",
])
def test_ordered_or_regular_number_lists_are_no_key(text: str) -> None:
    assert REDACTOR.redact(text) == text


def test_a_secret_named_by_its_record_or_element_is_masked_past_nested_fields() -> None:
    value = "UTR&Bn5#%4rQ"
    record = ('{"id": "https://kv.example/secrets/sap-rfc-password/1", "name": "sap-rfc-password",'
              '\n "tags": {"owner": "erp"},\n "contentType": "text/plain",\n "value": "'
              + value + '"}')
    element = f"<AutoLogon>\n  <Password>\n    <Value>{value}</Value>\n  </Password>\n</AutoLogon>"
    for text in (record, element):
        assert value not in REDACTOR.redact(text), text
    plain = '{"name": "log-level", "tags": {"owner": "erp"}, "value": "debug-verbose"}'
    assert REDACTOR.redact(plain) == plain


@pytest.mark.parametrize("text", [
    "Das Passwort ist Sommer2024!", "mot de passe est Summer2024!", "la contraseña es Verano#24",
    "пароль: Zima2024", "Hasło: Lato2024!", "salasana on Kesa2024!", "lösenord: Vinter2024",
    "kata sandi adalah Rahasia99", "jelszó: Nyar2024!", "şifre: Yaz2024!!",
    "wachtwoord is Zomer2024",
    "geslo je Poletje24!", "heslo je Leto2024!", "סיסמה: Kayitz2024", "كلمة المرور: Sayf2024",
])
def test_a_value_after_a_word_for_password_in_any_language_is_masked(text: str) -> None:
    value = text.split()[-1]
    assert value not in REDACTOR.redact(text)


ORDINARY = [
    "the password is too short",
    "Das Passwort ist falsch, bitte erneut versuchen.",
    "le mot de passe est incorrect",
    "Refactor the tokenizer so that getElementById and XMLHttpRequest stay readable.",
    "Run `python -m pytest -q -p no:cacheprovider --maxfail=1` from src/components/UserCard.tsx",
    "pip install 'requests>=2.31.0' numpy==1.26.4 && npm ci --no-audit --prefer-offline",
    "kubernetes-dashboard web-7d4b9c8f5-x2kzq 1/1 Running 0 3d4h",
    "color: #ff8800; background: #1e1e2e; border-color: #abcdef80;",
    "Version 3.12.1 released on 2026-11-27T10:15:00Z with 1234 tests",
    "Ничего страшного, просто перезапусти сервер и проверь журнал ошибок.",
    "このコマンドはテストを実行して結果を表示します。",
    "snake_case_identifier_name camelCaseIdentifierName kebab-case-identifier-name",
    "/usr/lib/x86_64-linux-gnu/libssl.so.3 and ~/projects/skillgit/redact/deny.py",
    "internationalization responsibilities straightforwardly characteristically",
    "Merge pull request #1234 from octo-org/feature/add-default-deny-net",
]

LOOK_ALIKES = [
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFo0ZHtGFBV3wFUSmRB5EvBmlcNQvAZg4YHQnsbKfJ9U dev@laptop",
    "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7Xk1f9pQ2xYv8Lm3KzT0RwN5hJ6uE4sA2bD9cG1iF8oP7qW3eV"
    "5tY0nM6jK4lH2gS1dR9fX8zC7vB3aN5mQ1wE6rT4yU2iO0pL9kJ8hG7fD6sA5 ops@bastion",
    "-----BEGIN CERTIFICATE-----\n"
    "MIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJ\n"
    "RTESMBAGA1UEChMJQmFsdGltb3JlMRMwEQYDVQQLEwpDeWJlclRydXN0MSIwIAYD\n"
    "-----END CERTIFICATE-----",
    "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEq4tJ9mB2xK7vR3sL8pW1nZ5cY0hG\n"
    "-----END PUBLIC KEY-----",
    "golang.org/x/crypto v0.17.0 h1:r8bRNjWL3GshPW3gkd+RpvzWrZAwPS49OmTGZ/uhM4k=",
    "golang.org/x/crypto v0.17.0/go.mod h1:gCAAfMLgwOJRpTjQ2zCCt2OcSfYMTeZVSRtQlPC7Nq4=",
    '"integrity": "sha512-v2kDEe57lecTulaDIuNTPy3Ry4gLGJ6Z1O3vE1krgXZNrsQ+LFTGHVxVjcXPs17L'
    'hbZVGedAJv8XZ1tvj5FvSg=="',
    "npm_config_cache=/x npm_package_version=1.2.3 npm_lifecycle_event=test",
    "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE",
    "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "image: ghcr.io/acme/api@sha256:"
    "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    "commit 3f2a9c1e8b7d6f5a4e3d2c1b0a9f8e7d6c5b4a39\nAuthor: Dev <dev@example.com>",
    "550e8400-e29b-41d4-a716-446655440000 and 123e4567-e89b-12d3-a456-426614174000",
    "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08  dist/app.tar.gz",
    "pod/web-7d4b9c8f5-x2kzq   1/1   Running   0   5m",
    "a { color: #ff00ff; } .b { background: #0a0b0c; }",
    "resolved \"https://registry.yarnpkg.com/lodash/-/lodash-4.17.21.tgz#679591c564c3bffaae8454cf0b3df370c3d6911c\"",
]


@pytest.mark.parametrize("text", ORDINARY + LOOK_ALIKES)
def test_ordinary_text_and_look_alikes_pass_byte_identical(text: str) -> None:
    assert REDACTOR.redact(text) == text
    assert not find_secrets(text)
    if "EXAMPLE" not in text:  # the final screen withholds a proposal quoting an example key
        assert not secret_findings(text), text


@pytest.mark.parametrize("output", [
    "Summer2024!", "Xk9#mP2qLw\nlogin: admin\nurl: db.internal", "  Tr0ub4dor&3  \n",
    "s3cr3t^Vault99\r\n",
])
def test_a_secret_printed_alone_by_a_secret_printing_command_is_masked(output: str) -> None:
    secret = output.split()[0]
    assert secret not in REDACTOR.redact(output)


@pytest.mark.parametrize("line", [
    "Hello World!", "PASSED", "main", "v1.2.3-rc1", "README.md", "  1. Install", "user@host.com",
    "    capture_output=True,", "this.session.correlation.agentSessionId!,", "#1234", "Done!!",
    "$HOME/bin", "--no-verify", "x86_64", "utf-8", "HTTP/1.1 200 OK",
])
def test_ordinary_lines_standing_alone_pass(line: str) -> None:
    assert REDACTOR.redact(line) == line


@pytest.mark.parametrize(("text", "secret"), [
    ("sqlplus scott/Tiger2024x@orcl", "Tiger2024x"),
    ("net use \\\\srv\\share /user:dom\\bob Winter#2024", "Winter#2024"),
    ("plink -pw Hunter2024 host", "Hunter2024"),
    ("redis-cli\n> AUTH Qw3rtyPass2\nOK", "Qw3rtyPass2"),
    ("C: AUTH default Zx9vBn2m\r", "Zx9vBn2m"),
    ("sqlplus -s hr/Qh2IHtPoJrU@//ora-scan.corp:1521/HR @x.sql", "Qh2IHtPoJrU"),
    ("echo 'wX7-kPq2Lm9z' > /etc/app/api.token && chmod 600 /etc/app/api.token", "wX7-kPq2Lm9z"),
    ("printf %s Nb4sTq8Lwz >> secrets/.env.local", "Nb4sTq8Lwz"),
    ("sqlcmd -S db -U sa -P '-!9lDG3WCHOt7g*' -Q 'select 1'", "-!9lDG3WCHOt7g*"),
    ("curl -s -b 'PHPSESSID=q8v2kd0s7fj3m1p9x4c6n5b0za' https://shop.example/admin",
     "q8v2kd0s7fj3m1p9x4c6n5b0za"),
    ("Cookie: theme=dark; laravel_session=q8v2kd0s7fj3m1p9x4c6n5b0za; lang=en",
     "q8v2kd0s7fj3m1p9x4c6n5b0za"),
    ("POST https://hooks.example.cn/webhook/send?key=4f8e2a1c-7b3d-4e9f-a6c5-0d1e2f3a4b5c",
     "4f8e2a1c-7b3d-4e9f-a6c5-0d1e2f3a4b5c"),
    ("SENDGRID_KEY=4f8e2a1c-7b3d-4e9f-a6c5-0d1e2f3a4b5c", "4f8e2a1c-7b3d-4e9f-a6c5-0d1e2f3a4b5c"),
    ("NOTIFY=https://chat.example.cn/open-apis/bot/v2/hook/4f8e2a1c-7b3d-4e9f-a6c5-0d1e2f3a4b5c",
     "4f8e2a1c-7b3d-4e9f-a6c5-0d1e2f3a4b5c"),
    ("GAME_SERIAL=Q7-4KXM-9ZPA-28RT-WVN4-C6JD ./build.sh", "Q7-4KXM-9ZPA-28RT-WVN4-C6JD"),
    ("Editor -batchmode -serial ZK-3PQM-7XVA-58RT -quit", "ZK-3PQM-7XVA-58RT"),
])
def test_positional_and_dialogue_secrets_are_masked(text: str, secret: str) -> None:
    assert secret not in REDACTOR.redact(text)


@pytest.mark.parametrize("text", [
    "npm install @scope/pkg@1.2.3", "uses: actions/checkout@v4", "git push origin/main@{u}",
    "see docs/setup@home for details", "AUTH required", "pass the tests",
    "echo done > build.log", "echo $API_TOKEN > /dev/null", "echo '<your-key>' > .env.example",
    "sqlcmd -S db -U sa -P \"$SA_PASSWORD\" -Q 'select 1'",
    "Cookie: theme=dark; lang=en-US", "https://maps.example.com/api?key=YOUR_API_KEY&z=3",
    "https://docs.example.com/search?key=release-notes&page=2",
    "request_id=4f8e2a1c-7b3d-4e9f-a6c5-0d1e2f3a4b5c",
    "see https://docs.example.com/en/webhooks/about-webhooks-for-repositories",
    "POST https://api.example.com/webhooks/YOUR_WEBHOOK_TOKEN_HERE",
    "$ rosmsg md5 sensor_msgs/Imu\n6a62c6daae103f4ff57a132d6f95cec2",
])
def test_position_look_alikes_pass(text: str) -> None:
    assert REDACTOR.redact(text) == text
