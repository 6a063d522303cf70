"""Versioned leaderboard: add versions, show trends."""

import typer

app = typer.Typer(help="Versioned leaderboard: add versions, show trends.", no_args_is_help=True)
