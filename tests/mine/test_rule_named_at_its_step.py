"""An update carries the rule's identity at the step it changes (issue 25, round i25b): when
a correction's words name a setting or file ("Procfile has a release: phase …") that the
command the agent ran next does not carry, the rule is the words, named things in code, in
place of the old command, amending that step; a plain replacement stays "`new` (not `old`)".
The sentences are new."""

from __future__ import annotations

from skillgit.mine.generate import append_lessons
from skillgit.mine.lessons import Lesson, statement
from skillgit.mine.named_rules import about_elsewhere, named_things

_OLD = "heroku run -a shop-staging rake db:migrate"
_SAID = ("skip that step. the Procfile has release_phase_cmd set under release: now, so "
         "migrations run before the dynos restart, don't run them by hand")
_SKILL = (b"---\nname: ship-staging\ndescription: Ship to staging. Use when shipping.\n---\n\n"
          b"# Ship to staging\n\n"
          b"1. Push: `git push heroku-staging main`.\n"
          b"2. Migrate the database:\n"
          b"   `heroku run -a shop-staging rake db:migrate`\n"
          b"3. Smoke-test `/healthz`.\n")


def test_the_named_things_of_a_rule() -> None:
    assert named_things("pins go in tools/pins.toml and load_pins() reads them") == [
        "pins.toml", "load_pins"]
    assert about_elsewhere(_SAID, "heroku releases -a shop-staging")
    assert not about_elsewhere(_SAID, "heroku config:get release_phase_cmd -a shop-staging")
    assert not about_elsewhere("no, the other app", "heroku releases -a shop-staging")


def test_a_rule_naming_a_setting_is_stated_from_its_words() -> None:
    rule = Lesson(kind="rule", said=_SAID, do="heroku releases -a shop-staging", dont=_OLD)
    text = statement(rule)
    assert "`release_phase_cmd`" in text
    assert text.endswith(f"(not `{_OLD}`).")
    assert "heroku releases" not in text
    plain = Lesson(kind="rule", said="use the staging app", do="heroku releases -a shop-staging",
                   dont="heroku releases -a shop-prod")
    assert statement(plain) == ("Run `heroku releases -a shop-staging` instead of "
                                "`heroku releases -a shop-prod`.")


def test_the_update_amends_the_step_it_changes() -> None:
    rule = Lesson(kind="rule", said=_SAID, do="heroku releases -a shop-staging", dont=_OLD)
    updated = append_lessons(_SKILL, [f"- {statement(rule)}"])
    assert updated is not None
    lines = updated.decode().splitlines()
    step = lines.index("2. Migrate the database:")
    assert "`release_phase_cmd`" in lines[step + 1] and f"(not `{_OLD}`)" in lines[step + 1]
    assert lines[step + 2] == "3. Smoke-test `/healthz`."  # nothing appended after the step
    assert len(lines) == len(_SKILL.decode().splitlines())
    assert append_lessons(updated, [f"- {statement(rule)}"]) is None  # amended once
