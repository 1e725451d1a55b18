"""A one-line progress counter on a terminal's stderr; silent in CI and in pipes."""

from __future__ import annotations

import click


class Progress:
    def __init__(self, *, enabled: bool, label: str = "distilled") -> None:
        self.enabled, self.label, self.count = enabled, label, 0

    def tick(self) -> None:
        self.count += 1
        if self.enabled:
            click.echo(f"\r{self.label} {self.count} sessions…", err=True, nl=False)

    def done(self) -> None:
        if self.enabled and self.count:
            click.echo("\r\033[K", err=True, nl=False)
