"""Model backends only: the contract (`base`), HTTP and agent-CLI backends, selection.

Nothing here knows a distill rule: a backend's entry point returns the bare `Backend`, and
`skillgit.distill.engines` wraps it in the LLM engine (prompt, verification, digest).
"""
