"""The case-scores table's bootstrap interval is drawn as the report says it is.

``analyze`` and the report disclose one percentile bootstrap of means ("Seeds and
resampling": 10,000 resamples, seed 0), but the audiology case-scores table drew its own
with 2,000, so its "95% CI (bootstrap)" of a question was not the interval the methods
describe (Q3 56.986-84.500 there, 56.744-84.249 in the score distributions, same replies).
"""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from clinbench.results.schema import RESULT_COLUMNS


def _results() -> pd.DataFrame:
    rng = np.random.default_rng(3)
    rows = []
    for case in range(12):
        for question in ("Q1", "Q2", "Q3"):
            score = float(rng.choice([35.0, 52.0, 64.0, 71.0, 80.0, 88.0, 96.0]))
            grade = "A" if score >= 90 else "B" if score >= 75 else "C" if score >= 60 else "D"
            rows.append({
                "suite": "audiology", "task": "audiology_cases", "model": "m/one",
                "item_id": f"case{case}", "format": "case", "condition": "default",
                "epoch": 1, "epochs": 1, "scorer": "rubric_adjudicator", "judge": "j/x",
                "question": question, "outcome": "graded", "score": score, "grade": grade,
                "critical_errors": "[]", "score_metadata": json.dumps({}), "run_id": "r1",
                "response": "Q1 Results: ...",
            })  # fmt: skip
    return pd.DataFrame(rows).reindex(columns=RESULT_COLUMNS)


def test_the_case_scores_bootstrap_uses_the_disclosed_resamples(tmp_path):
    from clinbench.report.analyze import analyze
    from clinbench.stats.describe import RUBRIC_SCALE, describe_scores

    written = analyze(_results(), tmp_path)
    tables = {p.name: p for p in written if p.suffix == ".csv"}
    seeds = pd.read_csv(next(p for n, p in tables.items() if "seeds-and-resampling" in n))
    means = seeds.set_index("procedure").loc["percentile bootstrap of means"]
    case = pd.read_csv(next(p for n, p in tables.items() if "case-scores-by-question" in n))
    graded = _results()
    expected = describe_scores(
        graded, by=["model", "scorer", "question"], n_boot=int(means["resamples"]),
        seed=int(means["seed"]), scale=RUBRIC_SCALE,
    ).set_index("question")  # fmt: skip
    assert len(case) == 3
    for _, row in case.iterrows():
        low, high = expected.loc[row["question"], "boot_CI95%"]
        assert (row["boot_CI95%_low"], row["boot_CI95%_high"]) == pytest.approx((low, high))
