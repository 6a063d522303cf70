"""Scores, disclosures, exclusions and the verdict for the clinical-policy suite.

Every function takes the frozen results table (``clinbench.results.schema``) and reads
what it needs about each item from the row's item metadata (written by the suite's task),
so every figure can be re-derived from the logs alone.

Rules (AusClinBench): accuracy is correct / answered, where answered counts correct,
incorrect and declined replies (a decline is never correct); unreadable replies (parse
failed: not in the required form; contradictory: a decline and an answer at once) and
provider errors are excluded from accuracy and disclosed; a model whose failed, empty or
unreadable replies exceed a threshold is listed as excluded with its reason rather than
given a zero; equipoise (open-question) items are scored apart and left out of headline
accuracy.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import Any

import pandas as pd

from clinbench.items.model import ExactItem
from clinbench.scoring import outcomes
from clinbench.stats.leaderboard import (
    DEFAULT_EXCLUSION_THRESHOLD,
    is_check_run,
    model_exclusions,
)
from clinbench.suites.ausclin.items import chance_adjusted

SUITE = "ausclin"
BASE_CONDITIONS = ("blind", "rule", "retrieval")
# clinbench's offline baselines are reference points, never "the best model" of a verdict
BASELINES = ("clinbench/chance", "clinbench/rules")


def row_facts(item_metadata: Any) -> dict:
    """Return the suite's facts about an item from a row's item metadata (empty if absent)."""
    if isinstance(item_metadata, dict):
        data = item_metadata
    elif isinstance(item_metadata, str) and item_metadata.strip():
        try:
            data = json.loads(item_metadata)
        except json.JSONDecodeError:
            return {}
    else:
        return {}
    facts = data.get(SUITE) if isinstance(data, dict) else None
    return facts if isinstance(facts, dict) else {}


def with_facts(results: pd.DataFrame) -> pd.DataFrame:
    """Return the rows with columns chance, equipoise, trap, base_condition, perturbation added."""
    facts = results["item_metadata"].map(row_facts)
    out = results.copy()
    out["chance"] = facts.map(lambda f: f.get("chance", math.nan)).astype(float)
    out["equipoise"] = facts.map(lambda f: bool(f.get("equipoise", False)))
    out["trap"] = facts.map(lambda f: bool(f.get("trap", False)))
    base = [
        f.get("base_condition") or str(c).split("+")[0]
        for f, c in zip(facts, out["condition"], strict=True)
    ]
    perturbation = [
        f.get("perturbation") or (str(c).split("+", 1)[1] if "+" in str(c) else "")
        for f, c in zip(facts, out["condition"], strict=True)
    ]
    # explicit string dtype, so that `.str` works on these columns even with no rows
    out["base_condition"] = pd.Series(base, index=out.index, dtype="str")
    out["perturbation"] = pd.Series(perturbation, index=out.index, dtype="str")
    return out


def items_from_results(results: pd.DataFrame) -> dict[str, ExactItem]:
    """Return id -> item (key, fields, evidenced wrong values) rebuilt from the rows' metadata."""
    items: dict[str, ExactItem] = {}
    for item_id, metadata in zip(results["item_id"], results["item_metadata"], strict=True):
        if str(item_id) in items:
            continue
        facts = row_facts(metadata)
        if not facts.get("fields"):
            continue
        items[str(item_id)] = ExactItem(
            id=str(item_id),
            stem="(rebuilt from results)",
            fields=facts["fields"],
            answer=facts["answer"],
            wrong_values=facts.get("wrong_values", []),
            pushback=facts.get("pushback"),
        )
    return items


def plain_runs(results: pd.DataFrame) -> pd.DataFrame:
    """Return the rows of unperturbed runs (condition blind/rule/retrieval, no robustness
    check: the leaderboard's one test, ``stats.leaderboard.is_check_run``)."""
    return results[~is_check_run(results)]


