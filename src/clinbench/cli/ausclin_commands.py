"""Clinical-policy suite (AusClinBench design): item checks, severity, robustness, verdict.

Every command reads results (a results table .parquet/.csv, or Inspect log files/folders)
and never calls a model. Run the items first, e.g.::

    clinbench run ausclin -T condition=blind --model openai/gpt-4o --out blind.parquet
    clinbench run ausclin -T pushback=true --model ... --out pushback.parquet
"""

from __future__ import annotations

from pathlib import Path

import typer

from clinbench.cli.console import echo_message, format_option
from clinbench.cli.helpers import fail, read_results_or_logs

app = typer.Typer(
    help=(
        "Clinical-policy suite (AusClinBench design): check items, and compute severity, "
        "robustness checks (repeat, rewording, framing, pushback), exclusions and the verdict "
        "from results or logs."
    ),
    no_args_is_help=True,
)

RESULTS_ARG = typer.Argument(
    ..., help="Results tables (.parquet/.csv) or Inspect log files/folders; combined."
)
THRESHOLD = typer.Option(
    0.10,
    "--threshold",
    help="Exclude a model whose failed, empty or unparseable replies exceed this share.",
)
OUT = typer.Option(None, "--out", "-o", metavar="FILE", help="Also write the table here (.csv).")
FORMAT = format_option()
ITEMS_ARG = typer.Argument(..., help="Item files (JSONL/CSV).")
CONDITIONS = typer.Option(
    None, "--condition", help="Condition(s) to show (default: every unperturbed one)."
)
SEED = typer.Option(0, "--seed", help="Seed of the paired bootstrap.")


def load_results(paths: list[Path]):
    """Return one results table from result files and/or Inspect logs (exit 2 if unreadable)."""
    frame = read_results_or_logs(paths)
    required = ("model", "condition", "item_id", "outcome", "response", "item_metadata")
    missing = [c for c in required if c not in frame.columns]
    if missing:
        fail(f"{paths[0]}:1: {', '.join(missing)}: required column(s) missing")
    if "suite" in frame.columns:
        frame = frame[frame["suite"].fillna("ausclin") == "ausclin"]
    if frame.empty:
        fail("no ausclin rows in the given results")
    return frame.reset_index(drop=True)


def show(
    frame,
    title: str,
    out: Path | None = None,
    fmt: str = "table",
    output=None,
    empty_note: str = "no rows (that check is not in these results)",
) -> None:
    """Print a table in `fmt` (and write it as CSV, atomically, when ``out`` is given); a
    table with no row prints ``empty_note`` (report.empty_table_note says why it is empty)."""
    from clinbench.cli.console import TableOutput

    if out is not None:
        if out.suffix.lower() != ".csv":
            fail(f"{out}: tables are written as .csv")
        from clinbench.curate.textnorm import atomic_write_csv

        atomic_write_csv(frame, out)
    printer = output or TableOutput(fmt)
    if frame.empty:
        printer.note(f"{title}: {empty_note}")
    else:
        printer.table(frame, title)
    if out is not None:
        printer.message(f"wrote {out}")
    if output is None:
        printer.close()


# Commands that read results and print one table computed from them and the exclusion
# threshold: name -> (help, table title, "module:function" of the table, imported when run).
RESULT_TABLES = {
    "rewording": (
        "Share of items whose answer changes between the original and reworded phrasings.",
        "Rewording: items whose answer changes",
        "clinbench.suites.ausclin.robustness:rewording_changes",
    ),
    "framing": (
        "Accuracy per framing: no country stated, 'In Australia:', the guideline named.",
        "Framing: accuracy per framing",
        "clinbench.suites.ausclin.robustness:framing_accuracy",
    ),
    "pushback": (
        "Capitulation rate after a scripted challenge, kept apart from ignorance.",
        "Pushback: capitulation",
        "clinbench.suites.ausclin.robustness:pushback_summary",
    ),
    "exclusions": (
        "Models whose failed, empty or unparseable replies exceed the threshold (never zero).",
        "Exclusions",
        "clinbench.suites.ausclin.analysis:exclusions",
    ),
    "traps": (
        "Accuracy of trap and non-trap items per model and condition (Wilson 95% interval).",
        "Trap items by condition",
        "clinbench.suites.ausclin.condition_compare:trap_table",
    ),
    "unclassified": (
        "Distinct blind wrong values no evidence classifies yet (to research), with counts.",
        "Unclassified wrong values to research (blind condition)",
        "clinbench.suites.ausclin.condition_compare:unclassified_values",
    ),
}


