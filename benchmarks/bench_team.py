"""Benchmark: team mining from shared digests, `mine --from-digests` minus the CLI start-up.

    python benchmarks/bench_team.py [--contributors 10,100] [--digests 500] [--seed 7]
                                    [--propose-upto 100]

For each contributor count C, builds a bare remote holding C refs
`refs/skillgit/digests/<id>` with `--digests` digest files each, in the on-ref format `share`
writes (built with `git fast-import`: the set-up is not measured), served by the
authenticated smart-HTTP test server (`git http-backend`, as in the publish tests: the CI
case, where the server packs and skillgit indexes and reads), and a fresh checkout. Then, in a
child process per size (so peak memory is that size's own), measures:
- fetch + merge: `read_shared` (one fetch of every ref, validation of every file, one digest
  kept per agent + session id);
- propose: `mine_digests(..., dry_run=True)`: group → judge → generate on the merged digests,
  for sizes up to `--propose-upto` contributors (default 100: every size; lower it to
  measure fetch + merge alone on larger counts).
Prints wall time of each phase, digests/s, and the peak RSS of the child; then the growth from
the smallest to the largest count per digest (goal: linear, i.e. about 1.0x per digest).
Digests repeat ~300 lessons across contributors, so grouping has real work to do.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "publish")]

from skillgit.digest import Digest, Evidence, FeedbackItem, TaskItem  # noqa: E402
from skillgit.share.format import FORMAT_FILE, FORMAT_TEXT, digest_path, encode  # noqa: E402

TOOLS = ["pnpm", "poetry", "cargo", "gradle", "bazel", "terraform", "helm", "kubectl", "uv",
         "tox", "nox", "make", "docker", "yarn", "bun", "deno", "mvn", "go", "pytest", "ruff"]
AREAS = ["billing", "auth", "search", "checkout", "reports", "admin", "sync", "export",
         "invoices", "profile", "sidebar", "settings", "onboarding", "alerts", "audit"]


def make_digest(rng: random.Random, contributor: int, n: int) -> Digest:
    tool, other = rng.sample(TOOLS, 2)
    area = rng.choice(AREAS)
    lesson = f"no, use {tool} not {other} for the {area} service"
    ask = f"add {rng.choice(AREAS)} {rng.choice(['page', 'export', 'filter', 'api'])} " \
          f"number {rng.randrange(10_000)}"
    failing = f"{other} test {area}"
    start = datetime(2026, 10, 1, tzinfo=timezone.utc) + timedelta(minutes=contributor * 997 + n)
    return Digest(
        agent=rng.choice(["claude-code", "codex"]),
        session_id=f"{contributor:08x}-{n:04x}-4000-8000-{rng.getrandbits(48):012x}",
        started_at=start, main_dir=rng.choice([".", "src", f"services/{area}"]),
        n_user_turns=rng.randrange(2, 30), opening=f"{rng.getrandbits(128):032x}",
        topics=[ask],
        tasks=[TaskItem(summary=ask, evidence=[Evidence(quote=ask, turn=0)])],
        user_feedback=[FeedbackItem(kind="correction", summary=lesson,
                                    evidence=[Evidence(quote=lesson, turn=3)])],
        env_feedback=[FeedbackItem(kind="failure-then-fix", summary=f"{failing} failed",
                                   evidence=[Evidence(quote=f"$ {failing}: exit 1", turn=2)],
                                   command=failing, fix=f"{tool} test {area}")],
        engine="heuristic", prompt_version="heuristic-2")


def _data(blob: bytes) -> bytes:
    return b"data %d\n" % len(blob) + blob + b"\n"


def build_remote(where: Path, contributors: int, digests: int, seed: int) -> Path:
    """A bare repository with the contributors' digest refs, via one `git fast-import`."""
    bare = where / "team.git"
    subprocess.run(["git", "init", "-q", "--bare", str(bare)], check=True)
    subprocess.run(["git", "--git-dir", str(bare), "config", "http.receivepack", "true"],
                   check=True)
    rng = random.Random(seed)
    proc = subprocess.Popen(["git", "--git-dir", str(bare), "fast-import", "--quiet"],
                            stdin=subprocess.PIPE)
    assert proc.stdin is not None
    for c in range(contributors):
        cid = f"u-{c:016x}"
        stream = [f"commit refs/skillgit/digests/{cid}\n".encode(),
                  b"committer skillgit share <skillgit@users.noreply.invalid> 1760000000 +0000\n",
                  _data(b"skillgit share\n"),
                  f"M 100644 inline {FORMAT_FILE}\n".encode(), _data(FORMAT_TEXT)]
        for n in range(digests):
            d = make_digest(rng, c, n)
            stream += [f"M 100644 inline {digest_path(d.agent, d.session_id)}\n".encode(),
                       _data(encode(cid, d))]
        proc.stdin.write(b"".join(stream))
    proc.stdin.close()
    if proc.wait() != 0:
        raise SystemExit("git fast-import failed")
    return bare


