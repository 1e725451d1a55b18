"""The commit a proposal is: its trailers, who makes it, and how skillgit knows its own.

Trailers are rows of `TRAILERS`, in the order a commit message carries them (`mine` writes the
first five, `verify` the effect); a new one is one more row, and `trailer_lines` writes it where
the table puts it. Readers get every `Skillgit-*` trailer of the last paragraph from
`parse_trailers`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from skillgit.errors import UsageError
from skillgit.gitops import GitRepo

DEFAULT_IDENTITY = "skillgit <skillgit@users.noreply.invalid>"
_IDENTITY = re.compile(r"[^<>\n]*[^<>\s][^<>\n]* <[^<>\s]+>")  # what git and GitHub accept
REVIEW_CAREFULLY = "Review carefully"   # the heading of the lower-risk items in the message


@dataclass(frozen=True)
class Trailer:
    key: str
    carries: str


PROPOSAL = "Skillgit-Proposal"
KIND = "Skillgit-Kind"
SKILL = "Skillgit-Skill"
EVIDENCE = "Skillgit-Evidence"
ENGINE = "Skillgit-Engine"
EFFECT = "Skillgit-Effect"

TRAILERS: tuple[Trailer, ...] = (
    Trailer(PROPOSAL, "the fingerprint: same evidence, same value (idempotent writes)"),
    Trailer(KIND, "new | update"),
    Trailer(SKILL, "the skill's name (its directory)"),
    Trailer(EVIDENCE, "`<n> sessions`: how many sessions the lesson rests on"),
    Trailer(ENGINE, "heuristic | <backend>/<model>"),
    Trailer(EFFECT, "written by `verify`: without a/N, with b/N[, k unparsed]"),
)
TRAILER_KEYS = tuple(t.key for t in TRAILERS)


def trailer_lines(values: Mapping[str, str]) -> list[str]:
    """`Key: value` lines in the table's order, for the keys `values` has."""
    unknown = sorted(set(values) - set(TRAILER_KEYS))
    if unknown:
        raise ValueError(f"not a trailer of the wire format: {unknown}")
    return [f"{key}: {values[key]}" for key in TRAILER_KEYS if key in values]


def parse_trailers(message: str) -> dict[str, str]:
    """The `Skillgit-*: value` trailers of the last paragraph of a commit message."""
    paragraph = message.strip().split("\n\n")[-1]
    out: dict[str, str] = {}
    for line in paragraph.splitlines():
        key, sep, value = line.partition(": ")
        if sep and key.startswith("Skillgit-"):
            out[key] = value.strip()
    return out


def resolve_identity(flag: str | None, environ: Mapping[str, str],
                     configured: str | None) -> str:
    """Who skillgit commits as: `--identity` > SKILLGIT_IDENTITY > `mine.identity` > default.

    `mine` and `proposals` must agree: a proposal's tip is recognised as skillgit's own by
    this identity, so a different one would make every existing proposal look foreign. A
    malformed one is a usage error naming where it came from, also for commands that only
    read (they would otherwise call every proposal foreign).
    """
    for source, value in (("--identity", flag), ("SKILLGIT_IDENTITY", environ.get(
            "SKILLGIT_IDENTITY")), ("mine.identity", configured)):
        if value:
            if not _IDENTITY.fullmatch(value):
                raise UsageError(f"{source}: expected 'Name <email>', got {value!r}")
            return value
    return DEFAULT_IDENTITY


def made_by_skillgit(repo: GitRepo, sha: str, identity: str) -> bool:
    """The commit is a proposal skillgit wrote: its trailer, author and committer, one parent."""
    info = repo.commit_info(sha)
    return (PROPOSAL in parse_trailers(info.message)
            and info.author.startswith(identity) and info.committer.startswith(identity)
            and len(info.parents) == 1)
