"""Errors that the CLI turns into a clear message and a distinct exit code.

Exit codes (shared by every command):
    0  ok
    1  findings, or a check failed
    2  usage, config, auth or network error
    3  internal bug (a traceback is printed, please report it)
  130  interrupted by Ctrl-C (SIGINT); 143: terminated (SIGTERM). Either way the repository
       is as it was, or holds complete proposals only.
"""

from __future__ import annotations

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2
EXIT_INTERNAL = 3


class SkillgitError(Exception):
    """An expected failure with a message meant for the user."""

    exit_code = EXIT_USAGE


class UsageError(SkillgitError):
    """Bad arguments, bad config, or input that cannot be used at all."""
