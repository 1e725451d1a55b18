"""`skillgit init`: set a skills repository up for skillgit — `.skillgit.yaml` (every key with
its default, commented out), the GitHub workflow (scheduled mining + pull-request review) and
the pre-commit hook entry."""
