"""Trend over time: earlier versions of each model family on the same items (AusClinBench).

The paper ran earlier releases of the same model families on the same items in the same
week, so a family's scores can be read in release order. Which model belongs to which family
and when it was released is not in a results table, so the user names it in a small CSV
file (``clinbench ausclin trend RESULTS --models MODELS.csv``), the leaderboard's
release-date file with a family column::

    model,family,release_date
    openai/gpt-4o-2024-05-13,GPT-4o,2024-05-13

Each row of the trend is one model under one condition: accuracy with its Wilson interval
(``analysis.accuracy_table``, the suite's one estimator) and the change from the family's
previous release on the items both answered (``analysis.paired_change``).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pandas as pd

from clinbench.stats.leaderboard import (
    DEFAULT_EXCLUSION_THRESHOLD,
    model_exclusions,
    read_release_dates,
)
from clinbench.suites.ausclin.analysis import (
    PAIRED_CHANGE_COLUMNS,
    accuracy_table,
    paired_change,
    plain_runs,
    scored_rows,
)

RELEASE_FIELDS = ("model", "family", "released")
TREND_COLUMNS = [
    "family",
    "condition",
    "release",
    "model",
    "released",
    "answered",
    "correct",
    "accuracy",
    "CI95% low",
    "CI95% high",
    "previous",
    *PAIRED_CHANGE_COLUMNS,
    "note",
]


def read_model_releases(path: Path) -> pd.DataFrame:
    """Return the model, family and release date of each model named in a CSV file.

    The file is the leaderboard's release-date CSV (``model, release_date``; dates read by
    ``stats.leaderboard.read_release_dates``) with a ``family`` column added, so one file
    serves ``leaderboard trend`` and ``ausclin trend``. Raises ItemFileError listing each
    ``file:line: field: message`` (a bad date, an empty family, a model named twice).
    """
    from clinbench.curate.textnorm import csv_rows
    from clinbench.items.loader import ItemFileError, ItemProblem

    path = Path(path)
    dates = read_release_dates(path)
    problems, records, seen = [], [], {}
    for line, row in csv_rows(path):
        model, family = (row.get(k, "").strip() for k in ("model", "family"))
        if not family:
            problems.append(ItemProblem(str(path), line, "family", "empty or missing column"))
        if model in seen:
            problems.append(
                ItemProblem(
                    str(path), line, "model", f"{model!r} is already named at line {seen[model]}"
                )
            )
        seen[model] = line
        records.append(
            {"model": model, "family": family, "released": dt.date.fromisoformat(dates[model])}
        )
    if not records:
        problems.append(ItemProblem(str(path), 1, "model", "no models listed"))
    if problems:
        raise ItemFileError(problems)
    return pd.DataFrame(records, columns=list(RELEASE_FIELDS))


def trend_table(
    results: pd.DataFrame,
    releases: pd.DataFrame,
    conditions: list[str] | None = None,
    threshold: float = DEFAULT_EXCLUSION_THRESHOLD,
    n_boot: int = 10_000,
    seed: int = 0,
) -> pd.DataFrame:
    """Return each family's models in release order per condition, with the change per release.

    Accuracy and its Wilson 95% interval come from ``accuracy_table`` (unperturbed runs,
    equipoise items and excluded models left out). The change is against the family's
    previous release that has scored rows under the same condition, paired on the items both
    answered. A named model with no rows, or one excluded for unusable replies, keeps its row
    with the reason in ``note`` and is skipped as a comparison point.
    """
    runs = plain_runs(results)
    accuracy = accuracy_table(runs, by=("model", "condition"), threshold=threshold)
    rows = scored_rows(runs, threshold)
    excluded = model_exclusions(runs, threshold).set_index("model")["excluded"]
    present = set(runs["model"].astype(str))
    wanted = conditions or sorted(set(rows["condition"].astype(str)))
    records = []
    for family, members in releases.groupby("family", sort=True):
        members = members.sort_values(["released", "model"], kind="stable")
        for condition in wanted:
            previous = None
            for order, release in enumerate(members.itertuples(index=False), start=1):
                record = {
                    "family": family,
                    "condition": condition,
                    "release": order,
                    "model": release.model,
                    "released": release.released.isoformat(),
                    "previous": "",
                    "note": "",
                }
                score = accuracy[
                    (accuracy["model"] == release.model) & (accuracy["condition"] == condition)
                ]
                if release.model not in present:
                    record["note"] = "not in these results"
                elif bool(excluded.get(release.model, False)):
                    record["note"] = "excluded for unusable replies (see `ausclin exclusions`)"
                elif score.empty:
                    record["note"] = f"no scored rows under {condition}"
                if record["note"]:
                    records.append(record)
                    continue
                record |= {
                    c: score.iloc[0][c]
                    for c in ("answered", "correct", "accuracy", "CI95% low", "CI95% high")
                }
                mine = rows[(rows["model"] == release.model) & (rows["condition"] == condition)]
                if previous is not None:
                    before = rows[(rows["model"] == previous) & (rows["condition"] == condition)]
                    record["previous"] = previous
                    record |= paired_change(mine, before, n_boot=n_boot, seed=seed)
                else:
                    record["note"] = "no earlier scored release to compare with"
                previous = release.model
                records.append(record)
    out = pd.DataFrame(records, columns=TREND_COLUMNS)
    for column in ("answered", "correct", "shared items"):
        out[column] = out[column].astype("Int64")
    return out
