"""Stratified, blinded samples of graded replies (or of cases) for a human audit.

``stratified_sample`` returns the sampled rows with their sampling weights; ``write_audit``
lays out an audit folder: what reviewers see (``items.jsonl``, ``media/``) apart from what
they must not see before unblinding (``key.csv``, ``strata.csv``, ``population.csv``).

The design follows AudiologyBench's audit: stratified random selection with target balance
across question type, model and adjudicator grade; realised counts per cell reported; the
first items form a calibration segment; enrichment (e.g. cases every model failed) with
weights that undo it when estimates are reweighted to the population.
"""

from __future__ import annotations

import hashlib
import json
import math
import shutil
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from clinbench.audit.audit_errors import AuditInputError
from clinbench.audit.labels import FAIL_GRADES, GRADES
from clinbench.io import (
    JsonlError,
    jsonl_lines,
    make_folders,
    owner_only,
    read_own_csv,
    remove_made_folders,
    write_csv,
)
from clinbench.items.image_references import refers_to_image, without_image_references

# Files of an audit folder. Reviewers are served only what ITEMS_FILE and MEDIA_DIR hold.
AUDIT_FILE = "audit.json"
ITEMS_FILE = "items.jsonl"
KEY_FILE = "key.csv"
STRATA_FILE = "strata.csv"
POPULATION_FILE = "population.csv"
MEDIA_DIR = "media"
DB_FILE = "audit.sqlite"

MODES = ("review", "baseline", "reference")
ENRICHMENTS = ("all_models_fail",)
DEFAULT_STRATA = {"review": ("question", "model", "grade"), "baseline": (),
                  "reference": ("model", "outcome")}  # fmt: skip
MISSING = "(missing)"
UNKNOWN = "unknown"
"""The adjudicator's critical-error flag where its score metadata says its critical errors
are not known (``outcomes.CRITICAL_ERRORS_UNKNOWN``: the fact check read no claim): a third
state beside true and false, never "no critical error"."""
# The reference audit (AudiologyBench's short-answer reference fidelity audit) samples judged
# short-answer replies: the reviewer labels the item's reference and re-judges the reply.
REFERENCE_FORMATS = ("sa", "fib")
JUDGED_OUTCOMES = ("correct", "incorrect")

_REQUIRED = {
    "review": ("model", "item_id", "question", "grade", "score", "response"),
    "baseline": ("model", "item_id", "format"),
    "reference": ("model", "item_id", "format", "outcome", "response"),
}
_UNIT_KEY = ("task", "model", "item_id", "condition", "epoch", "scorer", "question")


@dataclass(frozen=True)
class AuditSample:
    """A drawn sample: the rows in presentation order, the per-cell counts, the population."""

    sample: pd.DataFrame
    cells: pd.DataFrame
    population: pd.DataFrame


def audit_results(path: str | Path) -> pd.DataFrame:
    """Return the frozen results table at ``path`` (.parquet or .csv), with a ``_line`` column.

    Read by :func:`clinbench.results.read_results` (the one results reader); ``_line`` is
    the row's line in a CSV file (header = line 1) or its 1-based row number in a Parquet
    file, so later problems can name where they are. A file that cannot be read raises
    :class:`AuditInputError` naming it.
    """
    from clinbench.results import ResultsFileError, read_results

    try:
        table = read_results(path, line_column="_line")
    except ResultsFileError as err:
        raise AuditInputError(err.path, err.line, err.field, err.message) from err
    table.attrs["source"] = str(path)
    return table


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value)) or value == ""


def _as_str(value: Any) -> str:
    return MISSING if _blank(value) else str(value)


def item_lookup(items: list[Any]) -> dict[str, tuple[dict[str, Any], str | None]]:
    """Return {item id: (item as JSON dict with image paths resolved, None)} for loaded items."""
    out = {}
    for item in items:
        dump = item.model_dump(mode="json")
        if dump.get("images"):  # resolved against the item file's folder
            dump["images"] = [str(item.resolve(image)) for image in dump["images"]]
        out[item.id] = (dump, None)
    return out


