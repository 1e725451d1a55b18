"""Mining: digests → candidates (group) → verdicts (judge) → proposals (generate) → branches."""
