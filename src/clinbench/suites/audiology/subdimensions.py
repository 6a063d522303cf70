"""Rubric subdimension scores and the critical-error cap tally, from stored per-reply data.

Each rubric-graded case reply keeps its judge's subdimension scores (``subscores``, on the
rubric's 1-5 scale) and the critical errors that capped its grade (``capped_by``) in the
row's score metadata. These two tables summarise them without calling any model:

- the subdimension table (AudiologyBench's Table 5): per scorer, question and subdimension,
  the rubric weight and the mean score with a 95% t interval taken on the logit scale inside
  the rubric's point scale (``stats.describe.bounded_t_interval``, the rule the 0-100 case
  score's interval keeps), so the weakest subdimension of each question shows (numerical
  accuracy on Q1 in the paper) and no interval runs past the top point;
- the cap tally: per scorer, question and grade, how many graded replies carry a
  critical-error cap, with a Wilson interval (the paper's "95 of 97 Q1 grade D evaluations").
"""

from __future__ import annotations

import json
import math
from typing import Any

import numpy as np
import pandas as pd

from clinbench.scoring import outcomes


def _metadata(text: Any) -> dict:
    if isinstance(text, dict):
        return text
    try:
        data = json.loads(text) if isinstance(text, str) and text.strip() else {}
    except json.JSONDecodeError:
        return {}
    return data if isinstance(data, dict) else {}


def _graded(results: pd.DataFrame) -> pd.DataFrame:
    rows = results[results["outcome"] == outcomes.GRADED].copy()
    rows["_meta"] = rows["score_metadata"].map(_metadata)
    return rows[rows["_meta"].map(lambda m: isinstance(m.get("subscores"), dict))]


def _weights(rubric_ref: Any) -> tuple[dict[tuple[str, str], float], tuple[float, float]]:
    """Return (weight per question and subdimension, the judge's point scale) of a rubric.

    Empty weights and a NaN scale when that rubric file cannot be read here.
    """
    from clinbench.scoring.rubric import RubricError, load_rubric

    path = (rubric_ref or {}).get("path") if isinstance(rubric_ref, dict) else None
    try:
        rubric = load_rubric(None if path in (None, "default") else path)
    except (RubricError, OSError):
        return {}, (math.nan, math.nan)
    weights = {
        (q, d): float(spec.weight)
        for q, question in rubric.questions.items()
        for d, spec in question.dimensions.items()
    }
    return weights, (float(rubric.scale.min), float(rubric.scale.max))


def subdimension_table(results: pd.DataFrame, by_model: bool = False) -> pd.DataFrame:
    """Return per scorer (x model) x question x subdimension: weight, n, mean, SD, 95% t CI.

    Weights come from the rubric each reply was graded under (NaN when that file cannot
    be read here). Scores are on the rubric's point scale (1-5 by default); the interval is
    taken inside that scale (a plain t interval when the replies' rubrics differ in scale or
    cannot be read).
    """
    from clinbench.stats.describe import bounded_t_interval, t_interval

    rows = _graded(results)
    weights_by_rubric: dict[str, dict] = {}
    records = []
    for _, row in rows.iterrows():
        meta = row["_meta"]
        key = json.dumps(meta.get("rubric"), sort_keys=True)
        if key not in weights_by_rubric:
            weights_by_rubric[key] = _weights(meta.get("rubric"))
        question = str(row.get("question") or meta.get("question") or "")
        weights, (low, high) = weights_by_rubric[key]
        for dimension, value in meta["subscores"].items():
            if isinstance(value, int | float) and not isinstance(value, bool):
                records.append({
                    "scorer": row["scorer"], "model": row["model"], "question": question,
                    "subdimension": dimension, "score": float(value),
                    "weight": weights.get((question, dimension), math.nan),
                    "scale_min": low, "scale_max": high,
                })  # fmt: skip
    by = ["scorer", *(["model"] if by_model else []), "question", "subdimension"]
    columns = [*by, "weight", "n", "mean", "SD", "CI95% low", "CI95% high"]
    if not records:
        return pd.DataFrame(columns=columns)
    frame = pd.DataFrame(records)
    out = []
    for key, group in frame.groupby(by, sort=True):
        values = group["score"].to_numpy(dtype=float)
        scales = group[["scale_min", "scale_max"]].drop_duplicates()
        scale = (
            tuple(scales.iloc[0]) if len(scales) == 1 and scales.notna().all(axis=None) else None
        )
        if len(values) < 2:
            low, high = math.nan, math.nan
        elif scale is not None:
            low, high = bounded_t_interval(values, scale)
        else:
            low, high = t_interval(values)
        weights = group["weight"].dropna().unique()
        out.append(dict(zip(by, key, strict=True)) | {
            "weight": float(weights[0]) if len(weights) == 1 else math.nan,
            "n": len(values), "mean": float(values.mean()),
            "SD": float(np.std(values, ddof=1)) if len(values) > 1 else math.nan,
            "CI95% low": low, "CI95% high": high,
        })  # fmt: skip
    return pd.DataFrame(out, columns=columns)


def cap_tally(results: pd.DataFrame) -> pd.DataFrame:
    """Return per scorer x question x grade: graded replies, how many carry a critical-error
    cap, the share and its 95% Wilson interval, and the cap types seen (with counts)."""
    from clinbench.stats.proportions import wilson_interval

    rows = _graded(results)
    rows = rows[rows["grade"].fillna("").astype(str) != ""]
    columns = ["scorer", "question", "grade", "graded", "capped", "share", "CI95% low",
               "CI95% high", "caps"]  # fmt: skip
    out = []
    for (scorer, question, grade), group in rows.groupby(["scorer", "question", "grade"]):
        caps = group["_meta"].map(lambda m: list(m.get("capped_by") or []))
        capped = int((caps.map(len) > 0).sum())
        low, high = wilson_interval(capped, len(group))
        seen = pd.Series([c for cs in caps for c in cs]).value_counts()
        out.append({
            "scorer": scorer, "question": question, "grade": grade, "graded": len(group),
            "capped": capped, "share": capped / len(group), "CI95% low": low, "CI95% high": high,
            "caps": "; ".join(f"{name} {count}" for name, count in seen.items()),
        })  # fmt: skip
    return pd.DataFrame(out, columns=columns)
