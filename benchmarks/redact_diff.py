"""Differential check: does this tree's redactor give the same outputs as a reference tree's?

    python benchmarks/redact_diff.py [--reference /work/main] [--corpus DIR] [--heldout DIR]
                                     [--texts FILE] [--out DIR]

A speed or structure change to `skillgit/redact` must not change what is redacted. This
collects texts once (with the reference tree's adapters):
- every text an adapter hands the redactor while parsing every transcript under the corpus
  (user, assistant, tool input and tool output; each prime batch is kept too);
- every file under the corpus's `skills` folder;
- every string literal of `tests/redact/*.py` and `tests/test_safety.py`;
- every `text` field of the held-out sets (`--heldout`, read only);
- each short text of the last three also inside ~1 kB of real transcript prose on both sides
  (texts under 256 characters are scanned whole, never sieved: the padded copy takes the
  sieved path), and stitched in groups of eight;
then runs, in a fresh subprocess for each tree (`PYTHONPATH` = the tree), for every text:
`Redactor.redact` (fixed home), the same after replaying the parser's `prime` batches,
`find_secrets` and the final screen's `secret_findings` (kinds and spans), and compares.
Exit status 0 when every output is identical.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
HOME = "/home/dev"

_COLLECT = r"""
import json, sys
from pathlib import Path
from skillgit.redact import Redactor
from skillgit.transcripts.discover import SessionQuery, iter_conversations

texts = {}
batches = []

class Recording(Redactor):
    def redact(self, text):
        texts.setdefault(text, None)
        return super().redact(text)
    def prime(self, pieces):
        pieces = list(pieces)
        for piece in pieces:
            texts.setdefault(piece, None)
        batches.append(pieces)
        return super().prime(pieces)

redactor = Recording(home=sys.argv[3])
query = SessionQuery(source=Path(sys.argv[1]), include_sidechains=True)
for conversation in iter_conversations(query, redactor):
    for turn in conversation.turns:
        turn.text, turn.tool_input
        if turn.result is not None:
            turn.result.text
index = {text: i for i, text in enumerate(texts)}
json.dump({"texts": list(texts), "batches": [[index[p] for p in b] for b in batches]},
          open(sys.argv[2], "w"))
"""

_RUN = r"""
import json, sys, time
from skillgit.redact import Redactor, find_secrets
from skillgit.redact.screen import secret_findings
data = json.load(open(sys.argv[1]))
texts, batches, home = data["texts"], data["batches"], sys.argv[3]
started = time.process_time()
redactor = Redactor(home=home)
single = [Redactor(home=home).redact(t) if i % 97 == 0 else redactor.redact(t)
          for i, t in enumerate(texts)]
redact_cpu = time.process_time() - started
primed = [None] * len(texts)
for batch in batches:
    fresh = Redactor(home=home)
    fresh.prime([texts[i] for i in batch])
    for i in batch:
        primed[i] = fresh.redact(texts[i])
found = [[[m.kind, m.start, m.end] for m in find_secrets(t)] for t in texts]
screened = [[[m.kind, m.start, m.end] for m in secret_findings(t)] for t in texts]
json.dump({"redact": single, "primed": primed, "find": found, "screen": screened,
           "redact_cpu": redact_cpu}, open(sys.argv[2], "w"))
