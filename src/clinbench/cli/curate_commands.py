"""`clinbench curate`: screen and adapt passages, deduplicate, normalise, tag, review."""

from __future__ import annotations

from pathlib import Path

import typer

from clinbench.cli.console import echo_error, echo_message, format_option
from clinbench.cli.helpers import fail
from clinbench.cli.run_options import media_root_option
from clinbench.curate import freshness
from clinbench.io import read_own_csv, write_csv

app = typer.Typer(
    help="Curation: screen and adapt source passages into items, normalise, deduplicate, tag "
    "difficulty, export and re-import an expert review sheet, check source freshness.",
    no_args_is_help=True,
)


_MODEL_HELP = (
    "Inspect model, e.g. openai/gpt-4.1 or, offline, clinbench/replay/NAME with -M responses=FILE."
)


def _load(paths: list[Path], media_roots: list[Path] | None = None) -> list:
    from clinbench.items.loader import ItemFileError, load_items

    try:
        return load_items(paths, media_roots=media_roots)
    except ItemFileError as err:
        fail(str(err))
    return []  # unreachable


def _passages(paths: list[Path], citation: str | None, url: str | None) -> list:
    from clinbench.curate.passages import read_passages
    from clinbench.items.loader import ItemFileError

    try:
        return read_passages(paths, citation=citation, url=url)
    except ItemFileError as err:
        fail(str(err))
    return []  # unreachable


def _model_args(pairs: list[str] | None) -> dict:
    from clinbench.curate.structured_calls import model_arg_pairs

    try:
        return model_arg_pairs(pairs)
    except ValueError as err:
        fail(f"-M: {err}")
    return {}  # unreachable


def _model(name: str, pairs: list[str] | None):
    """Return the Inspect Model for a name and -M pairs; exit 2 when it cannot be set up."""
    from inspect_ai.model import get_model

    args = _model_args(pairs)
    try:
        return get_model(name, **args)
    except Exception as err:  # any provider's set-up failure (bad file, unknown model, key)
        fail(f"--model {name}: {err}")


def _sidecar(out: Path, suffix: str) -> Path:
    name = out.name[: -len(".jsonl")] if out.name.endswith(".jsonl") else out.stem
    return out.with_name(f"{name}.{suffix}")


@app.command("screen")
def screen(
    passages: list[Path] = typer.Argument(..., help="Passage files (.txt or .jsonl)."),
    model: str = typer.Option(..., "--model", help=_MODEL_HELP),
    model_arg: list[str] = typer.Option(
        None, "-M", "--model-arg", help="Model argument key=value (repeatable)."
    ),
    out: Path | None = typer.Option(None, "--out", help="Write the screening table (.csv)."),
    log_dir: Path = typer.Option(Path("logs/curate"), help="Folder for the Inspect logs."),
    citation: str | None = typer.Option(None, help="Citation for passages that have none."),
    url: str | None = typer.Option(None, help="Source URL for passages that have none."),
    fmt: str = format_option(),
) -> None:
    """Ask the model whether each passage can become one question with an unambiguous key.

    One row per passage: suitable (true/false), the model's reason, and status ok,
    parse_failed or error (a failed reply is recorded as such, never counted as a verdict).
    """
    import pandas as pd

    from clinbench.cli.console import TableOutput
    from clinbench.curate.adapt import screen_passages
    from clinbench.curate.textnorm import atomic_write_csv

    found = _passages(passages, citation, url)
    table = screen_passages(found, model=_model(model, model_arg), log_dir=log_dir)
    output = TableOutput(fmt)
    counts = table["status"].value_counts()
    n_yes = int((table["suitable"] == True).sum())  # noqa: E712 (object column with None)
    summary = (
        f"{len(table)} passages: {n_yes} suitable, "
        f"{int(counts.get('ok', 0)) - n_yes} not suitable, "
        f"{int(counts.get('parse_failed', 0))} unparseable replies, "
        f"{int(counts.get('error', 0))} failed calls; log {table['log_file'].iloc[0]}"
    )
    if out is not None:
        atomic_write_csv(table, out)
        output.message(f"wrote {out}")
        output.message(summary)
    else:
        view = pd.DataFrame(
            {
                "passage": table["passage_id"],
                "suitable": ["" if v is None else str(v).lower() for v in table["suitable"]],
                "status": table["status"],
                "reason / detail": [
                    r or d for r, d in zip(table["reason"], table["detail"], strict=True)
                ],
            }
        )
        output.table(view, "Passage screening", [summary])
    output.close()