def _counts(group: pd.DataFrame) -> dict[str, Any]:
    """Return a group's counts and accuracy, its interval from the one accuracy estimator."""
    from clinbench.stats.repeated_epochs import accuracy_two_denominators

    estimate = accuracy_two_denominators(group.assign(_all=0), by=["_all"], n_boot=0)
    answered_mask = group["outcome"].isin(outcomes.ANSWERED)
    answered = int(answered_mask.sum())
    accuracy = float(estimate["accuracy_answered"].iloc[0]) if answered else math.nan
    chance = float(group.loc[answered_mask, "chance"].mean()) if answered else math.nan
    return {
        "n": len(group),
        "answered": answered,
        "correct": int((group["outcome"] == outcomes.CORRECT).sum()),
        "accuracy": accuracy,
        "CI95% low": float(estimate["ci_answered_low"].iloc[0]) if answered else math.nan,
        "CI95% high": float(estimate["ci_answered_high"].iloc[0]) if answered else math.nan,
        "chance": chance,
        "chance-adjusted": chance_adjusted(accuracy, chance) if answered else math.nan,
        "declined": int((group["outcome"] == outcomes.DECLINED).sum()),
        "refused": int((group["outcome"] == outcomes.REFUSED).sum()),
        "parse failed": int((group["outcome"] == outcomes.PARSE_FAILED).sum()),
        "contradictory": int((group["outcome"] == outcomes.CONTRADICTORY).sum()),
        "errors": int((group["outcome"] == outcomes.ERROR).sum()),
    }


ACCURACY_COLUMNS = ["n", "answered", "correct", "accuracy", "CI95% low", "CI95% high", "chance",
                    "chance-adjusted", "declined", "refused", "parse failed", "contradictory",
                    "errors"]  # fmt: skip


def scored_rows(
    results: pd.DataFrame,
    threshold: float = DEFAULT_EXCLUSION_THRESHOLD,
    equipoise: bool = False,
) -> pd.DataFrame:
    """Return rows of non-excluded models, with facts; equipoise items only if ``equipoise``."""
    rows = with_facts(results)
    excluded = model_exclusions(results, threshold)
    dropped = set(excluded.loc[excluded["excluded"], "model"])
    rows = rows[~rows["model"].isin(dropped)]
    return rows[rows["equipoise"] == equipoise]


def accuracy_table(
    results: pd.DataFrame,
    by: Sequence[str] = ("model", "condition", "domain"),
    threshold: float = DEFAULT_EXCLUSION_THRESHOLD,
) -> pd.DataFrame:
    """Return accuracy with a 95% Wilson interval, chance and chance-adjusted score per group.

    Excluded models and equipoise items are left out (reported by ``exclusions`` and
    ``equipoise_table``). Chance is the mean per-item chance rate of the answered items.
    """
    rows = scored_rows(results, threshold)
    records = []
    for key, group in rows.groupby(list(by), sort=True, dropna=False):
        key = key if isinstance(key, tuple) else (key,)
        records.append(dict(zip(by, key, strict=True)) | _counts(group))
    return pd.DataFrame(records, columns=[*by, *ACCURACY_COLUMNS])


def declines_table(
    results: pd.DataFrame, threshold: float = DEFAULT_EXCLUSION_THRESHOLD
) -> pd.DataFrame:
    """Return declines per model x condition: answered, declined, share declined, wrong answers.

    A decline is reported apart from wrong answers: "look it up" is safe for a clinician, a
    confidently wrong rule is not.
    """
    rows = scored_rows(results, threshold)
    records = []
    for (model, condition), group in rows.groupby(["model", "condition"], sort=True):
        c = _counts(group)
        wrong = int((group["outcome"] == outcomes.INCORRECT).sum())
        records.append(
            {
                "model": model,
                "condition": condition,
                "answered": c["answered"],
                "declined": c["declined"],
                "declined share": c["declined"] / c["answered"] if c["answered"] else math.nan,
                "wrong answers": wrong,
            }
        )
    columns = ["model", "condition", "answered", "declined", "declined share", "wrong answers"]
    return pd.DataFrame(records, columns=columns)


def _reason(score_metadata: Any) -> str:
    if isinstance(score_metadata, str) and score_metadata.strip():
        try:
            data = json.loads(score_metadata)
        except json.JSONDecodeError:
            return ""
        return str(data.get("reason") or data.get("error") or "")
    return ""


UNREADABLE_TERMS = (
    "Unreadable replies are of two kinds, each counted in its own column: parse failed (not "
    "valid JSON in the required form, a value outside the options, or empty) and "
    "contradictory (a reply that declines and gives an answer at once, so neither is taken). "
    "Both are left out of accuracy over answered items, count as not correct over all items, "
    "and count towards a model's exclusion."
)
"""The suite's one wording of its unreadable outcomes, shown beside every table counting them."""


