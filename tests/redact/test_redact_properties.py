"""Property tests: `redact` never raises and is idempotent; `find_secrets` spans are sane."""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skillgit.redact import Redactor, find_secrets

# Pieces that sit on the edges of the rules: prefixes, separators, quotes, escapes, markers,
# home prefixes. Joined at random they reach the corner cases far faster than plain text.
FRAGMENTS = [
    "gh" + "p_", "sk-", "sk-ant-api03-", "AK" + "IA", "eyJ", "SG.", "xo" + "xb-", "AccountKey=",
    "-----BEGIN RSA PRIVATE KEY-----", "-----END RSA PRIVATE KEY-----", "github" + "_pat_",
    ".", "=", "==", ":", " ", "\n", "\\n", "\\", "/", "-", "_", '"', "'", "`", "[", "]", "$",
    "{", "}", "<", ">", "(", ")", "@", "://", "postgres://u:", "curl -u ", " -u ",
    "password", "token", "api_key", "KEY", "secret_access_key=", "DB_PASSWORD=", '"token": "',
    "Bearer ", "Authorization: ", "Basic ", "export ", "toolu_", "sha512-",
    "/home/", "/Users/", "C:\\Users\\", "c:/users/", "~", "/home/dev", "-home-dev-",
    "[REDACTED:jwt]", "[REDACTED:high-entropy]",
    "aB3xK9mQ2vL7", "Zq8Wp4Rt6Yu1", "0123456789abcdef", "hunter22", "Xk9qL2mZ8vB4nR7tY1wE5uI3",
]
TOKENISH = st.text(alphabet="aB3xK9mQ2vL7Zq8Wp4Rt6Yu1=+/_-", min_size=1, max_size=40)
STITCHED = st.lists(st.one_of(st.sampled_from(FRAGMENTS), TOKENISH), max_size=30).map("".join)

REDACTOR = Redactor(home="/home/dev", path_roots={"/work/repo": ""})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text())
def test_redact_never_raises_and_is_idempotent_on_any_text(text: str) -> None:
    once = REDACTOR.redact(text)
    assert REDACTOR.redact(once) == once


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(STITCHED)
def test_redact_is_idempotent_on_secret_shaped_text(text: str) -> None:
    once = REDACTOR.redact(text)
    assert REDACTOR.redact(once) == once


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(), STITCHED))
def test_find_secrets_returns_sorted_disjoint_spans_inside_the_text(text: str) -> None:
    matches = find_secrets(text)
    for match in matches:
        assert 0 <= match.start < match.end <= len(text)
        assert match.kind and "]" not in match.kind
    for left, right in itertools.pairwise(matches):
        assert left.end <= right.start


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(STITCHED)
def test_no_marker_is_ever_reported_as_a_secret(text: str) -> None:
    redacted = REDACTOR.redact(text)
    assert find_secrets(redacted) == []
