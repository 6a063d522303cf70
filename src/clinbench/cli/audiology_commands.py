"""Audiology suite (AudiologyBench design): regrade and suite tools."""

from __future__ import annotations

from pathlib import Path

import typer

from clinbench.cli.console import echo_error, echo_message, format_option

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
    fmt: str = format_option(),
) -> None:
    """Re-grade stored rubric judgements under another rubric file, calling no model.

    Scores, grades and caps are recomputed from the judge JSON kept in the logs; every other
    row is copied unchanged. Prints how many grades changed per question.
    """
    from clinbench.cli.console import TableOutput
    from clinbench.cli.helpers import check_results_out
    from clinbench.results import write_results
    from clinbench.results.export import results_table
    from clinbench.scoring.rubric import RubricError, load_rubric
    from clinbench.suites.audiology.regrade import (
        RegradeError,
        grade_changes,
        regrade_note,
        regrade_table,
    )

    check_results_out(out)
    try:
        loaded = load_rubric(rubric)
    except RubricError as err:
        echo_error(f"{err}")
        raise typer.Exit(2) from err
    try:
        before = results_table(log_dir)
    except (FileNotFoundError, ValueError) as err:
        echo_error(f"{err}")
        raise typer.Exit(2) from err
    try:
        after = regrade_table(before, loaded, str(rubric))
    except RegradeError as err:
        echo_error(f"{err}")
        raise typer.Exit(2) from err
    write_results(after, out)
    changes = grade_changes(before, after)
    output = TableOutput(fmt)
    if not changes.empty:
        output.table(changes, f"Grades changed under {rubric.name}")
    note = regrade_note(changes)
    if note:
        output.note(note)
    output.message(f"wrote {len(after)} rows to {out}")
    output.close()


@app.command("stability")
def stability(
    results: Path = typer.Argument(..., help="Results table (.parquet/.csv) of a multi-epoch run."),
    min_agree: int = typer.Option(
        8, help="Passes that must share an item's label to count it stable."
    ),
    fmt: str = format_option(),
) -> None:
    """Print NLI multipass stability: contradiction rate per pass and share of stable items."""
    from clinbench.cli.console import TableOutput
    from clinbench.results import read_results
    from clinbench.scoring.nli import multipass_stability
    from clinbench.suites.audiology.scorers import nli_labels

    try:
        table = read_results(results)
    except (OSError, ValueError) as err:
        echo_error(f"{err}")
        raise typer.Exit(2) from err
    labelled = nli_labels(table)
    if labelled.empty:
        echo_message(
            f"error: {results}: no nli_contradiction rows (run with nli_model=...)", err=True
        )
        raise typer.Exit(2)
    output = TableOutput(fmt)
    output.table(multipass_stability(labelled, min_agree=min_agree),
                 f"NLI multipass stability (stable: {min_agree} passes agree)")  # fmt: skip
    output.close()


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
        echo_error(f"{err}")
        raise typer.Exit(2) from err
    console.print(f"rendered {len(written)} audiogram image(s)")
    if generated:
        console.print(f"generated {len(regenerate_cases())} case(s)")


def _graded_results(paths: list[Path]):
    from clinbench.cli.helpers import fail, read_results_or_logs

    frame = read_results_or_logs(paths)
    missing = [c for c in ("outcome", "scorer", "score_metadata") if c not in frame.columns]
    if missing:
        fail(f"{paths[0]}:1: {', '.join(missing)}: required column(s) missing")
    return frame


@app.command("subdimensions")
def subdimensions(
    results: list[Path] = typer.Argument(..., help="Results tables or Inspect logs; combined."),
    by_model: bool = typer.Option(False, "--by-model", help="One row per model as well."),
    fmt: str = format_option(),
) -> None:
    """Mean subdimension points per question (weight, SD, 95% t CI) from stored replies."""
    from clinbench.cli.console import TableOutput
    from clinbench.suites.audiology.subdimensions import subdimension_table

    output = TableOutput(fmt)
    table = subdimension_table(_graded_results(results), by_model=by_model)
    if table.empty:
        output.note("no rubric-graded replies with subdimension scores in these results")
    else:
        output.table(table, "Rubric subdimension scores (judge points) by question")
    output.close()


@app.command("caps")
def caps(
    results: list[Path] = typer.Argument(..., help="Results tables or Inspect logs; combined."),
    fmt: str = format_option(),
) -> None:
    """How many graded replies of each question and grade carry a critical-error cap (Wilson CI)."""
    from clinbench.cli.console import TableOutput
    from clinbench.suites.audiology.subdimensions import cap_tally

    output = TableOutput(fmt)
    table = cap_tally(_graded_results(results))
    if table.empty:
        output.note("no rubric-graded replies with a grade in these results")
    else:
        output.table(table, "Critical-error caps by question and grade")
    output.close()


@app.command("rubric")
def rubric_command(
    rubric: Path | None = typer.Option(
        None, "--rubric", help="Rubric file (default: the suite's rubric.yaml)."
    ),
    fmt: str = format_option(),
) -> None:
    """Print the case rubric: letter-grade bands, critical errors with their caps, weights."""
    from clinbench.cli.console import print_tables
    from clinbench.cli.helpers import fail
    from clinbench.scoring.rubric import RubricError
    from clinbench.suites.audiology.rubric_tables import rubric_tables

    try:
        tables = rubric_tables(rubric)
    except RubricError as err:
        fail(str(err))
    print_tables(tables, fmt)