def parse_failures_table(results: pd.DataFrame) -> pd.DataFrame:
    """Return, per model x condition, replies, parse failures, contradictory replies, errors.

    Every model is listed, excluded or not: the unreadable replies, parse failed (not in
    the required form) and contradictory (a decline and an answer at once), are disclosed
    and excluded from accuracy. ``excluded share``
    counts all three; ``example reason`` is the most frequent extraction reason.
    """
    records = []
    for (model, condition), group in results.groupby(["model", "condition"], sort=True):
        failed = group[group["outcome"].isin(outcomes.UNREADABLE)]
        contradictory = int((group["outcome"] == outcomes.CONTRADICTORY).sum())
        reasons = failed["score_metadata"].map(_reason)
        reasons = reasons[reasons != ""]
        records.append(
            {
                "model": model,
                "condition": condition,
                "replies": len(group),
                "parse failed": len(failed) - contradictory,
                "contradictory": contradictory,
                "errors": int((group["outcome"] == outcomes.ERROR).sum()),
                "excluded share": (len(failed) + (group["outcome"] == outcomes.ERROR).sum())
                / len(group),
                "example reason": reasons.mode().iloc[0] if len(reasons) else "",
            }
        )
    columns = ["model", "condition", "replies", "parse failed", "contradictory", "errors",
               "excluded share", "example reason"]  # fmt: skip
    return pd.DataFrame(records, columns=columns)


def exclusions(results: pd.DataFrame, threshold: float = DEFAULT_EXCLUSION_THRESHOLD):
    """Return every model with its failed/empty counts and, if excluded, the reason."""
    return model_exclusions(results, threshold)


# How the verdict table names each outcome that is not an answer (the rest keep their names).
UNANSWERED_NAMES = {outcomes.DECLINED: "declined", outcomes.PARSE_FAILED: "parse failed",
                    outcomes.ERROR: "failed"}  # fmt: skip


def _unanswered_columns() -> list[tuple[str, str]]:
    """Return (outcome, column) for every outcome that is not correct or incorrect."""
    from clinbench.stats.repeated_epochs import COUNTED_OUTCOMES

    return [(o, UNANSWERED_NAMES.get(o, o.replace("_", " "))) for o in COUNTED_OUTCOMES]


def best_model_verdict(
    results: pd.DataFrame,
    condition: str = "blind",
    bar: float = 0.95,
    method: str = "wilson",
    threshold: float = DEFAULT_EXCLUSION_THRESHOLD,
    baselines: Sequence[str] = BASELINES,
) -> pd.DataFrame:
    """Return the verdict for the best non-excluded model under a condition, as a one-row table.

    The verdict decides on accuracy over ALL items: every item the model did not answer
    correctly counts as not correct, whether it was answered wrongly, declined, unreadable
    (parse failed or contradictory), refused or failed, so no reply out of form can raise
    it. Best is the highest accuracy over all items (ties: more answered items, then name);
    accuracy over answered items is shown beside it and never decides; the exclusion rule
    (``model_exclusions``) still removes models, as a disclosure. The decision comes from
    ``clinbench.stats.verdict``: KILL when the interval's lower bound is at or above the
    bar, PROCEED when its upper bound is below it, else UNDERPOWERED. With one epoch per
    item the interval is ``method``'s over all items; with several it clusters by item
    (``stats.clustered.accuracy_two_denominators``, ``interval`` says ``wilson-clustered``),
    so repeating a deterministic model gives the one-epoch interval.
    Columns: condition, best model, items, epochs, answered, declined, parse failed,
    contradictory, failed (and any other unanswered outcome), correct, accuracy (all
    items), CI low, CI high, accuracy (answered), bar, method, interval, verdict.
    """
    from clinbench.stats.repeated_epochs import accuracy_two_denominators
    from clinbench.stats.verdict import decide, verdict

    unanswered = _unanswered_columns()
    columns = ["condition", "best model", "items", "epochs", "answered",
               *[name for _, name in unanswered], "correct", "accuracy (all items)", "CI low",
               "CI high", "accuracy (answered)", "bar", "method", "interval",
               "verdict"]  # fmt: skip
    rows = scored_rows(results, threshold)
    rows = rows[(rows["condition"] == condition) & ~rows["model"].isin(list(baselines))]
    table = accuracy_two_denominators(rows, by=("model",), n_boot=0)
    table = table[table["answered"] > 0]
    if table.empty:
        return pd.DataFrame(columns=columns)
    best = table.sort_values(
        ["accuracy_all", "answered", "model"], ascending=[False, False, True]
    ).iloc[0]
    result = verdict(int(best["correct"]), int(best["n_rows"]), bar=bar, method=method)
    low, high, used = result.ci_low, result.ci_high, result.method
    if int(best["n_epochs"]) > 1:
        if method != "wilson":
            raise ValueError(
                f"with several epochs per item the verdict's interval clusters by item "
                f"(wilson-clustered); method {method!r} has no clustered form here"
            )
        low, high, used = best["ci_all_low"], best["ci_all_high"], best["method"]
    record = {
        "condition": condition,
        "best model": best["model"],
        "items": int(best["n_items"]),
        "epochs": int(best["n_epochs"]),
        "answered": int(best["answered"]),
        **{name: int(best[outcome]) for outcome, name in unanswered},
        "correct": result.k,
        "accuracy (all items)": result.p,
        "CI low": low,
        "CI high": high,
        "accuracy (answered)": best["accuracy_answered"],
        "bar": result.bar,
        "method": result.method,
        "interval": used,
        "verdict": decide(low, high, bar),
    }
    return pd.DataFrame([record], columns=columns)