def _read_screening(path: Path):
    import pandas as pd

    from clinbench.curate.textnorm import csv_rows
    from clinbench.items.loader import ItemFileError, ItemProblem

    if not path.is_file():
        fail(str(ItemFileError([ItemProblem(str(path), 0, "-", "file not found")])))
    rows, problems = [], []
    for line, row in csv_rows(path):
        for column in ("passage_id", "suitable", "status"):
            if column not in row:
                fail(str(ItemFileError([ItemProblem(str(path), 1, column, "column missing")])))
        suitable = row["suitable"].strip().lower()
        if row["status"] == "ok" and suitable not in ("true", "false"):
            problems.append(
                ItemProblem(str(path), line, "suitable", f"{row['suitable']!r} is not true/false")
            )
        rows.append(
            {
                "passage_id": row["passage_id"],
                "suitable": suitable == "true",
                "status": row["status"],
            }
        )
    if problems:
        fail(str(ItemFileError(problems)))
    return pd.DataFrame(rows, columns=["passage_id", "suitable", "status"])


@app.command("adapt")
def adapt(
    passages: list[Path] = typer.Argument(..., help="Passage files (.txt or .jsonl)."),
    format: str = typer.Option(..., "--format", help="Item format: mcq, tf, sa or fib."),
    model: str = typer.Option(..., "--model", help=_MODEL_HELP),
    out: Path = typer.Option(..., "--out", help="Item file to write (.jsonl)."),
    model_arg: list[str] = typer.Option(
        None, "-M", "--model-arg", help="Model argument key=value (repeatable)."
    ),
    decisions: Path | None = typer.Option(
        None, help="Decisions log (.csv); default: OUT with .decisions.csv."
    ),
    screened: Path | None = typer.Option(
        None, help="Screening table from `curate screen`: adapt only passages judged suitable."
    ),
    log_dir: Path = typer.Option(Path("logs/curate"), help="Folder for the Inspect logs."),
    suite: str = typer.Option("custom", help="Suite name written into each item."),
    id_prefix: str = typer.Option("", help="Prefix for item ids (id = PREFIX + PASSAGE-FORMAT)."),
    source_pool: str | None = typer.Option(None, help="Source pool, e.g. research or online."),
    domain: str | None = typer.Option(None, help="Clinical domain written into each item."),
    citation: str | None = typer.Option(None, help="Citation for passages that have none."),
    url: str | None = typer.Option(None, help="Source URL for passages that have none."),
) -> None:
    """Have the model write one item (key + rationale) per passage, as structured output.

    Writes the items (validated, citation in provenance) and a decisions log with one row
    per passage: item, parse_failed, invalid_item, error, or why it was not sent.
    """
    from clinbench.curate.adapt import ADAPT_FORMATS, adapt_passages, flag_counts
    from clinbench.curate.textnorm import atomic_write_csv
    from clinbench.items.loader import write_items

    if format not in ADAPT_FORMATS:
        fail(f"--format: {format!r} is not one of {', '.join(ADAPT_FORMATS)}")
    if out.suffix.lower() != ".jsonl":
        fail(f"--out: {out} must be a .jsonl file")
    found = _passages(passages, citation, url)
    screening = _read_screening(screened) if screened else None
    items, log = adapt_passages(
        found,
        format,
        model=_model(model, model_arg),
        log_dir=log_dir,
        screening=screening,
        suite=suite,
        id_prefix=id_prefix,
        source_pool=source_pool,
        domain=domain,
    )
    decisions = decisions or _sidecar(out, "decisions.csv")
    write_items(items, out)
    atomic_write_csv(log, decisions)
    counts = log["status"].value_counts()
    summary = ", ".join(f"{n} {status}" for status, n in counts.items())
    echo_message(f"wrote {len(items)} items to {out} and the decisions log {decisions} ({summary})")
    flagged = log["status"].eq("item") & log["flags"].fillna("").ne("")
    if flagged.any():  # written, but a reviewer should look at them first
        named = ", ".join(f"{flag} {n}" for flag, n in flag_counts(log).items())
        echo_message(f"{int(flagged.sum())} flagged ({named}): see the flags column of {decisions}")