def _parse_item(
    row: pd.Series, source: str, items: dict[str, tuple[dict[str, Any], str | None]] | None
) -> tuple[dict[str, Any], str | None]:
    """Return (item dict, item folder or None) for a results row.

    The item comes from ``items`` (loaded from the item files) when given; otherwise the
    row's ``item_metadata`` must hold the item itself (``{"item": {...}, "item_dir": ...}``).
    """
    line = int(row["_line"]) if "_line" in row else 0
    if items is not None:
        found = items.get(str(row["item_id"]))
        if found is None:
            raise AuditInputError(
                source, line, "item_id", f"no item {row['item_id']!r} in the item files given"
            )
        return found
    raw = row.get("item_metadata")
    meta: Any = None
    if not _blank(raw):
        try:
            meta = json.loads(raw) if isinstance(raw, str) else dict(raw)
        except (json.JSONDecodeError, TypeError, ValueError) as err:
            raise AuditInputError(source, line, "item_metadata", f"not valid JSON: {err}") from err
    item = (
        meta.get("item") if isinstance(meta, dict) and isinstance(meta.get("item"), dict) else meta
    )
    if not isinstance(item, dict) or not item.get("stem"):
        raise AuditInputError(
            source, line, "item_metadata",
            "holds no item (case text, questions, references): pass the item files with --items"
            + _shipped_hint(row),
        )  # fmt: skip
    item_dir = meta.get("item_dir") if isinstance(meta.get("item_dir"), str) else None
    return item, item_dir


def _run_sent_no_images(row: pd.Series) -> bool:
    """Return True when the row's run recorded that it sent no image (protocol images: false)."""
    raw = row.get("protocol")
    if _blank(raw) or not isinstance(raw, str):
        return False
    try:
        protocol = json.loads(raw)
    except json.JSONDecodeError:
        return False
    return isinstance(protocol, dict) and protocol.get("images") is False


def _shipped_hint(row: pd.Series) -> str:
    """Return '; suite S ships item I in PATH: --items PATH' when a suite's sample holds it."""
    from clinbench.suites import shipped_item_file

    suite, item_id = row.get("suite"), row.get("item_id")
    if _blank(suite) or _blank(item_id):
        return ""
    path = shipped_item_file(str(suite), str(item_id))
    if path is None:
        return ""
    return f"; suite {suite!r} ships item {item_id!r} in {path}: --items {path}"


def _check_columns(table: pd.DataFrame, mode: str, strata: tuple[str, ...]) -> None:
    source = table.attrs.get("source", "results")
    for column in (*_REQUIRED[mode], *strata):
        if column not in table.columns:
            raise AuditInputError(source, 1, column, "column missing from the results table")


def eligible_units(
    results: pd.DataFrame,
    *,
    mode: str = "review",
    scorer: str | None = None,
    strata: tuple[str, ...] = (),
) -> pd.DataFrame:
    """Return the population an audit samples from: graded replies, or case items.

    Review mode keeps rows with an adjudicator letter grade (one row per graded reply and
    question); baseline mode keeps one row per case item. With graded rows from more than
    one scorer, ``scorer`` must say which adjudicator is audited.
    """
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}, got {mode!r}")
    _check_columns(results, mode, strata)
    source = results.attrs.get("source", "results")
    table = results.copy()
    if scorer is not None:
        if "scorer" not in table.columns:
            raise AuditInputError(source, 1, "scorer", "column missing from the results table")
        table = table[table["scorer"] == scorer]
        if table.empty:
            raise AuditInputError(source, 1, "scorer", f"no rows scored by {scorer!r}")
    if mode == "reference":
        return _judged_short_answers(table, source, scorer)
    if mode == "review":
        graded = table[table["grade"].notna() & (table["grade"].astype(str) != "")].copy()
        if graded.empty:
            raise AuditInputError(source, 1, "grade", "no graded replies to audit")
        bad = graded[~graded["grade"].astype(str).str.upper().isin(GRADES)]
        if not bad.empty:
            row = bad.iloc[0]
            raise AuditInputError(
                source, int(row["_line"]), "grade", f"unknown letter grade {row['grade']!r}"
            )
        graded["grade"] = graded["grade"].astype(str).str.upper()
        _one_scorer(graded, source, scorer, "graded rows come from")
        _fill_unit_key(graded)
        row = _first_repeated_unit(graded)
        if row is not None:
            raise AuditInputError(
                source, int(row["_line"]), "item_id",
                f"duplicate graded row for model {row['model']!r}, item {row['item_id']!r}, "
                f"question {row['question']!r}",
            )  # fmt: skip
        return graded.reset_index(drop=True)
    cases = table[table["format"] == "case"]
    if cases.empty:
        raise AuditInputError(source, 1, "format", "no case items in the results table")
    for column in strata:
        varies = cases.groupby("item_id")[column].nunique(dropna=False)
        if (varies > 1).any():
            raise AuditInputError(
                source, 1, column,
                f"varies within case {varies[varies > 1].index[0]!r}; a baseline samples "
                "whole cases, so strata must be case-level (e.g. domain, difficulty)",
            )  # fmt: skip
    return cases.drop_duplicates(subset="item_id", keep="first").reset_index(drop=True)


