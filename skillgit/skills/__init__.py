"""Agent Skills: the SKILL.md model, discovery and validation."""
