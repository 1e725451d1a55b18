"""The commented `.skillgit.yaml` that `init` writes, generated from `skillgit.config`'s models
so it never drifts: every section and key, commented out, with its default and what it means."""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel

from skillgit.config import Config

# What each key means, by "section.key". A key missing here is shown without a comment (and a
# test fails, so that a new setting gets its line).
DESCRIPTIONS: dict[str, str] = {
    "llm.name": "the engine: heuristic (offline), openai, anthropic, gemini, claude-cli, ...",
    "llm.model": "the engine's model, e.g. gpt-4.1-mini",
    "llm.base_url": "an OpenAI-compatible server, e.g. http://localhost:11434/v1",
    "llm.timeout": "seconds per request",
    "llm.options": "engine-specific options, e.g. {temperature: 0.2}",
    "distill.token_budget": "at most this many tokens of one session go to the engine",
    "distill.workers": "sessions distilled in parallel",
    "redact.extra_patterns": "your own secret patterns (regular expressions), redacted too",
    "mine.skills_dir": "where new skills go (default: where most skills live, else skills/)",
    "mine.max_proposals": "at most this many proposals per run",
    "mine.base": "the branch proposals start from (default: the checked-out branch)",
    "mine.identity": "author and committer, 'Name <email>' (or SKILLGIT_IDENTITY)",
    "mine.min_sessions": "a model judge never passes a lesson seen in fewer sessions",
    "judge.llm": "the engine that judges (default: the distill engine; heuristic: the rules)",
    "judge.model": "the judge engine's model (default: the distill model)",
    "judge.token_budget": "at most this many prompt tokens per judge request",
    "judge.max_candidates": "at most this many candidates per run go to the model, best first",
    "publish.remote": "where to push: a remote name or URL (default: origin)",
    "publish.repo": "OWNER/NAME on GitHub (default: from the remote URL)",
    "publish.base": "the pull requests' base branch (default: mine.base)",
    "publish.max_open": "at most this many skillgit pull requests open at once",
    "publish.labels": "labels for new pull requests (created if missing)",
    "publish.reviewers": "users asked to review",
    "publish.team_reviewers": "teams (slugs) asked to review",
    "publish.draft": "open pull requests as drafts",
    "publish.dashboard": "keep one dashboard issue listing what waits and what was rejected",
    "publish.token_env": "the name of the variable holding the token, never the token itself",
    "publish.usage": "a `skillgit stats --json` file the dashboard charts (from the root)",
    "share.projects": "folders or globs whose sessions `share` may publish (none: nothing)",
    "share.contributor": "your id on the digest ref (default: a salted hash of your git email)",
    "share.remote": "where `share` pushes, `mine --from-digests` fetches (default: origin)",
    "attribution.window": "after a skill ran: how many user turns show how it went (stats, mine)",
    "verify.samples": "`verify`: answers per replay case, without and with the skill each",
    "verify.max_usd": "`verify`: hard cap on the estimated cost (needs the model's price)",
    "verify.max_calls": "`verify`: hard cap on requests per run (or --max-calls)",
    "verify.workers": "`verify`: requests at once",
    "verify.token_budget": "`verify`: tokens of session context per replay case",
}

HEADER = """\
# skillgit settings, written by `skillgit init`. Every key is shown commented out with its
# default: uncomment a line (and its section) to change it. Unknown keys and wrong types are
# errors naming the key. Precedence: command-line flags > environment > this file > defaults.
# API keys and tokens never belong here (use environment variables).
"""


def _default(model: type[BaseModel], name: str) -> Any:
    return model.model_fields[name].get_default(call_default_factory=True)


def _section_model(name: str) -> type[BaseModel]:
    annotation = Config.model_fields[name].annotation
    assert isinstance(annotation, type) and issubclass(annotation, BaseModel)
    return annotation


def config_template() -> str:
    """The whole file. Values are written as JSON, which is YAML: `null`, `5`, `[skillgit]`
    as `["skillgit"]`, `{}`."""
    lines = [HEADER]
    for section in Config.model_fields:
        model = _section_model(section)
        lines.append(f"\n# {section}:\n")
        keys = list(model.model_fields)
        width = max(len(f"{k}: {json.dumps(_default(model, k))}") for k in keys)
        for key in keys:
            entry = f"{key}: {json.dumps(_default(model, key))}"
            meaning = DESCRIPTIONS.get(f"{section}.{key}")
            lines.append(f"#   {entry:<{width}}" + (f"   # {meaning}" if meaning else "")
                         + "\n")
    return "".join(lines)


def uncommented(text: str) -> str:
    """The template with every setting switched on (for tests and for people who want that):
    `#   key: value   # meaning` → `  key: value`, `# section:` → `section:`."""
    out = []
    for line in text.splitlines():
        if line.startswith("#   "):
            out.append("  " + line[4:].split("   # ", 1)[0].rstrip())
        elif line.startswith("# ") and line.endswith(":") and " " not in line[2:]:
            out.append(line[2:])
    return "\n".join(out) + "\n"
