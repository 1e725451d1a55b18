"""The tests' own secrets corpus (`secret_kinds.py`) against each detector alone and the final
screen: every kind is redacted whole, each detector keeps catching the classes it is meant to
(a regression in one is visible even while the other covers for it), and ordinary commands and
prose pass both untouched."""

from __future__ import annotations

from pathlib import Path

import pytest
from secret_kinds import KINDS, ORDINARY, Kind

from skillgit.redact import Redactor, find_secrets
from skillgit.redact.screen import screen_text, secret_findings
from skillgit.redact.second import second_opinion

GROUPS = {"vendor", "flag", "quoted", "prose", "context", "bearer", "config-file", "key-block",
          "url", "whole-value", "dotted"}
SECOND_CATCHES = {
    "github-pat", "github-fine", "gitlab", "aws-key-id", "aws-secret", "openai", "anthropic",
    "slack", "stripe", "google", "npm-token", "sendgrid", "jwt", "pem", "putty",
    "flag-password-space", "flag-password-equals", "flag-auth-token", "flag-token",
    "flag-api-key", "openssl-pass", "prose-my-token", "bearer-any-alphabet", "npmrc-auth",
    "url-password-at", "url-password-plain", "whole-ampersand", "context-hex", "vault-token",
    "dotted-id-secret"}
"""What the token-level detector is meant to see: vendor prefixes, key blocks, URL userinfo,
and `name=value` / `--name value` / `Bearer value` with a secret-shaped value."""


def leaked(secret: str, text: str) -> list[str]:
    """The secret, or any 8-character piece of it, found in `text`."""
    pieces = {secret} | {secret[i:i + 8] for i in range(max(0, len(secret) - 7))}
    return sorted(piece for piece in pieces if piece.strip() and piece in text)


def _covered(kind: Kind, spans: list[tuple[int, int]]) -> bool:
    start = kind.line.index(kind.secret)
    end = start + len(kind.secret)
    return any(a <= start and b >= end for a, b in spans) or not leaked(
        kind.secret, _cut(kind.line, spans))


def _cut(text: str, spans: list[tuple[int, int]]) -> str:
    for a, b in sorted(spans, reverse=True):
        text = text[:a] + "\0" + text[b:]
    return text


def test_the_corpus_has_at_least_60_kinds_covering_every_class() -> None:
    assert len({kind.name for kind in KINDS}) == len(KINDS) >= 60
    assert {kind.group for kind in KINDS} == GROUPS


@pytest.mark.parametrize("kind", KINDS, ids=[kind.name for kind in KINDS])
def test_the_first_detector_alone_redacts_every_kind_whole(kind: Kind) -> None:
    redacted = Redactor(home="/home/nobody").redact(kind.line)
    assert leaked(kind.secret, redacted) == [], redacted
    assert "[REDACTED:" in redacted


@pytest.mark.parametrize("kind", [k for k in KINDS if k.name in SECOND_CATCHES],
                         ids=[k.name for k in KINDS if k.name in SECOND_CATCHES])
def test_the_second_detector_alone_catches_its_classes(kind: Kind) -> None:
    spans = [(m.start, m.end) for m in second_opinion(kind.line)]
    assert _covered(kind, spans), (kind.line, spans)


def test_the_second_detector_is_independent_of_the_first() -> None:
    """It catches kinds the first detector's rules are not shaped for once those are gone:
    the screen over an un-redacted text reports both."""
    assert len(SECOND_CATCHES) >= 25
    assert {k.group for k in KINDS if k.name in SECOND_CATCHES} >= {
        "vendor", "flag", "url", "key-block", "bearer", "config-file", "whole-value"}


@pytest.mark.parametrize("kind", KINDS, ids=[kind.name for kind in KINDS])
def test_the_final_screen_leaves_nothing_of_any_kind(kind: Kind) -> None:
    screened = screen_text(kind.line)
    assert leaked(kind.secret, screened) == [], screened
    assert screen_text(screened) == screened


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_commands_and_prose_pass_both_detectors(text: str) -> None:
    assert find_secrets(text) == []
    assert second_opinion(text) == []
    assert Redactor(home="/home/nobody").redact(text) == text
    assert screen_text(text) == text


def test_json_stays_json_after_the_final_screen() -> None:
    import json
    document = json.dumps({"turns": [kind.line for kind in KINDS]})
    screened = screen_text(document)
    assert all(leaked(kind.secret, screened) == [] for kind in KINDS)
    assert len(json.loads(screened)["turns"]) == len(KINDS)


def test_the_second_detector_is_quiet_on_the_corpus_skills_and_the_source(
        corpus_dir: Path) -> None:
    report: list[str] = []
    scanned = 0
    roots = [corpus_dir / "skills", Path(__file__).resolve().parents[2] / "skillgit"]
    for root in roots:
        for path in sorted(root.rglob("*")):
            if not path.is_file() or path.suffix in {".png", ".zip", ".pyc", ".gz", ".pdf"}:
                continue
            try:
                text = path.read_text(encoding="utf-8")
            except (UnicodeDecodeError, OSError):
                continue
            scanned += len(text)
            report += [f"{path}: {m.kind}: {text[max(0, m.start - 30):m.end]!r}"
                       for m in second_opinion(text)]
    assert scanned > 1_000_000
    assert len(report) <= 1, "\n".join(report)


def test_secret_findings_merges_both_detectors() -> None:
    kind = next(k for k in KINDS if k.name == "flag-token")
    found = secret_findings(kind.line)
    assert len(found) == 1 and found[0].start <= kind.line.index(kind.secret)
