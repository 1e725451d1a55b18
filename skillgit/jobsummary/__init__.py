"""The Action's reports: the job summary ($GITHUB_STEP_SUMMARY) and the `result` output,
built from the JSON skillgit already prints (`mine --json`, `publish --json`, `stats --json`,
`validate`/`review --format json`).

- `model`: those documents read into typed rows (missing or odd fields become None/empty:
  a report never fails a run);
- `skillgit.charts` (shared with the dashboard issue): the Mermaid charts, every label reduced
  to characters Mermaid cannot read as syntax, and skill use by version from `stats --json`;
- `render`: the Markdown, every transcript- or repository-derived string through
  `publish.markdown.inert`, within GitHub's 1 MiB summary limit;
- `result`: the `result` JSON and the PR numbers/URLs outputs.
"""
