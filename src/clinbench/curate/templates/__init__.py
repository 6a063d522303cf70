"""Jinja2 templates for curation sheets."""
