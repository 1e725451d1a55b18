"""`publish` and `skillgit verify`'s figures: the PR body shows the measured effect, a PR whose
branch got new figures is updated in place (same fingerprint), a proposal with no gain is
labelled `skill:no-measured-effect`, and an unchanged run writes nothing."""

from __future__ import annotations

from publish_world import World
from pushkit import IDENTITY

from skillgit.gitops import GitRepo
from skillgit.proposal import MeasuredEffect
from skillgit.publish.body import parse_fingerprint
from skillgit.verify.effect import NO_EFFECT_LABEL, row
from skillgit.verify.rewrite import write_effect

FP = "1111aaaa2222bbbb"


def measured(without: int, with_skill: int) -> MeasuredEffect:
    return MeasuredEffect(without=without, with_skill=with_skill, samples=3, engine="openai/m",
                          rows=[row("claude-code 2026-11-02 abcd1234 turn 3",
                                    f"{without}/3", f"{with_skill}/3")])


def test_new_figures_update_the_pull_request_and_no_gain_is_labelled(world: World) -> None:
    tip = world.propose("pnpm", FP)
    assert world.lines(world.publish()) == {"skillgit/new/pnpm": "opened"}
    [pull] = world.pulls()
    assert "Measured effect" not in str(pull["body"])
    with GitRepo(world.repo) as g:
        status, new = write_effect(g, "skillgit/new/pnpm", tip, measured(1, 1), IDENTITY)
    assert status == "written"
    world.github.reset_log()
    assert world.lines(world.publish()) == {"skillgit/new/pnpm": "updated"}
    [pull] = world.pulls()
    body = str(pull["body"])
    assert parse_fingerprint(body) == FP
    assert "### Measured effect" in body and "**No measured effect**" in body
    assert "| claude-code 2026-11-02 abcd1234 turn 3 | 1/3 | 1/3 |" in body
    assert NO_EFFECT_LABEL in [label["name"] if isinstance(label, dict) else label
                               for label in pull["labels"]]
    assert world.remote("skillgit/new/pnpm") == new
    world.github.reset_log()
    assert world.lines(world.publish()) == {"skillgit/new/pnpm": "unchanged"}
    assert list(world.github.writes) == []
    with GitRepo(world.repo) as g:
        assert write_effect(g, "skillgit/new/pnpm", new, measured(0, 3), IDENTITY)[0] \
            == "written"
    world.github.reset_log()
    assert world.lines(world.publish()) == {"skillgit/new/pnpm": "updated"}
    [pull] = world.pulls()
    assert "**3/3** answers with the skill" in str(pull["body"])
    assert "No measured effect" not in str(pull["body"])
    assert NO_EFFECT_LABEL not in label_names(pull)     # the gain takes the label off
    [removed] = [w for w in world.github.writes if w.method == "DELETE"]
    assert removed.path.endswith(f"/issues/{pull['number']}/labels/skill%3Ano-measured-effect")
    world.github.reset_log()
    assert world.lines(world.publish()) == {"skillgit/new/pnpm": "unchanged"}
    assert list(world.github.writes) == []


def label_names(pull: dict[str, object]) -> list[str]:
    labels = pull["labels"]
    assert isinstance(labels, list)
    return [label["name"] if isinstance(label, dict) else str(label) for label in labels]
