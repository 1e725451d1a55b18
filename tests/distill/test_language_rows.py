"""Rows of the language tables added as data: Vietnamese, "exclusively", the put-back undo
words, "at ours" ("da noi") and each table language's negative imperative ("no uses …",
"non toccare …"); and their look-alikes that stay ordinary."""

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.distill.user_signals import user_signals


def _kinds(text: str) -> list[str]:
    talk = (Talk().user("add the discount badge to the cart page")
            .tool("Edit", "web/src/cart/Badge.tsx")
            .tool("Bash", "npm run lint && git push origin main",
                  "To github.com:acme/web.git\n   1a2b3c4..5d6e7f8  main -> main")
            .say("Added the badge in web/src/cart/Badge.tsx, lint passes, pushed to main.")
            .user(text))
    return [f.kind for f in user_signals(talk.build()).feedback]


@pytest.mark.parametrize("text", [
    # Vietnamese: a team's rule with its scope ("bên mình": at ours), and a bare ban
    "bên mình không bao giờ push trực tiếp lên main, lúc nào cũng qua merge request",
    "team mình chỉ merge qua PR thôi, ko push main nha",
    # "exclusively" in the table languages
    "Bei uns laufen Deployments ausschließlich über die Pipeline, kein git push auf main.",
    "Ici on déploie exclusivement via la CI, jamais par git push sur main.",
    # put back what was there ("rimetti", "zet terug", "remets")
    "Rimetti Badge.tsx com'era prima, lo stile lo decide il design system.",
    "Zet Badge.tsx terug naar de vorige versie, die komt uit het design system.",
    # the negative imperative of a verb of the work
    "No subas nada directo a main, abre un PR desde una rama.",
    "Non toccare Badge.tsx, viene generato dal design system.",
    "Ne touche pas à main directement, passe par une branche.",
    "Não mexa na main diretamente, abra um PR.",
])
def test_rows_find_rules_and_redirects(text: str) -> None:
    assert _kinds(text) in (["correction"], ["preference"])


@pytest.mark.parametrize("text", [
    "cảm ơn, chạy ổn rồi",  # thanks, it runs fine now
    "ok, đẹp lắm. giờ làm tiếp trang thanh toán nhé",  # nice, now the checkout page
    "Ich nutze Firefox nicht mehr, in Chrome sieht es richtig aus. Danke!",
    "Bitte nicht wundern, ich teste gleich noch auf dem Handy.",
    "Ik gebruik zelf geen Tailwind, maar dit ziet er goed uit. Bedankt!",
    "Non avevo mai visto questo pattern, interessante. Grazie!",
    "¿No usas prettier en este proyecto?",
])
def test_look_alikes_stay_ordinary(text: str) -> None:
    assert _kinds(text) == []
