"""Scores before and after an item-bank correction, on the items both versions share.

AusClinBench v1.2 turned free-text answer keys that marked correctly worded answers wrong
into forced-choice fields and re-ran every model. Reading that change needs, per model and
condition, the accuracy under each version on the same items, the difference paired per
item, and the list of items whose answer format or key changed. Both versions are ordinary
results tables; each row's item metadata says how the item was asked and keyed, so the
changed items are found from the tables themselves.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from clinbench.scoring import outcomes
from clinbench.stats.leaderboard import DEFAULT_EXCLUSION_THRESHOLD, model_exclusions
from clinbench.suites.ausclin.analysis import (
    PAIRED_CHANGE_COLUMNS,
    accuracy_table,
    paired_change,
    plain_runs,
    row_facts,
    scored_rows,
)

CHANGED_COLUMNS = ["item_id", "change", "before", "after"]
ACCURACY_PARTS = ("answered", "correct", "accuracy", "CI95% low", "CI95% high")
CORRECTION_COLUMNS = [
    "model",
    "condition",
    "matched items",
    *[f"{c} before" for c in ACCURACY_PARTS],
    *[f"{c} after" for c in ACCURACY_PARTS],
    *PAIRED_CHANGE_COLUMNS,
    "changed items",
    "correct on changed before",
    "correct on changed after",
    "note",
]


def _asked(facts: dict) -> tuple[dict, dict]:
    """Return (format, key) of an item's facts: each field's kind and options, and its key."""
    fields = facts.get("fields") or []
    form = {f.get("name"): (f.get("kind", "text"), tuple(f.get("options") or ())) for f in fields}
    return form, dict(facts.get("answer") or {})


def _describe(facts: dict) -> str:
    form, key = _asked(facts)
    parts = []
    for name, (kind, options) in form.items():
        how = f"choice of {' | '.join(options)}" if kind == "choice" else "free text"
        parts.append(f"{name}: {how}; key {key.get(name)!r}")
    return "; ".join(parts)


def _item_facts(results: pd.DataFrame) -> dict[str, dict]:
    facts: dict[str, dict] = {}
    for item_id, metadata in zip(results["item_id"], results["item_metadata"], strict=True):
        facts.setdefault(str(item_id), row_facts(metadata))
    return facts


def changed_items(before: pd.DataFrame, after: pd.DataFrame) -> pd.DataFrame:
    """Return the items whose answer format or key differs between two versions' results.

    ``change`` is ``format`` (a field's kind or option set), ``key``, ``format and key``,
    ``only before`` or ``only after``; ``before`` and ``after`` describe each version's
    fields and key as the rows' item metadata records them.
    """
    old, new = _item_facts(before), _item_facts(after)
    records = []
    for item_id in sorted(set(old) | set(new)):
        if item_id not in new or item_id not in old:
            where = "only before" if item_id in old else "only after"
            records.append(
                {
                    "item_id": item_id,
                    "change": where,
                    "before": _describe(old.get(item_id, {})),
                    "after": _describe(new.get(item_id, {})),
                }
            )
            continue
        (form_a, key_a), (form_b, key_b) = _asked(old[item_id]), _asked(new[item_id])
        what = [
            w for w, differs in (("format", form_a != form_b), ("key", key_a != key_b)) if differs
        ]
        if what:
            records.append(
                {
                    "item_id": item_id,
                    "change": " and ".join(what),
                    "before": _describe(old[item_id]),
                    "after": _describe(new[item_id]),
                }
            )
    return pd.DataFrame(records, columns=CHANGED_COLUMNS)


def _correct(rows: pd.DataFrame, items: set[str]) -> int:
    mine = rows[rows["item_id"].astype(str).isin(items)]
    return int((mine["outcome"] == outcomes.CORRECT).sum())


def correction_table(
    before: pd.DataFrame,
    after: pd.DataFrame,
    conditions: list[str] | None = None,
    threshold: float = DEFAULT_EXCLUSION_THRESHOLD,
    n_boot: int = 10_000,
    seed: int = 0,
) -> pd.DataFrame:
    """Return per model and condition the accuracy under each version and the paired change.

    Only unperturbed runs on items present in both tables count (equipoise items and models
    excluded for unusable replies left out, as in the leaderboard). Accuracy and its Wilson
    95% interval come from ``accuracy_table``; the change (after - before) is paired on the
    items both runs answered (``paired_change``: bootstrap interval, McNemar p). The last
    columns count the changed items (``changed_items``) and the correct replies on them
    under each version. A model or condition found in one table only keeps a row saying so.
    """
    before, after = plain_runs(before), plain_runs(after)
    matched = set(before["item_id"].astype(str)) & set(after["item_id"].astype(str))
    before = before[before["item_id"].astype(str).isin(matched)]
    after = after[after["item_id"].astype(str).isin(matched)]
    changed = changed_items(before, after)
    changed_ids = set(
        changed.loc[changed["change"].isin(["format", "key", "format and key"]), "item_id"]
    )
    tables = {"before": before, "after": after}
    accuracy = {n: accuracy_table(t, ("model", "condition"), threshold) for n, t in tables.items()}
    rows = {n: scored_rows(t, threshold) for n, t in tables.items()}
    excluded = {
        n: model_exclusions(t, threshold).set_index("model")["excluded"] for n, t in tables.items()
    }
    pairs = {
        n: set(zip(t["model"].astype(str), t["condition"].astype(str), strict=True))
        for n, t in tables.items()
    }
    wanted = set(conditions) if conditions else None
    records = []
    for model, condition in sorted(pairs["before"] | pairs["after"]):
        if wanted is not None and condition not in wanted:
            continue
        record: dict[str, Any] = {
            "model": model,
            "condition": condition,
            "matched items": len(matched),
            "note": "",
        }
        missing = [n for n in tables if (model, condition) not in pairs[n]]
        dropped = [n for n in tables if bool(excluded[n].get(model, False))]
        if missing:
            record["note"] = f"only in the {'after' if missing == ['before'] else 'before'} table"
        elif dropped:
            where = "both tables" if len(dropped) == 2 else f"the {dropped[0]} table"
            record["note"] = f"excluded for unusable replies in {where}"
        if record["note"]:
            records.append(record)
            continue
        mine = {}
        for name in tables:
            score = accuracy[name][
                (accuracy[name]["model"] == model) & (accuracy[name]["condition"] == condition)
            ]
            if not score.empty:
                record |= {f"{c} {name}": score.iloc[0][c] for c in ACCURACY_PARTS}
            mine[name] = rows[name][
                (rows[name]["model"] == model) & (rows[name]["condition"] == condition)
            ]
        record |= paired_change(mine["after"], mine["before"], n_boot=n_boot, seed=seed)
        record |= {
            "changed items": len(changed_ids),
            "correct on changed before": _correct(mine["before"], changed_ids),
            "correct on changed after": _correct(mine["after"], changed_ids),
        }
        records.append(record)
    out = pd.DataFrame(records, columns=CORRECTION_COLUMNS)
    for column in (
        "answered before",
        "correct before",
        "answered after",
        "correct after",
        "shared items",
        "changed items",
        "correct on changed before",
        "correct on changed after",
    ):
        out[column] = out[column].astype("Int64")
    return out
