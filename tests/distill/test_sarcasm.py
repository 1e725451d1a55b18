"""An objection said as mock praise (issue 25): "Oh great, another X" about a thing the agent
just wrote, or an ironic phrase ("just what we needed", "love that for us") about its work.
Sincere praise of more of a good thing, thanks, and questions stay ordinary."""

from __future__ import annotations

import pytest

from skillgit.distill.action_context import ActionContext
from skillgit.distill.sarcasm import mock_praise

PY = ActionContext(wrote="Added a `# type: ignore` on the import and a bare except around the "
                   "retry loop; pytest passes.", reply=frozenset({"except"}),
                   files=frozenset({"client.py"}), changed=frozenset({"client.py"}))
CSS = ActionContext(wrote="Used `!important` on the button colour so it wins over the theme.",
                    files=frozenset({"button.css"}), changed=frozenset({"button.css"}))


@pytest.mark.parametrize(("text", "context"), [
    ("Oh wonderful, another `# type: ignore`. We fix the stub or we add it to typings/.", PY),
    ("wow, great, more `!important`. the theme tokens exist for a reason", CSS),
    ("A bare except in the retry loop, just what the on-call rotation needed.", PY),
    ("button.css with !important again, love that for us.", CSS),
])
def test_mock_praise_of_the_agents_work_is_a_correction(text: str,
                                                       context: ActionContext) -> None:
    assert mock_praise(text, context) is not None


@pytest.mark.parametrize(("text", "context"), [
    ("Oh nice, another test passing on the first try.", PY),           # a good thing
    ("Oh great, another `!important`, thanks for matching the old file.", CSS),  # thanks
    ("oh great, another release train meeting tomorrow", PY),          # nothing it did
    ("Oh great, another `# type: ignore`? is there no stub for it?", PY),   # a question
    ("That bare except is exactly what I had in mind.", PY),           # no irony
])
def test_praise_look_alikes_stay_ordinary(text: str, context: ActionContext) -> None:
    assert mock_praise(text, context) is None
