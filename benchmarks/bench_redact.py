"""Throughput of `Redactor.redact` on ~20 MB of generated transcript-like text.

    python benchmarks/bench_redact.py [--mb 20] [--seed 7]

Prints MB/s for two baselines measured in the same run (`str.lower()` and one `re.sub` over the
same text) and for `Redactor.redact` on the text as one string and as ~2 KB messages (the way
the transcript parsers call it), with the ratio of each to the baselines. Then the secret scan
alone on the messages and on Markdown prose (skills), sieved and whole (`sieved=False`), to
show what the sieve saves where.

Then the cost against the parse floor: every message wrapped in a JSONL record, `json.loads`
of all records (the floor), the first detector (`Redactor.redact`, run while parsing) and the
full final screen (both detectors, `screen.screen_text`, run on what is written or sent), each
as a multiple of the floor's cost in the same run, and "parse + redact" against the parse goal
(<= 2x the floor). Nothing is written.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import string
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from skillgit.redact import Redactor
from skillgit.redact.scan import scan
from skillgit.redact.screen import screen_text

_WORDS = ("the", "test", "file", "value", "error", "config", "import", "return", "session",
          "skill", "branch", "commit", "build", "install", "parse", "token", "model", "output",
          "update", "request", "handler", "user", "path", "module", "function", "result")


def _code(rng: random.Random) -> str:
    name = "_".join(rng.sample(_WORDS, 2))
    return (f"def {name}(path: Path, limit: int = {rng.randint(1, 500)}) -> list[str]:\n"
            f'    """Return the {rng.choice(_WORDS)} lines of {rng.choice(_WORDS)}."""\n'
            f"    with open(path, encoding=\"utf-8\") as handle:\n"
            f"        rows = [line.rstrip() for line in handle if line.strip()]\n"
            f"    max_tokens = {rng.randint(100, 9000)}\n"
            f"    token = get_token(config)\n"
            f"    return rows[:limit]\n")


def _shell(rng: random.Random) -> str:
    sha = "".join(rng.choice("0123456789abcdef") for _ in range(40))
    lines = [f"$ git log -1 --format=%H\n{sha}",
             f"-rw-r--r-- 1 dev dev {rng.randint(10, 99999)} Jan {rng.randint(1, 28)} 12:00 "
             f"/home/dev/project/src/{rng.choice(_WORDS)}.py",
             f"Collecting {rng.choice(_WORDS)}-utils=={rng.randint(0, 9)}.{rng.randint(0, 20)}",
             f"tests/test_{rng.choice(_WORDS)}.py::test_{rng.choice(_WORDS)} PASSED "
             f"[ {rng.randint(1, 99)}%]",
             f"  File \"/Users/dev/work/app/{rng.choice(_WORDS)}.py\", "
             f"line {rng.randint(1, 900)}, in run"]
    return "\n".join(rng.sample(lines, 3)) + "\n"


def _json(rng: random.Random) -> str:
    hexdigits = "0123456789abcdef"
    uuid = "-".join("".join(rng.choice(hexdigits) for _ in range(n)) for n in (8, 4, 4, 4, 12))
    tool_id = "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(22))
    digest = "".join(rng.choice(string.ascii_letters + "+/") for _ in range(86))
    return ('{"type": "tool_result", "tool_use_id": "toolu_01' + tool_id + '", "uuid": "'
            + uuid + '", "content": "ok", "is_error": false, "cwd": "/home/dev/project", '
            '"integrity": "sha512-' + digest + '=="}\n')


def _prose(rng: random.Random) -> str:
    return " ".join(rng.choice(_WORDS) for _ in range(rng.randint(20, 60))).capitalize() + ".\n"


def _secret(rng: random.Random) -> str:
    body = "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(36))
    return rng.choice((f"export GITHUB_TOKEN=ghp_{body}\n",
                       f"Authorization: Bearer {body}{rng.randint(10, 99)}\n",
                       f"DATABASE_URL=postgres://app:{body[:12]}@db:5432/app\n",
                       f"aws_access_key_id = AKIA{body[:16].upper()}\n"))


def generate(megabytes: float, seed: int) -> list[str]:
    """Messages of code, shell output, JSON and prose, one secret every ~50 messages."""
    rng = random.Random(seed)
    makers = (_code, _shell, _json, _prose)
    messages: list[str] = []
    size = 0
    while size < megabytes * 1_000_000:
        message = "".join(rng.choice(makers)(rng) for _ in range(rng.randint(2, 8)))
        if rng.random() < 0.02:
            message += _secret(rng)
        messages.append(message)
        size += len(message)
    return messages


def _rate(label: str, size: int, func: Callable[[], object], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        best = min(best, time.perf_counter() - start)
    rate = size / 1_000_000 / best
    print(f"{label:<38} {best * 1000:9.1f} ms {rate:9.1f} MB/s")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=20.0)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    messages = generate(args.mb, args.seed)
    text = "".join(messages)
    size = len(text)
    print(f"{size / 1e6:.1f} MB in {len(messages)} messages")
    redactor = Redactor(home="/home/dev")
    lower = _rate("baseline str.lower()", size, text.lower)
    pattern = re.compile(r"[A-Z]{4}[0-9]")
    resub = _rate("baseline one re.sub", size, lambda: pattern.sub("X", text))
    whole = _rate("Redactor.redact (one string)", size, lambda: redactor.redact(text), repeat=1)
    each = _rate("Redactor.redact (per message)", size,
                 lambda: [redactor.redact(message) for message in messages], repeat=1)
    for label, rate in (("one string", whole), ("per message", each)):
        print(f"ratio {label:<12} vs str.lower(): {rate / lower:.3f}"
              f"   vs re.sub: {rate / resub:.3f}")
    redacted = redactor.redact(text)
    print(f"markers written: {redacted.count('[REDACTED:')}")
    rng = random.Random(args.seed)
    documents = ["".join(_markdown(rng) for _ in range(40)) for _ in range(max(1, size // 200_000))]
    _against_the_floor(messages, redactor)
    for label, texts in (("messages", messages), ("markdown", documents)):
        total = sum(map(len, texts))
        whole_rate = _rate(f"scan {label}, whole", total,
                           lambda texts=texts: [scan(t, sieved=False) for t in texts])
        sieved_rate = _rate(f"scan {label}, sieved", total,
                            lambda texts=texts: [scan(t) for t in texts])
        print(f"sieve speed-up on {label}: {sieved_rate / whole_rate:.2f}x")


def _seconds(func: Callable[[], object], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        best = min(best, time.perf_counter() - start)
    return best


def _against_the_floor(messages: list[str], redactor: Redactor) -> None:
    """First detector and final screen as multiples of `json.loads` on the same records."""
    records = [json.dumps({"type": "user", "message": {"role": "user", "content": message}})
               for message in messages]
    floor = _seconds(lambda: [json.loads(record) for record in records])
    first = _seconds(lambda: [redactor.redact(m) for m in messages], repeat=1)
    screened = [redactor.redact(m) for m in messages]
    final = _seconds(lambda: [screen_text(m) for m in screened], repeat=1)
    print(f"floor json.loads of {len(records)} records   {floor * 1000:9.1f} ms")
    print(f"first detector (parse-time redact)   {first * 1000:9.1f} ms  "
          f"{first / floor:6.2f}x floor")
    print(f"final screen (both detectors)        {final * 1000:9.1f} ms  "
          f"{final / floor:6.2f}x floor")
    print(f"parse + redact vs the floor: {(floor + first) / floor:.2f}x (goal <= 2x)")


def _markdown(rng: random.Random) -> str:
    """A skill-like section: a heading, prose steps, a link, a short code block."""
    steps = "".join(f"{n}. {_prose(rng)}" for n in range(1, rng.randint(4, 9)))
    return (f"## {rng.choice(_WORDS).capitalize()} the {rng.choice(_WORDS)}\n\n{steps}\n"
            f"See [the guide](references/{rng.choice(_WORDS)}.md).\n\n"
            f"```bash\nmake {rng.choice(_WORDS)} MODE=fast\n```\n\n")


if __name__ == "__main__":
    main()