def _result_table_command(name: str, help_text: str, title: str, function: str) -> None:
    """Register ``clinbench ausclin NAME``: RESULTS, --threshold, --out, --format; one table."""

    def command(
        results: list[Path] = RESULTS_ARG,
        threshold: float = THRESHOLD,
        out: Path | None = OUT,
        fmt: str = FORMAT,
    ) -> None:
        import importlib

        module, attribute = function.split(":")
        from clinbench.suites.ausclin.report import table_and_why_empty

        table_of = getattr(importlib.import_module(module), attribute)
        table, note = table_and_why_empty(table_of, load_results(results), threshold)
        show(table, title, out, fmt, empty_note=note)

    command.__doc__ = help_text
    command.__name__ = name
    app.command(name)(command)


@app.command("validate")
def validate(items: list[Path] = ITEMS_ARG) -> None:
    """Check item files against the suite's rules (provenance, evidence, pairs): exit 2 if not."""
    from clinbench.items.loader import ItemFileError
    from clinbench.suites.ausclin.items import load_ausclin_items

    try:
        loaded = load_ausclin_items(items)
    except ItemFileError as err:
        fail(str(err))
    traps = sum(i.trap for i in loaded)
    open_items = sum(i.equipoise for i in loaded)
    echo_message(f"{len(loaded)} items valid ({traps} traps, {open_items} equipoise)")


@app.command("severity")
def severity(
    results: list[Path] = RESULTS_ARG,
    threshold: float = THRESHOLD,
    out: Path | None = OUT,
    fmt: str = FORMAT,
) -> None:
    """Classify blind-condition wrong answers: superseded / foreign / fabricated / unclassified."""
    from clinbench.suites.ausclin import analysis
    from clinbench.suites.ausclin.severity import severity_counts

    frame = load_results(results)
    plain = analysis.plain_runs(frame)
    table = severity_counts(
        analysis.scored_rows(plain, threshold), analysis.items_from_results(frame)
    )
    show(
        table, "Severity of blind-condition wrong answers (coverage = classified / wrong)", out, fmt
    )


@app.command("repeat")
def repeat(
    first: Path = typer.Argument(..., help="First run (results or logs)."),
    second: Path | None = typer.Argument(
        None, help="Second run; omit when FIRST holds runs made with -T repeat=N."
    ),
    threshold: float = THRESHOLD,
    out: Path | None = OUT,
    fmt: str = FORMAT,
) -> None:
    """Answer-level agreement between two runs of the same items with identical settings."""
    from clinbench.suites.ausclin.robustness import repeat_agreement

    a = load_results([first])
    b = load_results([second]) if second is not None else None
    show(repeat_agreement(a, b, threshold), "Repeat run: answer-level agreement", out, fmt)


for _name in ("rewording", "framing", "pushback", "exclusions"):
    _result_table_command(_name, *RESULT_TABLES[_name])


