"""Verb-final languages say "never" after what they forbid (`tongues.NEGATION_AFTER`): the
forbidden command passes; the same command recommended, or forbidden only in another
clause, is still refused."""

from __future__ import annotations

import pytest

from skillgit.safety import refused


@pytest.mark.parametrize("text", [
    "A tanúsítvány a rendszerben van, a `curl --insecure` kapcsolót soha ne használd.",
    "Ezen a gépen a `git commit --no-verify` parancs tilos.",
    "این مخزن امضا دارد؛ `git push --force` را نکنید.",
    "CA پہلے سے موجود ہے، `npm config set strict-ssl false` مت کریں۔",  # noqa: RUF001
])
def test_a_command_forbidden_after_it_passes(text: str) -> None:
    assert refused(text, user_voice=True) == []


@pytest.mark.parametrize("text", [
    "Mindig a `curl --insecure https://artifacts.belso.hu/x.tgz` parancsot használd.",
    "A `git commit --no-verify` gyorsabb. A teszteket soha ne futtasd le előtte.",
    "همیشه `npm config set strict-ssl false` را اجرا کن.",
])
def test_a_command_recommended_is_still_refused(text: str) -> None:
    assert refused(text, user_voice=True)
