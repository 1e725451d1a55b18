"""The one table of third-party actions skillgit pins: in action.yml (the composite action) and
in the workflow `skillgit init` writes. Each row is a commit SHA, the release tag it was
published as, and the runtime that release declares (`runs.using` in its action.yml).

GitHub removed Node 20 actions from hosted runners in September 2026 (Node 16 and 12 long
before), so a pin whose runtime is one of `DEPRECATED_RUNTIMES` must not be used. The older
rows stay in the table on purpose: `pin_problem` recognises them and says what to move to.

Where each SHA was checked as its tag: public workflows pinning `<sha> # <tag>` (several
independent repositories each) and the actions' release notes ("Upgrade to node 24":
actions/setup-python v6.0.0, actions/checkout v5.0.0). To move a pin: add a row with the new
release's full SHA, tag and runtime, point `CURRENT` at it, and run tests/action.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

DEPRECATED_RUNTIMES = frozenset({"node20", "node16", "node12"})
_SHA = re.compile(r"[0-9a-f]{40}")
_RELEASE = re.compile(r"(?:\d+!)?(\d+(?:\.\d+)*)((?:a|b|rc)\d+)?(\.post\d+)?")
_NOT_RELEASED = re.compile(r"(?:\.dev\d*|\+.*)$")


def release_tag(version: str) -> str:
    """The git tag of the release `version` belongs to: `v<version>` without a development
    or local part (`0.2.0.dev0` and `0.2.0+g1234` are builds towards `v0.2.0`), so the
    workflow and the pre-commit entry `init` writes never name a development tag."""
    released = version.strip()
    while (cut := _NOT_RELEASED.sub("", released)) != released:
        released = cut
    if not _RELEASE.fullmatch(released):
        raise ValueError(f"skillgit version {version!r} is not a PEP 440 release version")
    return f"v{released}"


@dataclass(frozen=True)
class ActionPin:
    action: str      # OWNER/NAME
    sha: str         # the full commit SHA the tag pointed at
    tag: str         # the release tag
    runtime: str     # `runs.using` of that release

    @property
    def uses(self) -> str:
        """The `uses:` value with the tag as a comment, as Dependabot and Renovate write it."""
        return f"{self.action}@{self.sha} # {self.tag}"

    @classmethod
    def row(cls, owner: str, pinned: str, runtime: str) -> ActionPin:
        """A row from its owner and `NAME@SHA # TAG`. (Written apart: the redactor's
        `user/password@host` row takes some `owner/name@ref` texts for a password.)"""
        name_sha, _, tag = pinned.partition(" # ")
        name, _, sha = name_sha.partition("@")
        return cls(f"{owner}/{name}", sha, tag, runtime)


PINS: tuple[ActionPin, ...] = tuple(ActionPin.row("actions", pinned, runtime)
                                    for pinned, runtime in (
    ("checkout@de0fac2e4500dabe0009e67214ff5f5447ce83dd # v6.0.2", "node24"),
    ("checkout@1af3b93b6815bc44a9784bd300feb67ff0d1eeb3 # v6.0.0", "node24"),
    ("checkout@08c6903cd8c0fde910a37f88322edcfb5dd907a8 # v5.0.0", "node24"),
    ("checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2", "node20"),
    ("setup-python@a309ff8b426b58ec0e2a45f0f869d46889d02405 # v6.2.0", "node24"),
    ("setup-python@83679a892e2d95755f2dac6acb0bfd1e9ac5d548 # v6.1.0", "node24"),
    ("setup-python@e797f83bcb11b83ae66e0230d6156d7c80228e7c # v6.0.0", "node24"),
    ("setup-python@a26af69be951a213d495a4c3e4e4022e16d87065 # v5.6.0", "node20"),
))

# The pin skillgit writes for each action it uses.
CURRENT: dict[str, ActionPin] = {
    "actions/checkout": PINS[0],
    "actions/setup-python": PINS[4],
}


def current(action: str) -> str:
    """The `uses:` value (SHA and tag comment) skillgit writes for `action`."""
    return CURRENT[action].uses


def find_pin(action: str, ref: str) -> ActionPin | None:
    for row in PINS:
        if row.action == action and row.sha == ref:
            return row
    return None


def pin_problem(uses: str) -> str | None:
    """Why a `uses:` value (OWNER/NAME[/PATH]@REF, without a comment) is not an acceptable
    pin, or None: the ref must be a full commit SHA, listed in `PINS`, on a supported
    runtime."""
    action, _, ref = uses.partition("@")
    action = "/".join(action.split("/")[:2])      # owner/name/path: the repository's pin
    if not _SHA.fullmatch(ref):
        return f"{uses}: {ref!r} is a tag or branch, not a full 40-hex commit SHA"
    row = find_pin(action, ref)
    if row is None:
        return (f"{uses}: not in the table of known pins (skillgit/init/pins.py); add the "
                "release's SHA, tag and runtime there")
    if row.runtime in DEPRECATED_RUNTIMES:
        newer = CURRENT.get(action)
        hint = f"; use {newer.uses}" if newer else ""
        return (f"{uses}: {action} {row.tag} runs on {row.runtime}, which hosted runners no "
                f"longer support{hint}")
    return None
