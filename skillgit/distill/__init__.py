"""Distilling conversations into digests.

Modules: `evidence` (verbatim quotes and where they occur), `facts` (session facts such as
`main_dir`), `user_signals` / `env_signals` (the heuristic rules), `heuristic` (the engine
that runs them), `render` (the compact, redacted prompt an LLM engine sees), `llm_engine`
(distillation by any model backend of `skillgit.llm`), `engines` (an engine from the
`skillgit.engines` entry points), `cache` (digests on disk), `run` (the pipeline).
Imports point one way: `distill` uses `skillgit.llm`'s backends, `llm` knows no distill rule.
This package imports nothing on purpose, so engines can use its lower modules without
pulling in the pipeline.
"""
