"""Differential check: does this tree's redactor give the same outputs as a reference tree's?

    python benchmarks/redact_diff.py [--reference /work/main] [--corpus DIR] [--heldout DIR]
                                     [--generated 4000] [--seed 27] [--out DIR]

A speed or structure change to `skillgit/redact` must not change what is redacted. This
collects texts once (with the reference tree's adapters):
- every text an adapter hands the redactor while parsing every transcript under the corpus
  (user, assistant, tool input and tool output; each prime batch is kept too);
- every file under the corpus's `skills` folder;
- every string literal of every test module (`tests/**/*.py`: the redaction test sets and
  every other case text);
- every `text` field of the held-out sets (only with `--heldout`, read only);
- `--generated` texts made from a seed: random mixes of words, prose, paths, hex, base64,
  `key=value` pairs, flags, URLs (with and without userinfo), JSON, markers, secret-shaped
  tokens, credential words of several languages and non-ASCII letters (`_generated_texts`);
- each short text of the last four also inside ~1 kB of real transcript prose on both sides
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
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and len(node.value) >= 4):
                strings.append(node.value)
    return strings


_WORDS = ("the", "file", "value", "error", "config", "return", "session", "branch", "commit",
          "build", "deploy", "cache", "schema", "retry", "index", "worker", "docker", "run", "use",
          "with", "and", "is", "for", "password", "token", "secret", "key", "api_key", "auth",
          "passwort", "contraseña", "mot de passe", "пароль", "密码", "パスワード", "clé",
          "bearer", "login", "user", "pin", "seed", "mnemonic", "serial", "license", "cookie",
          "echo", "printf", "net", "use", "AUTH", "PASS", "hook", "webhook", "sudo", "stdin")
_ALPHABETS = ("0123456789abcdef", "0123456789ABCDEF", "abcdefghijklmnopqrstuvwxyz",
              "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "0123456789",
              "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/",
              "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-",
              "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", "abcXYZ012!#$%^&*@~")
_PREFIXES = ("", "", "", "ghp_", "sk-", "AKIA", "xoxb-", "glpat-", "npm_", "sk_live_", "hvs.",
             "AIza", "dapi", "sha256:", "sha512-", "h1:", "0x")
_SEPARATORS = (" ", " ", " ", "\n", "\n", "\t", ": ", "=", ", ", "; ", " | ", "\\n", "\r\n")


def _generated_texts(count: int, seed: int) -> list[str]:
    """`count` texts, deterministic for `seed`: random mixes of what the redactor's rows look
    for and what they must leave alone."""
    import random

    rng = random.Random(seed)

    def token() -> str:
        alphabet = rng.choice(_ALPHABETS)
        return rng.choice(_PREFIXES) + "".join(
            rng.choice(alphabet) for _ in range(rng.choice((6, 12, 16, 20, 24, 32, 40, 64))))

    def piece() -> str:
        word, other = rng.choice(_WORDS), rng.choice(_WORDS)
        roll = rng.randrange(16)
        if roll == 0:
            return f"/home/dev/{word}/{other}.py"
        if roll == 1:
            return f"{word.upper()}_{other.upper()}={token()}"
        if roll == 2:
            return f"--{word}-{other} {token()}"
        if roll == 3:
            userinfo = f"{word}:{token()}@" if rng.random() < 0.5 else ""
            return f"https://{userinfo}{other}.example.com/{word}/{token()}?{other}={token()}"
        if roll == 4:
            return '{"' + word + '": "' + token() + '", "' + other + '": [1, 2, 3]}'
        if roll == 5:
            return "[" + ", ".join(str(rng.randrange(256)) for _ in range(rng.randint(4, 40))) + "]"
        if roll == 6:
            return f"$ {word} {other} -p {token()}"
        if roll == 7:
            return f"{word} is {token()}"
        if roll == 8:
            return ":".join(f"{rng.randrange(256):02x}" for _ in range(rng.randint(6, 24)))
        if roll == 9:
            return f"{other}/{token()}@{word}.db"
        if roll == 10:
            return "[REDACTED:" + rng.choice(("opaque-value", "github-token", "password")) + "]"
        if roll == 11:
            return f"{word}{rng.choice(('', ' ', '_'))}{other}{rng.choice((':', '=', ' is '))}"
        if roll == 12:
            return token()
        if roll == 13:
            return " ".join(rng.choice(_WORDS) for _ in range(rng.randint(3, 24)))
        if roll == 14:
            return "-----BEGIN RSA PRIVATE KEY-----\n" + token() + "\n-----END RSA PRIVATE KEY-----"
        return rng.choice(("é", "\u200b", "\x1b[31m", "٣٣", "\u017f", "\u212a", "\u0130",
                           "\u0131", "\\", "'", '"', "`"))

    texts: list[str] = []
    for _ in range(count):
        parts = [piece() for _ in range(rng.choice((1, 2, 4, 8, 16, 48, 120)))]
        texts.append("".join(part + rng.choice(_SEPARATORS) for part in parts))
    return texts


def _heldout_strings(folder: Path | None) -> list[str]:
    strings: list[str] = []
    if folder is None:
        return strings

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


def collect(reference: Path, corpus: Path, heldout: Path | None, generated: list[str],
            target: Path) -> None:
    raw = target.with_suffix(".parsed.json")
    env = {**os.environ, "PYTHONPATH": str(reference)}
    subprocess.run([sys.executable, "-c", _COLLECT, str(corpus / "transcripts"), str(raw), HOME],
                   env=env, check=True)
    data = json.loads(raw.read_text(encoding="utf-8"))
    raw.unlink()
    texts: list[str] = data["texts"]
    short = list(dict.fromkeys([*_test_strings(), *_heldout_strings(heldout),
                                *_skill_files(corpus), *generated]))
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
    parser.add_argument("--heldout", type=Path, default=None,
                        help="also the `text` fields of the held-out sets in DIR (read only)")
    parser.add_argument("--generated", type=int, default=4000, help="generated texts")
    parser.add_argument("--seed", type=int, default=27, help="seed of the generated texts")
    parser.add_argument("--out", type=Path, default=Path("/tmp/skillgit-redact-diff"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    texts = args.out / "texts.json"
    if not texts.exists():
        collect(args.reference, args.corpus, args.heldout,
                _generated_texts(args.generated, args.seed), texts)
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