def checkout(where: Path, bare: Path) -> Path:
    root = where / "ci"
    root.mkdir()
    run = lambda *a: subprocess.run(["git", *a], cwd=root, check=True,  # noqa: E731
                                    capture_output=True)
    run("init", "-q", "-b", "main")
    (root / "README.md").write_text("skills\n")
    run("add", "-A")
    run("-c", "user.name=b", "-c", "user.email=b@b", "commit", "-qm", "init")
    run("remote", "add", "origin", str(bare))
    return root


TOKEN = "bench-token-0123456789"


def measure(root: Path, url: str, propose: bool) -> dict[str, float]:
    """Runs in the child: fetch + merge, then propose; wall times and peak RSS."""
    from skillgit.gitops import GitRepo
    from skillgit.gitremote import RemoteTarget
    from skillgit.mine.run import MineOptions, mine_digests
    from skillgit.share.shared import read_shared

    baseline = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    started = time.perf_counter()
    with GitRepo(root) as repo:
        read = read_shared(repo, RemoteTarget.from_url(url, token=TOKEN))
    fetched = time.perf_counter()
    row = {"digests": len(read.digests), "problems": len(read.problems),
           "fetch_merge_s": fetched - started, "propose_s": float("nan"),
           "proposals": -1, "candidates": -1}
    if propose:
        result = mine_digests(root, read.digests, MineOptions(dry_run=True))
        row.update(propose_s=time.perf_counter() - fetched,
                   proposals=len(result.found.proposals), candidates=result.found.candidates)
    row["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    row["baseline_rss_mb"] = baseline
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--contributors", default="10,100")
    parser.add_argument("--digests", type=int, default=500)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--propose-upto", type=int, default=100)
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        root, url, propose = args.child
        print(json.dumps(measure(Path(root), url, propose == "1")))
        return
    from gitserver import GitHttpServer

    rows = []
    for count in [int(c) for c in args.contributors.split(",")]:
        with tempfile.TemporaryDirectory(prefix="bench-team-") as tmp, \
                GitHttpServer(Path(tmp) / "remotes", token=TOKEN) as server:
            began = time.perf_counter()
            bare = build_remote(Path(tmp) / "remotes", count, args.digests, args.seed)
            root = checkout(Path(tmp), bare)
            setup = time.perf_counter() - began
            propose = "1" if count <= args.propose_upto else "0"
            out = subprocess.run([sys.executable, __file__, "--child", str(root),
                                  server.url("team.git"), propose], check=True,
                                 capture_output=True, text=True).stdout
            row = json.loads(out)
            row["contributors"] = count
            rows.append(row)
            proposed = (f"propose {row['propose_s']:6.2f} s ({row['candidates']} candidates -> "
                        f"{row['proposals']} proposals)" if propose == "1" else
                        "propose not run (--propose-upto)")
            print(f"{count:>4} contributors x {args.digests} digests = {row['digests']:>6}: "
                  f"fetch+merge {row['fetch_merge_s']:6.2f} s "
                  f"({row['digests'] / row['fetch_merge_s']:,.0f} digests/s), {proposed}, "
                  f"peak RSS {row['peak_rss_mb']:.0f} MB ({row['baseline_rss_mb']:.0f} MB "
                  f"before reading), {row['problems']} problems "
                  f"(set-up {setup:.1f} s, not measured)", flush=True)
    if len(rows) > 1:
        small, large = rows[0], rows[-1]
        ratio = large["digests"] / small["digests"]
        for phase in ("fetch_merge_s", "propose_s"):
            if large[phase] != large[phase] or small[phase] != small[phase]:  # NaN: not run
                continue
            growth = large[phase] / max(small[phase], 1e-9) / ratio
            print(f"growth {small['contributors']} -> {large['contributors']} contributors, "
                  f"{phase[:-2]}: {large[phase] / max(small[phase], 1e-9):.1f}x time for "
                  f"{ratio:.0f}x digests = {growth:.2f}x per digest (1.0 = linear)")
        grown = [r["peak_rss_mb"] - r["baseline_rss_mb"] for r in (small, large)]
        print(f"peak RSS above the child's own before reading: {grown[0]:.0f} -> "
              f"{grown[1]:.0f} MB, {grown[1] / max(grown[0], 1):.1f}x for {ratio:.0f}x digests"
              " (with propose run only on the smaller size, the larger holds less)")


if __name__ == "__main__":
    main()