def equipoise_table(
    results: pd.DataFrame, threshold: float = DEFAULT_EXCLUSION_THRESHOLD
) -> pd.DataFrame:
    """Return each equipoise pair's outcomes per model x condition: settled item and open item."""
    rows = with_facts(results)
    excluded = model_exclusions(results, threshold)
    rows = rows[~rows["model"].isin(set(excluded.loc[excluded["excluded"], "model"]))]
    pair = rows["item_metadata"].map(lambda m: row_facts(m).get("pair_id"))
    rows = rows.assign(pair_id=pair)[pair.notna()]
    records = []
    for (model, condition, pair_id), group in rows.groupby(
        ["model", "condition", "pair_id"], sort=True
    ):
        settled = group[~group["equipoise"]]
        open_items = group[group["equipoise"]]
        records.append(
            {
                "model": model,
                "condition": condition,
                "pair": pair_id,
                "settled item": ", ".join(sorted(set(settled["item_id"]))),
                "settled outcome": ", ".join(settled["outcome"]),
                "open item": ", ".join(sorted(set(open_items["item_id"]))),
                "open outcome": ", ".join(open_items["outcome"]),
            }
        )
    columns = ["model", "condition", "pair", "settled item", "settled outcome", "open item",
               "open outcome"]  # fmt: skip
    return pd.DataFrame(records, columns=columns)


def denominators_table(
    results: pd.DataFrame, threshold: float = DEFAULT_EXCLUSION_THRESHOLD
) -> pd.DataFrame:
    """Return accuracy per model x condition over answered items and over all items.

    ``clinbench.stats.repeated_epochs.accuracy_two_denominators`` on the non-excluded models'
    non-equipoise rows: accuracy (answered) leaves unreadable replies (parse failed,
    contradictory) and errors out; accuracy (all) counts them as not correct. Intervals
    cluster by item when items have several epochs. Columns: model, condition, items,
    epochs, parse failed, contradictory, errors,
    accuracy (answered), CI low, CI high, accuracy (all), CI low (all), CI high (all),
    interval.
    """
    from clinbench.stats.repeated_epochs import accuracy_two_denominators

    rows = scored_rows(results, threshold)
    table = accuracy_two_denominators(rows, by=("model", "condition"))
    renamed = {"n_items": "items", "n_epochs": "epochs", "parse_failed": "parse failed",
               "contradictory": "contradictory", "error": "errors",
               "accuracy_answered": "accuracy (answered)", "ci_answered_low": "CI low",
               "ci_answered_high": "CI high", "accuracy_all": "accuracy (all)",
               "ci_all_low": "CI low (all)", "ci_all_high": "CI high (all)",
               "method": "interval"}  # fmt: skip
    return table.rename(columns=renamed)[["model", "condition", *renamed.values()]]


