"""Things that must stay untouched, home-path rewriting, extra patterns and the API contract."""

from __future__ import annotations

import dataclasses
import random
import string
import time

import pytest

from skillgit.redact import Redactor, SecretMatch, find_secrets, marker

NOT_SECRETS = [
    "commit 3f786850e387550fdab836ed7e6dc881de23001b (HEAD -> main)",
    "request id 550e8400-e29b-41d4-a716-446655440000 finished",
    "sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d08c15b0f00a0",
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  empty.txt",
    "src/skillgit/transcripts/claude_code_subagent_parser_v2.py",
    "/usr/lib/python3.11/site-packages/pydantic_core/_pydantic_core.cpython-311-x86_64.so",
    "AbstractSingletonProxyFactoryBean2 handles getUserByIdAndPermissions42",
    "test_redact_keeps_windows_paths_when_home_is_unknown_2024",
    "model: claude-3-5-sonnet-20241022 and qwen3-coder-480b-a35b-v1",
    '"integrity": "sha512-' + "Qw" * 43 + '=="',
    '"tool_use_id": "toolu_01AbCdEfGhIjKlMnOpQrStUvWx"',
    "token = get_token(config)",
    "max_tokens=4096, temperature=0.2",
    "def connect(password: str, api_key: Optional[str] = None) -> None:",
    'SECRET_KEY = os.environ["SECRET_KEY"]',
    "client = OpenAI(api_key=api_key)",
    "token: this.token,",
    '"token": "access_token"',
    "the bearer token is sent in a header",
    "API_KEY=<your-api-key>",
    "GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}",
    "AWS_SECRET_ACCESS_KEY=$AWS_SECRET_ACCESS_KEY",
    "postgres://user:password@localhost:5432/app",
    "docker run -u 1000:1000 image",
    "TOKEN_LIMIT = 5000",
    "if token == 'abc':",
    "[REDACTED:github-token] and [REDACTED:connection-string-password]",
]


@pytest.mark.parametrize("text", NOT_SECRETS)
def test_ordinary_text_is_not_a_secret(text: str) -> None:
    assert find_secrets(text) == []
    assert Redactor().redact(text) == text


# --- home paths ------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("cd /home/alice/project && make", "cd ~/project && make"),
    ('File "/Users/bob/src/app.py", line 3', 'File "~/src/app.py", line 3'),
    (r"C:\Users\Carol\repo\main.py", "~/repo\\main.py"),
    (r"C:\Users\Carol Smith\Desktop\notes.txt", "~/Desktop\\notes.txt"),
    ("c:/users/dave/code", "~/code"),
    ('{"cwd": "C:\\\\Users\\\\erin\\\\work"}', '{"cwd": "~/work"}'),
    ("file:///home/frank/index.html", "file://~/index.html"),
    ("ls /home/grace", "ls ~"),
])
def test_generic_home_prefixes_become_tilde(text: str, expected: str) -> None:
    assert Redactor().redact(text) == expected


@pytest.mark.parametrize("text", [
    "/mnt/home/alice/data",
    "/srv/Users/bob/x",
    "/Users/Shared/Documents/a.txt",
    r"C:\Users\Public\Documents",
    "see the /home/ directory",
    "~/home/alice/x",
])
def test_prefixes_inside_other_paths_or_shared_folders_stay(text: str) -> None:
    assert Redactor().redact(text) == text


def test_the_given_home_is_rewritten_wherever_it_lives() -> None:
    redactor = Redactor(home="/srv/people/heidi")
    assert redactor.redact("open /srv/people/heidi/notes.md") == "open ~/notes.md"
    assert redactor.redact("HOME=/srv/people/heidi") == "HOME=~"
    assert redactor.redact("/srv/people/heidiX/notes.md") == "/srv/people/heidiX/notes.md"


def test_the_home_in_agent_project_folder_names_is_rewritten() -> None:
    redactor = Redactor(home="/Users/ivan_petrov")
    text = "/Users/ivan_petrov/.claude/projects/-Users-ivan-petrov-code-app/1.jsonl"
    assert redactor.redact(text) == "~/.claude/projects/~-code-app/1.jsonl"


def test_a_root_home_does_not_rewrite_every_slash() -> None:
    assert Redactor(home="/").redact("/etc/hosts /tmp/x") == "/etc/hosts /tmp/x"


