"""LLM engines and backends: the contract (`base`), HTTP and agent-CLI backends, selection."""
