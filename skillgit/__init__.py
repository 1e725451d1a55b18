"""skillgit: mine coding-agent transcripts into reviewed Agent Skills."""

__version__ = "0.1.0.dev0"
