"""Content terms, their specificity, and the words a skill name is built from (terms.py)."""

from __future__ import annotations

from skillgit.mine.terms import Specificity, cues, name_words, terms


def test_redaction_placeholders_and_their_labels_are_never_terms() -> None:
    text = ("use postgres://svc:[REDACTED:connection-string-password]@devdb/x and "
            "STRIPE_KEY=[REDACTED:stripe-secret-key], token [REDACTED:github-tok")
    words = terms(text)
    assert {"postgr", "svc", "devdb/x", "stripe_key", "token"} <= words
    assert not [w for w in words if "redact" in w or "password" in w or "secret" in w
                or "github" in w]


def test_an_acronym_plural_is_the_acronym() -> None:
    assert terms("link the PRs and the APIs") == terms("link the PR and the API")
    assert "pr" in cues("link the PRs")


def test_identifiers_tools_and_commands_weigh_more_than_common_words() -> None:
    texts = ["no, use pnpm not npm", "rename getUser to fetchUser in `src/api.ts`",
             "keep the line short", "the flaky checkout test"]
    spec = Specificity([terms(t) for t in texts], frozenset().union(*map(cues, texts)))
    w = spec.weight
    assert w("pnpm") > w("checkout") > w("keep")   # a tool > a plain word > a common word
    assert w("getuser") > w("checkout") and w("src/api.ts") > w("checkout")
    assert w("line") == w("short") == w("keep") and w("v2.4.1") == w("keep")
    assert w("flaky") == w("checkout")
    assert w(min(terms("changes"))) == w(min(terms("messages"))) == w("keep")  # inflected


def test_idf_over_the_run_lowers_only_what_many_signals_carry() -> None:
    small = Specificity([terms("dashboard widget"), terms("dashboard chart")], frozenset())
    big = Specificity([terms(f"dashboard item{n}") for n in range(200)]
                      + [terms("dashboard chart"), terms("widget chart")], frozenset())
    assert small.weight("dashboard") == small.weight("widget")
    assert big.weight("dashboard") < big.weight("chart") == big.weight("widget")


def test_name_words_use_the_words_as_written() -> None:
    texts = ["no, it goes in templates/pdf/ not templates/, keep templates structured"]
    assert name_words(["templat", "structur"], texts) == ["templates", "structured"]
    assert name_words(["postgr", "runn"], ["the tests need postgres running"]) == [
        "postgres", "running"]


def test_name_words_never_repeat_a_word() -> None:
    texts = ["`docker compose up -d` failed; `docker-compose up -d` worked"]
    words = name_words(["docker", "docker-compose", "compose", "command"], texts)
    assert words == ["docker", "compose", "command"]
    assert name_words(["pnpm", "pnpm", "npm"], ["pnpm not npm"]) == ["pnpm", "npm"]


def test_name_words_prefer_words_to_hosts_paths_and_versions() -> None:
    texts = ["postgres://svc_orders@devdb.acme.internal:5432/orders v2.4.1"]
    words = name_words(["devdb.acme.internal", "5432/orders", "v2.4.1", "postgr", "svc_orders"],
                       texts)
    assert words[:3] == ["postgres", "svc", "orders"]
    assert all(w.isalnum() and w.islower() for w in words)
