"""The forge seam: what `publish`, `review` and the dashboard ask of a code host.

- `protocol`: `Forge`, the calls (pull requests, labels, reviewers, issues, comments).
- `models`: the answers (pull requests, issues, comments).
- `errors`: what can go wrong, one type per thing a caller handles differently.

`skillgit.github` is the first implementation; the CLI builds it (`github.connect`) and hands
it down, so nothing above this package imports a particular forge.
"""