@app.command("normalise")
def normalise(
    items: list[Path] = typer.Argument(..., help="Item files (.jsonl or .csv), raw."),
    out: Path = typer.Option(..., "--out", help="Normalised item file (.jsonl)."),
    log: Path | None = typer.Option(None, help="Change log (.csv); default OUT .changes.csv."),
    strict: bool = typer.Option(False, help="Exit 2 if any item is rejected."),
) -> None:
    """Normalise option letters, the MCQ key, FIB units/decimals, whitespace and quotes.

    Every change is logged per item. Items that cannot be fixed without guessing (two keys,
    duplicate options, a key naming no option) are rejected and listed in the log, not
    written.
    """
    from clinbench.curate.row_normalise import normalise_files
    from clinbench.curate.textnorm import atomic_write_csv
    from clinbench.items.loader import ItemFileError, write_items

    normalised, changes, problems = normalise_files(items)
    if problems:
        fail(str(ItemFileError(problems)))
    rejected = changes[changes["rule"] == "rejected"]
    if strict and not rejected.empty:
        fail(
            "\n".join(f"{r.source}: {r.field}: rejected: {r.after}" for r in rejected.itertuples())
        )
    log = log or _sidecar(out, "changes.csv")
    write_items(normalised, out)
    atomic_write_csv(changes, log)
    changed = changes[changes["rule"] != "rejected"]["item_id"].nunique()
    echo_message(
        f"wrote {len(normalised)} items to {out} ({changed} changed, "
        f"{rejected['item_id'].nunique()} rejected); change log {log}"
    )
    for r in rejected.itertuples():
        echo_message(f"rejected {r.item_id} ({r.source}): {r.field}: {r.after}", err=True)


@app.command("dedup")
def dedup(
    items: list[Path] = typer.Argument(..., help="Item files (.jsonl or .csv)."),
    out: Path = typer.Option(..., "--out", help="Folder for decisions.csv and items.jsonl."),
    threshold: float = typer.Option(
        0.8, help="Word-shingle Jaccard at or above which two items are near duplicates."
    ),  # fmt: skip
    shingle_size: int = typer.Option(3, help="Words per shingle."),
    num_perm: int = typer.Option(128, help="MinHash permutations."),
    seed: int = typer.Option(1, help="MinHash seed."),
    method: str = typer.Option("lsh", help="lsh (MinHash LSH, any size) or exact (all pairs)."),
) -> None:
    """Find exact and near-duplicate items (stem + options); propose one kept per cluster.

    Writes OUT/decisions.csv (one row per clustered item: decision keep/drop, match,
    Jaccard to the kept item, reason) and OUT/items.jsonl with those decisions applied.
    Edit the decisions and re-apply them with `clinbench curate apply`.
    """
    from clinbench.curate.dedup import apply_decisions, find_duplicates
    from clinbench.curate.textnorm import atomic_write_csv
    from clinbench.items.loader import write_items

    if not 0.0 < threshold <= 1.0:
        fail(f"--threshold: {threshold} is not in (0, 1]")
    if method not in ("lsh", "exact"):
        fail(f"--method: {method!r} is not lsh or exact")
    loaded = _load(items)
    table = find_duplicates(
        loaded,
        threshold=threshold,
        shingle_size=shingle_size,
        num_perm=num_perm,
        seed=seed,
        method=method,
    )
    decisions = dict(zip(table["item_id"], table["decision"], strict=True))
    kept, dropped = apply_decisions(loaded, decisions)
    atomic_write_csv(table, out / "decisions.csv")
    write_items(kept, out / "items.jsonl")
    n_clusters = table["cluster"].nunique()
    echo_message(
        f"{len(loaded)} items: {n_clusters} duplicate clusters, {len(dropped)} proposed for "
        f"dropping; wrote {out / 'decisions.csv'} and {out / 'items.jsonl'} ({len(kept)} items)"
    )


