"""Skill invocations: the real corpus (expected list read from the files by hand), the rule on
SKILL.md reads, and the content keys of what each agent shows."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from attrib_sessions import WRITERS, body_of, read, shell, skill, user

from skillgit.redact import Redactor
from skillgit.transcripts.discover import SessionQuery, iter_conversations
from skillgit.transcripts.model import Conversation, TurnKind
from skillgit.transcripts.skill_text import file_sha, shown_skill_sha
from skillgit.transcripts.skill_use import invocations

# Read from the raw files (grep for "name":"Skill", activate_skill, "tool":"skill", <skill>,
# "Base directory for this skill", and SKILL.md in commands):
# - claude-code session-3fe1b6bc: one Skill tool_use (bmad:core:workflows:party-mode). Its
#   typed /bmad:bmm:workflows:create-tech-spec and /clear are commands, not skills (no
#   "Base directory for this skill" body); session-196820da only lists SKILL.md paths in a
#   `find` output (no read, no use).
# - codex rollouts: `sed -n … SKILL.md` of skills listed in <skills_instructions> under
#   ~/.codex/plugins/cache (Codex's way to load a skill the model picked): 019e1625 reads
#   using-superpowers, then brainstorming + test-driven-development in one command; 019e1695
#   reads using-superpowers, browser, brainstorming, browser (again); turn-spawn-skill reads
#   brainstorming. The rg hits on src/agents/plugins/claude/plugin/skills/…/SKILL.md are search
#   output, not loads.
# - gemini: activate_skill appears only in the system prompt's tool list; opencode: none.
EXPECTED = {
    "3fe1b6bc-dbd0-4320-b980-4f147befa187": [("bmad:core:workflows:party-mode", "Skill tool")],
    "019e1625-789d-76c0-80ab-3724b5ddb799": [("using-superpowers", "SKILL.md read"),
                                             ("brainstorming", "SKILL.md read"),
                                             ("test-driven-development", "SKILL.md read")],
    "019e1695-0522-7c83-8b39-0dd379793f80": [("using-superpowers", "SKILL.md read"),
                                             ("browser", "SKILL.md read"),
                                             ("brainstorming", "SKILL.md read"),
                                             ("browser", "SKILL.md read")],
    "spawn-test": [("brainstorming", "SKILL.md read")],
}


def _all(source: Path, sidechains: bool = True) -> list[Conversation]:
    return list(iter_conversations(SessionQuery(source=source, include_sidechains=sidechains),
                                   Redactor()))


def test_every_invocation_in_the_real_corpus_is_found(corpus_dir: Path) -> None:
    conversations = _all(corpus_dir / "transcripts")
    assert {c.agent for c in conversations} >= {"claude-code", "codex", "gemini", "opencode"}
    found = {}
    for conversation in conversations:
        uses = invocations(conversation)
        for use in uses:  # each points at its SKILL turn
            turn = conversation.turns[use.turn]
            assert turn.kind is TurnKind.SKILL and turn.skill_name == use.skill
        assert [u.turn for u in uses] == sorted(u.turn for u in uses)
        if uses:
            key = next(k for k in EXPECTED if conversation.session_id.startswith(k))
            found[key] = [(u.skill, u.how) for u in uses]
    assert found == EXPECTED


@pytest.mark.parametrize("agent", ["claude-code", "gemini", "opencode", "codex"])
def test_a_plain_skill_md_read_in_a_project_is_no_invocation(tmp_path: Path, agent: str) -> None:
    start = datetime(2026, 3, 1, tzinfo=timezone.utc)
    WRITERS[agent](tmp_path, "s1", start, [
        user("tidy the wording of our deploy skill"),
        read("/work/shop/skills/deploy/SKILL.md", "---\nname: deploy\n---\nbody")])
    [conversation] = _all(tmp_path)
    assert invocations(conversation) == []
    assert conversation.skills_used == []


def test_codex_reading_an_installed_skill_is_its_way_to_load_it(tmp_path: Path) -> None:
    start = datetime(2026, 3, 1, tzinfo=timezone.utc)
    WRITERS["codex"](tmp_path, "s2", start, [
        user("brainstorm the API"),
        shell("sed -n '1,200p' /home/dev/.codex/skills/brainstorming/SKILL.md", "---\n"),
        shell("cat src/skills/lint/SKILL.md /work/shop/x/skills/db/SKILL.md", "---\n"),
        shell("cat /opt/codex-home/skills/release/SKILL.md", "---\n")])
    [conversation] = _all(tmp_path)
    assert [(u.skill, u.how) for u in invocations(conversation)] == [
        ("brainstorming", "SKILL.md read"), ("release", "SKILL.md read")]


SKILL_MD = "---\nname: deploy\ndescription: Deploy.\n---\n# Deploy\n\n1. Build.  \n2. Ship.\n\n"


@pytest.mark.parametrize("agent", ["claude-code", "gemini", "opencode", "codex"])
def test_the_shown_text_has_the_content_key_of_the_file(tmp_path: Path, agent: str) -> None:
    start = datetime(2026, 3, 1, tzinfo=timezone.utc)
    WRITERS[agent](tmp_path, "s3", start, [user("deploy"), skill("deploy", SKILL_MD)])
    [conversation] = _all(tmp_path)
    [use] = invocations(conversation)
    assert use.content_sha is not None and use.content_sha == file_sha(SKILL_MD.encode())
    other = file_sha(SKILL_MD.replace("Ship", "Ship it").encode())
    assert use.content_sha != other


def test_content_keys_ignore_wrappers_not_words() -> None:
    key = file_sha(SKILL_MD.encode())
    assert shown_skill_sha("Base directory for this skill: /x\n\n" + body_of(SKILL_MD)
                           + "\n\nARGUMENTS: staging") == key
    assert shown_skill_sha("Launching skill: deploy") is None
    assert shown_skill_sha("<skill>\n<name>deploy</name>\n<path>/p</path>\nother\n</skill>") != key


def test_a_failed_skill_load_is_no_invocation(tmp_path: Path) -> None:
    start = datetime(2026, 3, 1, tzinfo=timezone.utc)
    WRITERS["gemini"](tmp_path, "s4aaaaaa", start, [user("deploy"), skill("deploy", SKILL_MD)])
    path = next(tmp_path.rglob("*.jsonl"))
    path.write_text(path.read_text().replace('"status": "success"', '"status": "error"'))
    [conversation] = _all(tmp_path)
    assert invocations(conversation) == []
