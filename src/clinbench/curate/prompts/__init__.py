"""Prompt files for curation model calls (screening, adaptation, cognitive level)."""
