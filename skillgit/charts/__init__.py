"""Charts shared by the Action's job summary and the dashboard issue.

- `mermaid`: Mermaid charts, every label reduced to characters Mermaid cannot read as syntax;
- `usage`: skill use by version, read from a `skillgit stats --json` document (leniently for
  the job summary, strictly for `publish --usage`), as charts and table rows.
"""