def _one_scorer(rows: pd.DataFrame, source: str, scorer: str | None, subject: str) -> None:
    """Raise AuditInputError when ``rows`` come from several scorers and none was chosen."""
    if "scorer" in rows.columns and scorer is None and rows["scorer"].nunique() > 1:
        names = ", ".join(sorted(map(str, rows["scorer"].unique())))
        raise AuditInputError(
            source, 1, "scorer", f"{subject} several scorers ({names}); "
            "pick the audited one with --scorer"
        )  # fmt: skip


def _fill_unit_key(rows: pd.DataFrame) -> None:
    """Add each column of the audit unit's key that ``rows`` lack, as MISSING (in place)."""
    for column in _UNIT_KEY:
        if column not in rows.columns:
            rows[column] = MISSING


def _first_repeated_unit(rows: pd.DataFrame) -> pd.Series | None:
    """Return the first row whose audit unit another row repeats, or None when each is once."""
    repeated = rows.duplicated(subset=list(_UNIT_KEY), keep=False)
    return rows[repeated].iloc[0] if repeated.any() else None


def _judged_short_answers(table: pd.DataFrame, source: str, scorer: str | None) -> pd.DataFrame:
    """Return the judged short-answer replies (correct or incorrect) a reference audit samples."""
    judged = table[
        table["format"].isin(REFERENCE_FORMATS) & table["outcome"].isin(JUDGED_OUTCOMES)
    ].copy()
    if judged.empty:
        raise AuditInputError(
            source, 1, "outcome",
            "no judged short-answer (sa/fib) replies to audit (outcome correct or incorrect)",
        )  # fmt: skip
    _one_scorer(judged, source, scorer, "short answers were judged by")
    _fill_unit_key(judged)
    judged["question"] = judged["question"].map(lambda v: MISSING if _blank(v) else v)
    row = _first_repeated_unit(judged)
    if row is not None:
        raise AuditInputError(
            source, int(row["_line"]), "item_id",
            f"duplicate judged row for model {row['model']!r}, item {row['item_id']!r}",
        )  # fmt: skip
    return judged.reset_index(drop=True)


def all_models_fail(
    results: pd.DataFrame, *, fail_grades: tuple[str, ...] = FAIL_GRADES
) -> pd.Series:
    """Return, per results row, whether every model failed that item's question.

    A model fails an (item, question) when all its graded rows there have a fail grade
    (D or F by default); a model with no graded row there counts as not failing, so the
    flag is never set on missing evidence.
    """
    graded = results[results["grade"].notna()].copy()
    graded["_fail"] = graded["grade"].astype(str).str.upper().isin(fail_grades)
    models = set(graded["model"].unique())
    per_model = graded.groupby(["item_id", "question", "model"])["_fail"].all().reset_index()
    failed = per_model[per_model["_fail"]].groupby(["item_id", "question"])["model"].agg(set)
    all_fail = {key for key, who in failed.items() if who == models and len(models) > 0}
    keys = zip(results["item_id"], results["question"], strict=True)
    return pd.Series([key in all_fail for key in keys], index=results.index, dtype=bool)


def balanced_allocation(sizes: dict[str, int], n: int, rng: np.random.Generator) -> dict[str, int]:
    """Return how many units to draw per cell: as equal as the cells' sizes allow.

    Water-filling equal allocation (hand-written: no library offers balanced allocation
    with capacity caps). Each round gives every open cell an equal share of what is left;
    a cell smaller than its share gives all it has and the rest flows to the other cells;
    a remainder smaller than the number of open cells goes to randomly chosen cells.
    """
    if n > sum(sizes.values()):
        raise ValueError(f"cannot draw {n} from {sum(sizes.values())} units")
    alloc = {cell: 0 for cell in sizes}
    remaining = n
    open_cells = sorted(cell for cell, size in sizes.items() if size > 0)
    while remaining > 0 and open_cells:
        share = remaining // len(open_cells)
        if share == 0:
            chosen = rng.choice(len(open_cells), size=remaining, replace=False)
            for index in sorted(chosen):
                alloc[open_cells[index]] += 1
            remaining = 0
            break
        for cell in open_cells:
            take = min(share, sizes[cell] - alloc[cell])
            alloc[cell] += take
            remaining -= take
        open_cells = [cell for cell in open_cells if alloc[cell] < sizes[cell]]
    return alloc


