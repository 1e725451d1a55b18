"""The words of a generated skill: names and descriptions as users wrote them."""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from test_propose import digest, run

ENV = (("'docker compose up -d' failed (docker: 'compose' is not a docker command.); "
        "'docker-compose up -d' worked", "docker compose up -d", "docker-compose up -d"),)


def _frontmatter(text: bytes) -> dict[str, str]:
    return yaml.safe_load(text.decode().split("---\n")[1])


def test_names_and_topics_use_the_users_words_once(repo: Path) -> None:
    found = run(repo, [digest(i, env=ENV) for i in (1, 2, 3)])
    [p] = found.proposals
    parts = p.skill.split("-")
    assert len(parts) == len(set(parts)), p.skill          # no docker-docker-compose-compose
    [text] = p.change.files.values()
    topic = _frontmatter(text)["description"].rsplit("Use when working with ", 1)[1]
    words = [w for w in re.split(r"[^a-z0-9]+", topic.lower()) if w]
    assert len(words) == len(set(words)), topic


def test_templates_keep_their_surface_form(repo: Path) -> None:
    found = run(repo, [digest(i, corrections=("no, the email templates live in mail/templates/",))
                       for i in (1, 2)])
    [p] = found.proposals
    assert "templat-" not in p.skill + "-" and "templat," not in b"".join(
        p.change.files.values()).decode()
