"""Speech-language pathology suite (SLPHelm design): corpora, ASR, export."""

import typer

app = typer.Typer(help="Speech-language pathology suite (SLPHelm design): corpora, ASR, export.", no_args_is_help=True)