@app.command("apply")
def apply(
    items: list[Path] = typer.Argument(..., help="Item files (.jsonl or .csv)."),
    decisions: Path = typer.Option(..., "--decisions", help="Decisions CSV (item_id, decision)."),
    out: Path = typer.Option(..., "--out", help="Item file to write (.jsonl)."),
) -> None:
    """Re-apply (possibly edited) dedup decisions: drop items marked drop, keep the rest."""
    from clinbench.curate.dedup import apply_decisions, read_decisions
    from clinbench.items.loader import ItemFileError, write_items

    loaded = _load(items)
    try:
        table = read_decisions(decisions, loaded)
    except ItemFileError as err:
        fail(str(err))
    kept, dropped = apply_decisions(loaded, table)
    write_items(kept, out)
    echo_message(f"wrote {len(kept)} items to {out}; dropped {len(dropped)}: {', '.join(dropped)}")


@app.command("tag")
def tag(
    items: list[Path] = typer.Argument(..., help="Item files (.jsonl or .csv)."),
    out: Path = typer.Option(..., "--out", help="Tagged item file (.jsonl)."),
    levels: str = typer.Option(
        "rule", help="Cognitive level by 'rule' (written cues), 'model', or 'none'."
    ),
    model: str | None = typer.Option(None, "--model", help=_MODEL_HELP + " For --levels model."),
    model_arg: list[str] = typer.Option(
        None, "-M", "--model-arg", help="Model argument key=value (repeatable)."
    ),
    results: Path | None = typer.Option(
        None, help="Pilot results table (.parquet/.csv) for pilot accuracy."
    ),
    scorer: str | None = typer.Option(None, help="Scorer to read when the table has several."),
    condition: str | None = typer.Option(None, help="Only pilot rows of this condition."),
    bands: str | None = typer.Option(
        None,
        help="Set `difficulty` from pilot accuracy: 'LOW,HIGH' "
        "(hard < LOW <= medium < HIGH <= easy).",
    ),
    log: Path | None = typer.Option(None, help="Tag log (.csv); default OUT .tags.csv."),
    log_dir: Path = typer.Option(Path("logs/curate"), help="Folder for the Inspect logs."),
) -> None:
    """Tag items with cognitive level and pilot accuracy (share of pilot models correct).

    Both go into each item's metadata with their source. Unparseable level replies and items
    no pilot model answered get no tag (they are listed in the log).
    """
    import pandas as pd

    from clinbench.curate.difficulty import (
        cognitive_levels,
        pilot_accuracy,
        pilot_results,
        tag_items,
    )
    from clinbench.curate.textnorm import atomic_write_csv
    from clinbench.items.loader import ItemFileError, write_items

    if levels not in ("rule", "model", "none"):
        fail(f"--levels: {levels!r} is not rule, model or none")
    if levels == "model" and not model:
        fail("--levels model needs --model")
    band_pair = None
    if bands:
        try:
            low, high = (float(x) for x in bands.split(","))
        except ValueError:
            fail(f"--bands: {bands!r} is not 'LOW,HIGH'")
        if not 0.0 <= low <= high <= 1.0:
            fail(f"--bands: need 0 <= LOW <= HIGH <= 1, got {bands!r}")
        band_pair = (low, high)
    if bands and results is None:
        fail("--bands needs --results")
    loaded = _load(items)
    level_table = None
    if levels != "none":
        level_table = cognitive_levels(
            loaded,
            method=levels,
            model=_model(model, model_arg) if levels == "model" else None,
            log_dir=log_dir,
        )
    pilot = None
    if results is not None:
        try:
            pilot = pilot_accuracy(pilot_results(results), scorer=scorer, condition=condition)
        except ItemFileError as err:
            fail(str(err))
        except ValueError as err:
            fail(f"{results}: {err}")
    tagged = tag_items(loaded, levels=level_table, pilot=pilot, bands=band_pair)
    report = pd.DataFrame({"item_id": [i.id for i in loaded]})
    if level_table is not None:
        report = report.merge(level_table, on="item_id", how="left")
    if pilot is not None:
        report = report.merge(pilot, on="item_id", how="left")
    log = log or _sidecar(out, "tags.csv")
    write_items(tagged, out)
    atomic_write_csv(report, log)
    untagged = 0 if level_table is None else int((level_table["status"] != "ok").sum())
    no_pilot = 0 if pilot is None else len(set(report["item_id"]) - set(pilot.dropna()["item_id"]))
    echo_message(
        f"wrote {len(tagged)} items to {out}; log {log}"
        + (f"; {untagged} without a cognitive level" if level_table is not None else "")
        + (f"; {no_pilot} without pilot accuracy" if pilot is not None else "")
    )