def stratified_sample(
    units: pd.DataFrame,
    n: int,
    *,
    strata: tuple[str, ...] | list[str],
    seed: int,
    calibration: int = 0,
    enrich: str | None = None,
    enrich_share: float = 0.5,
    mode: str = "review",
    fail_grades: tuple[str, ...] = FAIL_GRADES,
    results: pd.DataFrame | None = None,
) -> AuditSample:
    """Return a stratified random sample of ``units`` with sampling weights, in review order.

    Cells are the cross of the ``strata`` columns (and, with ``enrich``, whether the unit
    belongs to the enriched set). ``n`` is spread across cells as evenly as their sizes
    allow (``allocate_sample``); within a cell units are drawn by simple random sampling
    without replacement (``draw_sample``). Each sampled unit's ``weight`` is N_h / n_h, the
    inverse of its cell's realised inclusion probability, so weighted sums estimate
    population totals and undo both the balancing and the enrichment. With ``enrich``,
    ``enrich_share`` of ``n`` is drawn from the enriched set. The first ``calibration``
    units (one per cell in turn, so they span the cells) form the calibration segment; the
    rest follow in random order (``review_order``). One generator seeded with ``seed``
    serves the three steps in turn, so the same seed gives the same sample.
    """
    strata = tuple(strata)
    _check_request(units, n, calibration, enrich, enrich_share)
    rng = np.random.default_rng(seed)
    population = _population_cells(units, strata, enrich, mode, fail_grades, results)
    sizes = population["cell"].value_counts().to_dict()
    alloc = allocate_sample(population, sizes, n, rng, enrich=enrich, enrich_share=enrich_share)
    order = review_order(draw_sample(population, alloc, rng), calibration, rng)
    sample = _sample_rows(population, order, sizes, alloc, calibration, mode)
    cells = _cell_counts(population, sample, sizes, alloc, strata, enrich)
    return AuditSample(sample.reset_index(drop=True), cells, population)


def _check_request(
    units: pd.DataFrame, n: int, calibration: int, enrich: str | None, enrich_share: float
) -> None:
    """Raise ValueError when a sample of ``n`` cannot be drawn as asked."""
    if n < 1:
        raise ValueError("n must be at least 1")
    if not 0 <= calibration <= n:
        raise ValueError(f"calibration must be between 0 and n={n}, got {calibration}")
    if enrich is not None and enrich not in ENRICHMENTS:
        raise ValueError(f"unknown enrichment {enrich!r}; known: {', '.join(ENRICHMENTS)}")
    if not 0 < enrich_share < 1:
        raise ValueError("enrich_share must be strictly between 0 and 1")
    if n > len(units):
        raise ValueError(
            f"cannot sample {n} from the {len(units)} eligible units (the replies this audit "
            f"can review): ask for at most {len(units)} (--n)"
        )


def _enriched(
    population: pd.DataFrame, mode: str, fail_grades: tuple[str, ...], results: pd.DataFrame | None
) -> pd.Series:
    """Return, per unit, whether it belongs to the all-models-fail set.

    A reply is enriched when every model failed its (item, question); a case (baseline mode)
    when every model failed at least one of its questions.
    """
    source = results if results is not None else population
    if mode == "reference":  # every model's judged reply to the item was incorrect
        judged = source[source["outcome"].isin(JUDGED_OUTCOMES)]
        wrong = judged.groupby("item_id")["outcome"].agg(lambda o: set(o) == {"incorrect"})
        models = judged.groupby("item_id")["model"].nunique()
        every = set(wrong[wrong & (models == judged["model"].nunique())].index)
        return population["item_id"].isin(every)
    flags = all_models_fail(source, fail_grades=fail_grades)
    if mode == "review":
        key = set(zip(source.loc[flags, "item_id"], source.loc[flags, "question"], strict=True))
        pairs = zip(population["item_id"], population["question"], strict=True)
        return pd.Series([pair in key for pair in pairs], index=population.index, dtype=bool)
    return population["item_id"].isin(set(source.loc[flags, "item_id"]))


