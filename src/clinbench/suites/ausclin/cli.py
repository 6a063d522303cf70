"""Clinical-policy suite (AusClinBench design): robustness checks and severity."""

import typer

app = typer.Typer(
    help="Clinical-policy suite (AusClinBench design): robustness checks and severity.",
    no_args_is_help=True,
)
