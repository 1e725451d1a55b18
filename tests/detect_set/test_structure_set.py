"""Round t- of issue 25's follow-ups (`structure.yaml`): look-alikes built like the false
alarms of the earlier rounds, and corrections that keep the structure a lesson needs.

Written in the session that made each signal require its structure, after that session's
first changes (fu11's false alarms fixed) and before the changes it suggested. First
contact: precision 0.615, recall 0.80 (the code before the session: 0.533 / 0.80). False
alarms: "we never really settled on …" (a past report with an adverb), "don't push the tag
yet" after `git tag` (a hold on a step the agent had not taken, its object named in the
command), "the 8g heap is plenty. good" (approval with its reasons), "didn't realize the
sqlite one would beat redis here" (a realization), "if we ever move to …, every service
would need …" (a hypothetical). Misses: `GOFLAGS=-mod=mod` (a setting whose value the error
names) and "never mind the changelog, the version is wrong …" (read as a story). After the
fixes: 1.00 / 1.00.

Round u- (`structure_u.yaml`), written after round t-'s fixes, half look-alikes and half
lessons in every category: 0.889 / 0.615 on first contact (the code before the session:
the same). False alarm: "no hard-coded strings anywhere, nice. ship it" (a state praised).
Misses: "indexes … are always created concurrently" (a passive habit), a connection
limit the scaled service breaks (a bound), "only offers up to nodejs20.x … right now"
("right now" read as approval), `--extra-index-url …/cu121` (a flag whose value the error
names) and "use the moto server fixture instead" (an instead with no Y). After the fixes:
1.00 / 1.00.

Round v- (`structure_v.yaml`), written after round u-'s fixes: look-alikes using the words of
rules and corrections, and lessons said tersely. First contact: 0.909 / 1.00 (the code
before the session: 0.90 / 0.90). False alarm: "we should do the same in the reports
module at some point, not today though" (work for a later day; "not today" is no
alternative). After the fix: 1.00 / 1.00.

Round w- (`structure_w.yaml`), written after round v-'s fixes: mostly other languages and
norms, each lesson with a look-alike using the same words. First contact: 0.778 / 0.875
(the code before the session: the same). False alarms: "super, danke. die Dateien kommen
immer montags …" (thanks and a remark in another language) and "Je n'avais jamais vu …"
(the auxiliary of the user's past before the rule word). Miss: "02:00 UTC is when the
nightly backup holds the lock …" (the agent's own value repeated with what makes it wrong).
After the fixes: 1.00 / 1.00.

Round x- (`structure_x.yaml`), written after round w-'s fixes, lessons and look-alikes in
pairs in every category. First contact: 0.875 / 0.778 (the code before the session: 0.857
/ 0.667). False alarm: "db push is fine for local. I will write the migration …" (approval
for the case at hand). Misses: "events takes ~2k inserts a second all day" (terse English
read as another language) and "the SES account is still in the sandbox, it only delivers
to verified addresses" after `send_reminders --all` (only some where the command acted on
all). After the fixes: 1.00 / 1.00.

Round y- (`structure_y.yaml`), written after round x-'s fixes, in pairs. First contact:
0.833 / 0.714 (the code before the session: the same). False alarm: "So the race was in
the code, not the test. Good find." (a realization; its "X, not Y" is no redirect).
Misses: "Retrying the assertion only hides the race" (a gerund subject that only hides the
problem) and "Prices change every 15 minutes …" after a 24-hour cache (another duration:
the same kind, another value). After the fixes: 1.00 / 1.00. All six rounds stay as
regression sets; over the five rounds written after the first fixes (u- to y-), first
contact was 0.86 precision and 0.79 recall (tp 37, fp 6, fn 10) on 47 corrections and 47
ordinary follow-ups.

Round z- (`structure_z.yaml`), written after the fourteenth held-out round's fixes in new
words and ecosystems, in pairs. First contact: 0.750 / 0.750 (tp 9, fp 3, fn 3). False
alarms: "love that you went with …" (praise of what the agent did, an irregular past), "non
mi era mai capitato … da solo" (a negation before the user's own past; "da solo" is "by
itself", no "only"), "git stash -u and lets look at the flaky unit test instead" (another
task, not another way). Misses: "… is whatever the openapi generator emits …" (the output of
a generator), "このチームでは…決まりです" (a team scope), "wait for … instead." (an instruction
closing on "instead" with a verb the table lacked and a dotted call). Two look-alikes were
added after those fixes to pair every lesson, and met the fixed code first: "このチームのPR
テンプレートはいつも長いですね。…ありがとう。" was a false alarm (a remark closed by thanks,
objecting nowhere), fixed; "… so app/pages is right. Next, …" was read as ordinary. After
the fixes: 1.00 / 1.00.

Round z2- (`structure_z2.yaml`), written after round z-'s fixes, in pairs. First contact:
0.889 / 1.00 (tp 8, fp 1, fn 0). False alarm: "je savais pas que pnpm update gardait …,
merci" (realizing, in French: the clause is an aside for every rule, not only the foreign
tables). After the fix: 1.00 / 1.00.

Round z3- (`structure_z3.yaml`), written after round z2-'s fixes, in pairs. First contact:
0.667 / 0.667 (tp 4, fp 2, fn 2). False alarms: "… so that was safe. what is next …?"
("safe" approves) and "skip the docs, not important today. …" (a task dropped for the day,
no other way of doing it). Misses: "the lambda runtime for this one is python 3.8" (a
platform with its version, the subject with a complement) and "pip install -r
docs/requirements.txt first" (a setup step told with "first" and no "run"). After the
fixes: 1.00 / 1.00.

Round z4- (`structure_z4.yaml`), written after round z3-'s fixes, in pairs. First contact:
1.00 / 0.667 (tp 4, fp 0, fn 2). Misses: "consumers here commit offsets manually …" (a
plural class of any noun "here" with a habit) and a Russian rule on logging request bodies
(the thing is a word of the agent's reply in another inflection, in a script
no English noun is written in). After the fixes: 1.00 / 1.00.

Round z5- (`structure_z5.yaml`), written after round z4-'s fixes, mostly look-alikes. First
contact: 0.833 / 1.00 (tp 5, fp 1, fn 0). False alarm: "from 3 minutes to 41s, instead of my
coffee break. lovely" ("instead of my …" replaces the user's own, no way of the agent's).
After the fix: 1.00 / 1.00. Over z- to z5- (written by the session that fixed the
fourteenth round, so not blind): first contact 0.82 precision, 0.81 recall (tp 30, fp 7,
fn 7).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from render import HERE, load_cases
from test_detect_set import RULE_MODULES, copied

ROOT = Path(__file__).resolve().parents[2]
ROUND_T = HERE / "structure.yaml"
ROUND_U = HERE / "structure_u.yaml"
ROUND_V = HERE / "structure_v.yaml"
ROUND_W = HERE / "structure_w.yaml"
ROUND_X = HERE / "structure_x.yaml"
ROUND_Y = HERE / "structure_y.yaml"
ROUND_Z = HERE / "structure_z.yaml"
ROUND_Z2 = HERE / "structure_z2.yaml"
ROUND_Z3 = HERE / "structure_z3.yaml"
ROUND_Z4 = HERE / "structure_z4.yaml"
ROUND_Z5 = HERE / "structure_z5.yaml"
ROUNDS = (ROUND_T, ROUND_U, ROUND_V, ROUND_W, ROUND_X, ROUND_Y, ROUND_Z, ROUND_Z2, ROUND_Z3,
          ROUND_Z4, ROUND_Z5)
ROUND_IDS = [*"tuvwxyz", "z2", "z3", "z4", "z5"]


def test_no_rule_literal_is_copied_from_rounds_t_to_z() -> None:
    sources = [Path(m.__file__ or "").read_text(encoding="utf-8") for m in RULE_MODULES]
    assert copied([c["msg"] for path in ROUNDS for c in load_cases(path)], sources) == set()


@pytest.mark.parametrize("path", ROUNDS, ids=ROUND_IDS)
def test_each_round_has_look_alikes_and_twins_in_every_category(path: Path) -> None:
    cases = load_cases(path)
    assert len({c["id"] for c in cases}) == len(cases)
    ordinary = [c for c in cases if c["label"] == "ordinary"]
    assert len(ordinary) >= len(cases) - len(ordinary)
    for category in {c["category"] for c in cases}:
        assert {c["label"] for c in cases if c["category"] == category} == {
            "correction", "ordinary"}, category


@pytest.mark.parametrize("path", ROUNDS, ids=ROUND_IDS)
def test_the_engine_keeps_each_round_apart(path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import bench_detect
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    bench_detect.main(["--cases", str(path), "--show"])
    out = capsys.readouterr().out
    fp, fn = (int(x) for x in re.findall(r"fp (\d+), fn (\d+)", out)[-1])
    assert fp == 0 and fn == 0, out