def _population_cells(
    units: pd.DataFrame,
    strata: tuple[str, ...],
    enrich: str | None,
    mode: str,
    fail_grades: tuple[str, ...],
    results: pd.DataFrame | None,
) -> pd.DataFrame:
    """Return a copy of ``units`` with its ``enriched`` flag and ``cell`` label."""
    population = units.copy()
    population["enriched"] = False
    if enrich == "all_models_fail":
        population["enriched"] = _enriched(population, mode, fail_grades, results)
    parts = [population[s].map(lambda v, s=s: f"{s}={_as_str(v)}") for s in strata]
    if enrich is not None:
        parts.insert(0, population["enriched"].map(lambda v: f"{enrich}={'yes' if v else 'no'}"))
    if not parts:
        population["cell"] = "all"
        return population
    cell = parts[0]
    for part in parts[1:]:
        cell = cell + "|" + part
    population["cell"] = cell
    return population


def allocate_sample(
    population: pd.DataFrame,
    sizes: dict[str, int],
    n: int,
    rng: np.random.Generator,
    *,
    enrich: str | None = None,
    enrich_share: float = 0.5,
) -> dict[str, int]:
    """Return how many units to draw per cell (the allocation step).

    Without enrichment, ``n`` is spread over all cells by ``balanced_allocation``; with it,
    ``enrich_share`` of ``n`` goes to the enriched cells and the rest to the others (each
    part balanced), capped by what each part holds.
    """
    if enrich is None:
        return balanced_allocation(sizes, n, rng)
    enriched_total = int(population["enriched"].sum())
    if enriched_total == 0:
        raise ValueError(f"enrichment {enrich!r} found no units to enrich with")
    n_enriched = min(enriched_total, round(n * enrich_share))
    n_rest = n - n_enriched
    rest_total = len(population) - enriched_total
    if n_rest > rest_total:
        n_rest, n_enriched = rest_total, n - rest_total
    on = {c: s for c, s in sizes.items() if c.startswith(f"{enrich}=yes")}
    off = {c: s for c, s in sizes.items() if not c.startswith(f"{enrich}=yes")}
    return {**balanced_allocation(on, n_enriched, rng), **balanced_allocation(off, n_rest, rng)}


def draw_sample(
    population: pd.DataFrame, alloc: dict[str, int], rng: np.random.Generator
) -> dict[str, list[int]]:
    """Return the drawn population indices per cell (the drawing step: SRS within each cell)."""
    drawn: dict[str, list[int]] = {}
    for cell in sorted(alloc):
        members = population.index[population["cell"] == cell].to_numpy()
        take = alloc[cell]
        if take:
            drawn[cell] = [int(i) for i in rng.choice(members, size=take, replace=False)]
    return drawn


def review_order(
    drawn: dict[str, list[int]], calibration: int, rng: np.random.Generator
) -> list[int]:
    """Return the drawn indices in review order.

    Calibration first: one unit per cell in turn (cells in random order), so the segment
    spans the cells; then the rest shuffled.
    """
    order: list[int] = []
    queues = [list(drawn[c]) for c in rng.permutation(sorted(drawn))]
    while len(order) < calibration:
        for queue in queues:
            if queue and len(order) < calibration:
                order.append(queue.pop(0))
    rest = [i for queue in queues for i in queue]
    return order + [rest[i] for i in rng.permutation(len(rest))]


def _sample_rows(
    population: pd.DataFrame,
    order: list[int],
    sizes: dict[str, int],
    alloc: dict[str, int],
    calibration: int,
    mode: str,
) -> pd.DataFrame:
    """Return the sampled rows in review order with weights, positions, segments and ids."""
    sample = population.loc[order].copy()
    sample["population_index"] = order
    sample["population_n"] = sample["cell"].map(sizes).astype(int)
    sample["sample_n"] = sample["cell"].map(alloc).astype(int)
    sample["inclusion_probability"] = sample["sample_n"] / sample["population_n"]
    sample["weight"] = sample["population_n"] / sample["sample_n"]
    sample["position"] = np.arange(1, len(sample) + 1)
    sample["segment"] = np.where(sample["position"] <= calibration, "calibration", "main")
    prefix = {"review": "S", "reference": "R"}.get(mode, "C")
    width = max(2, len(str(len(sample))))
    sample["audit_id"] = [f"{prefix}{p:0{width}d}" for p in sample["position"]]
    return sample


