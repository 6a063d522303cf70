"""Robustness checks over the same items, computed from results (never by calling a model).

- repeat run: the same items twice with identical settings -> answer-level agreement;
- rewording: each item's alternative phrasings -> share of items whose answer changes;
- framing: no country stated / "In Australia:" / the guideline named -> accuracy per framing;
- pushback: after a correct answer, one scripted challenge -> capitulation rate, kept apart
  from ignorance (a first answer that was already wrong is never challenged).

Answers are compared at the level of the extracted answer: the field values, or
"DECLINED" for a decline. A reply that failed to parse (or a failed call) has no answer:
the item is left out of that comparison and counted in ``left out``.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pandas as pd

from clinbench.scoring import outcomes
from clinbench.stats.leaderboard import DEFAULT_EXCLUSION_THRESHOLD, model_exclusions
from clinbench.stats.proportions import wilson_interval
from clinbench.suites.ausclin.analysis import _counts, with_facts
from clinbench.suites.ausclin.severity import parse_answer

DECLINED_TOKEN = "DECLINED"


def answer_token(outcome: str, extracted: Any) -> str | None:
    """Return a comparable answer: sorted JSON of the fields, DECLINED, or None (no answer)."""
    if outcome == outcomes.DECLINED:
        return DECLINED_TOKEN
    if outcome not in (outcomes.CORRECT, outcomes.INCORRECT):
        return None
    answer = parse_answer(extracted)
    if answer is None:
        return None
    return json.dumps(answer, sort_keys=True)


def _tokens(frame: pd.DataFrame) -> pd.Series:
    return pd.Series(
        [
            answer_token(o, e)
            for o, e in zip(frame["outcome"], frame["extracted_answer"], strict=True)
        ],
        index=frame.index,
        dtype=object,
    )


def _drop_excluded(results: pd.DataFrame, threshold: float) -> pd.DataFrame:
    excluded = model_exclusions(results, threshold)
    return results[~results["model"].isin(set(excluded.loc[excluded["excluded"], "model"]))]


def _share(k: int, n: int) -> dict[str, float]:
    low, high = wilson_interval(k, n)
    return {"share": k / n if n else math.nan, "CI95% low": low, "CI95% high": high}


def split_repeat(results: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Return (first runs, repeat runs) of one table: repeats are conditions ``X+repeat=N``.

    The repeat rows get their base condition back, so the two halves line up.
    """
    rows = with_facts(results)
    is_repeat = rows["perturbation"].str.startswith("repeat=")
    first = results[(rows["perturbation"] == "").to_numpy()]
    second = results[is_repeat.to_numpy()].assign(
        condition=rows.loc[is_repeat, "base_condition"].to_numpy()
    )
    return first, second


def repeat_agreement(
    first: pd.DataFrame,
    second: pd.DataFrame | None = None,
    threshold: float = DEFAULT_EXCLUSION_THRESHOLD,
) -> pd.DataFrame:
    """Return answer-level agreement per model between two runs of the same items.

    With one table, its ``+repeat=N`` runs are compared with its plain runs. Columns:
    model, condition, items compared, agreeing, agreement, CI95% low, CI95% high, left out
    (items without an answer in either run). Only items asked in both runs are compared.
    """
    if second is None:
        first, second = split_repeat(first)
    key = ["model", "condition", "item_id", "epoch"]
    a = _drop_excluded(first, threshold).assign(token=lambda f: _tokens(f))
    b = _drop_excluded(second, threshold).assign(token=lambda f: _tokens(f))
    merged = a[[*key, "token"]].merge(
        b[[*key, "token"]], on=key, how="inner", suffixes=("_1", "_2")
    )
    records = []
    for (model, condition), group in merged.groupby(["model", "condition"], sort=True):
        both = group["token_1"].notna() & group["token_2"].notna()
        agree = int((group.loc[both, "token_1"] == group.loc[both, "token_2"]).sum())
        n = int(both.sum())
        share = _share(agree, n)
        records.append(
            {
                "model": model,
                "condition": condition,
                "items compared": n,
                "agreeing": agree,
                "agreement": share["share"],
                "CI95% low": share["CI95% low"],
                "CI95% high": share["CI95% high"],
                "left out": int((~both).sum()),
            }
        )
    columns = ["model", "condition", "items compared", "agreeing", "agreement", "CI95% low",
               "CI95% high", "left out"]  # fmt: skip
    return pd.DataFrame(records, columns=columns)


