"""Follow-ups that correct nothing the agent did, though they hold a negative word: the user
blames themself or absolves the agent ("my VPN", "not your fault, I changed it on purpose",
"I misread"), is surprised ("not what I expected"), or reports that nothing is wrong any more
("no more errors", "not a single warning", "all tests pass"); and a correction in the same
message is still found."""

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.distill.user_signals import user_signals


def _kinds(text: str) -> list[str]:
    talk = (Talk().user("fix the flaky upload test")
            .tool("Bash", "npm test -- upload", "1 passing")
            .say("Fixed the race in upload.spec.ts; the suite passes.").user(text))
    return [f.kind for f in user_signals(talk.build()).feedback]


@pytest.mark.parametrize("text", [
    "it failed for me at first but that was my proxy. works now",
    "The snapshot diff isn't your fault, I changed the theme colours on purpose. Update them?",
    "Sorry, I misread the log, the retry is there. Carry on with the docs.",
    "That's not how I expected the mock to behave, but it makes sense now. How does it reset?",
    "Bad guess on my part then. Good catch! Can you add a test for it?",
    "no more errors on my side either, nice. next: the export button",
    "nope, not a single warning. ship it",
    "Keine Fehler mehr, top.",
    "all tests pass here too. whats next?",
    "Don't stop now, this is going great!",
    "Note to self more than to you: bump the changelog after lunch. Looks good.",
    "I had been editing those by hand for weeks, my bad. Good to know!",
    "nein, das war nicht dein Fehler, ich hatte den Branch nicht aktualisiert",
    "Funcionou! Agora entra tudo sem erros. Valeu.",
])
def test_absolution_and_all_clear_stay_ordinary(text: str) -> None:
    assert _kinds(text) == []


@pytest.mark.parametrize("text", [
    "it was my proxy. Also, no: use pnpm here, not npm.",
    "No more errors, but never run the tests with npm here, always pnpm test.",
])
def test_a_correction_next_to_them_is_still_found(text: str) -> None:
    assert _kinds(text) == ["correction"] or _kinds(text) == ["preference"]