"""


def _test_strings() -> list[str]:
    strings: list[str] = []
    files = [*sorted((ROOT / "tests" / "redact").glob("*.py")), ROOT / "tests" / "test_safety.py"]
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and len(node.value) >= 4):
                strings.append(node.value)
    return strings


def _heldout_strings(folder: Path) -> list[str]:
    strings: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if key == "text" and isinstance(item, str):
                    strings.append(item)
                else:
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for path in sorted(folder.glob("*.json")):
        walk(json.loads(path.read_text(encoding="utf-8")))
    return strings


def _skill_files(corpus: Path) -> list[str]:
    return [path.read_text(encoding="utf-8", errors="replace")
            for path in sorted((corpus / "skills").rglob("*")) if path.is_file()]


def collect(reference: Path, corpus: Path, heldout: Path, target: Path) -> None:
    raw = target.with_suffix(".parsed.json")
    env = {**os.environ, "PYTHONPATH": str(reference)}
    subprocess.run([sys.executable, "-c", _COLLECT, str(corpus / "transcripts"), str(raw), HOME],
                   env=env, check=True)
    data = json.loads(raw.read_text(encoding="utf-8"))
    raw.unlink()
    texts: list[str] = data["texts"]
    short = list(dict.fromkeys([*_test_strings(), *_heldout_strings(heldout),
                                *_skill_files(corpus)]))
    prose = [t for t in texts if 400 <= len(t) <= 3000 and t.count("\n") >= 3][:200]
    padded: list[str] = []
    for i, text in enumerate(short):
        before, after = prose[i % len(prose)], prose[(i * 7 + 3) % len(prose)]
        padded.append(f"{before}\n{text}\n{after}")
        padded.append(f"{before[:300]} {text} {after[:300]}")
    stitched = ["\n".join(short[i:i + 8]) for i in range(0, len(short), 8)]
    seen = set(texts)
    extra = [t for t in dict.fromkeys([*short, *padded, *stitched]) if t not in seen]
    data["texts"] = texts + extra
    target.write_text(json.dumps(data), encoding="utf-8")
    print(f"collected {len(texts)} transcript texts, {len(short)} short texts, "
          f"{len(extra)} added in all; {len(data['batches'])} prime batches")


def run(tree: Path, texts: Path, out: Path) -> float:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    subprocess.run([sys.executable, "-c", _RUN, str(texts), str(out), HOME], env=env, check=True)
    cpu: float = json.loads(out.read_text(encoding="utf-8"))["redact_cpu"]
    return cpu


def compare(texts_file: Path, reference: Path, mine: Path) -> int:
    texts = json.loads(texts_file.read_text(encoding="utf-8"))["texts"]
    old, new = (json.loads(p.read_text(encoding="utf-8")) for p in (reference, mine))
    differences = 0
    for field in ("redact", "primed", "find", "screen"):
        for index, (a, b) in enumerate(zip(old[field], new[field], strict=True)):
            if a != b:
                differences += 1
                if differences <= 20:
                    print(f"--- {field} #{index}: {texts[index][:300]!r}")
                    print(f"    reference: {str(a)[:600]}")
                    print(f"    this tree: {str(b)[:600]}")
    print(f"{len(texts)} texts x 4 outputs: {differences} differences")
    return differences


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reference", type=Path, default=Path("/work/main"))
    parser.add_argument("--corpus", type=Path, default=Path(
        os.environ.get("SKILLGIT_TEST_CORPUS", "/work/shared/corpus")))
    parser.add_argument("--heldout", type=Path, default=Path("/work/heldout"))
    parser.add_argument("--out", type=Path, default=Path("/tmp/skillgit-redact-diff"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    texts = args.out / "texts.json"
    if not texts.exists():
        collect(args.reference, args.corpus, args.heldout, texts)
    digest = hashlib.sha256(texts.read_bytes()).hexdigest()[:16]
    # the reference's outputs are computed once per text set (its tree is not edited here)
    reference_out = args.out / f"reference-{digest}.json"
    if not reference_out.exists():
        started = time.perf_counter()
        cpu = run(args.reference, texts, reference_out)
        print(f"reference outputs: redact {cpu:.2f}s CPU "
              f"({time.perf_counter() - started:.0f}s in all)")
    mine = args.out / "this-tree.json"
    cpu = run(ROOT, texts, mine)
    reference_cpu = json.loads(reference_out.read_text(encoding="utf-8"))["redact_cpu"]
    print(f"redact CPU: reference {reference_cpu:.2f}s, this tree {cpu:.2f}s")
    return 1 if compare(texts, reference_out, mine) else 0


if __name__ == "__main__":
    raise SystemExit(main())