def rewording_changes(
    results: pd.DataFrame, threshold: float = DEFAULT_EXCLUSION_THRESHOLD
) -> pd.DataFrame:
    """Return, per model, the share of items whose answer changes across phrasings.

    Compares each item's original wording with every rewording asked under the same base
    condition. Columns: model, condition, phrasings, items compared, changed, share
    changed, CI95% low, CI95% high, left out.
    """
    rows = with_facts(_drop_excluded(results, threshold))
    mask = (rows["perturbation"] == "") | rows["perturbation"].str.startswith("rewording=")
    rows = rows[mask].assign(token=lambda f: _tokens(f))
    records = []
    for (model, base), group in rows.groupby(["model", "base_condition"], sort=True):
        phrasings = sorted(group["perturbation"].unique())
        if not any(p.startswith("rewording=") for p in phrasings):
            continue
        compared = changed = left_out = 0
        for _item_id, per_item in group.groupby("item_id", sort=True):
            if per_item["perturbation"].nunique() < 2:
                continue
            if per_item["token"].isna().any():
                left_out += 1
                continue
            compared += 1
            changed += int(per_item["token"].nunique() > 1)
        share = _share(changed, compared)
        records.append(
            {
                "model": model,
                "condition": base,
                "phrasings": ", ".join(p or "original" for p in phrasings),
                "items compared": compared,
                "changed": changed,
                "share changed": share["share"],
                "CI95% low": share["CI95% low"],
                "CI95% high": share["CI95% high"],
                "left out": left_out,
            }
        )
    columns = ["model", "condition", "phrasings", "items compared", "changed", "share changed",
               "CI95% low", "CI95% high", "left out"]  # fmt: skip
    return pd.DataFrame(records, columns=columns)


ALL_MODELS = "(all models)"


def framing_accuracy(
    results: pd.DataFrame, threshold: float = DEFAULT_EXCLUSION_THRESHOLD
) -> pd.DataFrame:
    """Return accuracy per model x framing (and pooled over models), with 95% intervals."""
    from clinbench.suites.ausclin.analysis import ACCURACY_COLUMNS

    rows = with_facts(_drop_excluded(results, threshold))
    rows = rows[rows["perturbation"].str.startswith("framing=")]
    rows = rows.assign(framing=rows["perturbation"].str.removeprefix("framing="))
    records = []
    for (model, framing), group in rows.groupby(["model", "framing"], sort=True):
        records.append({"model": model, "framing": framing} | _counts(group))
    for framing, group in rows.groupby("framing", sort=True):
        records.append({"model": ALL_MODELS, "framing": framing} | _counts(group))
    return pd.DataFrame(records, columns=["model", "framing", *ACCURACY_COLUMNS])


def _meta(text: Any) -> dict:
    if isinstance(text, str) and text.strip():
        try:
            value = json.loads(text)
            return value if isinstance(value, dict) else {}
        except json.JSONDecodeError:
            return {}
    return {}


def pushback_summary(
    results: pd.DataFrame, threshold: float = DEFAULT_EXCLUSION_THRESHOLD
) -> pd.DataFrame:
    """Return capitulation under pushback per model, kept apart from ignorance.

    Columns: model, items, first wrong (ignorance: never challenged), first declined,
    challenged (first answer correct), held, capitulated, adopted suggestion, declined
    after, unparsed after, capitulation rate (capitulated / challenged with a parsed final
    reply) with its 95% interval.
    """
    rows = with_facts(_drop_excluded(results, threshold))
    rows = rows[rows["perturbation"] == "pushback"]
    records = []
    for model, group in rows.groupby("model", sort=True):
        meta = group["score_metadata"].map(_meta)
        initial = meta.map(lambda m: m.get("initial_outcome"))
        sent = meta.map(lambda m: bool(m.get("pushback_sent")))
        final = group["outcome"]
        challenged = int(sent.sum())
        held = int((sent & (final == outcomes.CORRECT)).sum())
        capitulated = int(meta.map(lambda m: bool(m.get("capitulated"))).sum())
        adopted = int(meta.map(lambda m: bool(m.get("adopted_suggestion"))).sum())
        declined_after = int((sent & (final == outcomes.DECLINED)).sum())
        unparsed_after = int((sent & final.isin(outcomes.EXCLUDED)).sum())
        denominator = challenged - unparsed_after
        share = _share(capitulated, denominator)
        records.append(
            {
                "model": model,
                "items": len(group),
                "first wrong": int((initial == outcomes.INCORRECT).sum()),
                "first declined": int((initial == outcomes.DECLINED).sum()),
                "challenged": challenged,
                "held": held,
                "capitulated": capitulated,
                "adopted suggestion": adopted,
                "declined after": declined_after,
                "unparsed after": unparsed_after,
                "capitulation rate": share["share"],
                "CI95% low": share["CI95% low"],
                "CI95% high": share["CI95% high"],
            }
        )
    columns = ["model", "items", "first wrong", "first declined", "challenged", "held",
               "capitulated", "adopted suggestion", "declined after", "unparsed after",
               "capitulation rate", "CI95% low", "CI95% high"]  # fmt: skip
    return pd.DataFrame(records, columns=columns)
