"""Audiology suite (AudiologyBench design): regrade and suite tools."""

from __future__ import annotations

from pathlib import Path

import typer

app = typer.Typer(
    help="Audiology suite (AudiologyBench design): regrade case judgements, stability, samples.",
    no_args_is_help=True,
)


@app.command("regrade")
def regrade(
    log_dir: Path = typer.Argument(
        ..., help="Folder (or file) of Inspect logs of audiology_cases."
    ),
    rubric: Path = typer.Option(..., "--rubric", help="Rubric YAML to grade with instead."),
    out: Path = typer.Option(
        ..., "--out", help="Results table to write (.parquet or .csv); the logs are never touched."
    ),
) -> None:
    """Re-grade stored rubric judgements under another rubric file, calling no model.

    Scores, grades and caps are recomputed from the judge JSON kept in the logs; every other
    row is copied unchanged. Prints how many grades changed per question.
    """
    from rich.console import Console

    from clinbench.results import write_results
    from clinbench.results.export import results_table
    from clinbench.scoring.rubric import RubricError, load_rubric
    from clinbench.suites.audiology.regrade import RegradeError, grade_changes, regrade_table

    console = Console()
    if out.suffix.lower() not in (".parquet", ".csv"):
        typer.echo(f"error: {out}: --out must end in .parquet or .csv", err=True)
        raise typer.Exit(2)
    try:
        loaded = load_rubric(rubric)
    except RubricError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from err
    try:
        before = results_table(log_dir)
    except (FileNotFoundError, ValueError) as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from err
    try:
        after = regrade_table(before, loaded, str(rubric))
    except RegradeError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from err
    write_results(after, out)
    changes = grade_changes(before, after)
    console.print(changes.to_string(index=False) if not changes.empty else "no rubric-graded rows")
    console.print(f"wrote {len(after)} rows to {out}")


@app.command("stability")
def stability(
    results: Path = typer.Argument(..., help="Results table (.parquet/.csv) of a multi-epoch run."),
    min_agree: int = typer.Option(
        8, help="Passes that must share an item's label to count it stable."
    ),
) -> None:
    """Print NLI multipass stability: contradiction rate per pass and share of stable items."""
    from rich.console import Console

    from clinbench.results import read_results
    from clinbench.scoring.nli import multipass_stability
    from clinbench.suites.audiology.scorers import nli_labels

    console = Console()
    try:
        table = read_results(results)
    except (OSError, ValueError) as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from err
    labelled = nli_labels(table)
    if labelled.empty:
        typer.echo(
            f"error: {results}: no nli_contradiction rows (run with nli_model=...)", err=True
        )
        raise typer.Exit(2)
    console.print(multipass_stability(labelled, min_agree=min_agree).to_string(index=False))


@app.command("samples")
def samples(
    cases: Path = typer.Option(None, "--cases", help="Case file to render images for."),
    generated: bool = typer.Option(
        False, "--generated", help="Also regenerate data/generated (seeded, reproducible)."
    ),
) -> None:
    """Re-render the sample cases' audiogram images from their data (and the generated set)."""
    from rich.console import Console

    from clinbench.items.loader import ItemFileError
    from clinbench.suites.audiology.samples import regenerate_cases, render_case_images
    from clinbench.suites.audiology.tasks import CASE_ITEMS

    console = Console()
    try:
        written = render_case_images(cases or CASE_ITEMS)
    except ItemFileError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from err
    console.print(f"rendered {len(written)} audiogram image(s)")
    if generated:
        console.print(f"generated {len(regenerate_cases())} case(s)")