@app.command("review-export")
def review_export(
    items: list[Path] = typer.Argument(..., help="Item files (.jsonl or .csv)."),
    out: Path = typer.Option(..., "--out", help="Folder for review.csv and review.html."),
    dedup_decisions: Path | None = typer.Option(
        None, "--dedup", help="Dedup decisions.csv: adds duplicate flags."
    ),
    changes: Path | None = typer.Option(None, help="Normalisation change log: adds flags."),
) -> None:
    """Write a review sheet (CSV to fill in, HTML to read): item, key, source quote, flags."""

    from clinbench.curate.review import export_review

    loaded = _load(items)
    extra = {}
    for name, path in (("dedup", dedup_decisions), ("changes", changes)):
        if path is not None:
            if not path.is_file():
                fail(f"{path}:0: -: file not found")
            extra[name] = read_own_csv(path, dtype=str, keep_default_na=False)
    csv_path, html_path = export_review(loaded, out, **extra)
    echo_message(f"wrote {csv_path} and {html_path} ({len(loaded)} items)")


@app.command("review-import")
def review_import(
    items: list[Path] = typer.Argument(..., help="Item files the sheet was exported from."),
    sheet: Path = typer.Option(..., "--sheet", help="Filled review sheet (.csv)."),
    out: Path = typer.Option(..., "--out", help="Reviewed item file (.jsonl)."),
    log: Path | None = typer.Option(None, help="Review log (.csv); default OUT .review.csv."),
) -> None:
    """Apply reviewers' keep / revise / remove decisions; revised items are re-validated."""
    from clinbench.curate.review import import_review
    from clinbench.curate.textnorm import atomic_write_csv
    from clinbench.items.loader import ItemFileError, write_items

    loaded = _load(items)
    try:
        reviewed, table = import_review(loaded, sheet)
    except ItemFileError as err:
        fail(str(err))
    log = log or _sidecar(out, "review.csv")
    write_items(reviewed, out)
    atomic_write_csv(table, log)
    counts = table["decision"].value_counts()
    echo_message(
        f"wrote {len(reviewed)} items to {out} ("
        + ", ".join(f"{n} {d}" for d, n in counts.items())
        + f"); log {log}"
    )


