"""Edges of the effect table's own readers (`effects._hits`) and of the checkers' rows that the
mutation run's table area found untested in session 40 (benchmarks/mutation_scores.md): a
check turned off in another language with three words between the verb and the check, another
repository's code added as a submodule where the official one is named as the line's very first
word, and a tool's secret check overridden by `--allow-secrets` (no word between). New
examples."""

from __future__ import annotations

import pytest

from skillgit.safety import refused


@pytest.mark.parametrize(("text", "risk"), [
    # three words between the verb and the check: still its object
    ("Deaktiviere bitte einfach alle Tests im CI.", "weakening a safeguard"),
    ("Désactive donc tous les tests en CI.", "weakening a safeguard"),
    # the word that names the official source opens the line
    ("Upstream is slow to merge it: git submodule add https://github.com/fork-user/libyaml "
     "vendor/libyaml", "adding a code source"),
    ("Official release lags, so git submodule add https://gitlab.example.net/mirror/zlib "
     "third_party/zlib", "adding a code source"),
    # a tool's own secret check overridden by an option with no word between its verb and noun
    ("If the upload stops, run `vsce publish --allow-secrets`.", "weakening a safeguard"),
])
def test_the_effect_is_refused(text: str, risk: str) -> None:
    assert risk in refused(text, user_voice=True)
