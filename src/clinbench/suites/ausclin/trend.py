"""Trend over time: earlier versions of each model family on the same items (AusClinBench).

The paper ran earlier releases of the same model families on the same items in the same
week, so a family's scores can be read in release order. Which model belongs to which family
and when it was released is not in a results table, so the user names it in a small YAML
file (``clinbench ausclin trend RESULTS --models MODELS.yaml``)::

    models:
      - model: openai/gpt-4o-2024-05-13
        family: GPT
        released: 2024-05-13

Each row of the trend is one model under one condition: accuracy with its Wilson interval
(``analysis.accuracy_table``, the suite's one estimator) and the change from the family's
previous release on the items both answered (``analysis.paired_change``).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pandas as pd

from clinbench.errors import InputFileError
from clinbench.stats.leaderboard import DEFAULT_EXCLUSION_THRESHOLD, model_exclusions
from clinbench.suites.ausclin.analysis import (
    PAIRED_CHANGE_COLUMNS,
    accuracy_table,
    paired_change,
    plain_runs,
    scored_rows,
)

RELEASE_FIELDS = ("model", "family", "released")
TREND_COLUMNS = ["family", "condition", "release", "model", "released", "answered", "correct",
                 "accuracy", "CI95% low", "CI95% high", "previous", *PAIRED_CHANGE_COLUMNS,
                 "note"]  # fmt: skip


class ModelReleasesError(InputFileError, ValueError):
    """A model-releases file that cannot be read; the message says file:line: field."""


def _release_date(value: object) -> dt.date | None:
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    try:
        return dt.date.fromisoformat(str(value).strip())
    except ValueError:
        return None


def read_model_releases(path: Path) -> pd.DataFrame:
    """Return the model, family and release date of each model named in a YAML file.

    Raises ModelReleasesError (``file:line: field: message``) on a file that is not YAML,
    has no ``models`` list, a model without a family or date, or a model named twice.
    """
    import yaml

    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
        root = yaml.compose(text)
        data = yaml.safe_load(text)
    except OSError as err:
        raise ModelReleasesError(f"{path}: cannot read: {err.strerror or err}") from None
    except yaml.YAMLError as err:
        raise ModelReleasesError(f"{path}: not valid YAML: {err}") from None
    if not isinstance(data, dict) or not isinstance(data.get("models"), list) or not data["models"]:
        raise ModelReleasesError(f"{path}:1: models: a non-empty list is required")
    nodes = next(v for k, v in root.value if k.value == "models").value
    records, seen = [], {}
    for entry, node in zip(data["models"], nodes, strict=True):
        where = f"{path}:{node.start_mark.line + 1}"
        if not isinstance(entry, dict):
            raise ModelReleasesError(f"{where}: models: each entry must be a mapping")
        for field in ("model", "family"):
            if not isinstance(entry.get(field), str) or not entry[field].strip():
                raise ModelReleasesError(f"{where}: {field}: a non-empty name is required")
        released = _release_date(entry.get("released"))
        if released is None:
            raise ModelReleasesError(
                f"{where}: released: {entry.get('released')!r} is not a date (YYYY-MM-DD)"
            )
        model = entry["model"].strip()
        if model in seen:
            raise ModelReleasesError(f"{where}: model: {model!r} is already named at line "
                                     f"{seen[model]}")  # fmt: skip
        seen[model] = node.start_mark.line + 1
        records.append({"model": model, "family": entry["family"].strip(), "released": released})
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
                record = {"family": family, "condition": condition, "release": order,
                          "model": release.model, "released": release.released.isoformat(),
                          "note": ""}  # fmt: skip
                score = accuracy[(accuracy["model"] == release.model)
                                 & (accuracy["condition"] == condition)]  # fmt: skip
                if release.model not in present:
                    record["note"] = "not in these results"
                elif bool(excluded.get(release.model, False)):
                    record["note"] = "excluded for unusable replies (see `ausclin exclusions`)"
                elif score.empty:
                    record["note"] = f"no scored rows under {condition}"
                if record["note"]:
                    records.append(record)
                    continue
                record |= {c: score.iloc[0][c] for c in ("answered", "correct", "accuracy",
                                                         "CI95% low", "CI95% high")}  # fmt: skip
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
    out["previous"] = out["previous"].fillna("")
    for column in ("answered", "correct", "shared items"):
        out[column] = out[column].astype("Int64")
    return out