@app.command("freshness")
def freshness_command(
    items: list[Path] = typer.Argument(
        ..., help="Item files (JSONL or CSV) whose sources to check."
    ),
    out: Path | None = typer.Option(
        None, "--out", "-o", help="Write the report here (.csv or .json); printed otherwise."
    ),
    timeout: float = typer.Option(freshness.DEFAULT_TIMEOUT, help="Seconds to wait for each page."),
    max_redirects: int = typer.Option(
        freshness.DEFAULT_MAX_REDIRECTS, help="Redirects followed at most."
    ),
    max_bytes: int = typer.Option(freshness.DEFAULT_MAX_BYTES, help="Largest page read, in bytes."),
    workers: int = typer.Option(4, help="Pages fetched at the same time."),
    fmt: str = format_option(),
) -> None:
    """Re-fetch each item's source URL and check its quote: fresh, changed or unreachable.

    'changed': the page was read but the quote grounding the key is gone; review the item.

    Exit status 0 whatever the pages say; 2 for unreadable item files.
    """
    from clinbench.cli.console import TableOutput
    from clinbench.io import atomic_write_text
    from clinbench.items.loader import ItemFileError, load_items

    try:
        loaded = load_items(items)
    except ItemFileError as err:
        echo_message(str(err), err=True)
        raise typer.Exit(2) from None
    if out is not None and out.suffix.lower() not in (".csv", ".json"):
        echo_message(f"{out}: use a .csv or .json report file", err=True)
        raise typer.Exit(2)
    try:
        report = freshness.check_freshness(
            loaded,
            timeout=timeout,
            max_redirects=max_redirects,
            max_bytes=max_bytes,
            workers=workers,
        )
    except freshness.MissingDependencyError as err:
        echo_error(f"{err}")
        raise typer.Exit(2) from None
    counts = report["status"].value_counts()
    summary = ", ".join(f"{s}: {int(counts.get(s, 0))}" for s in freshness.STATUSES)
    output = TableOutput(fmt)
    if out is not None:
        text = (
            write_csv(report)
            if out.suffix.lower() == ".csv"
            else report.to_json(orient="records", indent=2)
        )
        atomic_write_text(out, text)
        output.message(f"wrote {out}")
        output.message(summary)
    else:
        view = report[["item_id", "status", "reason", "url"]].rename(columns={"item_id": "item"})
        output.table(view, "Source freshness", [summary])
    output.close()


@app.command("flow")
def flow(
    screening: Path | None = typer.Option(None, "--screening", help="`curate screen`'s table."),
    adapted: Path | None = typer.Option(
        None, "--adapted", help="`curate adapt`'s items (its .decisions.csv is read beside it)."
    ),
    normalised: Path | None = typer.Option(
        None, "--normalised", help="`curate normalise`'s items (and its .changes.csv)."
    ),
    dedup: Path | None = typer.Option(None, "--dedup", help="`curate dedup`'s decisions.csv."),
    unique: Path | None = typer.Option(
        None, "--unique", help="The items `curate apply` kept from those decisions."
    ),
    tagged: Path | None = typer.Option(
        None, "--tagged", help="`curate tag`'s items (and its .tags.csv)."
    ),
    final: Path | None = typer.Option(
        None, "--final", help="`curate review-import`'s items (and its .review.csv)."
    ),
    figure: Path | None = typer.Option(
        None, "--figure", help="Also draw the flow as a figure (.png or .svg)."
    ),
    fmt: str = format_option(),
) -> None:
    """Items in, set aside and kept at each curation step of a run, read from its files."""
    from clinbench.cli.console import TableOutput
    from clinbench.curate.curation_flow import curation_flow, flow_figure

    try:
        table = curation_flow(screening, adapted, normalised, dedup, unique, tagged, final)
        written = flow_figure(table, figure) if figure is not None else None
    except (ValueError, OSError) as err:
        fail(f"error: {err}")
    output = TableOutput(fmt)
    output.table(table, "Curation flow: items in and out of each step")
    if written is not None:
        output.message(f"wrote {written}")
    output.close()


