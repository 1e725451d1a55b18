"""Implicit corrections by kind (issue 25): another value of a kind the agent's flags set,
production as the default it relied on, and a fact that makes a change wrong (a cache, a
synced copy). Look-alikes — the agent's own value, a question, agreement, a kind it did not
set — stay ordinary."""

from __future__ import annotations

import pytest

from skillgit.distill.action_context import ActionContext
from skillgit.distill.differing_facts import differing_fact
from skillgit.distill.value_kinds import other_value, production_by_default
from skillgit.distill.value_kinds import respelled as respelled_at


def _ran(*commands: str, said: str = "", changed: frozenset[str] = frozenset()) -> ActionContext:
    return ActionContext(wrote="\n".join([*commands, said]), shell=True, changed=changed)


PULUMI = _ran("pulumi up --stack dev --yes", said="Applied the change to the dev stack.")
WEST = _ran("west build -b nrf52840dk_nrf52840 app/sensor", said="Built app/sensor.")
ARDUINO = _ran("arduino-cli upload -p /dev/ttyACM0 --fqbn arduino:avr:uno firmware",
               said="It compiled for the Uno but the upload failed.")
GCLOUD = _ran("gcloud run deploy api --region us-central1", said="Deployed api.")


@pytest.mark.parametrize(("text", "context"), [
    ("my scratch stack is sandbox-ines", PULUMI),
    ("The boards on the bench are all nrf5340dk (application core).", WEST),
    ("The board on my desk is a Nano Every.", ARDUINO),
    ("our region is europe-west4, everything lives there", GCLOUD),
])
def test_another_value_of_the_kind_the_agent_set_is_a_correction(text: str,
                                                                 context: ActionContext) -> None:
    assert other_value(text, context) is not None


@pytest.mark.parametrize(("text", "context"), [
    ("the dev stack is fine for this", PULUMI),                      # its own value
    ("which board is on your desk?", ARDUINO),                       # a question
    ("yes, the board is an Uno", ARDUINO),                           # agreement by value
    ("the region in the docs page is outdated, ignore it", PULUMI),  # a kind it did not set
    ("nice, the stack looks healthy now", PULUMI),                   # no value
])
def test_kind_look_alikes_stay_ordinary(text: str, context: ActionContext) -> None:
    assert other_value(text, context) is None


def test_production_as_the_default_it_relied_on_is_a_correction() -> None:
    applied = _ran("kubectl apply -f k8s/worker.yaml", said="Applied the configmap.")
    assert production_by_default("current context on this jump box is prod-eu", applied) \
        is not None
    assert production_by_default("the default workspace is production", _ran(
        "terraform apply -auto-approve", said="Applied.")) is not None
    named = _ran("kubectl apply --context prod-eu -f k8s/worker.yaml", said="Applied.")
    assert production_by_default("current context is prod-eu", named) is None  # it chose it
    looked = _ran("kubectl get pods", said="All pods are running.")
    assert production_by_default("current context is prod-eu", looked) is None  # no change
    assert production_by_default("is the current context prod?", applied) is None


@pytest.mark.parametrize(("text", "fact"), [
    ("Library/ is Unity's local import cache. It gets rebuilt from Assets/ on every import.",
     True),
    ("that root .bazelrc is synced from the build-tools repo into all 40 services.", True),
    ("Library/ looks good now, thanks.", False),
])
def test_a_fact_that_makes_the_change_wrong_is_a_correction(text: str, fact: bool) -> None:
    context = ActionContext(wrote="edited Library/Player.asset and .bazelrc", shell=True,
                            changed=frozenset({"library", ".bazelrc", "player.asset"}))
    assert (differing_fact(text, context) is not None) is fact


@pytest.mark.parametrize(("text", "respelled"), [
    ("the comparison dashboard reads val_loss / val_acc with underscores", True),
    ("the dashboard reads val-loss already, thanks", False),     # the agent's own spelling
    ("does the dashboard read val_loss?", False),                # a question
    ("the dashboard reads train_loss", False),                   # another name
])
def test_a_name_respelled_with_other_separators_is_a_correction(text: str,
                                                                respelled: bool) -> None:
    context = _ran("python -m train.loop --epochs 1",
                   said="Each epoch now logs val-loss and val-acc via mlflow.")
    assert (respelled_at(text, context) is not None) is respelled
