"""Top-level `analyze` and `report` commands (filled by the statistics/report work)."""

import typer


def register(app: typer.Typer) -> None:
    """Mount this module's top-level commands on the main app."""