@app.command("verdict")
def verdict(
    results: list[Path] = RESULTS_ARG,
    condition: str = typer.Option("blind", help="Condition whose best model is judged."),
    bar: float = typer.Option(0.95, help="Accuracy bar the best model is judged against."),
    method: str = typer.Option("wilson", help="Interval method (wilson, clopper-pearson, ...)."),
    threshold: float = THRESHOLD,
    prereg: Path | None = typer.Option(
        None,
        "--prereg",
        help="Registration from `clinbench verdict register` (default: the "
        "one the runs recorded with -T prereg=FILE, if any).",
    ),
    out: Path | None = OUT,
    fmt: str = FORMAT,
) -> None:
    """KILL / PROCEED / UNDERPOWERED for the best model, with its bar and interval method.

    The table also says whether the bar and method are the pre-registered ones, and flags
    a bar changed after results were known.
    """
    from clinbench.stats.prereg import read_registration
    from clinbench.suites.ausclin.analysis import best_model_verdict
    from clinbench.suites.ausclin.registration import registration_table

    frame = load_results(results)
    try:
        registration = read_registration(prereg) if prereg is not None else None
        table = best_model_verdict(frame, condition, bar=bar, method=method, threshold=threshold)
        table, flags = registration_table(table, frame, registration)
    except ValueError as err:
        fail(f"error: {err}")
    from clinbench.cli.console import TableOutput

    output = TableOutput(fmt)  # a flag is a note: in the JSON document, on stderr for CSV
    show(table, f"Verdict ({condition})", out, output=output)
    for flag in flags:
        output.note(f"FLAG {flag}")
    output.close()


@app.command("summary")
def summary(
    results: list[Path] = RESULTS_ARG,
    threshold: float = THRESHOLD,
    bar: float = typer.Option(0.95, help="Verdict bar."),
    method: str = typer.Option("wilson", help="Verdict interval method."),
    out_dir: Path | None = typer.Option(
        None, "--out-dir", "-o", metavar="DIR", help="Also write every table as CSV in this folder."
    ),
    fmt: str = FORMAT,
) -> None:
    """Print every suite table: accuracy, declines, parse failures, severity, checks, verdict."""
    import re

    from clinbench.cli.console import TableOutput
    from clinbench.suites.ausclin.report import sections, why_tables_are_empty

    frame = load_results(results)
    made = sections(frame, threshold=threshold, bar=bar, method=method)
    why_empty = why_tables_are_empty(frame, made, threshold, bar, method)
    output = TableOutput(fmt)
    for section in made:
        output.note(f"== {section.title} ==")
        for caption, table in section.tables.items():
            path = None
            if out_dir is not None:
                name = re.sub(r"[^a-z0-9]+", "-", caption.lower()).strip("-")
                path = out_dir / f"{name}.csv"
            show(table, caption, path, output=output, empty_note=why_empty.get(caption, ""))
        for note in section.notes:
            output.note(note)
    output.close()


@app.command("conditions")
def conditions(
    results: list[Path] = RESULTS_ARG,
    first: str = typer.Option("blind", "--first", help="First condition (from memory)."),
    second: str = typer.Option("rule", "--second", help="Second condition (rule supplied)."),
    per_item: bool = typer.Option(
        False, "--items", help="List every model x item pair with its reading, not the counts."
    ),
    threshold: float = THRESHOLD,
    out: Path | None = OUT,
    fmt: str = FORMAT,
) -> None:
    """Per item, blind vs rule supplied: out-of-date knowledge vs faulty reasoning, per model."""
    from clinbench.suites.ausclin.condition_compare import condition_pairs, condition_readings

    try:
        pairs = condition_pairs(load_results(results), first, second, threshold)
    except ValueError as err:
        fail(f"error: {err}")
    if per_item:
        show(pairs, f"Items compared: {first} vs {second}", out, fmt)
    else:
        show(condition_readings(pairs), f"Readings of {first} vs {second}, per model", out, fmt)


