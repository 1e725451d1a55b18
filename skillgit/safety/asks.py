"""What a note addressed to agents as a class asks, judged default-deny: ordinary project work.

Projects write notes for agents (an `AGENTS.md`, a "For AI assistants" section in
CONTRIBUTING.md): "run `make test` before proposing changes, keep PRs small". Such a note,
shown in a tool's output, is the project's own and no injection. It is one when what it asks
is not ordinary work or when it claims authority, so a note passes only when
- every command it shows in a code span is a project's own task (`TASKS`: `make lint`,
  `npm run build`, `pytest -q`) or a bare path (`vendor/`), and
- none of its words leave ordinary work (`OUTSIDE`): a host or URL, privilege or access, a
  secret, a check weakened or something deleted, where code comes from, what is sent or
  shared, what an agent remembers or its instruction files, a claim of authority or secrecy.
A false alarm drops one quote; a miss puts a stranger's instruction in front of an agent."""

from __future__ import annotations

import re

WORK = (r"(?:unit-?|integration-?|e2e-?|all-?|fast-?|full-?)?(?:tests?|lint|check|checks|build|"
        r"fmt|format|typecheck|type-check|types|docs|coverage|vet|verify|ci|all|compile)")
"""What a project's own task is called (`make lint`, `npm run test:unit`, `gradle check`)."""
_TASK = (rf"(?:make|just|task|rake|(?:\./)?gradlew?|mvn|(?:npm|pnpm|yarn|bun)(?:\s+run)?)"
         rf"(?:\s+{WORK}(?::[\w-]+)?)+|tox|nox|pytest|py\.test|python3?\s+-m\s+(?:pytest|"
         r"unittest|mypy|ruff|black)|ruff(?:\s+(?:check|format))?|black|isort|flake8|mypy|"
         r"pyright|eslint|prettier|tsc|cargo\s+(?:test|build|check|fmt|clippy)|"
         r"go\s+(?:test|build|vet)|dotnet\s+(?:test|build|format)|bazel\s+(?:test|build)|"
         r"mix\s+(?:test|format)|(?:uv|poetry|hatch|pdm)\s+run\s+(?:pytest|ruff|mypy|black|tox|"
         r"nox)|pre-commit\s+run")
TASKS = re.compile(rf"(?:\$\s+)?(?:{_TASK})(?:\s+[\w:./=@%+-]+)*(?:\s*&&\s*(?:{_TASK})"
                   r"(?:\s+[\w:./=@%+-]+)*)*", re.I)
"""A project's own tasks: its build, tests, linters and formatters, with plain arguments."""
BARE_PATH = re.compile(r"(?![\w./*-]*\.(?:sh|bash|zsh|py|ps1|psm1|js|mjs|cjs|ts|bat|cmd|exe|rb|"
                       r"pl|php|vbs)$)(?![./~])[\w./*-]+")
"""A path in the project named, not run (`vendor/`, `docs/style.md`; not `./x.sh`, `/opt/y`)."""
OUTSIDE = re.compile(
    r"://|\b[\w-]+\.(?:com|net|io|dev|org|ai|sh|xyz|app|cloud|co|me|site|link)\b|\$\(|"
    # privilege, access, secrets
    r"\b(?:sudo|su|chmod|chown|admin\w*|root|grant\w*|permission\w*|collaborator\w*|access\w*|"
    r"owner\w*|maintainers?|authori[sz]\w*|approv\w*|trust\w*|signed|token\w*|secret\w*|"
    r"passw\w*|credential\w*|keys?|cookies?|ssh|export|eval|base64|curl|wget|scp|env)\b|\.env\b|"
    # a check weakened, something deleted or overridden (also inside a name: `AUTH_BYPASS`)
    r"skip|disabl|bypass|ignor|delet|remov|overrid|xfail|deselect|--no-|\bforce\w*|\bwipe|"
    r"\breset\b|\brm\b|\bdrop\b|\bprod\w*|\bdeploy\w*|\bpublish\w*|\brelease\w*|\bpush\w*|"
    r"\b(?:directly|straight|quick|hooks?|merg\w*|yourself)\b|\.\w*rc\b|"  # a shortcut
    # where code comes from
    r"\b(?:mirror|registry|index|fork|install\w*|download\w*|npx|uvx|pip|dependenc\w*|"
    r"packages?|image|FROM|plugin\w*|extension\w*|mcp)\b|"
    # what is sent, shared or reported
    r"\b(?:send|upload|post|share|sync|telemetry|report\w*|analytics|track\w*|webhook\w*|"
    r"log\s+to|forward\w*|shared|drives?|buckets?|e-?mail\w*|notify\w*)\b|"
    # what an agent remembers, its own instruction files
    r"\b(?:remember|record|memor\w*|permanent\w*|standing|future\s+sessions?|from\s+now\s+on|"
    r"going\s+forward|every\s+session|rules?|skills?|conventions?\s+file)\b|"
    r"\b(?:update|edit|add|append|write|include|put)\w*\b[^.\n]{0,40}?\b(?:CLAUDE|AGENTS|GEMINI|"
    r"COPILOT)\w*\.md\b|"
    # a claim of authority or secrecy
    r"\b(?:important|system|urgent|critical|mandatory|official|policy|policies|required\s+by|"
    r"security|silently|quietly|secretly|without|confirm\w*|treat|pretend|hide|"
    r"do\s*n[o']t\s+(?:tell|mention|say)|never\s+(?:tell|mention|say))\b", re.I)
"""Words that leave ordinary project work (in prose or in a command)."""
_SPAN = re.compile(r"`([^`\n]*)`")


def ordinary(text: str) -> bool:
    """Whether all that `text` (a note addressed to agents) asks is ordinary project work."""
    if OUTSIDE.search(text):
        return False
    return all(TASKS.fullmatch(span.strip()) or BARE_PATH.fullmatch(span.strip())
               for span in _SPAN.findall(text))
