"""The sieve must never change what a scan finds: sieved and whole-text scans are compared on
stitched secret-shaped text, on edge cases chosen for each way a rule looks past its match, and
on every string of the real transcripts and skills in the corpus."""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from secret_kinds import KINDS, ORDINARY, Kind
from sweep_kinds import CASES
from test_redact_properties import FRAGMENTS, TOKENISH

from skillgit.redact.context import lower_same_length
from skillgit.redact.scan import SecretMatch, compile_patterns, scan
from skillgit.redact.sieve import MIN_SIEVED_LENGTH, sieve

PROSE = ("Run the tests before you push. The deploy script reads its settings from the "
         "environment and writes a summary to the build log; see references/guide.md.\n")
WORDS = st.sampled_from([*PROSE.split(" "), " ", "\n", "\n\n", "é", "→", "٣", "\u212a", "İ"])
MIXED = st.lists(st.one_of(st.sampled_from(FRAGMENTS), TOKENISH, WORDS, st.text(max_size=6)),
                 min_size=20, max_size=100).map("".join)
GITHUB = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"


def both(text: str) -> tuple[list[SecretMatch], list[SecretMatch]]:
    return scan(text, sieved=True), scan(text, sieved=False)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(MIXED)
def test_sieved_scan_finds_exactly_what_a_whole_scan_finds(text: str) -> None:
    text = PROSE * 2 + text  # long enough to be sieved
    sieved, whole = both(text)
    assert sieved == whole


# Tool output as agents see it: grep hits, `path:line:` prefixes, times, URLs; every line holds
# a `:` and many hold a credential word, none in a shape a rule uses.
VOCABULARY = ["token", "config", "key", "secret", "auth", "credentials", "password", "for",
              "is", "in", "with", "use", "the", "-p", "-u", "--user", "login", "set", "value",
              "api", "src", "12:30", "a=b", ":", "=", "->", "https://example.com/x", "Bearer",
              "access", "Qz7xTq9Lm", "'Pa55 w0rd'", "\t", "", "_", "was", "Authorization",
              "--api-key", "GH_TOKEN=", "a.token", "x:apikey", "machine", "echo", "|"]
GREP_PREFIX = st.one_of(
    st.builds("{}/{}.py:{}: ".format, st.sampled_from(["src", "tests/unit", "/home/dev/proj"]),
              st.sampled_from(VOCABULARY[:6]), st.integers(1, 999)),
    st.builds("{:5}  src/{}.py: ".format, st.integers(1, 99999), st.sampled_from(VOCABULARY)),
    st.just(""))
GREP_LINE = st.builds(lambda prefix, words: prefix + " ".join(words),
                      GREP_PREFIX, st.lists(st.sampled_from(VOCABULARY), max_size=12))
SECRET_LINE = st.builds(lambda prefix, line: prefix + line, GREP_PREFIX,
                        st.sampled_from([kind.line for kind in KINDS] + ORDINARY
                                        + [case.line for case in CASES]))
GREP_OUTPUT = st.lists(st.one_of(GREP_LINE, GREP_LINE, GREP_LINE, SECRET_LINE),
                       min_size=8, max_size=40).map("\n".join)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(GREP_OUTPUT)
def test_sieved_scan_of_tool_output_finds_exactly_what_a_whole_scan_finds(text: str) -> None:
    sieved, whole = both(PROSE * 3 + text)
    assert sieved == whole


@pytest.mark.parametrize("kind", KINDS, ids=[kind.name for kind in KINDS])
def test_every_secret_kind_is_found_in_grep_output(kind: Kind) -> None:
    line = kind.line
    lines = [f"{n:5}  src/token{n}.py: token config value {n}" for n in range(30)]
    for at in (0, 15, 30):
        text = "\n".join([*lines[:at], "src/app.py:12: " + line, *lines[at:]])
        sieved, whole = both(text)
        assert sieved == whole
        assert whole, line


def test_grep_output_without_secrets_is_mostly_dropped() -> None:
    text = "\n".join(f"{n:5}  src/token.py: the token config key value at 12:30 (a=b)"
                     for n in range(50))
    view = sieve(text, lower_same_length(text))
    assert view is not None
    assert view.text == ""


