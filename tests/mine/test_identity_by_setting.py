"""One setting is one lesson however it was taught (issue 25): an environment variable set on a
command and the same assignment written bare in another session, a keyword option given a
symbol (`on_delete: :delete_all`) in English and in Spanish, a symbol, a folder. Look-alikes
stay without a key: another value of the variable, a name without an assignment, a slice, a
URL, an emoji short code, a file inside the folder."""

from __future__ import annotations

from datetime import datetime, timezone

from signalkit import holding as _holding

from skillgit.mine.group import group
from skillgit.mine.identity import identities_of, move, said, settings
from skillgit.proposal import Signal


def _signal(n: int, kind: str, text: str, *, dont: str | None = None,
            do: str | None = None, skill: str | None = None) -> Signal:
    return Signal(kind=kind, summary=text, quote=text, turn=n,  # type: ignore[arg-type]
                  agent="codex", session_id=f"session-{n:04d}", corrected_command=dont,
                  succeeded_command=do, skill=skill, in_use=skill is not None,
                  started_at=datetime(2026, 10, 1 + n, 9, 0, tzinfo=timezone.utc))


def test_an_assignment_on_a_command_and_in_words_is_one_key() -> None:
    key = ("env", "", "CGO_ENABLED=0")
    assert key in move("go build ./cmd/api", "CGO_ENABLED=0 go build ./cmd/api")
    assert key in said("CGO_ENABLED=0, every single time on the build host")
    assert ("env", "", "CGO_ENABLED=0") in said('export CGO_ENABLED="0".')
    assert ("env", "", "CGO_ENABLED=1") not in said("CGO_ENABLED=0, every single time")
    assert not any(k[0] == "env" for k in said("the CGO_ENABLED switch is odd, and PATH=/bin"))


def test_an_option_a_symbol_and_a_folder_are_keys_and_their_look_alikes_are_not() -> None:
    keys = settings("references(:posts, on_delete: :delete_all) and {:error, :not_found}")
    assert {("option", "", "on_delete: :delete_all"), ("symbol", "", "delete_all"),
            ("symbol", "", "not_found")} <= keys
    assert ("folder", "", "lib/shop/workers") in settings("jobs go in lib/shop/workers, not cron")
    for plain in ("name = items[:max_len]", "see http://ci.internal:8080/job_runs/a_b",
                  "great :white_check_mark: done", "edit lib/shop/workers/mailer.ex",
                  "key: value in config.yml", "Foo::Bar_baz.call"):
        assert settings(plain) == frozenset(), plain
    strong = identities_of("siempre con on_delete: :delete_all", "", None, None).strong
    assert ("option", "", "on_delete: :delete_all") in strong


def test_one_setting_in_three_wordings_and_languages_is_one_lesson() -> None:
    signals = [
        _signal(1, "correction", "the build host has no C toolchain",
                dont="go build ./cmd/api", do="CGO_ENABLED=0 go build ./cmd/api"),
        _signal(2, "correction", "it links glibc again. CGO_ENABLED=0, every time on this box"),
        _signal(3, "preference", "en esta máquina siempre CGO_ENABLED=0 para compilar"),
        _signal(4, "correction", "no, this one needs cgo: CGO_ENABLED=1 for the sqlite driver"),
    ]
    candidates = group(signals)
    assert _holding(candidates, 1) is _holding(candidates, 2) is _holding(candidates, 3)
    assert [s.turn for s in _holding(candidates, 4).signals] == [4]


def test_an_option_taught_in_two_languages_is_one_lesson_and_another_option_is_not() -> None:
    signals = [
        _signal(1, "correction", "comments die with their post: add_reference with "
                "on_delete: :delete_all, always"),
        _signal(2, "correction", "No, así no. Las referencias a posts van con on_delete: "
                ":delete_all."),
        _signal(3, "correction", "orders keep their customer: on_delete: :restrict here"),
    ]
    candidates = group(signals)
    assert _holding(candidates, 1) is _holding(candidates, 2)
    assert [s.turn for s in _holding(candidates, 3).signals] == [3]


def test_a_rule_said_before_the_skill_ran_joins_the_skills_lesson_adding_that_flag() -> None:
    signals = [
        _signal(1, "correction", "that step of the skill is wrong, it waits for nothing",
                dont="helm upgrade shop ./chart", do="helm upgrade shop ./chart --atomic",
                skill="helm-release"),
        _signal(2, "preference", "but the upgrade step takes --atomic"),
        _signal(3, "preference", "but the upgrade step takes --timeout 10m"),
    ]
    candidates = group(signals)
    update = _holding(candidates, 1)
    assert update.skill == "helm-release"
    assert _holding(candidates, 2) is update
    assert _holding(candidates, 3).skill is None