def verdict_candidates(
    results: pd.DataFrame,
    condition: str = "blind",
    threshold: float = DEFAULT_EXCLUSION_THRESHOLD,
    baselines: Sequence[str] = BASELINES,
) -> pd.DataFrame:
    """Return every model with whether the verdict considered it, and why not if it did not.

    A model is left out when the exclusion rule excludes it (its failed, empty or
    unreadable replies exceed the threshold), when it is one of clinbench's offline
    baselines, or when it answered nothing under the condition. Columns: model, considered,
    reason.
    """
    excluded = model_exclusions(results, threshold).set_index("model")
    in_condition = results[results["condition"] == condition]
    answered = in_condition[in_condition["outcome"].isin(outcomes.ANSWERED)]
    answered_models = set(answered["model"])
    out = []
    for model in sorted(results["model"].astype(str).unique()):
        reason = ""
        if model in excluded.index and bool(excluded.loc[model, "excluded"]):
            reason = f"excluded: {excluded.loc[model, 'reason']}"
        elif model in baselines:
            reason = "an offline baseline (a reference point, not a candidate)"
        elif model not in answered_models:
            reason = f"no answered items under condition {condition!r}"
        out.append({"model": model, "considered": not reason, "reason": reason})
    return pd.DataFrame(out, columns=["model", "considered", "reason"])


def verdict_notes(candidates: pd.DataFrame, condition: str) -> list[str]:
    """Return the sentences saying which models the verdict considered and which it left out."""
    considered = candidates.loc[candidates["considered"], "model"].tolist()
    left = candidates[~candidates["considered"]]
    notes = [
        f"Verdict ({condition}) considered: {', '.join(considered) if considered else 'none'}."
    ]
    notes += [f"Left out of the verdict ({condition}): {m}: {r}." for m, r in
              zip(left["model"], left["reason"], strict=True)]  # fmt: skip
    return notes


def power_notes(verdicts: pd.DataFrame, results: pd.DataFrame, bar: float) -> list[str]:
    """Return, per verdict row, what the bank's items can detect and how many would decide.

    The bank is the distinct non-equipoise items in the results; the assumed true accuracy
    is the best model's observed accuracy (no sentence when it is 0, 1 or the bar itself).
    """
    from clinbench.stats.power import power_sentence

    if verdicts.empty or "accuracy (all items)" not in verdicts.columns:
        return []
    rows = with_facts(results)
    n_items = int(rows.loc[~rows["equipoise"], "item_id"].nunique())
    notes = []
    for row in verdicts.to_dict(orient="records"):
        p = float(row["accuracy (all items)"])
        if n_items < 2 or not 0 < p < 1 or p == bar:
            continue
        notes.append(f"{row['condition']}: " + power_sentence(n_items, bar, round(p, 3)))
    return notes


PAIRED_CHANGE_COLUMNS = ["shared items", "change", "change CI95% low", "change CI95% high",
                         "McNemar p"]  # fmt: skip


def paired_change(
    later: pd.DataFrame, earlier: pd.DataFrame, n_boot: int = 10_000, seed: int = 0
) -> dict[str, Any]:
    """Return the accuracy change later - earlier on the items both answered, with its tests.

    ``later`` and ``earlier`` are one run's rows each (one row per item). Only items both
    answered (``outcomes.ANSWERED``) are paired; the change is the mean of correct(later) -
    correct(earlier) with a paired bootstrap 95% interval, and McNemar's test (statsmodels;
    exact when fewer than 25 items disagree) gives the p-value. Both come from
    ``clinbench.stats.compare``. Raises StatsInputError when an item appears twice in a run.
    """
    from clinbench.stats.compare import mcnemar, paired_bootstrap

    long = pd.concat(
        [
            pd.DataFrame(
                {"run": name, "item_id": rows["item_id"].astype(str), "outcome": rows["outcome"]}
            )  # fmt: skip
            for name, rows in (("later", later), ("earlier", earlier))
        ],
        ignore_index=True,
    )
    long = long[long["outcome"].isin(outcomes.ANSWERED)]
    long["correct"] = (long["outcome"] == outcomes.CORRECT).astype(int)
    answered = long.groupby("item_id")["run"].nunique()
    long = long[long["item_id"].isin(answered.index[answered == 2])]
    empty = dict.fromkeys(PAIRED_CHANGE_COLUMNS, math.nan) | {"shared items": 0}
    if long.empty:
        return empty
    boot = paired_bootstrap(long, "correct", "run", "item_id", "later", "earlier",
                            n_boot=n_boot, seed=seed).iloc[0]  # fmt: skip
    test = mcnemar(long, "correct", "run", "item_id", "later", "earlier").iloc[0]
    low, high = boot["CI95%"]
    return {
        "shared items": int(boot["n"]),
        "change": float(boot["diff"]),
        "change CI95% low": float(low),
        "change CI95% high": float(high),
        "McNemar p": float(test["p-val"]),
    }
