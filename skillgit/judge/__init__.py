"""Judging candidates with a model: grouping and the gate, grounded in evidence.

The heuristic pre-grouping (`skillgit.mine.group`) bounds the work and the heuristic gate
(`skillgit.mine.judge`) stays the default and the fallback. With a model judge, each batch of
candidates goes to the model as redacted, nonce-delimited data with an id per candidate and per
piece of evidence; the model merges candidates that are one lesson, judges every gate dimension
and kill switch with a one-sentence reason citing evidence ids, picks new vs update and ranks.
`ground` rejects answers that cite unknown ids or none, pass a lesson seen in too few
sessions, or carry unsafe text; a rejected answer is repaired once, then the candidate keeps
its heuristic verdict, and the rationale says so. Verdicts are cached per candidate
fingerprint, model and prompt version.
"""
