"""Audiology suite (AudiologyBench design): regrade and suite tools."""

import typer

app = typer.Typer(help="Audiology suite (AudiologyBench design): regrade and suite tools.", no_args_is_help=True)
