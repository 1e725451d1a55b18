"""One lesson per API a rule moves to (issue 25, round i25b): a function named as a call or
with its arity ("fetch_rows/3", "fetch_rows(conn, …)") is an identity as strong as a file, the
same name mentioned bare joins the lesson that already has it, and the skill is named from it
(`use-fetch-rows`). A fix that edited files (Codex's `apply_patch`) names its lesson after
the failing run, never "use apply_patch". The sentences are new."""

from __future__ import annotations

from signalkit import holding as _holding
from signalkit import signal as _signal

from skillgit.mine.group import group
from skillgit.mine.identity import identities_of, said
from skillgit.mine.lessons import Lesson
from skillgit.mine.naming import command_words
from skillgit.mine.thing_names import thing_words


def test_a_call_or_an_arity_is_a_strong_key_and_a_bare_name_a_loose_one() -> None:
    assert ("call", "", "fetch_rows") in said("read it with fetch_rows/3 from Db.Query")
    assert ("call", "", "fetch_rows") in said("no. fetch_rows(conn, %{limit: 10}) instead")
    assert not any(k[0] == "call" for k in said("the report_id key and the priv/repo folder"))
    keys = identities_of("read it with fetch_rows/3", "read it with fetch_rows/3", None, None)
    assert ("call", "", "fetch_rows") in keys.strong
    bare = identities_of("the way we read: fetch_rows, never raw SQL",
                         "the way we read: fetch_rows, never raw SQL", None, None)
    assert ("call", "", "fetch_rows") in bare.loose
    assert ("call", "", "fetch_rows") not in bare.strong
    keyed = identities_of("limit: report_id: 3", "a map %{report_id: 3}", None, None)
    assert not any(k[0] == "call" for k in keyed.loose | keyed.strong)  # keys, no names


def test_one_api_in_three_wordings_is_one_lesson_and_another_api_is_not() -> None:
    signals = [
        _signal(1, "correction", "read reports with fetch_rows/3 from Db.Query, it casts the "
                "columns the way production does"),
        _signal(2, "correction", "no. don't call Repo.all in the report tests. "
                "fetch_rows(conn, %{month: \"2026-10\"})"),
        _signal(3, "preference", "load them the way we load all our reports: fetch_rows, "
                "never a hand-built query"),
        _signal(4, "correction", "stub the mailer with deliver_later/1 in those tests, the "
                "inline send blocks"),
    ]
    candidates = group(signals)
    assert _holding(candidates, 1) is _holding(candidates, 2) is _holding(candidates, 3)
    assert [s.turn for s in _holding(candidates, 4).signals] == [4]


def test_a_bare_name_alone_opens_no_shared_lesson() -> None:
    signals = [
        _signal(1, "preference", "keep the report_id column out of the export, finance "
                "does not want it"),
        _signal(2, "correction", "the invoice_total goes through the cents helper, never a "
                "float"),
    ]
    candidates = group(signals)
    assert _holding(candidates, 1) is not _holding(candidates, 2)


def test_a_rule_about_an_api_is_named_from_it() -> None:
    assert thing_words("read reports with fetch_rows/3 from Db.Query, it casts the columns") \
        == ["use", "fetch_rows"]
    assert thing_words("never call fetch_all/1 here") == []  # what it moves away from
    assert thing_words("pins go in constraints/pins.toml, read them with load_pins()") == \
        ["use", "pins.toml"]  # a settings file stays the first identity


def test_a_fix_that_edited_files_is_named_after_the_failing_run() -> None:
    patched = Lesson(kind="fix", said="mix ecto.rollback fails with Ecto.MigrationError",
                     do="apply_patch *** Begin Patch\n*** Update File: priv/repo/x.exs",
                     dont="mix ecto.rollback --step 1")
    assert command_words(patched) == ["make", "mix", "ecto.rollback", "pass"]
    switched = Lesson(kind="fix", said="npm ci fails", do="pnpm install --frozen-lockfile",
                      dont="npm ci")
    assert command_words(switched) == ["use", "pnpm", "not", "npm"]
