"""Statistics over frozen results: agreement, comparisons, proportions."""

import typer

app = typer.Typer(
    help="Statistics over frozen results: agreement, comparisons, proportions.",
    no_args_is_help=True,
)