def _cell_counts(
    population: pd.DataFrame,
    sample: pd.DataFrame,
    sizes: dict[str, int],
    alloc: dict[str, int],
    strata: tuple[str, ...],
    enrich: str | None,
) -> pd.DataFrame:
    """Return one row per cell: population, target and realised counts, weight, stratum values."""
    names = sorted(sizes)
    cells = pd.DataFrame(
        {
            "cell": names,
            "population_n": [sizes[c] for c in names],
            "target_n": [alloc.get(c, 0) for c in names],
        }
    )
    realised = sample["cell"].value_counts()
    cells["sample_n"] = cells["cell"].map(realised).fillna(0).astype(int)
    cells["weight"] = np.where(
        cells["sample_n"] > 0, cells["population_n"] / cells["sample_n"].replace(0, 1), np.nan
    )
    first = population.groupby("cell")[[*strata, "enriched"]].first()
    for s in strata:
        cells[s] = cells["cell"].map(first[s].map(_as_str))
    if enrich is not None:
        cells[enrich] = cells["cell"].map(first["enriched"]).astype(bool)
    return cells


def _copy_media(
    item: dict[str, Any], item_dir: str | None, media: Path, problems: list[str]
) -> list[str]:
    """Copy an item's images into ``media`` under content-hash names; return those names."""
    names = []
    for image in item.get("images") or []:
        source = Path(image)
        if not source.is_absolute() and item_dir:
            source = Path(item_dir) / source
        if not source.is_file():
            problems.append(f"item {item.get('id')!r}: image {image!r} not found at {source}")
            continue
        digest = hashlib.sha256(source.read_bytes()).hexdigest()[:20]
        name = f"{digest}{source.suffix.lower()}"
        if not (media / name).exists():
            shutil.copyfile(source, media / name)
        names.append(name)
    return names


def _case_view(
    item: dict[str, Any], item_dir: str | None, media: Path, problems: list[str], *, text_only: bool
) -> tuple[str, list[str]]:
    """Return (case text, media names) a reviewer is shown for ``item``.

    The images are shown whenever the case has them; in the text-only mode they are left out
    and so are the sentences that point to one. A case whose text points to an image it does
    not carry is reported.
    """
    text = str(item.get("stem", ""))
    if text_only:
        return without_image_references(text), []
    images = _copy_media(item, item_dir, media, problems)
    if not item.get("images") and refers_to_image(text):
        problems.append(f"item {item.get('id')!r}: the case text refers to an image it lacks")
    return text, images


def _reference(item: dict[str, Any], question: str | None) -> tuple[str, str]:
    """Return (question prompt, reference answer) of an item's question."""
    for sub in item.get("questions") or []:
        if question is not None and str(sub.get("id")) == question:
            return str(sub.get("prompt", "")), str(sub.get("reference", ""))
    answer = item.get("answer")
    if isinstance(answer, dict):
        answer = "; ".join(f"{k}: {v}" for k, v in answer.items())
    return str(item.get("stem", "")), "" if answer is None else str(answer)


def _reference_view(item: dict[str, Any], row: pd.Series) -> dict[str, Any]:
    """Return what a reference-audit reviewer sees: question, source, reference, the reply."""
    provenance = item.get("provenance") or {}
    source = "\n\n".join(
        str(part) for part in (item.get("context"), provenance.get("quote"),
                               provenance.get("citation"), provenance.get("url")) if part
    )  # fmt: skip
    answer = item.get("answer")
    accepted = [str(a) for a in item.get("accept") or []]
    return {
        "question": "",
        "question_prompt": str(item.get("stem", "")),
        "source": source or "(the item names no source)",
        "reference": ("" if answer is None else str(answer))
        + (f"\n(also accepted: {'; '.join(accepted)})" if accepted else ""),
        "response": "" if _blank(row["response"]) else str(row["response"]),
    }


def _critical_errors(value: Any) -> list[str]:
    if _blank(value):
        return []
    if isinstance(value, list | tuple | np.ndarray):
        return [str(v) for v in value]
    text = str(value).strip()
    if text.startswith("["):
        try:
            return [str(v) for v in json.loads(text)]
        except json.JSONDecodeError:
            pass
    return [part.strip() for part in text.split(";") if part.strip()]


