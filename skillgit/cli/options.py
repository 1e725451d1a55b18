"""Option types shared by several commands."""

from __future__ import annotations

import math

import click


class Days(click.ParamType):  # type: ignore[type-arg]
    """A non-negative, finite number of days (`--since 7`, `--since 0.5`)."""

    name = "days"

    def convert(self, value: object, param: click.Parameter | None,
                ctx: click.Context | None) -> float:
        if isinstance(value, float):
            number = value
        else:
            try:
                number = float(str(value).strip())
            except ValueError:
                self.fail(f"{value!r} is not a number of days.", param, ctx)
        if not math.isfinite(number) or number < 0:
            self.fail(f"{value!r} is not a finite number of days >= 0.", param, ctx)
        return number


DAYS = Days()
