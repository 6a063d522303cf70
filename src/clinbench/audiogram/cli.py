"""Classify, render, generate and fact-check audiograms."""

import typer

app = typer.Typer(
    help="Classify, render, generate and fact-check audiograms.", no_args_is_help=True
)