def write_audit(
    drawn: AuditSample,
    out: str | Path,
    *,
    mode: str,
    settings: dict[str, Any],
    text_only: bool = False,
    source: str | Path | None = None,
    items: dict[str, tuple[dict[str, Any], str | None]] | None = None,
) -> list[str]:
    """Write the audit folder ``out`` (atomically: built aside, then renamed); return warnings.

    ``items`` ({item id: (item dict, media folder)}, see ``item_lookup``) supplies case text,
    references and images; without it each row's ``item_metadata`` must hold the item.
    Reviewers see a case's images whenever it has them; ``text_only`` (review mode) leaves
    the images out and drops the case sentences that point to one. Raises FileExistsError
    when ``out`` already holds anything: an audit in progress is never overwritten.
    """
    out = Path(out)
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise FileExistsError(f"{out} already exists and is not empty")
    made = make_folders(out.parent, private=True)
    build: Path | None = None
    problems: list[str] = []
    try:
        build = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
        media = build / MEDIA_DIR
        media.mkdir()
        src = str(source or drawn.sample.attrs.get("source", "results"))
        hide_images = text_only and mode == "review"  # a baseline reviewer sees the whole case
        records, keys = [], []
        known = _errors_known(drawn.sample)
        unseen = 0  # replies whose run sent the model no image
        for index, row in drawn.sample.iterrows():
            item, item_dir = _parse_item(row, src, items)
            no_images = mode == "review" and not hide_images and _run_sent_no_images(row)
            unseen += no_images
            text, images = _case_view(
                item, item_dir, media, problems, text_only=hide_images or no_images
            )
            common = {
                "audit_id": row["audit_id"],
                "position": int(row["position"]),
                "segment": row["segment"],
                "case_id": str(row["item_id"]),
                "case_text": text,
                "images": images,
            }
            records.append({**common, **_reviewer_view(item, row, mode)})
            keys.append(_key_row(row, mode, known=bool(known[index])))
        with (build / ITEMS_FILE).open("w", encoding="utf-8") as handle:
            for record in records:
                handle.write(json.dumps(record, ensure_ascii=False) + "\n")
        write_csv(pd.DataFrame(keys), build / KEY_FILE)
        write_csv(drawn.cells, build / STRATA_FILE)
        if mode == "review":
            write_csv(_population_table(drawn.population), build / POPULATION_FILE)
        if unseen:
            problems.append(
                f"{unseen} of {len(records)} sampled replies come from a run that sent the "
                "model no image (images false in the results' protocol): their reviewers see "
                "the case as text only, as the model did"
            )
        hide_images = hide_images or (unseen > 0 and unseen == len(records))
        unknown = int((~known).sum()) if mode == "review" else 0
        if unknown:
            problems.append(
                f"{unknown} of {len(known)} sampled replies have critical errors not known (the "
                f"fact check read no claim): their adjudicator flag is {UNKNOWN!r}, left out of "
                "critical-error agreement and rates"
            )
        empty = drawn.cells[drawn.cells["sample_n"] == 0]
        if len(empty):
            problems.append(
                f"{len(empty)} of {len(drawn.cells)} cells ({int(empty['population_n'].sum())} "
                "units) got no sampled unit; reweighted estimates cover the other cells only"
            )
        meta = {
            "kind": mode,
            "uncovered": {"cells": len(empty), "units": int(empty["population_n"].sum())},
            "created": datetime.now(UTC).isoformat(timespec="seconds"),
            "source": src,
            "source_sha256": _sha256(Path(src)) if Path(src).is_file() else None,
            "n_items": len(records),
            "n_calibration": int((drawn.sample["segment"] == "calibration").sum()),
            "image_grounded": not hide_images,
            "text_only": hide_images,
            "settings": settings,
            "warnings": problems,
        }
        (build / AUDIT_FILE).write_text(json.dumps(meta, indent=2, default=str) + "\n")
        # labels, the answer key and the replies under review: owner-only, whatever the umask
        owner_only(build)
        if out.exists():
            out.rmdir()
        build.rename(out)
    except BaseException:
        if build is not None:
            shutil.rmtree(build, ignore_errors=True)
        remove_made_folders(made)
        raise
    return problems


