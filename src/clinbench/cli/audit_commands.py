"""Human audit: blinded sampling, review web app, human baseline export, agreement report."""

from __future__ import annotations

from pathlib import Path

import typer

from clinbench.cli.console import echo_message, format_option
from clinbench.cli.helpers import fail
from clinbench.messages import with_command

app = typer.Typer(
    help="Human audit: blinded sampling, review web app, human baseline, agreement report.",
    no_args_is_help=True,
)


def _audit_dir(path: Path) -> Path:
    if not (path / "audit.json").is_file():
        fail(
            f"{path}: not an audit folder (no audit.json); create one with `clinbench audit sample`"
        )
    return path


@app.command()
def sample(
    results: Path = typer.Argument(..., help="Frozen results table (.parquet or .csv)."),
    items: list[Path] = typer.Option(
        None,
        "--items",
        help="Item file(s) the results were run on (case text, references, images). Repeat "
        "for several files. Needed unless the table's item_metadata holds the items.",
    ),
    out: Path = typer.Option(
        ..., "--out", help="Audit folder to create (must not exist or be empty)."
    ),
    n: int = typer.Option(50, "--n", min=1, help="Number of items to sample."),
    strata: str | None = typer.Option(
        None,
        "--strata",
        help="Comma-separated results columns to balance across. Default: question,model,grade "
        "(review) or none (baseline). Pass '' for none.",
    ),
    seed: int = typer.Option(0, "--seed", help="Random seed (same seed, same sample)."),
    calibration: int = typer.Option(
        8, "--calibration", help="Number of leading items that form the calibration segment."
    ),
    enrich: str | None = typer.Option(
        None, "--enrich", help="Oversample a subset; weights undo it. Known: all_models_fail."
    ),
    enrich_share: float = typer.Option(
        0.5, "--enrich-share", help="Share of the sample drawn from the enriched subset."
    ),
    mode: str = typer.Option(
        "review",
        "--mode",
        help="review: reviewers grade graded replies. baseline: reviewers answer whole cases.",
    ),
    scorer: str | None = typer.Option(
        None, "--scorer", help="The adjudicator's scorer name, when several scorers gave grades."
    ),
    text_only: bool = typer.Option(
        False,
        "--text-only",
        help="Leave the case images out (review mode), and the case sentences that point to "
        "one. By default reviewers see a case's images whenever it has them.",
    ),
    image_grounded: bool = typer.Option(
        False, "--image-grounded", hidden=True, help="Kept for old scripts: images are the default."
    ),
) -> None:
    """Draw a stratified, blinded sample from a results table into a new audit folder.

    Writes items.jsonl (what reviewers see) and media/, plus the hidden key.csv (model,
    adjudicator grade, weight), strata.csv (population, target and realised counts per cell)
    and population.csv. The review app never sends the hidden files to reviewers.
    """
    from clinbench.audit.sampling import (
        DEFAULT_STRATA,
        MODES,
        AuditInputError,
        audit_results,
        eligible_units,
        item_lookup,
        stratified_sample,
        write_audit,
    )
    from clinbench.items.loader import ItemFileError, load_items

    if mode not in MODES:
        fail(f"--mode must be one of {', '.join(MODES)}, got {mode!r}")
    columns = (
        DEFAULT_STRATA[mode]
        if strata is None
        else tuple(s.strip() for s in strata.split(",") if s.strip())
    )
    try:
        lookup = item_lookup(load_items(items)) if items else None
    except ItemFileError as err:
        fail(str(err))
    try:
        table = audit_results(results)
        units = eligible_units(table, mode=mode, scorer=scorer, strata=columns)
        drawn = stratified_sample(
            units, n, strata=columns, seed=seed, calibration=min(calibration, n), enrich=enrich,
            enrich_share=enrich_share, mode=mode, results=table,
        )  # fmt: skip
        settings = {
            "n": n, "strata": list(columns), "seed": seed, "calibration": min(calibration, n),
            "enrich": enrich, "enrich_share": enrich_share if enrich else None, "mode": mode,
            "scorer": scorer, "items": [str(p) for p in items or []], "text_only": text_only,
        }  # fmt: skip
        warnings = write_audit(
            drawn, out, mode=mode, settings=settings, text_only=text_only,
            source=results, items=lookup,
        )  # fmt: skip
    except AuditInputError as err:
        fail(str(err))
    except FileExistsError as err:
        fail(f"{err}; choose a new --out folder")
    except ValueError as err:
        fail(f"{results}: {err}")
    for warning in warnings:
        echo_message(f"warning: {warning}", err=True)
    cells = drawn.cells
    unit = "replies" if mode == "review" else "cases"
    echo_message(
        f"Sampled {len(drawn.sample)} of {len(drawn.population)} {unit} "
        f"across {int((cells['sample_n'] > 0).sum())} of {len(cells)} cells into {out}"
    )
    echo_message(
        f"Calibration segment: first {min(calibration, n)} items. Per-cell counts: {out}/strata.csv"
    )
    echo_message(with_command("Next:", f"clinbench audit add-reviewer {out} NAME"))


