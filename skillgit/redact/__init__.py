"""Scrubbing secrets and personal paths from untrusted text (transcripts, prompts, PR bodies).

`find_secrets` reports where secrets are; `Redactor.redact` replaces them with
`[REDACTED:<kind>]` and rewrites home-directory paths to `~/`.
"""

from skillgit.redact.redactor import Redactor, marker
from skillgit.redact.scan import SecretMatch, find_secrets

__all__ = ["Redactor", "SecretMatch", "find_secrets", "marker"]
