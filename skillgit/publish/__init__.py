"""Take proposals to a remote and to GitHub: push the branches (with a lease), sync the ledger,
and run each proposal's pull request."""