@app.command("add-reviewer")
def add_reviewer(
    audit_dir: Path = typer.Argument(..., help="Audit folder."),
    name: str = typer.Argument(..., help="Reviewer's name (shown only after unblinding)."),
    role: str = typer.Option(
        "reviewer", "--role", help="reviewer (labels items) or lead (records consensus)."
    ),
    host: str = typer.Option("127.0.0.1", "--host", help="Host the app will be served on."),
    port: int = typer.Option(8765, "--port", help="Port the app will be served on."),
) -> None:
    """Register a reviewer and print their personal link (also kept in the links file)."""
    from clinbench.audit.links import add_reviewer as register

    _audit_dir(audit_dir)
    try:
        link = register(audit_dir, name, role=role, host=host, port=port)
    except ValueError as err:
        fail(str(err))
    typer.echo(link)
    echo_message(
        f"The link names port {port}; serving on another port (`clinbench audit serve "
        f"{audit_dir} --port N`) rewrites the links file to that port, so hand links out from "
        "there or give the same --port here.",
        err=True,
    )


@app.command("reviewer-links")
def reviewer_links(
    audit_dir: Path = typer.Argument(..., help="Audit folder."),
    names: list[str] = typer.Argument(None, help="Reviewers to re-issue (default: everyone)."),
    host: str = typer.Option("127.0.0.1", "--host", help="Host the app will be served on."),
    port: int = typer.Option(8765, "--port", help="Port the app will be served on."),
) -> None:
    """Re-issue reviewers' personal links: new tokens, old links stop working.

    Prints NAME (ROLE): LINK per reviewer and keeps the links in AUDIT_DIR/reviewer-links.csv
    (owner-only). Labels already saved are kept.
    """
    from clinbench.audit.links import LINKS_FILE, reissue_links

    _audit_dir(audit_dir)
    try:
        issued = reissue_links(audit_dir, names or None, host=host, port=port)
    except ValueError as err:
        fail(str(err))
    if not issued:
        fail(f"{audit_dir}: no reviewers yet; add one with `clinbench audit add-reviewer`")
    for row in issued:
        typer.echo(f"{row['name']} ({row['role']}): {row['link']}")
    echo_message(f"Links kept in {audit_dir / LINKS_FILE}; the old links no longer work.")


@app.command()
def serve(
    audit_dir: Path = typer.Argument(..., help="Audit folder."),
    host: str = typer.Option(
        "127.0.0.1", "--host", help="Interface to bind (loopback by default)."
    ),
    port: int = typer.Option(8765, "--port", help="Port to listen on."),
) -> None:
    """Serve the blinded review app; prints the address, the links file and a ready line."""
    from clinbench.audit.app import serve as serve_app

    _audit_dir(audit_dir)
    if host not in ("127.0.0.1", "localhost", "::1"):
        echo_message(
            f"warning: binding {host} exposes the app beyond this machine; put it behind TLS",
            err=True,
        )
    from clinbench.audit.app import PortInUse

    try:
        serve_app(audit_dir, host, port, announce=lambda line: typer.echo(line))
    except PortInUse as err:
        fail(err.strerror)


@app.command("export-baseline")
def export_baseline_command(
    audit_dir: Path = typer.Argument(
        ..., help="Baseline audit folder (sampled with --mode baseline)."
    ),
    out: Path = typer.Option(..., "--out", help="Responses file to write (.csv or .jsonl)."),
    model_name: str = typer.Option(
        ..., "--model-name", help="Anonymous model name for the human answers, e.g. human-01."
    ),
    reviewer: str | None = typer.Option(
        None,
        "--reviewer",
        help="Export one reviewer's answers (default: every reviewer, one epoch each).",
    ),
    include_unsubmitted: bool = typer.Option(
        False,
        "--include-unsubmitted",
        help="Also export reviewers who have not submitted their set.",
    ),
) -> None:
    """Export reviewers' own answers as frozen responses for `clinbench/replay/NAME`.

    Each reviewer becomes one epoch of the anonymous model; score them with
    `clinbench run ... --model clinbench/replay/NAME -M responses=FILE --epochs R`.
    """
    from clinbench.audit.human_baseline import export_baseline

    _audit_dir(audit_dir)
    try:
        summary = export_baseline(
            audit_dir, out, model_name=model_name, reviewer=reviewer,
            include_unsubmitted=include_unsubmitted,
        )  # fmt: skip
    except ValueError as err:
        fail(str(err))
    echo_message(
        f"Wrote {summary['rows']} responses from {summary['reviewers']} reviewer(s) as "
        f"{model_name!r} ({summary['epochs']} epoch(s)) to {out}"
    )


