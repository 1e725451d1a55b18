"""The screen for unsafe text now lives in `skillgit.safety` (distill and mine share it)."""

from skillgit.safety import is_unsafe

__all__ = ["is_unsafe"]