@app.command("draft-references")
def draft_references(
    cases: list[Path] = typer.Argument(..., help="Case item files (.jsonl)."),
    model: str = typer.Option(..., "--model", help=_MODEL_HELP),
    out: Path = typer.Option(..., "--out", help="Case file to write with the drafts (.jsonl)."),
    model_arg: list[str] = typer.Option(
        None, "-M", "--model-arg", help="Model argument key=value (repeatable)."
    ),
    questions: str | None = typer.Option(
        None, "--questions", help="Only these questions (e.g. Q1,Q2); default: every one."
    ),
    log_dir: Path = typer.Option(Path("logs/curate"), help="Folder for the Inspect logs."),
    media_root: list[Path] = media_root_option(
        "needed when --out's folder does not hold the case images; give it again to the "
        "commands that read the drafts."
    ),
    fmt: str = format_option(),
) -> None:
    """Have the model draft each case question's reference from the case alone (unreviewed).

    Each draft is checked against the case (cited phrases and every number must be in it;
    failures are flagged) and marked unreviewed until a reviewer signs it
    (`curate review-references`, then `curate sign-references`). Sample ids in the log are
    CASE:QUESTION (the item_id of a replay file). The case images' paths are written as
    seen from --out's folder.
    """
    from clinbench.cli.console import TableOutput
    from clinbench.curate.references import draft_case_references
    from clinbench.items.loader import relocate_items, write_items

    if out.suffix.lower() != ".jsonl":
        fail(f"--out: {out} must be a .jsonl file")
    wanted = [q.strip() for q in questions.split(",") if q.strip()] if questions else None
    try:
        here = relocate_items(_load(cases), out, media_root or [])
        drafted, decisions = draft_case_references(
            here, model=_model(model, model_arg), log_dir=log_dir, questions=wanted
        )
    except ValueError as err:
        fail(str(err))
    write_items(drafted, out)
    output = TableOutput(fmt)
    output.table(decisions, f"Drafted references written to {out} (each unreviewed until signed)")
    output.close()


@app.command("review-references")
def review_references(
    cases: list[Path] = typer.Argument(..., help="Case files holding drafted references."),
    out: Path = typer.Option(..., "--out", help="Audit folder to create for the review app."),
    text_only: bool = typer.Option(False, "--text-only", help="Leave the case images out."),
    every: bool = typer.Option(
        False, "--all", help="Include drafts already signed or rejected (default: unreviewed)."
    ),
    media_root: list[Path] = media_root_option(),
    fmt: str = format_option(),
) -> None:
    """Lay the drafted references out as an audit folder: reviewers sign them in the app.

    Then: `clinbench audit add-reviewer OUT NAME`, `clinbench audit serve OUT`; each reviewer
    labels every draft and submits their set; `clinbench curate sign-references` applies it.
    """
    from clinbench.audit.drafts import write_draft_audit
    from clinbench.audit.sampling import load_key
    from clinbench.cli.console import TableOutput
    from clinbench.curate.references import drafts_to_review

    try:
        drafts = drafts_to_review(_load(cases, media_root or None), every=every)
        warnings = write_draft_audit(drafts, out, text_only=text_only)
    except (ValueError, FileExistsError) as err:
        fail(str(err))
    for warning in warnings:
        echo_message(f"warning: {warning}", err=True)
    output = TableOutput(fmt)
    key = load_key(out)[["audit_id", "item_id", "question", "model"]]
    output.table(key, f"Drafts to review in {out}; next: clinbench audit add-reviewer {out} NAME")
    output.close()


@app.command("sign-references")
def sign_references(
    cases: list[Path] = typer.Argument(..., help="Case files holding drafted references."),
    audit: Path = typer.Option(..., "--audit", help="The draft-review audit folder."),
    out: Path = typer.Option(..., "--out", help="Case file to write with the sign-off (.jsonl)."),
    media_root: list[Path] = media_root_option(),
    fmt: str = format_option(),
) -> None:
    """Record the reviewers' sign-off on each drafted reference (signed, rejected, unreviewed).

    Only submitted sets count. A draft is signed when every reviewer who labelled it found it
    accurate or defensible, rejected when any found it flawed or indeterminate (their reasons
    are kept); a reference edited after review reads as unreviewed again.
    """
    from clinbench.audit.drafts import draft_labels
    from clinbench.cli.console import TableOutput
    from clinbench.curate.references import apply_signoff
    from clinbench.items.loader import relocate_items, write_items

    if out.suffix.lower() != ".jsonl":
        fail(f"--out: {out} must be a .jsonl file")
    try:
        here = relocate_items(_load(cases, media_root or None), out, media_root or [])
        signed, table = apply_signoff(here, draft_labels(audit))
    except ValueError as err:
        fail(str(err))
    write_items(signed, out)
    counts = table["status"].value_counts().to_dict()
    output = TableOutput(fmt)
    output.table(table, f"Sign-off written to {out}: " + ", ".join(
        f"{n} {status}" for status, n in sorted(counts.items())))  # fmt: skip
    output.close()