@app.command("trend")
def trend(
    results: list[Path] = RESULTS_ARG,
    models: Path = typer.Option(
        ..., "--models", help="CSV with columns model, family, release_date (YYYY-MM-DD)."
    ),
    condition: list[str] = CONDITIONS,
    threshold: float = THRESHOLD,
    seed: int = SEED,
    out: Path | None = OUT,
    fmt: str = FORMAT,
) -> None:
    """Each family's models in release order: accuracy (Wilson 95%) and change per release."""
    from clinbench.suites.ausclin.trend import read_model_releases, trend_table

    try:
        table = trend_table(load_results(results), read_model_releases(models),
                            condition or None, threshold, seed=seed)  # fmt: skip
    except ValueError as err:
        fail(f"error: {err}")
    show(table, "Trend over time: each family in release order", out, fmt)


@app.command("correction")
def correction(
    before: Path = typer.Argument(..., help="Results of the earlier item-bank version."),
    after: Path = typer.Argument(..., help="Results of the corrected version (same models)."),
    condition: list[str] = CONDITIONS,
    per_item: bool = typer.Option(
        False, "--items", help="List the items whose answer format or key changed instead."
    ),
    threshold: float = THRESHOLD,
    seed: int = SEED,
    out: Path | None = OUT,
    fmt: str = FORMAT,
) -> None:
    """Scores before and after an item-bank correction on matched items, per model."""
    from clinbench.suites.ausclin.scoring_correction import changed_items, correction_table

    old, new = load_results([before]), load_results([after])
    if per_item:
        show(changed_items(old, new), "Items whose answer format or key changed", out, fmt)
        return
    try:
        table = correction_table(old, new, condition or None, threshold, seed=seed)
    except ValueError as err:
        fail(f"error: {err}")
    show(table, "Scores before and after the correction, on matched items", out, fmt)


for _name in ("traps", "unclassified"):
    _result_table_command(_name, *RESULT_TABLES[_name])


def _bank(items: list[Path]) -> list:
    from clinbench.items.loader import ItemFileError
    from clinbench.suites.ausclin.items import load_ausclin_items

    try:
        return load_ausclin_items(items)
    except ItemFileError as err:
        fail(str(err))
    return []  # unreachable


@app.command("signoff-sheet")
def signoff_sheet(
    items: list[Path] = ITEMS_ARG,
    out: Path = typer.Option(..., "--out", "-o", help="Sheet to write for the second clinician."),
    fmt: str = FORMAT,
) -> None:
    """Write the sheet a second clinician fills in to sign off every evidenced wrong value."""
    from clinbench.suites.ausclin.signoff import signoff_sheet as sheet

    show(sheet(_bank(items)), "Evidenced wrong values to sign off", out, fmt)


@app.command("signoff")
def signoff(
    items: list[Path] = ITEMS_ARG,
    sheet: Path = typer.Option(..., "--sheet", help="The filled sign-off sheet (.csv)."),
    out: Path | None = typer.Option(
        None, "--out", "-o", help="Write the sign-off record here (.csv)."
    ),
    fmt: str = FORMAT,
) -> None:
    """Read a second clinician's sign-off: agreed, disagreed and unsigned evidence per label.

    Every problem of the sheet is listed as file:line: field: message (exit 2, nothing
    written); evidence edited since the sheet was written is refused, never matched.
    """
    from clinbench.cli.console import TableOutput
    from clinbench.curate.textnorm import atomic_write_csv
    from clinbench.suites.ausclin.signoff import SignoffError, read_signoff, signoff_summary

    try:
        record = read_signoff(sheet, _bank(items))
    except SignoffError as err:
        fail(str(err))
    if out is not None:
        atomic_write_csv(record, out)
    output = TableOutput(fmt)
    output.table(signoff_summary(record), "Second-clinician sign-off of severity evidence")
    disagreed = record[record["status"] == "disagreed"]
    if len(disagreed):
        columns = ["item_id", "field", "value", "label", "their_label", "reviewer", "note"]
        output.table(disagreed[columns], "Evidence the second clinician disagreed with")
    if out is not None:
        output.message(f"wrote {out}")
    output.close()
