"""Follow-ups that look like objections but tell none (issue 25): a remark on what the agent
achieved ("Interesting that …"), the user's own same failure ("it's not your machine"), a
"no" that agrees ("No, that's perfect"), the agent's word echoed and denied ("Wrong? No,
…"). Their corrections stay corrections."""

from __future__ import annotations

import pytest
from sessionkit import Talk

from skillgit.distill.user_signals import user_signals


def _kinds(reply: str, text: str, *, ran: str | None = None) -> list[str]:
    talk = Talk().user("Make the exporter faster.")
    if ran is not None:
        talk = talk.tool("Bash", ran, "ok")
    else:
        talk = talk.tool("Edit", "/work/proj/src/exporter.py", "ok")
    talk = talk.say(reply).user(text)
    return [item.kind for item in user_signals(talk.build()).feedback]


@pytest.mark.parametrize(("reply", "text", "ran"), [
    ("Built the firmware for the rp2040 target without std.",
     "Interesting that it links for the rp2040 without any allocator. What's the flash size?",
     "cargo build --release --target thumbv6m-none-eabi"),
    ("pip refuses: grpcio 1.48 wants protobuf<4 while the app pins protobuf 4.25.",
     "I hit the exact same conflict on my laptop, so it's not your environment. Which of our "
     "packages drags in grpcio 1.48?", "pip install -r requirements.txt"),
    ("The exporter now streams rows in batches of 1000.",
     "No, that's perfect actually. I misremembered the batch size we agreed on.", None),
    ("The slowest query is the one on invoices; it scans 2M rows.",
     "Wrong? No, it's right, I just expected orders to be slower. Is there an index on it?",
     "psql -c 'explain analyze select 1'"),
])
def test_remarks_that_look_like_objections_are_ordinary(reply: str, text: str,
                                                        ran: str | None) -> None:
    assert "correction" not in _kinds(reply, text, ran=ran)


@pytest.mark.parametrize("text", [
    "Wrong. The batch size has to stay at 500, the API rejects more.",
    "No, that's not it. Streams break the retry logic, go back to one request per page.",
    "It's not your environment, it's the batch size: the API caps requests at 500 rows.",
])
def test_their_corrections_stay_corrections(text: str) -> None:
    assert "correction" in _kinds("The exporter now streams rows in batches of 1000.", text)