def test_from_environment_uses_home(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", "/opt/homes/judy")
    redactor = Redactor.from_environment()
    assert redactor.redact("cat /opt/homes/judy/.bashrc") == "cat ~/.bashrc"


def test_path_roots_make_paths_relative_and_the_longest_root_wins() -> None:
    redactor = Redactor(home="/home/kim", path_roots={
        "/home/kim/work/repo": "",
        "/data/shared/": "$DATA",
    })
    text = "edit /home/kim/work/repo/src/a.py, read /data/shared/x.csv, cd /home/kim/work/repo"
    assert redactor.redact(text) == "edit src/a.py, read $DATA/x.csv, cd ."
    assert redactor.redact("/home/kim/work/repository/b") == "~/work/repository/b"


# --- extra patterns --------------------------------------------------------------------------

def test_extra_pattern_redacts_the_whole_match_as_custom() -> None:
    text = "ticket ACME-INTERNAL-7f3a9 is open"
    matches = find_secrets(text, [r"ACME-INTERNAL-[0-9a-f]{5}"])
    assert [(m.kind, text[m.start:m.end]) for m in matches] == [
        ("custom", "ACME-INTERNAL-7f3a9")]
    redactor = Redactor(extra_patterns=[r"ACME-INTERNAL-[0-9a-f]{5}"])
    assert redactor.redact(text) == "ticket [REDACTED:custom] is open"


def test_extra_pattern_with_a_secret_group_redacts_only_the_group() -> None:
    redactor = Redactor(extra_patterns=[r"corp_session=(?P<secret>[a-z]{6,})"])
    assert redactor.redact("corp_session=qwertyui; path=/") == (
        "corp_session=[REDACTED:custom]; path=/")


def test_extra_pattern_that_matches_empty_text_finds_nothing() -> None:
    assert find_secrets("plain words here", [r"x*"]) == []


@pytest.mark.parametrize("bad", [r"(unclosed", r"[z-a]", r"*star"])
def test_a_bad_extra_pattern_raises_value_error_naming_it(bad: str) -> None:
    with pytest.raises(ValueError, match=r"invalid secret pattern") as info:
        find_secrets("text", [bad])
    assert repr(bad) in str(info.value)
    with pytest.raises(ValueError) as info:
        Redactor(extra_patterns=["fine", bad])
    assert repr(bad) in str(info.value)


# --- API contract ----------------------------------------------------------------------------

def test_secret_match_is_frozen_and_marker_names_the_kind() -> None:
    match = SecretMatch("jwt", 1, 5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        match.kind = "other"  # type: ignore[misc]
    assert marker("jwt") == "[REDACTED:jwt]"


@pytest.mark.parametrize("text", ["", "a", "sk-", "\x00\ud800\uffff", "İ" * 50 + " ghp_"])
def test_tiny_and_odd_texts_are_handled(text: str) -> None:
    assert find_secrets(text) == []
    assert Redactor().redact(text) == text


def test_offsets_survive_case_changes_that_alter_length() -> None:
    token = "Xk9qL2mZ8vB4nR7tY1wE5uI3oP6aS0dF"
    text = "İ" * 10 + f" password={token}"
    [match] = find_secrets(text)
    assert text[match.start:match.end] == token


ADVERSARIAL = {
    "pem-begins": "-----BEGIN RSA PRIVATE KEY-----!" * 20000,
    "keys": "token=" * 100000,
    "open-quotes": 'password="' * 80000,
    "curl-flags": "curl -u " * 60000,
    "user-flags": "-u " * 200000,
    "userinfo": "a://" + "b:" * 200000,
    "base64": "aB3+" * 150000,
    "homes": "/home/" * 100000,
    "windows-homes": "C:\\Users\\" * 60000,
}


@pytest.mark.parametrize("name", list(ADVERSARIAL))
def test_adversarial_input_stays_linear(name: str) -> None:
    text = ADVERSARIAL[name]
    start = time.process_time()
    Redactor(home="/srv/dev").redact(text)
    # Quadratic behaviour on these ~0.6 MB inputs takes minutes; linear takes a few seconds at
    # most. CPU time, not wall time: a loaded machine (load 14 on 2 cores) tripled the latter.
    assert time.process_time() - start < 10


@pytest.mark.parametrize(("alphabet", "size"), [
    (string.ascii_letters + string.digits, 32),
    (string.ascii_letters + string.digits + "+/", 40),
    (string.ascii_letters + string.digits + "-_", 64),
])
def test_entropy_backstop_catches_random_tokens(alphabet: str, size: int) -> None:
    """Recall of the backstop on 300 seeded random tokens in prose (no vendor prefix, no key)."""
    rng = random.Random(size)
    tokens = ["".join(rng.choice(alphabet) for _ in range(size)) for _ in range(300)]
    caught = sum(
        [m.kind for m in find_secrets(f"the value {token} was used")] == ["high-entropy"]
        for token in tokens)
    assert caught >= 0.95 * len(tokens)


@pytest.mark.parametrize(("text", "expected"), [
    ("cd /mnt/c/Users/alice/projects/app && ls", "cd ~/projects/app && ls"),
    ('"cwd": "/mnt/d/Users/Bob Smith/src"', '"cwd": "~/src"'),
    ('File "/mnt/c/Users/alice/app.py", line 3', 'File "~/app.py", line 3'),
    ("/cygdrive/c/Users/carol/x and /c/Users/dave/y", "~/x and ~/y"),
    ("C:\\Users\\erin\\repo and C:/Users/frank/repo", "~/repo and ~/repo"),
])
def test_windows_homes_seen_from_wsl_cygwin_and_git_bash_become_tilde(
        text: str, expected: str) -> None:
    redactor = Redactor(home="/home/nobody")
    assert redactor.redact(text) == expected
    assert redactor.redact(expected) == expected


@pytest.mark.parametrize("text", [
    "/mnt/c/Users/Public/shared.txt", "/mnt/c/Windows/System32", "/srv/mnt/c/Users/eve/x"])
def test_wsl_shared_folders_and_paths_inside_other_paths_stay(text: str) -> None:
    assert Redactor(home="/home/nobody").redact(text) == text


def test_repeated_texts_are_redacted_alike_and_the_memo_stays_bounded() -> None:
    from skillgit.redact import redactor as redactor_module

    redactor = Redactor(home="/srv/dev")
    text = "cd /srv/dev/app && export API_KEY=Zq9vR2mT7xL4pW8nB3cK\nrun it"
    first = redactor.redact(text)
    assert first == Redactor(home="/srv/dev").redact(text) == redactor.redact(text)
    assert "Zq9vR2mT7xL4pW8nB3cK" not in first and "/srv/dev" not in first
    assert Redactor(home="/srv/other").redact(text) != first  # not shared across redactors
    for number in range(redactor_module._CACHED_TEXTS + 10):
        redactor.redact(f"line {number} token=Zq9vR2mT7xL4pW8nB3c{number}")
    assert len(redactor._done) <= redactor_module._CACHED_TEXTS
    assert redactor.redact(text) == first
