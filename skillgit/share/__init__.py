"""Team mining through git: share redacted digests on per-contributor refs, mine them all.

- `format`: the versioned on-ref layout (one JSON file per digest, sharded by key prefix) and
  the checks every fetched file passes (it is untrusted input).
- `contributor`: the contributor id (configured, or a salted hash of the git email).
- `projects`: the `share: projects:` allow-list, matched against each session's cwd.
- `gate`: what a shared digest may carry (project-relative paths only) and the privacy gate.
- `collect`: distill the allow-listed sessions (cached, as `mine` does) and gate them.
- `remote`: append to a contributor's ref with a leased push (`gitremote.lease`), or delete it.
- `shared`: fetch every contributor ref, validate, merge (newest wins), streaming.
- `run`: `skillgit share` end to end. Shared digests are a source for `mine` (this package sits
  below it): `mine --from-digests` runs in `mine/from_digests.py`.
"""
