"""The verdict set against its pre-registration: was the bar used the one registered first?"""

from __future__ import annotations

import json
from typing import Any

import pandas as pd

from clinbench.stats.prereg import check_registration


def recorded_registration(results: pd.DataFrame) -> dict[str, Any] | None:
    """Return the verdict registration the runs recorded (``-T prereg=FILE``), if exactly one."""
    if "verdict_registration" not in results.columns:
        return None
    texts = {t for t in results["verdict_registration"].dropna().astype(str) if t}
    if len(texts) > 1:
        raise ValueError("the results record different verdict registrations; pass --prereg")
    return json.loads(texts.pop()) if texts else None


def registration_table(
    verdicts: pd.DataFrame,
    results: pd.DataFrame,
    registration: dict[str, Any] | None = None,
) -> tuple[pd.DataFrame, list[str]]:
    """Return (the verdict table with registration columns, flags as sentences).

    The registration is the one given, else the one recorded in the results. The first
    results are the earliest ``eval_created`` of the judged condition's rows; the item set
    is their ``item_set_sha256`` when it is one.
    """
    registration = registration or recorded_registration(results)
    table = verdicts.copy()
    flags: list[str] = []
    extra = []
    for _, row in table.iterrows():
        rows = results[results["condition"] == row["condition"]]
        created = None
        if "eval_created" in rows.columns:
            times = sorted(t for t in rows["eval_created"].astype(str) if t)
            created = times[0] if times else None
        hashes = set()
        if "item_set_sha256" in rows.columns:
            hashes = {h for h in rows["item_set_sha256"].astype(str) if h}
        check = check_registration(
            registration, row["bar"], row["method"],
            hashes.pop() if len(hashes) == 1 else None, created,
        )  # fmt: skip
        flags += [f"{row['condition']}: {f}" for f in check.pop("flags")]
        extra.append(check)
    if extra:
        added = pd.DataFrame(extra, index=table.index).drop(columns=["registered"])
        table = pd.concat([table, added], axis=1)
    return table, flags
