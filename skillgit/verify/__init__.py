"""`skillgit verify`: evidence of effect for each proposal.

Each evidence item of a proposal is a moment where the agent did X and the user corrected it
to Y. `cases` turns it into a replay case (data: the redacted context up to X, X, and what the
lesson expects), `ask` asks the configured engine for the agent's next action without and
with the proposed skill loaded as an agent loads it (`loading`), `decide` says whether the
answer follows the lesson (structurally for an action, by a grounded judge otherwise), `run`
does it within a budget and a verdict cache, and `effect` / `rewrite` put the figures into
the proposal's one commit (`Skillgit-Effect:` trailer and a short table).
"""
