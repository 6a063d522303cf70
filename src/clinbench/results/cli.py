"""Turn Inspect logs into the frozen results table."""

import typer

app = typer.Typer(help="Turn Inspect logs into the frozen results table.", no_args_is_help=True)
