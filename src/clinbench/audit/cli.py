"""Human audit: blinded sampling, review web app, agreement report."""

import typer

app = typer.Typer(help="Human audit: blinded sampling, review web app, agreement report.", no_args_is_help=True)