@pytest.mark.parametrize("text", [
    pytest.param(GITHUB + " " + PROSE * 3, id="token-at-start"),
    pytest.param(PROSE * 3 + GITHUB, id="token-at-end"),
    pytest.param(PROSE * 3 + "x" + GITHUB + " " + PROSE, id="token-glued-to-a-word"),
    pytest.param(PROSE * 3 + "my api\nkey: s3cr3tvalue99\n" + PROSE, id="key-after-api-line"),
    pytest.param(PROSE * 3 + "curl -u admin:hunter2hunter2 https://x\n" + PROSE, id="curl-user"),
    pytest.param(PROSE * 3 + "use api key Qz7xTq9Lm now\n" + PROSE, id="intro-qualified-key"),
    pytest.param(PROSE * 3 + "use\tthe  token Qz7xTq9Lm ok\n" + PROSE, id="intro-with-blanks"),
    pytest.param(PROSE * 3 + "token for prod db: Qz7xTq9Lm\n" + PROSE, id="qualified-colon"),
    pytest.param(PROSE * 3 + "git config x/apikey Qz7xTq9Lm\n" + PROSE, id="config-key"),
    pytest.param(PROSE * 3 + "src/a.py:3: Authorization:  token Qz7xTq9Lm\n" + PROSE,
                 id="authorization-after-grep-prefix"),
    pytest.param(PROSE * 3 + "Authorization Bearer abcdEFGH1234ijklMNOP\n" + PROSE,
                 id="bearer-without-separator"),
    pytest.param(PROSE * 3 + '"\\nQk9xL2mZ8vB4nR7tY1wE5uI3aa"' + PROSE,
                 id="json-escape-before-run"),
    pytest.param(PROSE * 3 + "postgres://app:Pa55word1@db.internal/x\n" + PROSE, id="url-userinfo"),
    pytest.param(PROSE * 3 + "bot ٣٣٣٣٣٣٣٣:AA" + "b" * 33 + " " + PROSE, id="non-ascii-digits"),
    pytest.param(PROSE * 3 + "-----BEGIN RSA PRIVATE KEY-----\nMIIB" + "q" * 70 + "\n" + PROSE,
                 id="pem-is-not-sieved"),
    pytest.param("İ" + PROSE * 3 + "TO\u212aEN=abcd1234efgh5678\n", id="lowering-changes-length"),
    pytest.param(("a" * 14 + " ") * 40 + "AKIA" + "Z" * 16, id="runs-just-below-the-minimum"),
])
def test_sieve_keeps_what_each_rule_looks_at(text: str) -> None:
    sieved, whole = both(text)
    assert sieved == whole


@pytest.mark.parametrize("secret", [
    pytest.param("dapi" + "abcdef" * 5 + "ab", id="databricks-hex-letters"),
    pytest.param("hvs." + "abcdefghijklmnopqrstuvwxyz", id="vault-lower-case"),
    pytest.param("https://hooks.slack.com/services/abcdefgh/ijklmnop/qrstuvwxyz",
                 id="slack-webhook-lower-case"),
    pytest.param("the token abcdefabcdefabcdef", id="named-hex-letters"),
])
def test_sieve_keeps_plain_runs_a_rule_can_match(secret: str) -> None:
    """A run of lower-case letters, `.`, `/` and `:` alone is dropped (`src/session.py:`)
    unless a rule can match it: these are the secrets made of such characters only."""
    text = PROSE * 3 + "src/session.py: " + secret + " src/handler.py:\n" + PROSE
    sieved, whole = both(text)
    assert whole and sieved == whole


def test_plain_runs_are_dropped() -> None:
    text = "\n".join(f"{n:5}  /home/dev/proj/src/session.py: the function module.handler()"
                     for n in range(50))
    view = sieve(text, lower_same_length(text))
    assert view is not None
    assert view.text == ""


