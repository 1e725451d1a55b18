"""Runners: programs that run another program, as one table read by distilling (a fix the
user gives with a runner in front) and by mining (`mine.runners`: what a move changes).

`ENVIRONMENT` lists runners that choose the environment or tool version the program runs
in (`fvm flutter test`, `uv run pytest`, `bundle exec fastlane`, `mise x -- mix test`);
`PACKAGE` lists runners of a package's executable (`dart run build_runner`). Each row is a
runner with the words that introduce the program it runs ("" when the program follows the
runner directly).
"""

from __future__ import annotations

import re

ENVIRONMENT: dict[str, tuple[str, ...]] = {
    "fvm": ("", "exec"), "mise": ("exec", "x"), "rtx": ("exec", "x"), "asdf": ("exec",),
    "uv": ("run",), "uvx": ("",), "poetry": ("run",), "pipenv": ("run",), "pdm": ("run",),
    "hatch": ("run",), "rye": ("run",), "pixi": ("run",), "conda": ("run",),
    "mamba": ("run",), "micromamba": ("run",), "devbox": ("run",), "volta": ("run",),
    "bundle": ("exec",), "direnv": ("exec",), "rbenv": ("exec",), "pyenv": ("exec",),
    "fnm": ("exec",), "npx": ("",), "pnpx": ("",), "bunx": ("",), "pnpm": ("exec", "dlx"),
    "yarn": ("dlx", "exec"), "npm": ("exec",),
}
PACKAGE: dict[str, tuple[str, ...]] = {"dart": ("run",)}
RUNNERS = {**PACKAGE, **ENVIRONMENT}


def _prefix_pattern() -> str:
    forms = []
    for runner, words in sorted(ENVIRONMENT.items()):
        after = "|".join(re.escape(w) for w in words if w)
        optional = "?" if "" in words else ""
        forms.append(rf"{re.escape(runner)}(?:\s+(?:{after}))" + optional if after
                     else re.escape(runner))
    return rf"(?:(?:{'|'.join(forms)})\s+(?:--\s+)?)"


PREFIX = _prefix_pattern()
"""A regex of an environment runner written before a program (`fvm `, `uv run `, `mise x -- `)."""
