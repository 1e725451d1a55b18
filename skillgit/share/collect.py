"""Distill the sessions `share` may publish, and build the files it would push.

The sessions come from the same discovery and distill pipeline as `mine` (same cache of
digests: nothing is computed twice), with every adapter wrapped so that a conversation whose
working directory is outside the allow-list never reaches the engine or this module. The
session-file index is not used here: it records every conversation of a file, and those
outside the allow-list must not be looked at again; parsing is cheap next to distilling.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from skillgit.digest import Digest
from skillgit.distill.cache import ConversationRef, DigestCache
from skillgit.distill.run import DistillOptions, DistillResult, distill_sessions
from skillgit.llm.base import Engine
from skillgit.redact.screen import secret_findings
from skillgit.share.format import MAX_FILE_BYTES, digest_path, encode
from skillgit.share.gate import (
    for_sharing,
    gate_findings,
    has_replays,
    shareable_replays,
    without_replays,
)
from skillgit.share.projects import AllowList, Project
from skillgit.transcripts.discover import select_adapters
from skillgit.transcripts.model import Adapter, Conversation, Redacting


class _NoFileIndex(DigestCache):
    """The digest cache without the session-file index (see the module docstring)."""

    def file_refs(self, agent: str, path: Path,
                  fingerprint: str) -> list[ConversationRef] | None:
        return None

    def put_file_refs(self, agent: str, path: Path, fingerprint: str,
                      refs: list[ConversationRef]) -> None:
        return None


class _AllowedOnly:
    """An adapter that yields only conversations whose cwd is in the allow-list."""

    def __init__(self, inner: Adapter, allow: AllowList,
                 projects: dict[tuple[str, str], Project], outside: list[int]) -> None:
        self.AGENT = inner.AGENT
        self.inner, self.allow, self.projects, self.outside = inner, allow, projects, outside

    def default_roots(self, env: Mapping[str, str]) -> list[Path]:
        return self.inner.default_roots(env)

    def discover(self, root: Path) -> Iterator[Path]:
        return self.inner.discover(root)

    def sniff(self, path: Path) -> bool:
        return self.inner.sniff(path)

    def parse(self, path: Path, redactor: Redacting) -> Iterator[Conversation]:
        for conversation in self.inner.parse(path, redactor):
            project = self.allow.match(conversation.cwd)
            if project is None:
                if not conversation.is_sidechain:
                    self.outside[0] += 1
                continue
            self.projects[(conversation.agent, conversation.session_id)] = project
            yield conversation


@dataclass(frozen=True)
class Withheld:
    agent: str
    session_id: str
    findings: list[str]

    @property
    def label(self) -> str:
        return f"{self.agent} {self.session_id[:40]}"


@dataclass
class ShareSet:
    """What `share` would publish: repo path → file bytes, plus what it kept back."""

    files: dict[str, bytes] = field(default_factory=dict)
    sessions: dict[str, str] = field(default_factory=dict)   # path → "agent session"
    withheld: list[Withheld] = field(default_factory=list)
    outside: int = 0
    distilled: DistillResult = field(default_factory=DistillResult)


def share_set(engine: Engine, options: DistillOptions, cache_root: Path, redactor: Redacting,
              allow: AllowList, contributor: str, *, env: Mapping[str, str] | None = None,
              registry: Mapping[str, Adapter] | None = None,
              on_warning: Callable[[str], None] | None = None) -> ShareSet:
    """Distill the allow-listed sessions and gate each digest (see the module docstring)."""
    out = ShareSet()
    if not allow:
        return out
    projects: dict[tuple[str, str], Project] = {}
    outside = [0]
    wrapped: dict[str, Adapter] = {
        name: _AllowedOnly(adapter, allow, projects, outside)
        for name, adapter in select_adapters(options.query.agents, registry).items()}
    out.distilled = distill_sessions(engine, options, _NoFileIndex(cache_root), redactor,
                                     env=env, registry=wrapped, on_warning=on_warning)
    if out.distilled.error is not None:
        raise out.distilled.error  # every digest finished so far is cached
    out.outside = outside[0]
    for digest in out.distilled.digests:
        project = projects.get((digest.agent, digest.session_id))
        if project is None:  # cannot happen: only allowed conversations are distilled
            continue
        add(out, digest, project, contributor, redactor)
    return out


def add(out: ShareSet, digest: Digest, project: Project, contributor: str,
        redactor: Redacting) -> None:
    shared = shareable_replays(for_sharing(digest, project), redactor)
    data, findings = _gated(contributor, shared, redactor)
    if (findings or len(data) > MAX_FILE_BYTES) and has_replays(shared):
        # the replays are what `verify` adds; the digest is shared without them rather than
        # withheld or refused by its readers for them
        shared = without_replays(shared)
        data, findings = _gated(contributor, shared, redactor)
    if findings:
        out.withheld.append(Withheld(digest.agent, digest.session_id, findings))
        return
    path = digest_path(shared.agent, shared.session_id)
    out.files[path] = data
    out.sessions[path] = f"{shared.agent} {shared.session_id}"


def _gated(contributor: str, shared: Digest, redactor: Redacting) -> tuple[bytes, list[str]]:
    """The file's bytes and what the privacy gate finds in it (empty: it may be pushed)."""
    data = encode(contributor, shared)
    return data, sorted({*gate_findings(shared, redactor),
                         *(m.kind for m in secret_findings(data.decode("utf-8")))})
