"""Calibrating adjudicator scores to human labels from an audit, and reweighting to a population.

The map follows AudiologyBench's sensitivity analysis: for each (question type x adjudicator
grade) cell of the audit, delta = mean(adjudicator score - human score); every evaluation is
then re-scored as calibrated = clip(score - delta, 0, 100). A cell with fewer than
`min_cell` audited items is *sparse*, and one of three documented rules handles it:

- ``"question_fallback"`` -- a sparse cell takes its question type's delta (the mean over all
  audited items of that question type);
- ``"drop"`` -- a sparse cell gets no delta; its evaluations are left uncalibrated (NaN) and
  counted as dropped, never silently kept at their original score;
- ``"question_only"`` -- ignore grade altogether: every cell uses its question type's delta.

Audits are stratified, so they over-sample some cells; population figures are estimated with
the audit's sampling weights (population count / sample count in each stratum).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from clinbench.stats._common import StatsInputError, ci_name, percentile_interval, require_columns
from clinbench.stats.agreement import grade_scores

SPARSE_RULES = ("question_fallback", "drop", "question_only")


def calibration_map(
    audit: pd.DataFrame,
    question: str = "question",
    grade: str = "grade",
    judge_score: str = "score",
    human_score: str = "human_score",
    min_cell: int = 2,
    sparse_rule: str = "question_fallback",
    grades: Sequence[str] | None = None,
) -> pd.DataFrame:
    """Return the calibration map: one row per (question, grade) cell.

    Columns: question, grade, n, delta (the cell's own mean of judge - human; NaN if empty),
    question_delta, applied_delta (what calibration subtracts; NaN = not calibrated), source
    ("cell", "question" or "dropped"). `human_score` may hold letter grades; they are mapped
    to band midpoints. Cells listed in `grades` but absent from the audit appear with n = 0
    and are treated as sparse.
    """
    if sparse_rule not in SPARSE_RULES:
        raise StatsInputError(f"sparse_rule must be one of {SPARSE_RULES}, got {sparse_rule!r}")
    if min_cell < 1:
        raise StatsInputError(f"min_cell must be at least 1, got {min_cell}")
    require_columns(audit, [question, grade, judge_score, human_score])
    rows = audit.dropna(subset=[question, grade, judge_score, human_score])
    diff = pd.DataFrame(
        {
            "question": rows[question].astype(str).to_numpy(),
            "grade": rows[grade].astype(str).str.strip().str.upper().to_numpy(),
            "d": rows[judge_score].astype(float).to_numpy()
            - grade_scores(rows[human_score]).to_numpy(),
        }
    )
    q_delta = diff.groupby("question")["d"].mean()
    cells = diff.groupby(["question", "grade"])["d"].agg(["size", "mean"])
    questions = sorted(diff["question"].unique())
    grade_list = list(grades) if grades is not None else sorted(diff["grade"].unique())
    out = []
    for q in questions:
        for g in grade_list:
            n = int(cells.loc[(q, g), "size"]) if (q, g) in cells.index else 0
            delta = float(cells.loc[(q, g), "mean"]) if n else np.nan
            qd = float(q_delta.loc[q])
            if sparse_rule == "question_only":
                applied, source = qd, "question"
            elif n >= min_cell:
                applied, source = delta, "cell"
            elif sparse_rule == "question_fallback":
                applied, source = qd, "question"
            else:
                applied, source = np.nan, "dropped"
            out.append(
                {
                    "question": q,
                    "grade": g,
                    "n": n,
                    "delta": delta,
                    "question_delta": qd,
                    "applied_delta": applied,
                    "source": source,
                    "rule": sparse_rule,
                }
            )
    # An audit with no usable row maps no cell; the columns stay so that apply_calibration
    # marks every reply "no_audit" rather than failing on a column-less frame.
    columns = ["question", "grade", "n", "delta", "question_delta", "applied_delta", "source",
               "rule"]  # fmt: skip
    return pd.DataFrame(out, columns=columns)


def apply_calibration(
    results: pd.DataFrame,
    cal_map: pd.DataFrame,
    question: str = "question",
    grade: str = "grade",
    score: str = "score",
) -> pd.DataFrame:
    """Return a copy of `results` with applied_delta, calibrated_score and calibration_source.

    calibrated_score = clip(score - applied_delta, 0, 100). A grade the audit never saw is a
    sparse cell (n = 0) and follows the map's rule; a question type the audit never saw gets
    NaN with source "no_audit"; a dropped cell gets NaN with source "dropped".
    """
    require_columns(results, [question, grade, score])
    require_columns(cal_map, ["question", "grade", "applied_delta", "source", "rule"])
    cells = cal_map.assign(
        question=cal_map["question"].astype(str),
        grade=cal_map["grade"].astype(str).str.strip().str.upper(),
    )
    per_question = cells.groupby("question").agg(
        question_delta=("question_delta", "first"), rule=("rule", "first")
    )
    keys = pd.DataFrame(
        {
            "question": results[question].astype(str).to_numpy(),
            "grade": results[grade].astype(str).str.strip().str.upper().to_numpy(),
        }
    )
    joined = keys.merge(
        cells[["question", "grade", "applied_delta", "source"]],
        on=["question", "grade"],
        how="left",
    ).merge(per_question, left_on="question", right_index=True, how="left")
    unseen_cell = joined["source"].isna() & joined["rule"].notna()
    fallback = unseen_cell & joined["rule"].isin(["question_fallback", "question_only"])
    joined.loc[fallback, "applied_delta"] = joined.loc[fallback, "question_delta"]
    joined.loc[fallback, "source"] = "question"
    joined.loc[unseen_cell & ~fallback, "source"] = "dropped"
    joined.loc[joined["rule"].isna(), "source"] = "no_audit"
    out = results.copy()
    out["applied_delta"] = joined["applied_delta"].astype(float).to_numpy()
    out["calibration_source"] = joined["source"].to_numpy()
    out["calibrated_score"] = np.clip(
        out[score].astype(float).to_numpy() - out["applied_delta"].to_numpy(), 0, 100
    )
    return out


def sampling_weights(
    sample: pd.DataFrame, population: pd.DataFrame, strata: Sequence[str]
) -> pd.Series:
    """Return each sampled row's weight: population count / sample count of its stratum."""
    strata = list(strata)
    require_columns(sample, strata)
    require_columns(population, strata)
    pop_n = population.groupby(strata).size().rename("N")
    samp_n = sample.groupby(strata).size().rename("n_h")
    joined = sample[strata].join(pd.concat([pop_n, samp_n], axis=1), on=strata)
    if joined["N"].isna().any():
        bad = joined.index[joined["N"].isna()][0]
        raise StatsInputError(
            f"row {bad}: stratum {tuple(sample.loc[bad, strata])} not in population"
        )
    return (joined["N"] / joined["n_h"]).rename("weight")


def reweighted_estimate(
    data: pd.DataFrame,
    value: str,
    weight: str,
    strata: Sequence[str] | None = None,
    n_boot: int = 2000,
    seed: int = 0,
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Return one row: n, the weighted (Hajek) mean of `value`, its bootstrap CI, Kish n_eff.

    For a 0/1 column the estimate is a population rate. Resampling is within strata when
    `strata` are given (as the audit was drawn), otherwise over all rows.
    """
    require_columns(data, [value, weight, *(strata or [])])
    rows = data.dropna(subset=[value, weight])
    y = rows[value].astype(float).to_numpy()
    w = rows[weight].astype(float).to_numpy()
    if len(y) == 0:
        raise StatsInputError(f"no rows with both {value!r} and {weight!r}")
    if (w < 0).any():
        raise StatsInputError(f"column {weight!r} has negative weights")
    estimate = float(np.sum(w * y) / np.sum(w))
    rng = np.random.default_rng(seed)
    if strata:
        groups = [np.flatnonzero(m) for m in _stratum_masks(rows, list(strata))]
        idx = np.concatenate([g[rng.integers(0, len(g), size=(n_boot, len(g)))] for g in groups], 1)
    else:
        idx = rng.integers(0, len(y), size=(n_boot, len(y)))
    boot = np.sum(w[idx] * y[idx], axis=1) / np.sum(w[idx], axis=1)
    return pd.DataFrame(
        {
            "n": [len(y)],
            "estimate": [estimate],
            ci_name(confidence): [percentile_interval(boot, confidence)],
            "n_eff": [float(np.sum(w) ** 2 / np.sum(w**2))],
            "unweighted": [float(np.mean(y))],
        }
    )


def _stratum_masks(rows: pd.DataFrame, strata: list[str]):
    codes = rows.groupby(strata, sort=True).ngroup().to_numpy()
    return [codes == c for c in np.unique(codes)]
