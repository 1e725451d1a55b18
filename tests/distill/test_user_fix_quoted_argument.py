"""Issue 25: a working command the user writes out in plain text keeps its quoted argument
(`docker compose exec api sh -c "npm run migrate"`), so the fix is the whole command, not the
command cut at its quote with the rest appended; an unclosed quote still ends it."""

from __future__ import annotations

from skillgit.distill.user_fixes import given_command

FAILED = 'docker compose exec web sh -c "npm run migrate"'


def test_a_plain_command_keeps_its_quoted_argument() -> None:
    text = ("web has no access to the migrations volume, it has to run in the api container:\n"
            'docker compose exec api sh -c "npm run migrate"')
    found = given_command(text, FAILED, "docker")
    assert found is not None
    assert found[0] == 'docker compose exec api sh -c "npm run migrate"'


def test_an_unclosed_quote_ends_the_command() -> None:
    text = ('it has to run in the api container: docker compose exec api sh -c "npm run '
            "migrate, the web one has no volume")
    found = given_command(text, FAILED, "docker")
    assert found is not None
    assert found[0] == "docker compose exec api sh -c"
