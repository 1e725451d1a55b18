"""`skillgit eval`: run the whole pipeline on a labelled set and measure it.

A labelled set is a folder: `sessions/` (transcripts in any supported agent format, any
layout), optional `skills/` (the skills the throwaway repository starts with) and
`expected.yaml` (the lessons that should be proposed, the traps that must not be, the
planted secrets that must never leak). See `labelled` for the format.
"""