def test_sieve_drops_prose_and_still_finds_the_secret_at_its_offset() -> None:
    text = PROSE * 60 + "export GITHUB_TOKEN=" + GITHUB + "\n" + PROSE * 60
    view = sieve(text, lower_same_length(text))
    assert view is not None
    assert len(view.text) < len(text) / 5
    [match] = scan(text)
    assert text[match.start:match.end] == GITHUB
    assert match.kind == "github-token"


def test_text_no_rule_can_match_is_skipped_but_user_patterns_still_run() -> None:
    text = "Run the tests before you push, then tell Dana.\n" * 20
    view = sieve(text, lower_same_length(text))
    assert view is not None
    assert view.text == ""
    patterns = compile_patterns([r"Dana"])
    found = scan(text, patterns)
    assert found == scan(text, patterns, sieved=False)
    assert [(m.kind, text[m.start:m.end]) for m in found] == [("custom", "Dana")] * 20


def test_short_and_pem_texts_are_scanned_whole() -> None:
    short = "x" * (MIN_SIEVED_LENGTH - 1)
    assert sieve(short, short) is None
    pem = PROSE * 5 + "-----BEGIN OPENSSH PRIVATE KEY-----\n"
    assert sieve(pem, pem.lower()) is None


def test_text_that_is_mostly_kept_is_scanned_whole() -> None:
    config = "key: value\n" * 100
    assert sieve(config, config) is None


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _corpus_texts(corpus: Path) -> Iterator[tuple[str, str]]:
    for path in sorted((corpus / "transcripts").rglob("*.json*")):
        lines = path.read_text("utf-8", errors="replace").splitlines()
        records = lines if path.suffix == ".jsonl" else ["\n".join(lines)]
        for number, line in enumerate(records, 1):
            try:
                record = json.loads(line)
            except ValueError:
                continue
            for text in _strings(record):
                if len(text) >= MIN_SIEVED_LENGTH:
                    yield f"{path.name}:{number}", text
    for path in sorted((corpus / "skills").rglob("*")):
        if path.is_file() and path.suffix in {".md", ".py", ".sh", ".json", ".txt", ".ts"}:
            yield str(path.relative_to(corpus)), path.read_text("utf-8", errors="replace")


CORPUS_SHARDS = 4
"""The corpus comparison runs as this many independent tests, each every CORPUS_SHARDS-th
text: as one test it took ~6 s, one of the suite's longest (on two workers, one long test
bounds the wall time)."""


@functools.cache
def _sieved_corpus_texts(corpus: Path) -> tuple[tuple[str, str], ...]:
    """The corpus texts that are sieved (any other is scanned whole either way); read once per
    worker process, immutable, for the shards that run there."""
    return tuple((where, text) for where, text in _corpus_texts(corpus)
                 if sieve(text, lower_same_length(text)) is not None)


def test_the_real_corpus_has_many_sieved_texts(corpus_dir: Path) -> None:
    """What the next test compares: enough long strings and files that the sieve applies to."""
    assert len(_sieved_corpus_texts(corpus_dir)) > 200  # of ~1,400


@pytest.mark.parametrize("shard", range(CORPUS_SHARDS))
def test_sieved_scan_matches_whole_scan_on_the_real_corpus(corpus_dir: Path,
                                                           shard: int) -> None:
    compared = 0
    for where, text in _sieved_corpus_texts(corpus_dir)[shard::CORPUS_SHARDS]:
        sieved, whole = both(text)
        assert sieved == whole, where
        compared += 1
    assert compared > 200 // CORPUS_SHARDS - 10


@pytest.mark.parametrize("line", [case.line for case in CASES],
                         ids=[case.name for case in CASES])
def test_every_sweep_case_is_found_alike_in_long_output(line: str) -> None:
    """The sweep's shapes (`sweep_kinds.py`) need their lines kept: the value on the line after
    a YAML `|` or a shell `\\`, a `.pgpass` line, a marker, a foreign word for password."""
    lines = [f"{n:5}  src/token{n}.py: token config value {n}" for n in range(30)]
    for at in (0, 15, 30):
        sieved, whole = both("\n".join([*lines[:at], line, *lines[at:]]))
        assert sieved == whole
