"""Distilling conversations into digests.

Modules: `evidence` (verbatim quotes and where they occur), `facts` (session facts such as
`main_dir`), `user_signals` / `env_signals` (the heuristic rules), `render` (the compact,
redacted prompt an LLM engine sees), `cache` (digests on disk), `run` (the pipeline).
This package imports nothing on purpose, so engines can use its lower modules without
pulling in the pipeline.
"""
