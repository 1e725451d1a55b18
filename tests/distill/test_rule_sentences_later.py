"""Issue 25: where a lesson's rule sits in the turn that teaches it, in new ecosystems.

- a correction whose first sentence names nothing quotes the later sentence that writes out
  the setting (an environment assignment, a keyword option given a symbol, a symbol);
- "not a <kind> file" of the kind of file the agent just wrote is a correction;
- German "so geht das nicht" / "das geht … so nicht" challenges what the agent did;
- in a first prompt, a clause closed by ", remember" is a standing rule.

Beside each, the look-alikes that stay ordinary."""

from __future__ import annotations

from sessionkit import Talk

from skillgit.distill.habits import habit
from skillgit.distill.user_signals import user_signals


def _feedback(talk: Talk) -> list[tuple[str, str]]:
    return [(i.kind, i.evidence[0].quote) for i in user_signals(talk.build()).feedback]


def _after_build(text: str) -> Talk:
    return (Talk().user("build the api image for the arm runners")
            .tool("Bash", "go build -o bin/api ./cmd/api", "")
            .say("Built bin/api for linux/arm64.").user(text))


def test_the_quote_reaches_the_later_sentence_that_writes_the_setting() -> None:
    found = _feedback(_after_build(
        "careful, the runner image is distroless. a cgo binary there dies at start with a "
        "missing loader and nobody sees it until the deploy. for anything shipped we always "
        "build with CGO_ENABLED=0 so it links statically"))
    assert len(found) == 1 and found[0][0] == "correction"
    assert "CGO_ENABLED=0" in found[0][1]


def test_a_later_sentence_without_a_setting_leaves_the_quote_alone() -> None:
    found = _feedback(_after_build(
        "no, the runner image is distroless and has no loader for a cgo binary. it dies at "
        "start there. nobody notices until the deploy."))
    assert len(found) == 1
    assert found[0][1] == "no, the runner image is distroless and has no loader for a cgo binary."


def test_a_symbol_after_a_pasted_error_is_the_rule_quoted() -> None:
    talk = (Talk().user("add the signup form to the phoenix app")
            .tool("apply_patch", "*** Begin Patch\n*** Update File: lib/shop_web/live/"
                  "signup_live.ex\n@@\n+    {:noreply, socket}\n*** End Patch\n")
            .say("Signup form added.")
            .user("it swallows errors. the log says:\n```\n** (KeyError) key :form not found "
                  "in: %{flash: %{}}\n    (shop 0.1.0) lib/shop_web/live/signup_live.ex:31\n```\n"
                  "the changeset never reaches the template. on a failed insert always assign "
                  "it with action: :validate"))
    quotes = [q for _k, q in _feedback(talk)]
    assert any("action: :validate" in q for q in quotes)


def test_not_a_file_of_the_kind_just_written_is_a_correction() -> None:
    wrote_sql = (Talk().user("seed the dev database with three demo shops")
                 .tool("apply_patch", "*** Begin Patch\n*** Add File: priv/repo/demo.sql\n"
                       "+INSERT INTO shops (name) VALUES ('a');\n*** End Patch\n")
                 .say("Added priv/repo/demo.sql with three shops."))
    found = _feedback(wrote_sql.user("not a sql file. seeds go through priv/repo/seeds.exs so "
                                     "they use the changesets"))
    assert [k for k, _q in found] == ["correction"]
    wrote_py = (Talk().user("seed the dev database with three demo shops")
                .tool("apply_patch", "*** Begin Patch\n*** Add File: tools/demo.py\n"
                      "+print('seeded')\n*** End Patch\n")
                .say("Added tools/demo.py."))
    assert _feedback(wrote_py.user("not a problem that it prints, leave it")) == []


def test_german_so_geht_das_nicht_challenges_the_action() -> None:
    talk = (Talk().user("lege die Tabelle für Gutscheine an")
            .tool("apply_patch", "*** Begin Patch\n*** Add File: priv/repo/migrations/"
                  "add_vouchers.exs\n+create table(:vouchers)\n*** End Patch\n")
            .say("Migration angelegt.")
            .user("So geht das nicht, die Referenz braucht on_delete: :delete_all."))
    assert [k for k, _q in _feedback(talk)] == ["correction"]
    assert "on_delete: :delete_all" in _feedback(talk)[0][1]


def test_a_first_prompt_closed_by_remember_states_a_rule() -> None:
    text = "roll the chart out to the canary pool. the upgrade step takes --atomic, remember"
    span = habit(text)
    assert span is not None and text[span[0]:span[1]] == "the upgrade step takes --atomic"
    for plain in ("roll the chart out to the canary pool, remember?",
                  "I remember the old pipeline did this with --atomic",
                  "remember, this is the canary pool"):
        assert habit(plain) is None, plain