@app.command()
def report(
    audit_dir: Path = typer.Argument(..., help="Audit folder."),
    out: Path | None = typer.Option(
        None, "--out", help="Folder for the report (default AUDIT_DIR/report)."
    ),
    seed: int = typer.Option(0, "--seed", help="Seed for bootstrap intervals."),
    n_boot: int = typer.Option(2000, "--n-boot", help="Bootstrap resamples for kappa intervals."),
    rubric: Path | None = typer.Option(
        None, "--rubric", help="Case rubric whose grade bands give human grades a 0-100 score."
    ),
    min_cell: int = typer.Option(
        2, "--min-cell", help="Audited items a calibration cell needs before its own delta is used."
    ),
) -> None:
    """Write the agreement report: reviewers, adjudicator vs consensus, calibration, labels CSV."""
    from clinbench.audit.agreement_report import audit_report

    _audit_dir(audit_dir)
    target = out or audit_dir / "report"
    try:
        written = audit_report(
            audit_dir, target, seed=seed, n_boot=n_boot, rubric=rubric, min_cell=min_cell
        )
    except ValueError as err:
        fail(str(err))
    for path in written:
        typer.echo(str(path))


@app.command("panel")
def panel(
    audit_dir: Path = typer.Argument(..., help="Audit folder."),
    seed: int = typer.Option(0, "--seed", help="Seed for bootstrap intervals."),
    n_boot: int = typer.Option(2000, "--n-boot", help="Bootstrap resamples over items."),
    fmt: str = format_option(),
) -> None:
    """Agreement of every reviewer together: Fleiss kappa, Krippendorff alpha, LOO ranges, rates.

    Fleiss' kappa uses the items every reviewer labelled; Krippendorff's alpha every item
    with two labels or more. Intervals are percentile bootstraps over items; the
    leave-one-item-out range drops each item once.
    """
    from clinbench.audit.reviewer_panel import panel_tables
    from clinbench.cli.console import print_tables

    _audit_dir(audit_dir)
    try:
        tables = panel_tables(audit_dir, n_boot=n_boot, seed=seed)
    except ValueError as err:
        fail(str(err))
    print_tables(tables, fmt)


@app.command("reweighted")
def reweighted(
    audit_dir: Path = typer.Argument(..., help="Audit folder."),
    question: str | None = typer.Option(
        None, "--question", help="Only this question type (e.g. Q1, the expanded audit)."
    ),
    seed: int = typer.Option(0, "--seed", help="Seed for bootstrap intervals."),
    n_boot: int = typer.Option(2000, "--n-boot", help="Bootstrap resamples within cells."),
    fmt: str = format_option(),
) -> None:
    """Reliability and rates reweighted to the population with the sampling weights.

    Reviewer-pair and adjudicator-vs-human agreement (kappa, exact and within-one agreement,
    sensitivity, specificity, PPV, NPV, over- and under-flags) and critical-error and
    failing-grade rates (adjudicator, each reviewer, reviewers combined), each beside its
    unweighted value.
    """
    from clinbench.audit.reweighted import reweighted_tables
    from clinbench.cli.console import print_tables

    _audit_dir(audit_dir)
    try:
        tables = reweighted_tables(audit_dir, question=question, n_boot=n_boot, seed=seed)
    except ValueError as err:
        fail(str(err))
    print_tables(tables, fmt)


@app.command("references")
def references(
    audit_dir: Path = typer.Argument(
        ..., help="Reference audit folder (sampled --mode reference)."
    ),
    seed: int = typer.Option(0, "--seed", help="Seed for bootstrap intervals."),
    n_boot: int = typer.Option(2000, "--n-boot", help="Bootstrap resamples."),
    fmt: str = format_option(),
) -> None:
    """Short-answer reference audit: label shares, reviewer agreement, grading fidelity.

    Reference labels (accurate, defensible, flawed, indeterminate) per reviewer; Fleiss'
    kappa and Krippendorff's alpha across reviewers; each reviewer's re-judgement against the
    automated grader (its false negatives), and the scores with the re-judgement in place.
    """
    from clinbench.audit.reference import reference_tables
    from clinbench.cli.console import print_tables

    _audit_dir(audit_dir)
    try:
        tables = reference_tables(audit_dir, n_boot=n_boot, seed=seed)
    except ValueError as err:
        fail(str(err))
    print_tables(tables, fmt)
