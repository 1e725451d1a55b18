"""The proposal's wire format: what `mine` writes and `publish`, `review`, `share` read.

It sits below all of them (design.md, "Where the parts sit"), so no consumer imports the
producer to know what a proposal looks like in git:

- `commit`: the commit a proposal is (its trailers as a table, who skillgit commits as, how
  its own commits are recognised, the sections a reader looks for).
- `branches`: the branch names (proposal prefixes, the base branch a run builds on).
- `ledger`: the rejection and merge ledger on its branch (`skillgit/ledger:rejected.json`).
- `lock`: one skillgit writer per repository at a time.
"""