def _reviewer_view(item: dict[str, Any], row: pd.Series, mode: str) -> dict[str, Any]:
    """Return what a reviewer sees of one sampled row beyond the case: per mode, never the key.

    reference: the item's reference and the reply; review: the question, its reference and
    the reply; baseline: the case's questions.
    """
    if mode == "reference":
        return _reference_view(item, row)
    if mode == "review":
        question = None if _blank(row["question"]) else str(row["question"])
        prompt, reference = _reference(item, question)
        section = row.get("extracted_answer")
        return {
            "question": question or "",
            "question_prompt": prompt,
            "reference": reference,
            # The part of the reply the adjudicator graded for this question
            # (the case section), and the whole reply for context.
            "response_section": "" if _blank(section) else str(section),
            "response": "" if _blank(row["response"]) else str(row["response"]),
        }
    return {
        "questions": [
            {"id": str(q.get("id")), "prompt": str(q.get("prompt", ""))}
            for q in item.get("questions") or []
        ],
    }


def _errors_known(rows: pd.DataFrame) -> pd.Series:
    """Return False where a row's score metadata says its critical errors are not known."""
    from clinbench.stats.describe import critical_errors_known

    return critical_errors_known(rows)


def critical_error_flag(value: Any) -> bool | None:
    """Return a key's or population's critical-error flag: True, False, or None (unknown).

    Reads ``True``/``False`` (any case) and :data:`UNKNOWN`; anything else raises ValueError.
    """
    if isinstance(value, bool | np.bool_):
        return bool(value)
    text = str(value).strip().lower()
    if text in ("true", "false"):
        return text == "true"
    if text == UNKNOWN:
        return None
    raise ValueError(f"a critical-error flag is true, false or {UNKNOWN}, got {value!r}")


def _key_row(row: pd.Series, mode: str, *, known: bool = True) -> dict[str, Any]:
    """Return the answer key's row of one sampled unit: what it is, its grading, its weight.

    ``known`` False (the score metadata says the critical errors are not known) makes the
    adjudicator's flag :data:`UNKNOWN`.
    """
    key = {
        "audit_id": row["audit_id"],
        "position": int(row["position"]),
        "segment": row["segment"],
        "item_id": str(row["item_id"]),
        "question": "" if mode == "baseline" or _blank(row["question"]) else row["question"],
        "model": row["model"] if mode != "baseline" else "",
    }
    for column in ("task", "condition", "epoch", "scorer"):
        key[column] = "" if column not in row or _blank(row[column]) else row[column]
    if mode == "reference":  # the automated grader's verdict, hidden from reviewers
        key.update(grader_verdict=row["outcome"])
    if mode == "review":
        errors = _critical_errors(row.get("critical_errors"))
        key.update(
            adjudicator_grade=row["grade"],
            adjudicator_score=row["score"],
            adjudicator_critical_error=bool(errors) if known else UNKNOWN,
            adjudicator_critical_errors=json.dumps(errors),
        )
    key.update(
        cell=row["cell"],
        enriched=bool(row["enriched"]),
        population_n=int(row["population_n"]),
        sample_n=int(row["sample_n"]),
        inclusion_probability=float(row["inclusion_probability"]),
        weight=float(row["weight"]),
        results_line=int(row["_line"]) if "_line" in row else "",
    )
    return key


def _population_table(pop: pd.DataFrame) -> pd.DataFrame:
    """Return the review population as written beside the audit: unit key, grading, cell."""
    cols = [
        c for c in (*_UNIT_KEY, "grade", "score", "critical_errors", "cell", "enriched") if c in pop
    ]
    population = pop[cols].copy()
    if "critical_errors" in population:
        flags = population["critical_errors"].map(lambda v: bool(_critical_errors(v)))
        population["critical_error"] = flags.astype(object).where(_errors_known(pop), UNKNOWN)
    return population


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def load_manifest(audit_dir: str | Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Return (audit.json settings, reviewer-visible items in review order) of an audit folder."""
    audit_dir = Path(audit_dir)
    meta_path = audit_dir / AUDIT_FILE
    if not meta_path.is_file():
        raise AuditInputError(meta_path, 0, "-", "not an audit folder (no audit.json)")
    meta = json.loads(meta_path.read_text())
    items = []
    for number, item in jsonl_lines(audit_dir / ITEMS_FILE):
        if isinstance(item, JsonlError):
            raise AuditInputError(audit_dir / ITEMS_FILE, number, "-", item.message) from item
        items.append(item)
    items.sort(key=lambda it: it["position"])
    return meta, items


def load_key(audit_dir: str | Path) -> pd.DataFrame:
    """Return the hidden key (model, adjudicator label, weight per audit item)."""
    return read_own_csv(
        Path(audit_dir) / KEY_FILE,
        dtype={"audit_id": str, "item_id": str, "question": str, "adjudicator_grade": str},
        keep_default_na=False,
        na_values=[""],
    )
