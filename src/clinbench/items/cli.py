"""Validate item files and print the item JSON Schema."""

import typer

app = typer.Typer(help="Validate item files and print the item JSON Schema.", no_args_is_help=True)
