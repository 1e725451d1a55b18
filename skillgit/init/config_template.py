"""The commented `.skillgit.yaml` that `init` writes, generated from `skillgit.config`'s models
(through `skillgit.config_docs`) so it never drifts: every section and key, commented out, with
its default and what it means."""

from __future__ import annotations

from skillgit.config import Config
from skillgit.config_docs import DESCRIPTIONS, settings

__all__ = ["DESCRIPTIONS", "config_template", "uncommented"]

HEADER = """\
# skillgit settings, written by `skillgit init`. Every key is shown commented out with its
# default: uncomment a line (and its section) to change it. Unknown keys and wrong types are
# errors naming the key. Precedence: command-line flags > environment > this file > defaults.
# API keys and tokens never belong here (use environment variables).
"""


def config_template() -> str:
    """The whole file. Values are written as JSON, which is YAML: `null`, `5`, `[skillgit]`
    as `["skillgit"]`, `{}`."""
    lines = [HEADER]
    for section in Config.model_fields:
        rows = [s for s in settings() if s.section == section]
        lines.append(f"\n# {section}:\n")
        width = max(len(f"{s.key}: {s.default_yaml}") for s in rows)
        for row in rows:
            entry = f"{row.key}: {row.default_yaml}"
            lines.append(f"#   {entry:<{width}}" + (f"   # {row.meaning}" if row.meaning else "")
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
