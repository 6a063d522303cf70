"""Curation: screening, adaptation, deduplication, normalisation, freshness."""

import typer

app = typer.Typer(help="Curation: screening, adaptation, deduplication, normalisation, freshness.", no_args_is_help=True)
